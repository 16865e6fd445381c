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
 * TRUST_PROXY (docs/deployment.md): with the proxies named by address, the client address is the right-most
 * X-Forwarded-For entry not written by one of them — what the outermost trusted proxy saw. Entries further
 * left were written by the client and are not trusted.
 */
describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', true],
    ['true', true],
    ['10.0.0.4', '10.0.0.4'],
    [' 10.0.0.3, 10.0.0.0/8 ,uniquelocal', '10.0.0.3,10.0.0.0/8,uniquelocal'],
    ['::1, fd00::/8', '::1,fd00::/8'],
  ])('TRUST_PROXY=%s → %s', (value, expected) => {
    expect(loadConfig(env(value)).trustProxy).toBe(expected);
  });

  it.each(['yes', '2 hops', 'proxy.example.com'])(
    'refuses TRUST_PROXY=%s with the variable named',
    (v) => {
      expect(() => loadConfig(env(v))).toThrow(/TRUST_PROXY: TRUST_PROXY must be 1\/true/);
    },
  );

  let database: Database;
  afterAll(async () => {
    await database.close();
  });
  it('takes the right-most X-Forwarded-For entry not written by a trusted proxy', async () => {
    database = await freshDatabase('pglite');
    const ipFor = async (trustProxy: boolean | string) => {
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
    expect(await ipFor('10.0.0.4')).toBe('10.0.0.3'); // only proxy B trusted
    expect(await ipFor('10.0.0.3,10.0.0.4')).toBe('203.0.113.5'); // both proxies: the real client
    expect(await ipFor('10.0.0.0/8')).toBe('203.0.113.5');
    expect(await ipFor(true)).toBe('198.51.100.66'); // trusts what the client wrote: only behind a rewriting proxy
  });
});
