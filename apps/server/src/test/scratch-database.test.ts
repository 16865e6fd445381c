import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '#app/test/scratch-database';

const adminUrl = process.env.TEST_DATABASE_URL;

const exists = async (name: string) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    return rows.length === 1;
  } finally {
    await admin.end();
  }
};

describe.skipIf(!adminUrl)('createScratchDatabase (PostgreSQL)', () => {
  it('creates an empty database reachable at its url and drops it, also while a session still holds it', async () => {
    const scratch = await createScratchDatabase(adminUrl!, 'pfahlplaner_scratch');
    expect(scratch.name).toMatch(/^pfahlplaner_scratch_[0-9a-f]{12}$/);
    expect(await exists(scratch.name)).toBe(true);
    const session = new pg.Client({ connectionString: scratch.url });
    await session.connect();
    const { rows } = await session.query<{ name: string }>('select current_database() as name');
    expect(rows[0]?.name).toBe(scratch.name);
    // The forgotten session is terminated by the forced drop after the wait; its error is expected.
    session.on('error', () => undefined);
    await scratch.drop({ drainMs: 100 });
    expect(await exists(scratch.name)).toBe(false);
  });

  it('refuses a prefix that is not a plain SQL identifier (it is written into the statement)', async () => {
    await expect(createScratchDatabase(adminUrl!, 'x; drop database postgres')).rejects.toThrow(
      /unsafe database name prefix/,
    );
  });
});
