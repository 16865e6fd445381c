import { max } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';
import type { Database } from '#app/db/database';
import { MIGRATIONS_FOLDER } from '#app/db/database';
import { AppError } from '#app/lib/app-error';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';

/** drizzle's own bookkeeping table (drizzle-orm pg-core dialect: schema "drizzle", one row per migration). */
const migrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  created_at: bigint('created_at', { mode: 'number' }),
});

/** `created_at` of the newest migration in apps/server/drizzle (drizzle stores each one's folderMillis). */
export const latestMigrationMillis = (folder = MIGRATIONS_FOLDER): number =>
  Math.max(0, ...readMigrationFiles({ migrationsFolder: folder }).map((m) => m.folderMillis));

const notReady = (path: 'database' | 'migrations' | 'redis' | 'shutdown', cause?: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', { details: [{ path, code: 'SERVICE_UNAVAILABLE' }], cause });

/** How long `/ready` waits for Redis's PONG [ms]: a socket that is open but silent counts as unreachable. */
export const REDIS_READY_TIMEOUT_MS = 2000;

/** Resolves when Redis answers PING within `ms`, else rejects (closed socket, refused port, silence). */
const pingWithin = async (redis: { ping: () => Promise<unknown> }, ms: number): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Liveness and readiness (ADR 0161). `/health` answers as long as the process serves HTTP and never
 * touches the database (a proxy or orchestrator restarts a process that stops answering it). `/ready`
 * answers 200 only when the database answers and holds every migration this build ships and, with
 * REDIS_URL, Redis answers PING (ADR 0197), and 503 SERVICE_UNAVAILABLE (details path: database, migrations,
 * redis or shutdown) otherwise — a proxy takes an instance out of rotation on it, also while the instance
 * drains on SIGTERM.
 */
export const healthRoutes = (
  api: App,
  deps: {
    database: Database;
    isClosing: () => boolean;
    expectedMigration?: number;
    /** The connection of the rate limits when REDIS_URL is set (ADR 0184). */
    redis?: { ping: () => Promise<unknown> } | undefined;
  },
) => {
  const { database } = deps;
  const expected = deps.expectedMigration ?? latestMigrationMillis();
  api.get(
    '/health',
    {
      schema: {
        tags: ['general'],
        summary: 'Liveness: the process answers (no database query)',
        response: responses(
          200,
          z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          [],
        ),
      },
    },
    () => ok({ status: 'ok' as const, database: database.kind }),
  );
  api.get(
    '/ready',
    {
      schema: {
        tags: ['general'],
        summary:
          'Readiness: database reachable, every migration applied and, with REDIS_URL, Redis answering; 503 otherwise',
        response: responses(
          200,
          z.object({
            status: z.literal('ready'),
            database: z.enum(['pglite', 'postgres']),
            migration: z.number().int(),
            /** `up`: REDIS_URL is set and Redis answered; `unused`: the limits live in the database. */
            redis: z.enum(['up', 'unused']),
          }),
          [503],
        ),
      },
    },
    async () => {
      if (deps.isClosing()) throw notReady('shutdown');
      let applied: number;
      try {
        const [row] = await database.db
          .select({ last: max(migrations.created_at) })
          .from(migrations);
        applied = Number(row?.last ?? 0);
      } catch (error) {
        // Database down, or the migrations table missing altogether (never migrated).
        const code =
          (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        throw notReady(code === '42P01' || code === '3F000' ? 'migrations' : 'database', error);
      }
      if (applied < expected) throw notReady('migrations');
      if (deps.redis) {
        // Sign-ins and codes are refused while Redis is gone (503 from the limiter): not ready either.
        await pingWithin(deps.redis, REDIS_READY_TIMEOUT_MS).catch((error: unknown) => {
          throw notReady('redis', error);
        });
      }
      return ok({
        status: 'ready' as const,
        database: database.kind,
        migration: applied,
        redis: deps.redis ? ('up' as const) : ('unused' as const),
      });
    },
  );
};
