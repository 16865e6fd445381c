import {
  ConfirmEmailChangeSchema,
  EmailChangeRequestedSchema,
  LoginResponseSchema,
  PendingEmailChangeSchema,
  RequestMemberEmailChangeSchema,
  RequestOwnEmailChangeSchema,
} from '@pfahlplaner/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { bearer, IdSchema } from '#app/lib/fastify-types';
import type { EmailChangeService } from '#app/modules/email-change/email-change.service';
import { pickLang } from '#app/modules/mail/otp-mail';
import { requireAuth } from '#app/plugins/auth';

const EmployeeParams = z.object({ companyId: IdSchema, employeeId: IdSchema });
const tags = ['users'];

/** Change of the sign-in address (docs/permissions.md "Sign-in address", ADR 0112). */
export const emailChangeRoutes = (
  app: App,
  service: EmailChangeService,
  authenticate: onRequestAsyncHookHandler,
) => {
  app.post(
    '/v1/user/me/email-change/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Change one’s own sign-in address: needs the current password; mails a code to the new address and a notice to the old one',
        security: bearer,
        body: RequestOwnEmailChangeSchema,
        response: responses(200, EmailChangeRequestedSchema, [400, 401, 409, 429]),
      },
    },
    async (request) => {
      const lang = pickLang(request.body.lang, request.headers['accept-language']);
      return ok(
        await service.requestOwn(requireAuth(request), request.body, lang),
        'Verification code sent',
      );
    },
  );

  app.get(
    '/v1/user/me/email-change/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'The change of the sign-in address that waits for its code (or null)',
        security: bearer,
        response: responses(200, PendingEmailChangeSchema, [401]),
      },
    },
    async (request) => ok(await service.pending(requireAuth(request))),
  );

  app.post(
    '/v1/user/me/email-change/confirm/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Enter the code from the new address: the address changes, every session ends, the answer signs this browser in again',
        security: bearer,
        body: ConfirmEmailChangeSchema,
        response: responses(200, LoginResponseSchema, [400, 401, 409, 429]),
      },
    },
    async (request) => {
      const lang = pickLang(undefined, request.headers['accept-language']);
      return ok(
        await service.confirm(requireAuth(request), request.body.otp, lang),
        'E-mail address changed',
      );
    },
  );

  app.post(
    '/v1/companies/:companyId/employees/:employeeId/email-change/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['employees'],
        summary:
          'Propose a new sign-in address for a user one manages: the code goes to the new address and the user enters it (Owner, Admin, Manager)',
        security: bearer,
        params: EmployeeParams,
        body: RequestMemberEmailChangeSchema,
        response: responses(200, EmailChangeRequestedSchema, [400, 401, 403, 404, 409, 429]),
      },
    },
    async (request) => {
      const lang = pickLang(request.body.lang, request.headers['accept-language']);
      return ok(
        await service.requestForMember(
          requireAuth(request),
          request.params.companyId,
          request.params.employeeId,
          request.body.new_email,
          lang,
        ),
        'Verification code sent',
      );
    },
  );
};
