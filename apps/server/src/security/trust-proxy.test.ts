import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#app/config';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases, uniqueEmail } from '#app/test/test-app';

/**
 * ADR 0117: behind one proxy (`TRUST_PROXY=1`) the client address is the right-most
 * X-Forwarded-For entry, the one the proxy appended. A client that sends its own X-Forwarded-For header
 * with a different left-most address every time must still count against the same per-address limit.
 */
const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/pfahlplaner-config-test' };

describe.each(databases)('client address behind a proxy (%s)', (kind) => {
  const limit = 3;
  const apps: TestApp[] = [];
  const build = async (trustProxy: string) => {
    const t = await createTestApp(kind, {
      config: { trustProxy: loadConfig({ ...env, TRUST_PROXY: trustProxy }).trustProxy },
      rateLimits: { loginPerIp: { limit, windowMs: 15 * 60_000, maxDelayMs: 60_000 } },
    });
    apps.push(t);
    return t;
  };
  let oneHop: TestApp;
  let byAddress: TestApp;
  beforeAll(async () => {
    oneHop = await build('1');
    byAddress = await build('127.0.0.0/8');
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  /** A failed sign-in through the proxy at 127.0.0.1 that appended the real client 203.0.113.7. */
  const attempt = (t: TestApp, spoofed: string) =>
    t.call('POST', '/api/v1/auth/login/', {
      ip: '127.0.0.1',
      headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.7` },
      body: { email: uniqueEmail('nobody'), password: 'Wrong#123', remember_me: false },
    });

  it.each([
    ['TRUST_PROXY=1', () => oneHop],
    ['TRUST_PROXY=127.0.0.0/8', () => byAddress],
  ])(
    '%s: a forged left-most X-Forwarded-For does not escape the per-address limit',
    async (_, app) => {
      const t = app();
      // `limit` failed attempts, each with another forged address: all count against 203.0.113.7 …
      for (let i = 0; i < limit; i += 1) {
        expect((await attempt(t, `198.51.100.${i + 1}`)).statusCode).toBe(400);
      }
      // … so the next one is refused, whatever the client claims to be.
      expect((await attempt(t, '198.51.100.99')).statusCode).toBe(429);
      // Another real client behind the same proxy is not affected.
      const other = await t.call('POST', '/api/v1/auth/login/', {
        ip: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.8' },
        body: { email: uniqueEmail('nobody'), password: 'Wrong#123', remember_me: false },
      });
      expect(other.statusCode).toBe(400);
    },
  );
});
