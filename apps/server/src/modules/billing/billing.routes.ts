import {
  CompanyEmailVerifiedSchema,
  CompanyVerifyEmailQuerySchema,
  InvoiceListSchema,
  OtpSentSchema,
  StartTrialSchema,
  SubscriptionSchema,
  UpgradeResultSchema,
  UpgradeSchema,
  VerifyCompanyEmailSchema,
} from '@pfahlplaner/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { bearer, IdSchema } from '#app/lib/fastify-types';
import type { BillingService } from '#app/modules/billing/billing.service';
import { pickLang } from '#app/modules/mail/otp-mail';
import { requireAuth } from '#app/plugins/auth';

const CompanyParams = z.object({ companyId: IdSchema });
const tags = ['subscription'];

/** Licence state set by support (and on development servers by the browser tests). */
export const SupportSubscriptionSchema = z.object({
  plan: z.enum(['Trial', 'Paid'], { error: 'INVALID_VALUE' }),
  seats: z.number().int().positive().max(1000),
  status: z.enum(['active', 'blocked'], { error: 'INVALID_VALUE' }),
  period_end: z.iso.datetime({ error: 'INVALID_VALUE' }),
});

export const billingRoutes = (
  app: App,
  service: BillingService,
  authenticate: onRequestAsyncHookHandler,
  supportOnly: onRequestAsyncHookHandler,
  options: { devRoutes: boolean },
) => {
  app.get(
    '/v1/companies/:companyId/subscription/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Plan, licence status, banner, seats and period of the company (every role)',
        security: bearer,
        params: CompanyParams,
        response: responses(200, SubscriptionSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await service.get(requireAuth(request), request.params.companyId)),
  );

  app.get(
    '/v1/companies/:companyId/invoices/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Invoices of the company, newest first (Owner, Admin)',
        security: bearer,
        params: CompanyParams,
        response: responses(200, InvoiceListSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok({ results: await service.invoices(requireAuth(request), request.params.companyId) }),
  );

  app.post(
    '/v1/companies/:companyId/subscription/start-trial/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Start the trial (2–30 users, once per company, from the Free plan; Owner)',
        security: bearer,
        params: CompanyParams,
        body: StartTrialSchema,
        response: responses(201, SubscriptionSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const result = await service.startTrial(
        requireAuth(request),
        request.params.companyId,
        request.body.users,
      );
      reply.code(201);
      return ok(result, 'Trial started');
    },
  );

  app.get(
    '/companies/api/requestVerifyCompanyEmail/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Upgrade wizard: mail a 6-digit code to the company e-mail address (Owner)',
        security: bearer,
        querystring: CompanyVerifyEmailQuerySchema,
        response: responses(200, OtpSentSchema, [400, 401, 403, 429]),
      },
    },
    async (request) => {
      const lang = pickLang(request.query.lang, request.headers['accept-language']);
      return ok(
        await service.requestCompanyEmail(
          requireAuth(request),
          request.query.company_verify_email,
          lang,
          request.ip,
        ),
        'Verification code sent',
      );
    },
  );

  app.post(
    '/companies/api/verifyOTPWithCompanyEmail/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Upgrade wizard: check the company e-mail code (Owner)',
        security: bearer,
        body: VerifyCompanyEmailSchema,
        response: responses(200, CompanyEmailVerifiedSchema, [400, 401, 403, 429]),
      },
    },
    async (request) =>
      ok(
        await service.verifyCompanyEmail(
          requireAuth(request),
          request.body.company_verify_email,
          request.body.otp,
          request.ip,
        ),
        'Verification code accepted',
      ),
  );

  app.post(
    '/companies/api/freeUserUpgradeCreateCompany/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Upgrade wizard: company data, verified company e-mail, users, billing and payment → Paid plan, subscription and first invoice (Owner)',
        security: bearer,
        body: UpgradeSchema,
        response: responses(201, UpgradeResultSchema, [400, 401, 403, 409, 503]),
      },
    },
    async (request, reply) => {
      const result = await service.upgrade(requireAuth(request), request.body);
      reply.code(201);
      return ok(result, 'Subscription created');
    },
  );

  app.put(
    '/support/companies/:companyId/subscription/',
    {
      onRequest: supportOnly,
      schema: {
        tags,
        summary:
          'Support only (Authorization: Bearer $SUPPORT_TOKEN): set plan, seats, status (block) and period end',
        security: bearer,
        params: CompanyParams,
        body: SupportSubscriptionSchema,
        response: responses(200, SubscriptionSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(await service.supportSet(request.params.companyId, request.body), 'Subscription set'),
  );

  if (options.devRoutes) {
    app.put(
      '/dev/companies/:companyId/subscription/',
      {
        schema: {
          hide: true,
          params: CompanyParams,
          body: SupportSubscriptionSchema,
        },
      },
      async (request) =>
        ok(await service.supportSet(request.params.companyId, request.body), 'Subscription set'),
    );
  }
};
