import { z } from 'zod';
import type { ErrorCode } from './error-codes';

/** One field problem: `path` in wire names (`password`, `piles[3].SollDurchmesser`). */
export const ErrorDetailSchema = z.object({
  path: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/** Every JSON response of the API is one of these two envelopes. */
export type ApiSuccess<T> = { status_code: 1; status_message: string; data: T };
export type ApiFailure = {
  status_code: 0;
  status_message: string;
  data: unknown;
  error: { code: ErrorCode; details: ErrorDetail[] };
};
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** Zod schema of the success envelope around a data schema (used for OpenAPI response schemas). */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status_code: z.literal(1), status_message: z.string(), data });

export const FailureEnvelopeSchema = z.object({
  status_code: z.literal(0),
  status_message: z.string(),
  data: z.unknown(),
  error: z.object({ code: z.string(), details: z.array(ErrorDetailSchema) }),
});
