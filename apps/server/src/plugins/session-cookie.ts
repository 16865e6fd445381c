import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web client's refresh token lives in an HttpOnly cookie the server sets (ADR 0118): no script of the
 * page can read it, the browser sends it only to the refresh route (its path) and only from the app's own
 * pages (SameSite=Strict), and only over https when the app is served over https (Secure).
 *
 * A client asks for the cookie with the header `X-Refresh-Cookie: 1` (the web client sends it on every
 * call). Every answer to such a request that carries a token pair — sign-in, completed registration,
 * password change, refresh — then sets the cookie and answers `refresh_token: ""` in its JSON. A refresh
 * that took its token from the cookie answers the same way, whoever asked: a script injected into the page
 * can use the session while the page is open, but cannot carry the refresh token away. API clients that do
 * not send the header get the refresh token in JSON as before and send it back in the body.
 */
export const REFRESH_COOKIE = 'pp_refresh_token';
export const REFRESH_COOKIE_HEADER = 'x-refresh-cookie';

/** Path of the refresh route under API_BASE: the cookie's scope. */
export const refreshPath = (apiBase: string): string => `${apiBase}/api/token/refresh/`;

export type SessionCookie = {
  /** The refresh token the browser sent in the cookie, if any. */
  read: (request: FastifyRequest) => string | undefined;
  /** Marks the request's answer as one that keeps the refresh token in the cookie. */
  useCookie: (request: FastifyRequest) => void;
  /** Deletes the cookie in the browser (logout, a refused refresh). */
  clear: (reply: FastifyReply) => void;
};

const DAY_SECONDS = 86_400;

const cookieValue = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
};

type TokenAnswer = { data?: { refresh_token?: unknown; refresh_token_time?: unknown } | null };

export const registerSessionCookie = (
  app: FastifyInstance,
  opts: { apiBase: string; secure: boolean },
): SessionCookie => {
  const path = refreshPath(opts.apiBase);
  const attributes = (maxAge: number) =>
    [
      `Path=${path}`,
      `Max-Age=${maxAge}`,
      ...(maxAge === 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
      'HttpOnly',
      'SameSite=Strict',
      ...(opts.secure ? ['Secure'] : []),
    ].join('; ');
  const marked = new WeakSet<FastifyRequest>();

  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const wants = marked.has(request) || request.headers[REFRESH_COOKIE_HEADER] === '1';
    const data = (payload as TokenAnswer | null)?.data;
    if (!wants || !data || typeof data.refresh_token !== 'string' || !data.refresh_token) {
      return payload;
    }
    const days = typeof data.refresh_token_time === 'number' ? data.refresh_token_time : 1;
    reply.header(
      'set-cookie',
      `${REFRESH_COOKIE}=${encodeURIComponent(data.refresh_token)}; ${attributes(Math.round(days * DAY_SECONDS))}`,
    );
    return { ...(payload as object), data: { ...data, refresh_token: '' } };
  });

  return {
    read: (request) => cookieValue(request.headers.cookie, REFRESH_COOKIE),
    useCookie: (request) => void marked.add(request),
    clear: (reply) => void reply.header('set-cookie', `${REFRESH_COOKIE}=; ${attributes(0)}`),
  };
};
