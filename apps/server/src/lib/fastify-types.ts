import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance routes are written against: zod schemas type body, query and params. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A positive int4 id in the path (larger numbers would make PostgreSQL fail, not answer 404). */
export const IdSchema = z.coerce
  .number({ error: 'NOT_AN_INTEGER' })
  .int({ error: 'NOT_AN_INTEGER' })
  .positive({ error: 'NOT_AN_INTEGER' })
  .max(2_147_483_647, { error: 'NOT_FOUND' });

export const bearer = [{ bearerAuth: [] }];
