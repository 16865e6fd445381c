import type { ErrorCode } from '@pfahlplaner/contracts';

/**
 * SQLSTATE of a database error from pg or PGlite, also when Drizzle wraps it (`cause` chain), or null.
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
export const sqlStateOf = (error: unknown): string | null => {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
};

/** True for a unique-constraint violation (23505). */
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

/**
 * The coded answer for a database error that a request can cause (never a 500, docs/security.md):
 * - class 22 (data exception: invalid text encoding, value too long, number out of range) → 400
 *   VALIDATION_FAILED: the request carried a value the database cannot hold;
 * - 23505/23503/23P01 (unique, foreign-key and exclusion violations) → 409 CONFLICT: a parallel request
 *   took the name or removed the record first; services that know the field map it themselves first;
 * - 40001/40P01 (serialization failure, deadlock) → 409 CONFLICT: the request may be repeated.
 * Anything else (connection lost, syntax) is ours and stays a 500.
 */
export const codeForDatabaseError = (error: unknown): ErrorCode | null => {
  const state = sqlStateOf(error);
  if (state === null) return null;
  if (state.startsWith('22')) return 'VALIDATION_FAILED';
  if (state === '23505' || state === '23503' || state === '23P01') return 'CONFLICT';
  if (state === '40001' || state === '40P01') return 'CONFLICT';
  return null;
};
