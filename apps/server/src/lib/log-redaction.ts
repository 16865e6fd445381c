import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What never reaches the log (ADR 0116): the parameters of a failed database query (password hashes, e-mail
 * addresses, phone numbers were seen there), the values of a failing row, tokens, Authorization and cookie
 * headers, passwords and one-time codes, and the values of URL query strings (e-mail addresses travel there).
 * Keys are redacted by name; every logged string is scrubbed of what looks like one of those values.
 */
export const REDACTED = '[redacted]';

/** Keys whose values are secrets or personal data wherever they appear in a logged object. */
const SECRET_KEY =
  /^(?:params|parameters|password|password_hash|confirm_password|current_password|new_password|otp|code_hash|token|access_token|refresh_token|refresh|authorization|cookie|set-cookie|secret|client_secret|detail|where|internalQuery)$/i;

const PATTERNS: [RegExp, string][] = [
  // Drizzle: "Failed query: <sql>\nparams: <values>" (message and stack); the SQL text itself is kept.
  [/\nparams: [\s\S]*?(?=\n {4}at |$)/g, `\nparams: ${REDACTED}`],
  [/\$argon2[a-z]*\$[^\s,;)"'\]]+/gi, REDACTED],
  [/\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g, REDACTED],
  [/\b(Bearer|Basic)\s+[^\s,;"']+/gi, `$1 ${REDACTED}`],
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g, REDACTED],
  // Phone numbers as the product stores them (+49 30 123456 …).
  [/\+\d[\d ()/-]{5,}\d/g, REDACTED],
  // Opaque tokens (refresh tokens, support tokens, Stripe secrets): long runs of base64url characters.
  [/\b(?:sk|rk|whsec|pi|seti)_[\w]{8,}/g, REDACTED],
  [/\b[A-Za-z0-9_-]{32,}\b/g, REDACTED],
];

/** A string with every value that looks like a secret or personal data replaced. */
export const scrubText = (text: string): string =>
  PATTERNS.reduce((s, [pattern, replacement]) => s.replace(pattern, replacement), text);

/** Query string values out of a URL (`?email=a@b.de&lang=de` → `?email=[redacted]&lang=[redacted]`). */
export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  if (q < 0) return scrubText(url);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return `${scrubText(url.slice(0, q))}?${query}`;
};

/** An error as plain data: type, message, stack, its own fields and its causes (as pino's serializer). */
const serializeError = (error: Error, depth = 0): Record<string, unknown> => {
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? 'Error',
    message: error.message,
    stack: error.stack,
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause') continue;
    out[key] = value;
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && depth < 5) out.cause = serializeError(cause, depth + 1);
  else if (cause !== undefined) out.cause = cause;
  return out;
};

const isPlain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null || Array.isArray(value);
};

/** A copy of a logged value with secret keys and secret-looking strings redacted (plain data only). */
export const redactValue = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return scrubText(value);
  if (value == null || typeof value !== 'object' || depth > 8) return value;
  if (value instanceof Error) return redactValue(serializeError(value), depth);
  // Requests, replies and other class instances go to their own serializers.
  if (!isPlain(value)) return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && v != null ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
};

const isErrorHolder = (value: unknown): value is { err: Error } =>
  typeof value === 'object' && value !== null && (value as { err?: unknown }).err instanceof Error;

/** The pino options of the server's logger: level, redacting serializers and hooks, optional stream. */
type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type LogStream = { write: (line: string) => void };

export const loggerOptions = (level: string, stream?: LogStream): LoggerOptions => ({
  level,
  ...(stream ? { stream } : {}),
  formatters: { log: (object) => redactValue(object) as Record<string, unknown> },
  serializers: {
    err: (error: Error) =>
      redactValue(serializeError(error)) as {
        [key: string]: unknown;
        type: string;
        message: string;
        stack: string;
      },
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
  hooks: {
    // `log.error(err)` takes the error's message as the line's message: scrub it, and any message string.
    logMethod(args, method) {
      const [first, ...rest] = args as unknown[];
      if (first instanceof Error && rest.length === 0) {
        return method.apply(this, [{ err: first }, scrubText(first.message)]);
      }
      if (isErrorHolder(first) && !rest.some((a) => typeof a === 'string')) {
        return method.apply(this, [first, scrubText(first.err.message), ...rest]);
      }
      const scrubbed = (args as unknown[]).map((a) => (typeof a === 'string' ? scrubText(a) : a));
      return method.apply(this, scrubbed as Parameters<typeof method>);
    },
  },
});
