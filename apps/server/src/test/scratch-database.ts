import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway database on the PostgreSQL server of `adminUrl` (tests, crash tests and benches): created empty,
 * dropped by `drop()`. The one place for "create, wait until its sessions are gone, drop" — the servers and pools
 * that used it must be closed before `drop()`.
 *
 * Only node's own modules and `pg` here: the benches import this file too.
 */
export type ScratchDatabase = {
  /** The database's name (`<prefix>_<12 hex digits>`). */
  name: string;
  /** `adminUrl` with the database's name as its path. */
  url: string;
  /** Waits until no session is connected to the database (at most `drainMs`, default 2 s), then drops it. */
  drop: (options?: { drainMs?: number }) => Promise<void>;
};

/** How long `drop()` waits by default for the database's last sessions before it forces the drop. */
const DRAIN_MS = 2000;
const DRAIN_STEP_MS = 25;

const withClient = async <T>(adminUrl: string, use: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
};

export const createScratchDatabase = async (
  adminUrl: string,
  prefix = 'pfahlplaner_test',
): Promise<ScratchDatabase> => {
  if (!/^[a-z][a-z0-9_]*$/.test(prefix)) throw new Error(`unsafe database name prefix: ${prefix}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: ({ drainMs = DRAIN_MS } = {}) =>
      withClient(adminUrl, async (client) => {
        // pool.end() resolves before the server has seen the last sockets close; forcing the drop at once
        // would terminate those sessions and surface as an uncaught FATAL 57P01 in a test run. Wait first.
        for (let waited = 0; waited < drainMs; waited += DRAIN_STEP_MS) {
          const { rows } = await client.query<{ n: string }>(
            'select count(*) as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (Number(rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, DRAIN_STEP_MS));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
};
