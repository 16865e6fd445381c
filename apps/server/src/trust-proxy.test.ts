import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import { loadConfig, testConfig } from '#app/config';
import type { Database } from '#app/db/database';
import { freshDatabase } from '#app/test/test-app';

const env = (TRUST_PROXY?: string) => ({
  JWT_SECRET: 'x'.repeat(32),
  ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }),
});

/**
 * TRUST_PROXY as a hop count (docs/deployment.md): with N proxies in front, the client address is the
 * X-Forwarded-For entry N hops from the right — what the outermost proxy saw. Entries further left were
 * written by the client and are not trusted.
 */
describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['true', true],
  ])('TRUST_PROXY=%s → %s', (value, expected) => {
    expect(loadConfig(env(value)).trustProxy).toBe(expected);
  });

  it('refuses anything else with the variable named', () => {
    expect(() => loadConfig(env('yes'))).toThrow(/TRUST_PROXY: TRUST_PROXY must be the number/);
  });

  let database: Database;
  afterAll(async () => {
    await database.close();
  });
  it('takes the client IP the given number of hops from the right of X-Forwarded-For', async () => {
    database = await freshDatabase('pglite');
    const ipFor = async (trustProxy: boolean | number) => {
      const app = await buildApp({ config: testConfig({ trustProxy }), database });
      app.get('/probe-ip', (request) => ({ ip: request.ip }));
      await app.ready();
      try {
        // The client wrote "198.51.100.66"; proxy A (10.0.0.2) appended the client's socket address
        // 203.0.113.5; proxy B (10.0.0.3) appended A's; B connects to the server from 10.0.0.4.
        const res = await app.inject({
          method: 'GET',
          url: '/probe-ip',
          remoteAddress: '10.0.0.4',
          headers: { 'x-forwarded-for': '198.51.100.66, 203.0.113.5, 10.0.0.3' },
        });
        return res.json<{ ip: string }>().ip;
      } finally {
        await app.close();
      }
    };
    expect(await ipFor(false)).toBe('10.0.0.4');
    expect(await ipFor(1)).toBe('10.0.0.3');
    expect(await ipFor(2)).toBe('203.0.113.5');
    expect(await ipFor(true)).toBe('198.51.100.66'); // trusts what the client wrote: only behind a rewriting proxy
  });
});
