import type { ErrorCode, ErrorDetail } from '@pfahlplaner/contracts';
import { httpStatusFor } from '@pfahlplaner/contracts';

type AppErrorOptions = {
  details?: ErrorDetail[];
  cause?: unknown;
  /** Extra response headers, e.g. Retry-After for RATE_LIMITED. */
  headers?: Record<string, string>;
  /** `data` of the failure envelope (e.g. the current workbook of a VERSION_CONFLICT); default null. */
  data?: unknown;
};

/** The only error services throw. The error handler turns it into the failure envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly data: unknown;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details ?? [];
    this.statusCode = httpStatusFor(code);
    this.headers = options.headers ?? {};
    this.data = options.data ?? null;
  }
}

/** Shorthand for a 400 VALIDATION_FAILED naming one field. */
export const fieldError = (path: string, code: ErrorCode): AppError =>
  new AppError('VALIDATION_FAILED', { details: [{ path, code }] });
