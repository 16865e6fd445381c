import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '#app/lib/app-error';
import type { AuthContext, AuthService } from '#app/modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    authContext: AuthContext | null;
  }
}

/** The caller of an authenticated route; throws when the route forgot its `onRequest: authenticate`. */
export const requireAuth = (request: FastifyRequest): AuthContext => {
  if (!request.authContext) throw new AppError('UNAUTHENTICATED');
  return request.authContext;
};

/**
 * onRequest hook for protected routes: `Authorization: Bearer <access token>`. Missing → 401
 * UNAUTHENTICATED, expired → 401 TOKEN_EXPIRED, anything else wrong → 401 TOKEN_INVALID.
 */
export const authenticateHook =
  (auth: AuthService): onRequestAsyncHookHandler =>
  async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    request.authContext = await auth.authenticate(match[1]);
  };
