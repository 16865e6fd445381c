/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- envelope data is asserted with toMatchObject, see test-app.ts */
import { DAY, MINUTE } from '#app/lib/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodEnd } from '#app/modules/billing/licence';
import {
  addColleague,
  createTestApp,
  databases,
  json,
  signUp,
  uniqueEmail,
} from '#app/test/test-app';
import type { SignedIn, TestApp } from '#app/test/test-app';
import {
  CARD_3DS_ALWAYS,
  expectStillFree,
  invoicesOf,
  paidCompany,
  pendingRow,
  relogin,
  subscriptionOf,
  testCard,
  upgrade,
  upgradeBody,
  verifyCompanyEmail,
} from '#app/test/billing-support';

/**
 * 3-D Secure with the embedded test provider (ADR 0083): Stripe's "always authenticate" test card
 * 4000 0027 6000 3184 leads to a pending payment (202) — nothing of the upgrade is written — the wizard's
 * test-mode bank page answers approve or fail, and the finalise route asks the provider and writes only
 * after success. Approved, failed and abandoned authentication, each with what is (not) written.
 */
describe.each(databases)('3-D Secure with the test provider on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const base = (owner: SignedIn, id: string) =>
    `/api/v1/companies/${owner.companyId}/pending-payments/${id}`;
  const finalise = (owner: SignedIn, id: string) =>
    t.call('POST', `${base(owner, id)}/finalise/`, { token: owner.access });
  const answer = (owner: SignedIn, id: string, result: 'approve' | 'fail') =>
    t.call('POST', `${base(owner, id)}/test-authentication/`, {
      token: owner.access,
      body: { result },
    });
  /** A Free company's Owner who asked to pay with the 3-D Secure card: the pending payment's id. */
  const pendingUpgrade = async (owner: SignedIn, over: Record<string, unknown> = {}) => {
    const email = uniqueEmail('buero');
    await verifyCompanyEmail(t, owner, email);
    const res = await upgrade(
      t,
      owner,
      upgradeBody(email, { payment: testCard(CARD_3DS_ALWAYS), ...over }),
    );
    expect(res.statusCode, res.body).toBe(202);
    return { id: json(res).data.pending_payment.id as string, email, body: json(res) };
  };

  it('approved: 202 with a pending payment and nothing written; after the approval the finalise route writes the paid period once', async () => {
    const owner = await signUp(t);
    const { id, body } = await pendingUpgrade(owner);
    expect(body.data).toEqual({
      next_action: 'authenticate',
      pending_payment: {
        id,
        status: 'requires_action',
        provider: 'test',
        test_mode: true,
        client_secret: null,
        amount_cents: 1440,
        currency: 'EUR',
        expires_at: new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString(),
      },
    });
    expect(id).toMatch(/^pay_/);
    await expectStillFree(t, owner);
    // The waiting request keeps company data, billing and users — never the card.
    const row = await pendingRow(t, id);
    expect(row).toMatchObject({ status: 'requires_action', provider: 'test', amount_cents: 1440 });
    expect(JSON.stringify(row)).not.toContain('400000276000');
    expect(JSON.stringify(row?.request)).not.toContain('cvc');

    // Finalising before the bank answered: nothing yet.
    const early = await finalise(owner, id);
    expect(early.statusCode).toBe(409);
    expect(json(early).error?.code).toBe('PAYMENT_AUTHENTICATION_PENDING');
    await expectStillFree(t, owner);

    const approved = await answer(owner, id, 'approve');
    expect(json(approved).data).toEqual({ id, test_authentication: 'approved' });
    // The approval alone writes nothing either: only the finalise route does.
    await expectStillFree(t, owner);

    const done = await finalise(owner, id);
    expect(done.statusCode, done.body).toBe(201);
    expect(json(done).data.subscription).toMatchObject({
      plan: 'Paid',
      status: 'active',
      seats: 2,
      auto_renew: true,
      saved_card_last4: '3184',
    });
    expect(json(done).data.invoice).toMatchObject({
      amount_cents: 1440,
      card_last4: '3184',
      test_mode: true,
      automatic: false,
    });
    // The browser (or a webhook) may ask again: the same answer, no second period.
    const again = await finalise(owner, id);
    expect(again.statusCode).toBe(201);
    expect(json(again).data.invoice.number).toBe(json(done).data.invoice.number);
    expect(await invoicesOf(t, owner.companyId)).toHaveLength(1);
    expect(await pendingRow(t, id)).toMatchObject({ status: 'succeeded' });
  });

  it('failed: the bank refuses — PAYMENT_AUTHENTICATION_FAILED, nothing written, and another card works', async () => {
    const owner = await signUp(t);
    const { id, email } = await pendingUpgrade(owner);
    expect((await answer(owner, id, 'fail')).statusCode).toBe(200);
    const res = await finalise(owner, id);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toEqual({
      code: 'PAYMENT_AUTHENTICATION_FAILED',
      details: [
        {
          path: 'payment.card_number',
          code: 'PAYMENT_AUTHENTICATION_FAILED',
          params: { reason: 'authentication_failed' },
        },
      ],
    });
    await expectStillFree(t, owner);
    expect(await pendingRow(t, id)).toMatchObject({
      status: 'failed',
      failure: 'authentication_failed',
    });
    // Settled: asking again gives the same answer; a late approval is refused.
    expect(json(await finalise(owner, id)).error?.code).toBe('PAYMENT_AUTHENTICATION_FAILED');
    expect((await answer(owner, id, 'approve')).statusCode).toBe(409);
    await expectStillFree(t, owner);
    // The Owner can recover at once: another card.
    const ok = await upgrade(t, owner, upgradeBody(email));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('abandoned: never answered — after 30 minutes the finalise route gives it up (PENDING_PAYMENT_EXPIRED), nothing written, a new attempt works', async () => {
    const owner = await signUp(t);
    const { id } = await pendingUpgrade(owner);
    t.clock.advance(30 * MINUTE);
    await relogin(t, owner);
    const res = await finalise(owner, id);
    expect(res.statusCode).toBe(409);
    expect(json(res).error?.code).toBe('PENDING_PAYMENT_EXPIRED');
    expect(await pendingRow(t, id)).toMatchObject({ status: 'abandoned', failure: 'expired' });
    await expectStillFree(t, owner);
    // The bank page answered too late: refused as well.
    expect(json(await answer(owner, id, 'approve')).error?.code).toBe('PENDING_PAYMENT_EXPIRED');
    await expectStillFree(t, owner);
    const email = uniqueEmail('buero');
    await verifyCompanyEmail(t, owner, email);
    expect((await upgrade(t, owner, upgradeBody(email))).statusCode).toBe(201);
  });

  it('abandoned without anybody asking: the renewal job gives it up after its time', async () => {
    const owner = await signUp(t);
    const { id } = await pendingUpgrade(owner);
    expect((await t.app.renewals.runRenewals()).settled).toBe(0);
    t.clock.advance(30 * MINUTE + 1000);
    expect((await t.app.renewals.runRenewals()).settled).toBeGreaterThanOrEqual(1);
    expect(await pendingRow(t, id)).toMatchObject({ status: 'abandoned' });
    await expectStillFree(t, owner);
  });

  it('approved but the browser never came back: the renewal job finalises it after its time', async () => {
    const owner = await signUp(t);
    const { id } = await pendingUpgrade(owner);
    await answer(owner, id, 'approve');
    t.clock.advance(31 * MINUTE);
    await t.app.renewals.runRenewals();
    expect(await pendingRow(t, id)).toMatchObject({ status: 'succeeded' });
    await relogin(t, owner);
    expect(await subscriptionOf(t, owner)).toMatchObject({ plan: 'Paid', status: 'active' });
    expect(await invoicesOf(t, owner.companyId)).toHaveLength(1);
  });

  it('a new attempt gives up the waiting one, so that two tabs cannot both pay', async () => {
    const owner = await signUp(t);
    const first = await pendingUpgrade(owner);
    const second = await upgrade(t, owner, upgradeBody(first.email));
    expect(second.statusCode, second.body).toBe(201);
    expect(await pendingRow(t, first.id)).toMatchObject({
      status: 'abandoned',
      failure: 'replaced',
    });
    expect(json(await answer(owner, first.id, 'approve')).error?.code).toBe(
      'PENDING_PAYMENT_EXPIRED',
    );
    expect(json(await finalise(owner, first.id)).error?.code).toBe('PENDING_PAYMENT_EXPIRED');
    expect(await invoicesOf(t, owner.companyId)).toHaveLength(1);
  });

  it('a renewal with the 3-D Secure card: the approved period follows the running one', async () => {
    const owner = await signUp(t);
    const first = await paidCompany(t, owner, uniqueEmail('buero'));
    const end = new Date(first.subscription.period_end);
    t.clock.set(new Date(end.getTime() - 10 * DAY));
    await relogin(t, owner);
    const { id } = await pendingUpgrade(owner, { billing: 'yearly' });
    await answer(owner, id, 'approve');
    const res = await finalise(owner, id);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data.invoice).toMatchObject({
      period_start: end.toISOString(),
      period_end: periodEnd(end, 'yearly').toISOString(),
    });
  });

  it('only the Owner of the company: other roles 403, another company 404, unknown id 404, malformed id 400', async () => {
    const owner = await signUp(t);
    const { id } = await pendingUpgrade(owner);
    const admin = await addColleague(t, owner.companyId, 'Admin');
    const guest = await addColleague(t, owner.companyId, 'Guest');
    const stranger = await signUp(t);
    const asAdmin = await t.call('POST', `${base(owner, id)}/finalise/`, { token: admin.access });
    expect(asAdmin.statusCode).toBe(403);
    expect(json(asAdmin).error?.code).toBe('FORBIDDEN');
    const asGuest = await t.call('POST', `${base(owner, id)}/test-authentication/`, {
      token: guest.access,
      body: { result: 'approve' },
    });
    expect(json(asGuest).error?.code).toBe('GUEST_READ_ONLY');
    // Another company's Owner: in our path 404, in his own path the id is not his: 404.
    expect(
      (await t.call('POST', `${base(owner, id)}/finalise/`, { token: stranger.access })).statusCode,
    ).toBe(404);
    expect((await finalise(stranger, id)).statusCode).toBe(404);
    expect((await answer(stranger, id, 'approve')).statusCode).toBe(404);
    expect((await finalise(owner, 'pay_doesnotexist000')).statusCode).toBe(404);
    const malformed = await finalise(owner, 'x');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).error?.details).toEqual([{ path: 'pendingId', code: 'INVALID_VALUE' }]);
    expect(
      json(
        await t.call('POST', `${base(owner, id)}/test-authentication/`, {
          token: owner.access,
          body: { result: 'maybe' },
        }),
      ).error?.details,
    ).toEqual([{ path: 'result', code: 'INVALID_VALUE' }]);
    expect((await t.call('POST', `${base(owner, id)}/finalise/`)).statusCode).toBe(401);
    await expectStillFree(t, owner);
  });
});
