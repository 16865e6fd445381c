import {
  ChangePasswordSchema,
  TokenPairSchema,
  UpdateInfoSchema,
  UserSchema,
} from '@pfahlplaner/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { bearer, IdSchema } from '#app/lib/fastify-types';
import { requireAuth } from '#app/plugins/auth';
import type { UsersService } from '#app/modules/users/users.service';

const UserParamsSchema = z.object({ userId: IdSchema });

export const usersRoutes = (
  app: App,
  users: UsersService,
  authenticate: onRequestAsyncHookHandler,
) => {
  app.get(
    '/v1/user/me/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: bearer,
        response: responses(200, UserSchema, [401]),
      },
    },
    async (request) => ok(await users.me(requireAuth(request)), 'Success'),
  );

  app.post(
    '/v1/user/me/tour-seen/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['users'],
        summary:
          'The guided tour of the workspace opened by itself for the signed-in user: it does not open by itself again',
        security: bearer,
        response: responses(200, UserSchema, [401]),
      },
    },
    async (request) => ok(await users.markTourSeen(requireAuth(request)), 'Success'),
  );

  app.put(
    '/v1/user/:userId/update-info/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['users'],
        summary:
          'Change name, e-mail or phone of oneself (or, for Owner/Admin/Manager, of a lower role)',
        security: bearer,
        params: UserParamsSchema,
        body: UpdateInfoSchema,
        response: responses(200, UserSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      ok(
        await users.updateInfo(requireAuth(request), request.params.userId, request.body),
        'User information updated',
      ),
  );

  app.post(
    '/v1/user/:userId/change-password/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['users'],
        summary: 'Change one’s own password; ends all other sessions and answers a new token pair',
        security: bearer,
        params: UserParamsSchema,
        body: ChangePasswordSchema,
        response: responses(200, TokenPairSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(
        await users.changePassword(requireAuth(request), request.params.userId, request.body),
        'Changed password successfully',
      ),
  );
};
