/* eslint-disable @typescript-eslint/no-unsafe-member-access -- envelope data is asserted with toMatchObject, see test-app.ts */
import { mkdtemp, writeFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, LOCAL_IP } from '#app/test/test-app';

describe.each(databases)('general routes and conventions on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'pfahlplaner-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Pfahlplaner</title>');
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp(kind, { config: { webDist, bodyLimitBytes: 2048 } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('GET /general/api/getTermConditionURL/ answers the terms link', async () => {
    const res = await t.call('GET', '/api/general/api/getTermConditionURL/');
    expect(json(res)).toEqual({
      status_code: 1,
      status_message: 'Success',
      data: { url: 'http://localhost:3000/terms.html' },
    });
  });

  it('GET /general/api/getBackendVersion/ answers the server version', async () => {
    const res = await t.call('GET', '/api/general/api/getBackendVersion/');
    expect(json(res).data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('GET /companies/api/getListCountries/ lists all 249 ISO 3166-1 countries', async () => {
    const data = json(await t.call('GET', '/api/companies/api/getListCountries/')).data as {
      id: string;
      name_de: string;
      name_en: string;
    }[];
    expect(data).toHaveLength(249);
    expect(new Set(data.map((c) => c.id)).size).toBe(249);
    expect(data).toContainEqual({ id: 'DE', name_de: 'Deutschland', name_en: 'Germany' });
    expect(data).toContainEqual({ id: 'CH', name_de: 'Schweiz', name_en: 'Switzerland' });
  });

  it.each([
    ['DE', 16, { id: 'DE-BY', country_id: 'DE', name_de: 'Bayern', name_en: 'Bavaria' }],
    ['at', 9, { id: 'AT-9', country_id: 'AT', name_de: 'Wien', name_en: 'Vienna' }],
    ['CH', 26, { id: 'CH-GE', country_id: 'CH', name_de: 'Genf', name_en: 'Geneva' }],
    ['FR', 0, undefined],
  ])(
    'GET /companies/api/getListStatesByCountryId/?country_id=%s lists %i states',
    async (id, count, sample) => {
      const data = json(
        await t.call('GET', `/api/companies/api/getListStatesByCountryId/?country_id=${id}`),
      ).data as unknown[];
      expect(data).toHaveLength(count);
      if (sample) expect(data).toContainEqual(sample);
    },
  );

  it.each([
    ['', 'REQUIRED'],
    ['?country_id=XX', 'COUNTRY_NOT_FOUND'],
    ['?country_id=1', 'COUNTRY_NOT_FOUND'],
  ])('GET getListStatesByCountryId%s is rejected', async (query, code) => {
    const res = await t.call('GET', `/api/companies/api/getListStatesByCountryId/${query}`);
    expect(res.statusCode).toBe(400);
    expect(json(res).error?.details).toEqual([{ path: 'country_id', code }]);
  });

  it('GET /health answers with the database kind', async () => {
    const res = await t.call('GET', '/api/health');
    expect(json(res).data).toEqual({ status: 'ok', database: kind });
  });

  it('GET /docs serves the OpenAPI document', async () => {
    const res = await t.call('GET', '/api/docs');
    expect(res.statusCode).toBe(200);
    expect(json<{ openapi: string; paths: Record<string, unknown> }>(res).paths).toHaveProperty([
      '/api/v1/auth/login/',
    ]);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.call('GET', '/api/v1/nothing/');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({
      status_code: 0,
      status_message: 'Error: not found',
      error: { code: 'NOT_FOUND', details: [] },
    });
  });

  it('serves the web app with index.html for client routes', async () => {
    const page = await t.call('GET', '/projects');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Pfahlplaner</title>');
    const asset = await t.call('GET', '/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const root = await t.call('GET', '/');
    expect(root.body).toContain('Pfahlplaner');
  });

  it('answers 413 for a body over the limit, 415 for text/plain and 400 for broken JSON', async () => {
    const big = await t.call('POST', '/api/v1/auth/login/', {
      body: { email: 'a@example.com', password: 'x'.repeat(4000) },
    });
    expect(big.statusCode).toBe(413);
    expect(json(big).error?.code).toBe('PAYLOAD_TOO_LARGE');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(415);
    expect(json(text).error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(json(broken).error?.details).toEqual([{ path: '', code: 'INVALID_JSON' }]);
  });
});

describe('development outbox', () => {
  it('is not registered when NODE_ENV=production', async () => {
    const t = await createTestApp('pglite', {
      config: { isProduction: true, nodeEnv: 'production' },
    });
    try {
      expect((await t.call('GET', '/api/dev/outbox/', { ip: LOCAL_IP })).statusCode).toBe(404);
      expect((await t.call('GET', '/api/dev/outbox/view/', { ip: LOCAL_IP })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('lists mails as a page in development', async () => {
    const t = await createTestApp('pglite');
    try {
      await t.call('POST', '/api/v1/users/register/', {
        body: {
          step: 1,
          full_name: 'A <b>',
          email: 'page@example.com',
          phone: '+4930123456',
          password: 'Secret#123',
          confirm_password: 'Secret#123',
          accept_terms: true,
        },
      });
      const res = await t.call('GET', '/api/dev/outbox/view/', { ip: LOCAL_IP });
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('page@example.com');
      expect(res.body).toContain('A &lt;b&gt;');
    } finally {
      await t.close();
    }
  });
});
