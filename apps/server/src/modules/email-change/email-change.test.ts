/* eslint-disable @typescript-eslint/no-unsafe-member-access -- envelope data is asserted with toMatchObject, see test-app.ts */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '#app/lib/clock';
import type { SignedIn, TestApp } from '#app/test/test-app';
import {
  addColleague,
  createTestApp,
  databases,
  json,
  mailsTo,
  PASSWORD,
  readOtp,
  signUp,
  uniqueEmail,
} from '#app/test/test-app';

// ADR 0112: a change of the sign-in address needs the current password (one's own), takes effect only
// when the code mailed to the new address is entered by the user, notifies the old address and ends every
// session. The mails go through the development outbox (the real mailer of a server without SMTP_URL).
const OWN = '/api/v1/user/me/email-change/';
const CONFIRM = '/api/v1/user/me/email-change/confirm/';
const member = (companyId: number, userId: number) =>
  `/api/v1/companies/${companyId}/employees/${userId}/email-change/`;

describe.each(databases)('change of the sign-in address on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      rateLimits: { otpPerAccount: { limit: 1000, windowMs: 15 * MINUTE } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password = PASSWORD) =>
    t.call('POST', '/api/v1/auth/login/', { body: { email, password }, ip: '10.4.0.1' });
  const refresh = (token: string) =>
    t.call('POST', '/api/api/token/refresh/', { body: { refresh: token } });

  it('needs the current password; only the code from the new address changes it; old address told; sessions end', async () => {
    const u = await signUp(t);
    const second = json(await login(u.email)).data as { refresh_token: string };
    const newEmail = uniqueEmail('neu');

    const wrong = await t.call('POST', OWN, {
      token: u.access,
      body: { new_email: newEmail, password: 'Falsch#123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error?.details).toEqual([{ path: 'password', code: 'WRONG_OLD_PASSWORD' }]);
    expect(await mailsTo(t, newEmail)).toEqual([]);

    const asked = await t.call('POST', OWN, {
      token: u.access,
      body: { new_email: newEmail, password: PASSWORD, lang: 'en' },
    });
    expect(asked.statusCode).toBe(200);
    expect(json(asked).data).toEqual({ new_email: newEmail, otp_valid_minutes: 10 });
    const [codeMail] = await mailsTo(t, newEmail);
    expect(codeMail?.subject).toBe('Confirm your new sign-in e-mail address');
    const [notice] = await mailsTo(t, u.email);
    expect(notice?.subject).toBe('Change of your sign-in e-mail address requested');
    expect(notice?.text).toContain(newEmail);

    // Nothing changed yet: the old address signs in, the new one does not exist.
    expect((await login(u.email)).statusCode).toBe(200);
    expect(json(await login(newEmail)).error?.code).toBe('EMAIL_NOT_FOUND');
    const pending = await t.call('GET', OWN, { token: u.access });
    expect(json(pending).data).toMatchObject({ new_email: newEmail, requested_by_other: false });

    const bad = await t.call('POST', CONFIRM, { token: u.access, body: { otp: '000000' } });
    const code = await readOtp(t, newEmail);
    if (code !== '000000') expect(json(bad).error?.code).toBe('OTP_INCORRECT');
    const done = await t.call('POST', CONFIRM, { token: u.access, body: { otp: code } });
    expect(done.statusCode).toBe(200);
    const fresh = json(done).data as { access_token: string; user: { email: string } };
    expect(fresh.user.email).toBe(newEmail);

    // Every earlier session ended: the old access token, and both refresh tokens.
    expect((await t.call('GET', '/api/v1/user/me/', { token: u.access })).statusCode).toBe(401);
    expect((await refresh(u.refresh)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    const me = await t.call('GET', '/api/v1/user/me/', { token: fresh.access_token });
    expect(json(me).data.email).toBe(newEmail);

    expect((await login(newEmail)).statusCode).toBe(200);
    expect(json(await login(u.email)).error?.code).toBe('EMAIL_NOT_FOUND');
    const [changed] = await mailsTo(t, u.email);
    expect(changed?.subject).toBe('Ihre Anmelde-E-Mail-Adresse wurde geändert');
    expect(changed?.text).toContain(newEmail);
    // The code is used up.
    const again = await t.call('POST', CONFIRM, {
      token: fresh.access_token,
      body: { otp: code },
    });
    expect(json(again).error?.code).toBe('OTP_INCORRECT');
  });

  it('refuses the current address and one that another user has', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    const same = await t.call('POST', OWN, {
      token: u.access,
      body: { new_email: u.email, password: PASSWORD },
    });
    expect(json(same).error?.details).toEqual([{ path: 'new_email', code: 'EMAIL_UNCHANGED' }]);
    const taken = await t.call('POST', OWN, {
      token: u.access,
      body: { new_email: other.email, password: PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).error?.code).toBe('EMAIL_TAKEN');
  });

  it('a manager proposes a member’s new address; only the member’s code applies it', async () => {
    const owner = await signUp(t, uniqueEmail('owner'), 'Team GmbH');
    const m: SignedIn = await addColleague(t, owner.companyId, 'Member');
    const newEmail = uniqueEmail('member-neu');
    const asked = await t.call('POST', member(owner.companyId, m.userId), {
      token: owner.access,
      body: { new_email: newEmail, lang: 'de' },
    });
    expect(asked.statusCode).toBe(200);
    expect(json(asked).data).toEqual({ new_email: newEmail, otp_valid_minutes: 24 * 60 });
    const [codeMail] = await mailsTo(t, newEmail);
    expect(codeMail?.text).toContain('Erika Muster möchte diese Adresse');
    expect(codeMail?.text).toContain('Der Code ist 24 Stunden gültig.');
    const [notice] = await mailsTo(t, m.email);
    expect(notice?.text).toContain(`Erika Muster hat angefordert`);

    // The code is bound to the member's account: the manager cannot apply it.
    const code = await readOtp(t, newEmail);
    const byOwner = await t.call('POST', CONFIRM, { token: owner.access, body: { otp: code } });
    expect(json(byOwner).error?.code).toBe('OTP_INCORRECT');
    expect(json(await login(newEmail)).error?.code).toBe('EMAIL_NOT_FOUND');

    const pending = await t.call('GET', OWN, { token: m.access });
    expect(json(pending).data).toMatchObject({ new_email: newEmail, requested_by_other: true });
    const done = await t.call('POST', CONFIRM, { token: m.access, body: { otp: code } });
    expect(done.statusCode).toBe(200);
    expect((await refresh(m.refresh)).statusCode).toBe(401);
    expect((await login(newEmail)).statusCode).toBe(200);
  });

  it('checks role, rank and tenant for a member’s address', async () => {
    const owner = await signUp(t, uniqueEmail('owner'), 'Rang GmbH');
    const manager = await addColleague(t, owner.companyId, 'Manager');
    const m = await addColleague(t, owner.companyId, 'Member');
    const stranger = await signUp(t, uniqueEmail('fremd'), 'Fremd GmbH');
    const propose = (actor: SignedIn, companyId: number, userId: number) =>
      t.call('POST', member(companyId, userId), {
        token: actor.access,
        body: { new_email: uniqueEmail('x') },
      });
    expect(json(await propose(m, owner.companyId, manager.userId)).error?.code).toBe('FORBIDDEN');
    expect(json(await propose(manager, owner.companyId, owner.userId)).error?.code).toBe(
      'OWNER_PROTECTED',
    );
    // Another company's users do not exist for the caller (policy.ts assertOwnCompany).
    expect((await propose(stranger, owner.companyId, m.userId)).statusCode).toBe(404);
    expect((await propose(owner, stranger.companyId, stranger.userId)).statusCode).toBe(404);
    expect((await propose(manager, owner.companyId, m.userId)).statusCode).toBe(200);
    expect(
      (await t.call('POST', OWN, { body: { new_email: 'a@b.de', password: 'x' } })).statusCode,
    ).toBe(401);
  });
});
