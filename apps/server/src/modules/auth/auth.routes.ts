import {
  LoginResponseSchema,
  LoginSchema,
  LogoutSchema,
  RefreshSchema,
  TokenPairSchema,
} from '@pfahlplaner/contracts';
import { z } from 'zod';
import { AppError } from '#app/lib/app-error';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import type { AuthService } from '#app/modules/auth/auth.service';
import type { SessionCookie } from '#app/plugins/session-cookie';

export const authRoutes = (app: App, auth: AuthService, cookie: SessionCookie) => {
  app.post(
    '/v1/auth/login/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'Answers an access token (send it as `Authorization: Bearer …`) and a refresh token. With the header `X-Refresh-Cookie: 1` (the web client) the refresh token is set as an HttpOnly cookie scoped to the refresh route and `refresh_token` is empty.',
        body: LoginSchema,
        response: responses(200, LoginResponseSchema, [400, 403, 429]),
      },
    },
    async (request) => ok(await auth.login(request.body, request.ip), 'Login successful'),
  );

  app.post(
    '/api/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new access token',
        description:
          'API clients send `{ "refresh": "<refresh token>" }` and get the next pair in JSON (the old refresh token is used up). Without `refresh` the token is taken from the HttpOnly cookie; the next one is set as the cookie again and `refresh_token` is empty.',
        body: RefreshSchema,
        response: responses(200, TokenPairSchema, [400, 401, 403]),
      },
    },
    async (request, reply) => {
      const fromBody = request.body.refresh;
      const token = fromBody ?? cookie.read(request);
      if (!token) {
        throw new AppError('VALIDATION_FAILED', {
          details: [{ path: 'refresh', code: 'REQUIRED' }],
        });
      }
      if (!fromBody) cookie.useCookie(request);
      try {
        return ok(await auth.refresh(token), 'Token refreshed');
      } catch (error) {
        if (!fromBody) cookie.clear(reply);
        throw error;
      }
    },
  );

  app.delete(
    '/api/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign out the web client: revoke the refresh token of the cookie and delete the cookie',
        response: responses(200, z.null(), []),
      },
    },
    async (request, reply) => {
      const token = cookie.read(request);
      if (token) await auth.logout(token).catch(() => undefined);
      cookie.clear(reply);
      return ok(null, 'Logout successful');
    },
  );

  app.post(
    '/v1/auth/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke a refresh token',
        body: LogoutSchema,
        response: responses(200, z.null(), [400, 401]),
      },
    },
    async (request, reply) => {
      cookie.clear(reply);
      await auth.logout(request.body.refresh_token);
      return ok(null, 'Logout successful');
    },
  );
};
