import {
  LoginResponseSchema,
  LoginSchema,
  LogoutSchema,
  RefreshSchema,
  TokenPairSchema,
} from '@pfahlplaner/contracts';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import type { AuthService } from '#app/modules/auth/auth.service';

export const authRoutes = (app: App, auth: AuthService) => {
  app.post(
    '/v1/auth/login/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
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
        body: RefreshSchema,
        response: responses(200, TokenPairSchema, [400, 401, 403]),
      },
    },
    async (request) => ok(await auth.refresh(request.body.refresh), 'Token refreshed'),
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
    async (request) => {
      await auth.logout(request.body.refresh_token);
      return ok(null, 'Logout successful');
    },
  );
};
