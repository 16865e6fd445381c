import {
  EmailQuerySchema,
  LoginResponseSchema,
  OtpSentSchema,
  OtpVerifiedSchema,
  RegisterBodySchema,
  ResendOtpSchema,
  ResetPasswordSchema,
  VerifyOtpSchema,
} from '@pfahlplaner/contracts';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { pickLang } from '#app/modules/mail/otp-mail';
import type { RegistrationService } from '#app/modules/registration/registration.service';

export const registrationRoutes = (app: App, registration: RegistrationService) => {
  app.post(
    '/v1/users/register/',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Sign up: step 1 mails a code, step 2 (after verify-otp) creates the company and signs in',
        body: RegisterBodySchema,
        response: responses(
          201,
          z.union([OtpSentSchema, LoginResponseSchema]),
          [400, 403, 409, 429],
        ),
      },
    },
    async (request, reply) => {
      const body = request.body;
      reply.code(201);
      if (body.step === 1) {
        const lang = pickLang(body.lang, request.headers['accept-language']);
        return ok(
          await registration.registerStep1(body, lang, request.ip),
          'Verification code sent',
        );
      }
      return ok(await registration.registerStep2(body), 'Account activated');
    },
  );

  app.post(
    '/v1/otp/verify-otp/',
    {
      schema: {
        tags: ['registration'],
        summary: 'Check a mailed code (a sign-up code verifies the e-mail)',
        body: VerifyOtpSchema,
        response: responses(200, OtpVerifiedSchema, [400, 429]),
      },
    },
    async (request) =>
      ok(
        await registration.verifyOtp(request.body.email, request.body.otp, request.ip),
        'Verification code accepted',
      ),
  );

  app.post(
    '/v1/otp/resend-otp/',
    {
      schema: {
        tags: ['registration'],
        summary: 'Mail a new code (at most once a minute)',
        body: ResendOtpSchema,
        response: responses(200, OtpSentSchema, [400, 403, 429]),
      },
    },
    async (request) => {
      const lang = pickLang(request.body.lang, request.headers['accept-language']);
      return ok(
        await registration.resendOtp(request.body.email, lang, request.ip),
        'Verification code sent',
      );
    },
  );

  app.get(
    '/users/api/requestVerifyUserEmail/',
    {
      schema: {
        tags: ['registration'],
        summary: 'Mail the sign-up code of a pending account again',
        querystring: EmailQuerySchema,
        response: responses(200, OtpSentSchema, [400, 429]),
      },
    },
    async (request) => {
      const lang = pickLang(request.query.lang, request.headers['accept-language']);
      return ok(
        await registration.requestVerifyEmail(request.query.email, lang, request.ip),
        'Verification code sent',
      );
    },
  );

  app.get(
    '/users/api/requestResetPasswordWithEmail/',
    {
      schema: {
        tags: ['registration'],
        summary: 'Forgot password: mail a reset code',
        querystring: EmailQuerySchema,
        response: responses(200, OtpSentSchema, [400, 403, 429]),
      },
    },
    async (request) => {
      const lang = pickLang(request.query.lang, request.headers['accept-language']);
      return ok(
        await registration.requestPasswordReset(request.query.email, lang, request.ip),
        'Verification code sent',
      );
    },
  );

  app.post(
    '/v1/otp/reset-password/',
    {
      schema: {
        tags: ['registration'],
        summary: 'Forgot password: set a new password with the mailed code',
        body: ResetPasswordSchema,
        response: responses(200, z.null(), [400, 403, 429]),
      },
    },
    async (request) => {
      await registration.resetPassword(request.body, request.ip);
      return ok(null, 'Reset password successfully');
    },
  );
};
