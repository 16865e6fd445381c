import type { ApiFailure, ErrorDetail } from '@pfahlplaner/contracts';

/** A failed API call: HTTP status (0 for a network failure) plus the failure envelope when there was one. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: ApiFailure | null,
  ) {
    super(body?.status_message ?? `HTTP ${status}`);
  }

  get code(): string | null {
    return this.body?.error?.code ?? null;
  }

  get details(): ErrorDetail[] {
    return this.body?.error?.details ?? [];
  }
}

/** The session is gone (no refresh token or the server rejected it): the user must sign in again. */
export class SessionExpiredError extends ApiError {
  override readonly name: string = 'SessionExpiredError';
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
