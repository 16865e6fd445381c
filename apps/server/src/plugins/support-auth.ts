import type { onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '#app/lib/app-error';
import { safeEqualHex, sha256 } from '#app/lib/secrets';

/**
 * onRequest hook of support-side routes (docs/permissions.md): `Authorization: Bearer <SUPPORT_TOKEN>`.
 * Missing header → 401; any other bearer (also a user's access token, even the Owner's) → 403; without a
 * configured SUPPORT_TOKEN every call is 403.
 */
export const supportAuthHook =
  (supportToken: string | undefined): onRequestAsyncHookHandler =>
  async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    if (!supportToken || !safeEqualHex(sha256(match[1]), sha256(supportToken))) {
      throw new AppError('FORBIDDEN');
    }
    await Promise.resolve();
  };
