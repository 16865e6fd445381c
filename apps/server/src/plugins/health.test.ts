import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import { SERVER_ROOT, testConfig } from '#app/config';
import type { Database } from '#app/db/database';
import { DOCS_CSP } from '#app/plugins/swagger';
import type { DbKind } from '#app/test/test-app';
import { databases, freshDatabase, json } from '#app/test/test-app';

/**
 * The newest migration, read independently of the code under test: the last entry of drizzle-kit's
 * journal, whose `when` drizzle's migrator stores as `created_at` of the applied migration.
 */
const journal = JSON.parse(
  readFileSync(path.join(SERVER_ROOT, 'drizzle/meta/_journal.json'), 'utf8'),
) as { entries: { when: number; tag: string }[] };
const newest = journal.entries.at(-1)!.when;

describe.each(databases)('health, readiness and the API reference on %s', (kind: DbKind) => {
  let database: Database;
  let app: FastifyInstance;
  let databaseClosed = false;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    if (!databaseClosed) await database.close();
  });

  it('GET /ready answers 200 with the newest migration of this build', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    // Without REDIS_URL the limits live in the database: Redis is not asked.
    expect(json(res).data).toEqual({
      status: 'ready',
      database: kind,
      migration: newest,
      redis: 'unused',
    });
  });

  it('GET /docs answers the OpenAPI JSON to clients that do not ask for HTML (as before)', async () => {
    for (const accept of [undefined, '*/*', 'application/json']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/docs',
        headers: accept ? { accept } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json<{ paths: Record<string, unknown> }>().paths).toHaveProperty(['/api/ready']);
    }
    const plain = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.json<{ openapi: string }>().openapi).toBe('3.1.0');
  });

  it('GET /docs in a browser serves Swagger UI from this server, with its own CSP', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    // Every script and style the page loads is a relative URL on this server (no CDN: works offline).
    const urls = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(2);
    expect(urls.filter((u) => /^(?:https?:)?\/\//.test(u))).toEqual([]);
    const bundle = urls.find((u) => u.endsWith('swagger-ui-bundle.js'))!;
    const js = await app.inject({
      method: 'GET',
      url: new URL(bundle, 'http://x/api/docs/').pathname,
    });
    expect(js.statusCode).toBe(200);
    expect(js.body.length).toBeGreaterThan(100_000);
    const init = await app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    // The viewer reads the document from this server.
    expect(init.body).toContain('./json');
  });

  it('answers 503 SERVICE_UNAVAILABLE (migrations) when the newest migration is missing', async () => {
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest}`,
    );
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(json(res).error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      details: [{ path: 'migrations', code: 'SERVICE_UNAVAILABLE' }],
    });
  });

  it('GET /health stays 200 without the database; /ready answers 503 (database)', async () => {
    await database.close();
    databaseClosed = true;
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(json(health).data).toEqual({ status: 'ok', database: kind });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(json(ready).error?.details).toEqual([{ path: 'database', code: 'SERVICE_UNAVAILABLE' }]);
  });
});
