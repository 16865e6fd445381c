/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- envelope data is asserted with toMatchObject, see test-app.ts */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import { loadConfig, REPO_ROOT, testConfig } from '#app/config';
import { acquireDataDirLock, LOCK_FILE } from '#app/db/data-dir-lock';
import { openEmbedded } from '#app/db/database';
import { systemClock } from '#app/lib/clock';
import { PasswordSchema } from '@pfahlplaner/contracts';
import {
  DEMO_EMAIL,
  DEMO_PROJECT_NAME,
  seedDemo,
  shouldSeedDemo,
} from '#app/modules/seed/demo-seed';
import { databases, freshDatabase, json } from '#app/test/test-app';

describe('embedded database on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pfahlplaner-data-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is created, migrated and seeded once; the demo login works; a second opener is refused', async () => {
    const database = await openEmbedded(dir);
    try {
      expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
      await expect(openEmbedded(dir)).rejects.toThrow(/in use by process/);
      const demo = await seedDemo(database, systemClock);
      expect(demo?.email).toBe(DEMO_EMAIL);
      expect(PasswordSchema.safeParse(demo?.password).success).toBe(true);
      expect(await seedDemo(database, systemClock)).toBeNull();
      const app = await buildApp({ config: testConfig(), database });
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/',
        payload: { email: demo!.email, password: demo!.password },
      });
      expect(res.statusCode).toBe(200);
      const data = json(res).data;
      expect(data.user).toMatchObject({
        role: 'Owner',
        company: { name: 'Demo Ingenieurbüro GmbH', plan: 'Trial' },
      });
      await app.close();
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const reopened = await openEmbedded(dir);
    try {
      expect(await seedDemo(reopened, systemClock)).toBeNull();
    } finally {
      await reopened.close();
    }
  }, 180_000); // initdb on disk plus migrations: a hang guard for a loaded machine, not a speed check

  it('takes over a stale lock of a dead process', async () => {
    const lockDir = await mkdtemp(path.join(tmpdir(), 'pfahlplaner-lock-'));
    const { hostname } = await import('node:os');
    await writeFile(
      path.join(lockDir, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), started: 'x' }),
    );
    const release = acquireDataDirLock(lockDir);
    expect(JSON.parse(await readFile(path.join(lockDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(path.join(lockDir, LOCK_FILE))).toBe(false);
    await rm(lockDir, { recursive: true, force: true });
  });
});

describe('demo seeding rule', () => {
  it('seeds the embedded database always, PostgreSQL only with DEMO_ACCOUNT=1', () => {
    expect(shouldSeedDemo('pglite', false)).toBe(true);
    expect(shouldSeedDemo('postgres', false)).toBe(false);
    expect(shouldSeedDemo('postgres', true)).toBe(true);
  });

  it.each(databases)('seeds an empty %s database once', async (kind) => {
    const database = await freshDatabase(kind);
    try {
      expect(await seedDemo(database, systemClock)).not.toBeNull();
      expect(await seedDemo(database, systemClock)).toBeNull();
    } finally {
      await database.close();
    }
  });

  it.each(databases)('seeds a demo project on %s that calculates at once', async (kind) => {
    const database = await freshDatabase(kind);
    const app = await buildApp({ config: testConfig(), database });
    try {
      const demo = await seedDemo(database, systemClock);
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/',
        payload: { email: demo!.email, password: demo!.password },
      });
      const { access_token: token, user } = json(login).data;
      const headers = { authorization: `Bearer ${token}` };
      const base = `/api/v1/companies/${user.company.id}/projects/`;
      const list = json(await app.inject({ method: 'GET', url: base, headers })).data;
      expect(list.results.map((p: { name: string }) => p.name)).toEqual([DEMO_PROJECT_NAME]);
      const id = list.results[0].id as number;
      const calc = await app.inject({ method: 'GET', url: `${base}${id}/calculate/`, headers });
      expect(calc.statusCode).toBe(200);
      const data = json(calc).data;
      expect(data.workbook.piles.length).toBeGreaterThan(5);
      expect(data.workbook.piles[0].R_d).toBeGreaterThan(0);
      expect(data.calculation.stale).toBe(false);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('loadConfig', () => {
  it('applies the defaults and resolves DATA_DIR against the repository root', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pfahlplaner-cfg-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      expect(config).toMatchObject({
        port: 3000,
        apiBase: '/api',
        publicUrl: 'http://localhost:3000',
        databaseUrl: undefined,
        demoAccount: false,
      });
      // JWT_SECRET absent: generated once into the data directory and reused.
      const secret = await readFile(path.join(dir, 'jwt-secret'), 'utf8');
      expect(secret.trim().length).toBeGreaterThanOrEqual(32);
      expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toEqual(config.jwtSecret);
      expect(loadConfig({ DATA_DIR: 'rel/dir', JWT_SECRET: 'x'.repeat(32) }).dataDir).toBe(
        path.join(REPO_ROOT, 'rel/dir'),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects invalid values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'x'.repeat(32) })).toThrow(/PORT/);
    expect(() => loadConfig({ API_BASE: 'api/', JWT_SECRET: 'x'.repeat(32) })).toThrow(/API_BASE/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
