import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '#app/db/database';

/**
 * Advisory lock keys (one bigint per job that must run in one instance at a time). PostgreSQL advisory
 * locks are per database, so every instance on the same DATABASE_URL shares them.
 */
export const JOB_LOCKS = {
  /** The renewal and notice pass (ADR 0084, 0163). */
  renewals: 7_041_998_001,
  /** Migrations at start (openPostgres): instances starting together migrate one after the other. */
  migrations: 7_041_998_002,
  /** Creating pg-boss's calculation queue (ADR 0208): instances starting together create it once. */
  calculationQueue: 7_041_998_003,
} as const;

/**
 * Runs `fn` only if this instance gets the advisory lock `key` (ADR 0163); another instance holding it
 * means the pass is running there, and this one skips (answers `{ ran: false }`) instead of waiting.
 * PostgreSQL: pg_try_advisory_xact_lock in a transaction of its own connection, held until `fn` settles
 * and released by commit or rollback (also when the process dies: the connection closes). `fn` uses the
 * pool's other connections. The embedded database runs in one process only (data directory lock), so
 * `fn` runs directly; a PGlite transaction would also block `fn`'s own queries on its single connection.
 */
export const withJobLock = async <T>(
  database: Database,
  key: number,
  fn: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> => {
  if (database.kind === 'pglite') return { ran: true, value: await fn() };
  return database.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as got`)) as {
      rows: { got: boolean }[];
    };
    const rows = result.rows;
    if (rows[0]?.got !== true) return { ran: false as const };
    return { ran: true as const, value: await fn() };
  });
};

/**
 * Takes the two-key advisory lock (`lockClass`, hashtext(`key`)) for the rest of the transaction `tx`: a
 * decision on `key` (a rate limit, a code for an address) waits for every other one on the same key, on this
 * instance or another. Classes: 7041 rate limits (ADR 0175), 7042 one-time codes (parallel resends must not pass the limit),
 * 7043 calculation jobs (one open job per project and inputs, ADR 0208).
 */
export const lockKeyForTransaction = async (
  tx: { execute: (query: SQL) => Promise<unknown> },
  lockClass: number,
  key: string,
): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}::int, hashtext(${key}))`);
};
