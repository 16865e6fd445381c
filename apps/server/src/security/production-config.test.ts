import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '#app/config';

/** Start settings that make a production server unsafe are refused (ADR 0115–0117). */
const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/pfahlplaner-config-test' };
const stripe = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_live_def456' };
const smtp = { SMTP_URL: 'smtp://127.0.0.1:2525' };
const production = { ...base, NODE_ENV: 'production' };

describe('payment provider in production (item 5)', () => {
  it('refuses to start without Stripe keys, naming both keys and PAYMENT_PROVIDER=test', () => {
    const start = () => loadConfig({ ...production, ...smtp });
    expect(start).toThrow(/STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/);
    expect(start).toThrow(/PAYMENT_PROVIDER=test/);
  });

  it('starts with Stripe keys, or with the test provider asked for by name', () => {
    expect(loadConfig({ ...production, ...smtp, ...stripe }).stripeSecretKey).toBe(
      'sk_live_abc123',
    );
    expect(
      loadConfig({ ...production, ...smtp, PAYMENT_PROVIDER: 'test' }).stripeSecretKey,
    ).toBeUndefined();
  });

  it('refuses contradicting settings in any mode', () => {
    expect(() => loadConfig({ ...base, ...stripe, PAYMENT_PROVIDER: 'test' })).toThrow(
      /PAYMENT_PROVIDER=test contradicts/,
    );
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /PAYMENT_PROVIDER=stripe needs/,
    );
  });

  it('outside production the test provider still runs without any setting (README quick start)', () => {
    expect(loadConfig(base).stripeSecretKey).toBeUndefined();
  });
});

describe('mail in production (item 6)', () => {
  it('refuses to start without SMTP_URL (the outbox would print sign-in codes)', () => {
    expect(() => loadConfig({ ...production, ...stripe })).toThrow(/SMTP_URL: production needs/);
    expect(loadConfig({ ...production, ...stripe, ...smtp }).smtpUrl).toBe(smtp.SMTP_URL);
  });

  it('outside production the outbox needs no setting', () => {
    expect(loadConfig(base).smtpUrl).toBeUndefined();
  });
});

describe('TRUST_PROXY (item 7)', () => {
  it('1 means one proxy hop, never "trust every hop"', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig(base).trustProxy).toBe(false);
  });

  it('takes a list of proxy addresses and CIDR ranges', () => {
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true" and anything that is not an address', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would trust every X-Forwarded-For hop/,
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /not understood: 10.0.0.0\/33/,
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });
});
