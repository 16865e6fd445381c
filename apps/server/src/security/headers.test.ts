import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases, signUp } from '#app/test/test-app';

/** CSP, HSTS behind https, and no caching of API answers (ADR 0119). */
describe.each(databases)('security headers (%s)', (kind) => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'pp-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
  let plain: TestApp;
  let stripe: TestApp;
  beforeAll(async () => {
    plain = await createTestApp(kind, { config: { webDist } });
    stripe = await createTestApp(kind, {
      config: {
        webDist,
        publicUrl: 'https://pfahl.example.com',
        stripeSecretKey: 'sk_test_abc123',
        stripePublishableKey: 'pk_test_def456',
      },
    });
  });
  afterAll(async () => {
    await plain.close();
    await stripe.close();
  });

  /** The directives of a CSP header as name → sources. */
  const directives = (header: unknown): Record<string, string[]> =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name = '', ...sources]) => [name, sources]),
    );

  it('the app page gets a CSP of its own origin only, without Stripe when Stripe is not configured', async () => {
    const res = await plain.call('GET', '/projects');
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('with Stripe keys the CSP admits Stripe.js, its frames and its API; https adds HSTS', async () => {
    const res = await stripe.call('GET', '/');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(csp['frame-src']).toContain('https://hooks.stripe.com');
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('API answers are not stored by any cache: success, failure and unknown routes', async () => {
    const { access } = await signUp(plain);
    const me = await plain.call('GET', '/api/v1/user/me/', { token: access });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const denied = await plain.call('GET', '/api/v1/user/me/');
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['cache-control']).toBe('no-store');
    const unknown = await plain.call('GET', '/api/no-such-route/');
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});
