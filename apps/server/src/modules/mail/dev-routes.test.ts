import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, json, LOCAL_IP, signUp } from '#app/test/test-app';

// ADR 0113: the development helpers (mail outbox) answer only requests from this machine and never in
// production; the unauthenticated licence route of the browser tests is gone (support route with its token).
const OUTBOX = ['/api/dev/outbox/', '/api/dev/outbox/view/'];

describe('development helpers answer only this machine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the outbox to loopback addresses (IPv4, IPv6, IPv4-mapped IPv6)', async () => {
    for (const ip of [LOCAL_IP, '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      for (const url of OUTBOX) {
        expect((await t.call('GET', url, { ip })).statusCode, `${ip} ${url}`).toBe(200);
      }
    }
  });

  it('answers 404 NOT_FOUND to every other remote address', async () => {
    for (const ip of ['10.0.0.1', '192.168.1.20', '::ffff:10.0.0.1', '2001:db8::1', '128.0.0.1']) {
      for (const url of OUTBOX) {
        const res = await t.call('GET', url, { ip });
        expect(res.statusCode, `${ip} ${url}`).toBe(404);
        expect(json(res).error?.code).toBe('NOT_FOUND');
        expect(res.body).not.toContain('outbox');
      }
    }
  });

  it('trusts the socket, not X-Forwarded-For, and refuses what a proxy forwarded', async () => {
    // A remote client that claims to be local.
    const spoofed = await t.call('GET', '/api/dev/outbox/', {
      ip: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
    // A reverse proxy on this machine connects from loopback for every client of the network.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const proxied = await t.call('GET', '/api/dev/outbox/', {
        ip: LOCAL_IP,
        headers: { [header]: header === 'forwarded' ? 'for=203.0.113.7' : '203.0.113.7' },
      });
      expect(proxied.statusCode, header).toBe(404);
    }
  });

  it('reads the code mails of a sign-up only from this machine', async () => {
    const account = await signUp(t);
    const remote = await t.call('GET', `/api/dev/outbox/?to=${encodeURIComponent(account.email)}`);
    expect(remote.statusCode).toBe(404);
    const local = await t.call('GET', `/api/dev/outbox/?to=${encodeURIComponent(account.email)}`, {
      ip: LOCAL_IP,
    });
    expect(json(local).data).toHaveLength(1);
  });

  it('has no unauthenticated licence route any more, not even for loopback', async () => {
    const account = await signUp(t);
    const body = {
      plan: 'Paid',
      seats: 1000,
      status: 'active',
      period_end: new Date(t.clock.now().getTime() + 365 * 86_400_000).toISOString(),
    };
    for (const ip of [LOCAL_IP, '10.0.0.1']) {
      const res = await t.call('PUT', `/api/dev/companies/${account.companyId}/subscription/`, {
        ip,
        body,
      });
      expect(res.statusCode, ip).toBe(404);
    }
    const sub = await t.call('GET', `/api/v1/companies/${account.companyId}/subscription/`, {
      token: account.access,
    });
    expect(json(sub).data).toMatchObject({ plan: 'Free' });
  });
});

describe('development helpers in production', () => {
  it('are not served even to loopback requests', async () => {
    const t = await createTestApp('pglite', {
      config: { isProduction: true, nodeEnv: 'production' },
    });
    try {
      for (const ip of [LOCAL_IP, '::1']) {
        for (const url of OUTBOX) {
          expect((await t.call('GET', url, { ip })).statusCode, `${ip} ${url}`).toBe(404);
        }
      }
    } finally {
      await t.close();
    }
  });
});
