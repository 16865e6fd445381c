import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '#app/config';
import { JOB_LOCKS } from '#app/db/advisory-lock';
import { acquireDataDirLock } from '#app/db/data-dir-lock';
import { restrictTree } from '#app/db/data-dir-modes';
import * as schema from '#app/db/schema/index';

/** One type for both drivers: services and repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the pool under `db`, for a library that runs its own SQL on it (pg-boss, ADR 0208). */
  pgPool?: pg.Pool;
  close: () => Promise<void>;
};

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/** Opens PostgreSQL (pg Pool) and runs the migrations. */
export const openPostgres = async (url: string): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  try {
    const db = drizzlePg(pool, { schema });
    // Several instances starting at once on one database migrate one after the other (ADR 0163): the
    // first applies, the others wait here and then find nothing left to do.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [JOB_LOCKS.migrations]);
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [JOB_LOCKS.migrations]).catch(() => {});
      lock.release();
    }
    return { db, kind: 'postgres', pgPool: pool, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
};

/** Wraps an open PGlite instance (on disk or in memory) and runs the migrations. */
export const usePglite = async (
  client: PGlite,
  onClose: () => void = () => {},
): Promise<Database> => {
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        onClose();
      }
    },
  };
};

/** Opens the embedded database in `dataDir/pglite`, locked against a second process, and migrates it. */
export const openEmbedded = async (dataDir: string): Promise<Database> => {
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      const database = await usePglite(client, release);
      restrictTree(dataDir); // no group/other access to the database files (docs/security.md)
      return database;
    } catch (error) {
      await client.close();
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
};

export const openDatabase = (config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> =>
  config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbedded(config.dataDir);
