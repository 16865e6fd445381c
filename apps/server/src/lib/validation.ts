import type { ErrorCode, ErrorDetail } from '@pfahlplaner/contracts';
import { ERROR_CODES } from '@pfahlplaner/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import type { $ZodIssue, $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { AppError } from '#app/lib/app-error';
import { formatPath } from '#app/lib/validation-path';

const KNOWN_CODES = new Set<string>(ERROR_CODES);

export { formatPath };

/** Code for a zod issue that carries no code of ours as its message (zod's own defaults). */
const fallbackCode = (issue: $ZodIssue, input: unknown): ErrorCode => {
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined || input === null ? 'REQUIRED' : 'INVALID_TYPE';
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'TOO_SHORT' : 'TOO_SMALL';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'TOO_LONG' : 'TOO_BIG';
    case 'invalid_format':
      return issue.format === 'email' ? 'INVALID_EMAIL' : 'INVALID_VALUE';
    case 'not_multiple_of':
    case 'unrecognized_keys':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_value':
    case 'custom':
      return 'INVALID_VALUE';
  }
};

/** Parse-level error map: runs only where the schema has no message (our schemas use codes as messages). */
export const zodErrorMap = (
  issue: Parameters<NonNullable<z.core.ParseContext<z.core.$ZodIssue>['error']>>[0],
) => fallbackCode(issue as $ZodIssue, issue.input);

/** Zod issues → envelope details. Messages that are our codes win; zod's defaults map to a code. */
export const issuesToDetails = (issues: readonly $ZodIssue[]): ErrorDetail[] =>
  issues.map((issue) => ({
    path: formatPath(issue.path),
    code: KNOWN_CODES.has(issue.message) ? issue.message : fallbackCode(issue, undefined),
  }));

/**
 * Fastify validator compiler for zod route schemas (body, querystring, params). Returns our AppError, which
 * Fastify hands to the error handler unchanged.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: zodErrorMap });
    if (result.success) return { value: result.data };
    return {
      error: new AppError('VALIDATION_FAILED', { details: issuesToDetails(result.error.issues) }),
    };
  };
