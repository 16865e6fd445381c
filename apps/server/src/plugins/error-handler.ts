import type { ErrorCode, ErrorDetail } from '@pfahlplaner/contracts';
import { httpStatusFor } from '@pfahlplaner/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '#app/lib/app-error';
import { failure } from '#app/lib/envelope';
import { codeForDatabaseError } from '#app/db/errors';

type Mapped = {
  code: ErrorCode;
  details: ErrorDetail[];
  headers: Record<string, string>;
  data?: unknown;
};

const byStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  406: 'UNSUPPORTED_MEDIA_TYPE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Any thrown value → code, details and headers of the failure envelope. */
const mapError = (error: unknown): Mapped => {
  if (error instanceof AppError) {
    return { code: error.code, details: error.details, headers: error.headers, data: error.data };
  }
  const e = error as Partial<FastifyError> & { validation?: unknown };
  const none = { details: [], headers: {} };
  if (
    e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof SyntaxError && e.statusCode === 400)
  ) {
    return {
      code: 'VALIDATION_FAILED',
      details: [{ path: '', code: 'INVALID_JSON' }],
      headers: {},
    };
  }
  if (e.validation) return { code: 'VALIDATION_FAILED', ...none };
  // Multipart: "the request is not multipart" answers 406 in @fastify/multipart; for us it is a wrong media type.
  if (e.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return { code: 'UNSUPPORTED_MEDIA_TYPE', ...none };
  }
  const databaseCode = codeForDatabaseError(error);
  if (databaseCode === 'VALIDATION_FAILED') {
    return { code: databaseCode, details: [{ path: '', code: 'INVALID_VALUE' }], headers: {} };
  }
  if (databaseCode) return { code: databaseCode, ...none };
  const status = e.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { code: byStatus[status] ?? 'VALIDATION_FAILED', ...none };
  }
  return { code: 'INTERNAL', ...none };
};

/** One error handler and one not-found handler for the API: every failure is an envelope, 5xx hide internals. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const { code, details, headers, data } = mapError(error);
    const status = httpStatusFor(code);
    if (status >= 500 && status !== 503) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code, details }, 'request rejected');
    return reply
      .code(status)
      .headers(headers)
      .send(failure(code, details, data ?? null));
  });
};
