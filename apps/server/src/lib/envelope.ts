import type { ErrorCode, ErrorDetail } from '@pfahlplaner/contracts';
import { ERROR_MESSAGES, FailureEnvelopeSchema, successEnvelope } from '@pfahlplaner/contracts';
import type { z } from 'zod';

/** Success envelope. `message` is a short English product text; the web translates by context. */
export const ok = <T>(data: T, message = 'Success') => ({
  status_code: 1 as const,
  status_message: message,
  data,
});

export const failure = (code: ErrorCode, details: ErrorDetail[] = [], data: unknown = null) => ({
  status_code: 0 as const,
  status_message: ERROR_MESSAGES[code],
  data,
  error: { code, details },
});

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** Response schemas of a route for OpenAPI and serialisation: the success envelope plus failure envelopes. */
export const responses = <S extends 200 | 201, T extends z.ZodType>(
  status: S,
  data: T,
  errors: readonly ErrorStatus[] = [400],
) => {
  const out: Record<number, z.ZodType> = { [status]: successEnvelope(data) };
  for (const e of [...errors, 500]) out[e] = FailureEnvelopeSchema;
  return out as { [K in S]: ReturnType<typeof successEnvelope<T>> } & {
    [K in ErrorStatus | 500]?: typeof FailureEnvelopeSchema;
  };
};
