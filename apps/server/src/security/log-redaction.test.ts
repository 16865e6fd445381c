import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactValue, scrubText } from '#app/lib/log-redaction';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, databases } from '#app/test/test-app';

/**
 * ADR 0116: a failed database query must not put its parameters into the log. The review saw an
 * argon2 hash, an e-mail address and a phone number there. Here a CHECK constraint added behind the
 * app's back makes the sign-up insert fail for real; PostgreSQL then reports the query with its parameters
 * (Drizzle's message) and the whole failing row (the error's `detail`).
 */
describe.each(databases)('log lines of a failed query (%s)', (kind) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, {
      config: { logLevel: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const email = 'victim.logged@statik-buero.test';
  const phone = '+49 30 5550123';
  const password = 'Geheim#Pfahl2026';

  it('keeps the SQL text but none of the parameter values', async () => {
    await t.database.db.execute(
      sql.raw(`alter table users add constraint log_test_reject check (full_name <> 'Log Test')`),
    );
    lines.length = 0;
    const res = await t.call('POST', '/api/v1/users/register/', {
      headers: {
        authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXZhbHVl',
      },
      body: {
        step: 1,
        full_name: 'Log Test',
        email,
        phone,
        password,
        confirm_password: password,
        accept_terms: true,
      },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    // The failure was logged (so the assertions below look at the right lines) …
    expect(log).toContain('request failed');
    expect(log).toContain('log_test_reject');
    expect(log).toContain('Failed query: insert into');
    // … without the values: no e-mail, phone, password, argon2 hash or bearer token.
    expect(log).not.toContain(email);
    expect(log).not.toContain('5550123');
    expect(log).not.toContain(password);
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toContain('eyJhbGciOiJIUzI1NiJ9');
  });

  it('logs request URLs without their query values', async () => {
    lines.length = 0;
    await t.call(
      'GET',
      `/api/users/api/requestResetPasswordWithEmail/?email=${encodeURIComponent(email)}&lang=de`,
    );
    const log = lines.join('');
    expect(log).toContain('/api/users/api/requestResetPasswordWithEmail/?email=[redacted]');
    expect(log).not.toContain('victim.logged');
  });
});

describe('scrubbing', () => {
  it('redacts secret keys wherever they are, and secret-looking strings', () => {
    const refresh = 'Q2hlY2tpbmctYS1sb25nLXJlZnJlc2gtdG9rZW4tdmFsdWU';
    expect(
      redactValue({
        headers: { authorization: 'Bearer abc', cookie: `pp_refresh_token=${refresh}` },
        body: { password: 'x', otp: '123456', refresh_token: refresh, lang: 'de' },
        note: `token ${refresh} for a@b.de`,
      }),
    ).toEqual({
      headers: { authorization: '[redacted]', cookie: '[redacted]' },
      body: { password: '[redacted]', otp: '[redacted]', refresh_token: '[redacted]', lang: 'de' },
      note: 'token [redacted] for [redacted]',
    });
    expect(scrubText('Failed query: select 1 where a = $1\nparams: geheim,+49 30 1234567')).toBe(
      'Failed query: select 1 where a = $1\nparams: [redacted]',
    );
  });
});
