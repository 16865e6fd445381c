import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty PostgreSQL database on the server of `adminUrl` (TEST_DATABASE_URL) for one test or bench,
 * dropped again with `drop`. Only node's modules and pg here: the benches import this file too.
 */
export type ThrowawayDatabase = {
  /** Its name: `<prefix>_<12 hex digits>`. */
  name: string;
  /** `adminUrl` with the new database's name as path. */
  url: string;
  /**
   * Waits until no session uses it (at most 2 s), then drops it. `pool.end()` resolves before the server has
   * seen every socket close; forcing the drop at once would kill those sessions and surface as an uncaught
   * FATAL 57P01 in the test run.
   */
  drop: () => Promise<void>;
};

/** Runs `work` with a client of its own on the admin database (connected, ended afterwards). */
const withAdmin = async <T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};

export const createThrowawayDatabase = async (
  adminUrl: string,
  prefix = 'pfahlplaner_test',
): Promise<ThrowawayDatabase> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () =>
    withAdmin(adminUrl, async (admin) => {
      for (let attempt = 0; attempt < 80; attempt += 1) {
        const { rows } = await admin.query<{ n: string }>(
          'select count(*) as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (Number(rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
    });
  return { name, url: url.toString(), drop };
};
