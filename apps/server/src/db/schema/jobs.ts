import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { projects } from './projects';

/**
 * Unused since ADR 0208 (calculation jobs run in pg-boss's schema `pgboss`). Kept for one release: during a
 * rolling update the previous version's instances still run their jobs here, and migrations stay additive
 * (docs/deployment.md, "Updating"); a later release drops it with a migration. Was: durable calculation jobs
 * of ADR 0176 (claimed with SELECT … FOR UPDATE SKIP LOCKED under a lease with heartbeat).
 */
export const calculationJobs = pgTable(
  'calculation_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    input_hash: varchar('input_hash', { length: 64 }).notNull(),
    /** The stored workbook the engine runs on (wire format), as it was when the job was requested. */
    input: jsonb('input').notNull(),
    project_version: integer('project_version').notNull(),
    requested_by: integer('requested_by'),
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lease_owner: varchar('lease_owner', { length: 64 }),
    lease_until: timestamptz('lease_until'),
    result: jsonb('result'),
    error: text('error'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    finished_at: timestamptz('finished_at'),
  },
  (t) => [
    check(
      'calculation_jobs_state_check',
      sql`${t.state} in ('queued', 'running', 'done', 'failed')`,
    ),
    uniqueIndex('calculation_jobs_open')
      .on(t.project_id, t.input_hash)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('calculation_jobs_claim').on(t.state, t.id),
  ],
);
