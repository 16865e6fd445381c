import {
  AutoRenewSchema,
  CompanyEmailVerifiedSchema,
  CompanyVerifyEmailQuerySchema,
  InvoiceListSchema,
  OtpSentSchema,
  StartTrialSchema,
  SubscriptionSchema,
  successEnvelope,
  TestAuthenticationSchema,
  UpgradeAcceptedSchema,
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
import type { StripeWebhookService } from '#app/modules/billing/stripe-webhook.service';
import { pickLang } from '#app/modules/mail/otp-mail';
import { requireAuth } from '#app/plugins/auth';

const CompanyParams = z.object({ companyId: IdSchema });
const PendingParams = z.object({
  companyId: IdSchema,
  pendingId: z.string().regex(/^pay_[A-Za-z0-9_-]{8,40}$/, { error: 'INVALID_VALUE' }),
});
const tags = ['subscription'];

const WebhookOutcomeSchema = z.object({
  event_id: z.string(),
  type: z.string(),
  duplicate: z.boolean(),
  outcome: z.string(),
});

/** Licence state set by support (the browser tests use the support route with their SUPPORT_TOKEN). */
export const SupportSubscriptionSchema = z.object({
  plan: z.enum(['Trial', 'Paid'], { error: 'INVALID_VALUE' }),
  seats: z.number().int().positive().max(1000),
  status: z.enum(['active', 'blocked'], { error: 'INVALID_VALUE' }),
  period_end: z.iso.datetime({ error: 'INVALID_VALUE' }),
});

export const billingRoutes = (
  app: App,
  service: BillingService,
  webhooks: StripeWebhookService,
  authenticate: onRequestAsyncHookHandler,
  supportOnly: onRequestAsyncHookHandler,
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
          'Upgrade wizard: company data, verified company e-mail, users, billing and payment → Paid plan, subscription and first invoice (201), or 202 with a pending payment when the card needs 3-D Secure (Owner)',
        security: bearer,
        body: UpgradeSchema,
        response: {
          ...responses(201, UpgradeResultSchema, [400, 401, 403, 409, 503]),
          202: successEnvelope(UpgradeAcceptedSchema),
        },
      },
    },
    async (request, reply) => {
      const result = await service.upgrade(requireAuth(request), request.body);
      reply.code(result.status);
      return result.status === 201
        ? ok(result.data, 'Subscription created')
        : ok(result.data, 'Payment needs authentication');
    },
  );

  app.post(
    '/v1/companies/:companyId/pending-payments/:pendingId/finalise/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Upgrade wizard after 3-D Secure: reads the payment from the provider and writes the paid period only if it succeeded (Owner)',
        security: bearer,
        params: PendingParams,
        response: responses(201, UpgradeResultSchema, [400, 401, 403, 404, 409, 503]),
      },
    },
    async (request, reply) => {
      const result = await service.finalise(
        requireAuth(request),
        request.params.companyId,
        request.params.pendingId,
      );
      reply.code(201);
      return ok(result, 'Subscription created');
    },
  );

  app.post(
    '/v1/companies/:companyId/pending-payments/:pendingId/test-authentication/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Test mode only: the answer of the simulated 3-D Secure page (approve / fail) of the embedded test provider (Owner)',
        security: bearer,
        params: PendingParams,
        body: TestAuthenticationSchema,
        response: responses(
          200,
          z.object({ id: z.string(), test_authentication: z.enum(['approved', 'failed']) }),
          [400, 401, 403, 404, 409],
        ),
      },
    },
    async (request) =>
      ok(
        await service.testAuthenticate(
          requireAuth(request),
          request.params.companyId,
          request.params.pendingId,
          request.body.result,
        ),
        'Test authentication recorded',
      ),
  );

  app.patch(
    '/v1/companies/:companyId/subscription/auto-renew/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Switch the automatic renewal of the paid subscription on or off (Owner; on needs a saved card)',
        security: bearer,
        params: CompanyParams,
        body: AutoRenewSchema,
        response: responses(200, SubscriptionSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      ok(
        await service.setAutoRenew(
          requireAuth(request),
          request.params.companyId,
          request.body.auto_renew,
        ),
        'Automatic renewal updated',
      ),
  );

  // Stripe calls this with a signed raw body; the JSON parser of this scope keeps the bytes (ADR 0085).
  app.register((scope, _opts, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, next) =>
      next(null, body),
    );
    (scope as unknown as App).post(
      '/v1/billing/stripe/webhook',
      {
        schema: {
          tags,
          summary:
            'Stripe webhook (no user: Stripe-Signature header checked against STRIPE_WEBHOOK_SECRET); payment_intent.succeeded / payment_failed',
          response: responses(200, WebhookOutcomeSchema, [400, 503]),
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return ok(
          await webhooks.handle(body, typeof signature === 'string' ? signature : undefined),
          'Webhook received',
        );
      },
    );
    done();
  });

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
};
