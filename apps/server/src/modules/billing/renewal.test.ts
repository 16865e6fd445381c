/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- envelope data is asserted with toMatchObject, see test-app.ts */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import { invoices } from '#app/db/schema/index';
import { AppError } from '#app/lib/app-error';
import { DAY, MINUTE } from '#app/lib/clock';
import { billingRepository } from '#app/modules/billing/billing.repository';
import { periodEnd } from '#app/modules/billing/licence';
import type { OffSessionRequest, PaymentProvider } from '#app/modules/billing/payment-provider';
import { testPaymentProvider } from '#app/modules/billing/payment-provider';
import { mailRepository } from '#app/modules/mail/mail.repository';
import type { Mailer } from '#app/modules/mail/mailer';
import { outboxMailer } from '#app/modules/mail/mailer';
import { isUniqueViolation } from '#app/db/errors';
import {
  CARD_3DS_ALWAYS,
  CARD_3DS_UNLESS_SET_UP,
  invoicesOf,
  paidCompany,
  relogin,
  subscriptionOf,
  subscriptionRow,
  testCard,
  upgrade,
  upgradeBody,
  verifyCompanyEmail,
} from '#app/test/billing-support';
import { setSubscription, SUPPORT_TOKEN } from '#app/test/teams-support';
import type { SignedIn, TestApp } from '#app/test/test-app';
import {
  addColleague,
  createTestApp,
  databases,
  json,
  mailsTo,
  signUp,
  uniqueEmail,
} from '#app/test/test-app';

/**
 * Automatic renewal (ADR 0084) with the embedded test provider and the manual clock: the renewal job charges
 * the saved card RENEWAL_CHARGE_LEAD_DAYS (3) before the period ends, records the invoice and moves the
 * period on — once, also when two server processes run it at the same time; a failed charge makes the
 * subscription past due without blocking work before the period end.
 */
describe.each(databases)('automatic renewal on %s', (kind) => {
  let t: TestApp;
  /** The test provider, with the off-session charges counted and optionally not answered. */
  const charges: OffSessionRequest[] = [];
  let unreachable = false;
  const base = testPaymentProvider();
  const provider: PaymentProvider = {
    ...base,
    chargeOffSession: async (request) => {
      charges.push(request);
      if (unreachable) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      return base.chargeOffSession(request);
    },
  };
  // A fresh app and database per test: the clock moves by weeks, and the job charges every company due.
  beforeEach(async () => {
    charges.length = 0;
    unreachable = false;
    t = await createTestApp(kind, {
      paymentProvider: provider,
      config: { supportToken: SUPPORT_TOKEN },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const run = () => t.app.renewals.runRenewals();
  const autoRenew = (u: SignedIn, value: unknown, companyId = u.companyId) =>
    t.call('PATCH', `/api/v1/companies/${companyId}/subscription/auto-renew/`, {
      token: u.access,
      body: { auto_renew: value },
    });

  it('charges the saved card 3 days before the period end, records the invoice and moves the period on — once', async () => {
    const owner = await signUp(t);
    const companyEmail = uniqueEmail('buero');
    const first = await paidCompany(t, owner, companyEmail);
    const end = new Date(first.subscription.period_end);
    expect(first.subscription).toMatchObject({
      auto_renew: true,
      saved_card_last4: '4242',
      next_renewal_at: new Date(end.getTime() - 3 * DAY).toISOString(),
      banner: 'none',
    });
    t.clock.set(new Date(end.getTime() - 3 * DAY - 1000));
    expect(await run()).toMatchObject({ renewed: 0 });
    expect(charges).toEqual([]);
    t.clock.advance(1000);
    expect(await run()).toMatchObject({ renewed: 1, failed: 0 });
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amountCents: 1440,
      paymentMethodRef: expect.stringMatching(/^testpm_ok_4242_1234_/) as unknown,
      idempotencyKey: `pfahlplaner-renewal-nocustomer-${(await subscriptionRow(t, owner.companyId))!.id}-${end.toISOString()}`,
      metadata: {
        kind: 'renewal',
        period_start: end.toISOString(),
        users: '2',
        billing: 'monthly',
      },
    });
    const next = periodEnd(end, 'monthly');
    const list = await invoicesOf(t, owner.companyId);
    expect(list).toHaveLength(2);
    const renewal = list.find((i) => i.automatic);
    expect(renewal).toMatchObject({
      period_start: end,
      period_end: next,
      amount_cents: 1440,
      seats: 2,
      card_last4: '4242',
      created_by: null,
      test_mode: true,
    });
    expect(renewal?.number).toMatch(/-0002$/);
    // The receipt goes to the Owner and to the company address, in German and English, once.
    const renewed = (m: { subject: string }) => m.subject.includes('Subscription renewed');
    for (const to of [owner.email, companyEmail]) {
      const receipts = (await mailsTo(t, to)).filter(renewed);
      expect(receipts, to).toHaveLength(1);
      expect(receipts[0]?.subject).toContain(renewal?.number);
      expect(receipts[0]?.text).toContain('2 Benutzer, monatliche Abrechnung');
      expect(receipts[0]?.text).toContain('Abgebucht: 14,40\u00a0€ zzgl. Umsatzsteuer');
      expect(receipts[0]?.text).toContain('Charged: €14.40 plus VAT (card ending 4242)');
      expect(receipts[0]?.text).toContain('Testmodus: Es wurde kein Geld bewegt.');
    }
    await relogin(t, owner);
    expect(await subscriptionOf(t, owner)).toMatchObject({
      status: 'active',
      banner: 'none',
      period_start: end.toISOString(),
      period_end: next.toISOString(),
      next_renewal_at: new Date(next.getTime() - 3 * DAY).toISOString(),
    });
    // The same period is not charged again, however often the job runs.
    expect(await run()).toMatchObject({ renewed: 0 });
    t.clock.advance(DAY);
    expect(await run()).toMatchObject({ renewed: 0 });
    expect(charges).toHaveLength(1);
    await relogin(t, owner);
    const api = json(
      await t.call('GET', `/api/v1/companies/${owner.companyId}/invoices/`, {
        token: owner.access,
      }),
    ).data.results;
    expect(api[0]).toMatchObject({ automatic: true, period_start: end.toISOString() });
  });

  it('two server processes on one database charge and record a period once (claim by conditional update)', async () => {
    const owner = await signUp(t);
    const first = await paidCompany(t, owner, uniqueEmail('buero'), {
      billing: 'yearly',
      users: 3,
    });
    const end = new Date(first.subscription.period_end);
    // A second app instance (another "process") on the same database, the same provider and clock.
    const second = await buildApp({
      config: t.config,
      database: t.database,
      clock: t.clock,
      paymentProvider: provider,
    });
    await second.ready();
    try {
      t.clock.set(new Date(end.getTime() - 2 * DAY));
      const results = await Promise.all([
        run(),
        second.renewals.runRenewals(),
        run(),
        second.renewals.runRenewals(),
      ]);
      const renewed = results.reduce((n, r) => n + r.renewed, 0);
      expect(renewed).toBe(1);
      expect(charges.filter((c) => c.metadata.company_id === String(owner.companyId))).toHaveLength(
        1,
      );
      const list = await invoicesOf(t, owner.companyId);
      expect(list.filter((i) => i.automatic)).toHaveLength(1);
      expect((await subscriptionRow(t, owner.companyId))?.period_end).toEqual(
        periodEnd(end, 'yearly'),
      );
    } finally {
      await second.close();
    }
  });

  it('the database refuses a second record of a period: claim once, record once, one invoice per period start', async () => {
    const owner = await signUp(t);
    const first = await paidCompany(t, owner, uniqueEmail('buero'));
    const repo = billingRepository(t.database.db);
    const sub = (await subscriptionRow(t, owner.companyId))!;
    const now = t.clock.now();
    const lease = new Date(now.getTime() + 10 * MINUTE);
    expect(await repo.claimRenewal(sub.id, sub.period_end, now, lease)).toBeDefined();
    expect(await repo.claimRenewal(sub.id, sub.period_end, now, lease)).toBeUndefined();
    const invoice = {
      billing: 'monthly',
      seats: 2,
      amount_cents: 1440,
      currency: 'EUR',
      status: 'paid',
      provider: 'test',
      provider_ref: 'test_renewal_x',
      test_mode: true,
      card_last4: '4242',
      automatic: true,
      period_start: sub.period_end,
      period_end: periodEnd(sub.period_end, 'monthly'),
      created_date: now,
      created_by: null,
    };
    const next = { periodEnd: periodEnd(sub.period_end, 'monthly'), now, cardLast4: '4242' };
    expect(await repo.recordRenewal(sub, next, invoice)).not.toBeNull();
    // The same snapshot again (a second process, a webhook): the period has moved, nothing is written.
    expect(await repo.recordRenewal(sub, next, invoice)).toBeNull();
    // And the index itself: a second invoice with the same company and period start is refused.
    let refused: unknown = null;
    try {
      await t.database.db.insert(invoices).values({
        ...invoice,
        company_id: owner.companyId,
        number: `X-${owner.companyId}`,
      });
    } catch (error) {
      refused = error;
    }
    expect(isUniqueViolation(refused)).toBe(true);
    expect(await invoicesOf(t, owner.companyId)).toHaveLength(2);
    expect(first.invoice.number).toMatch(/-0001$/);
  });

  it('the provider not answering: the claim is given back and the next run charges with the same idempotency key', async () => {
    const owner = await signUp(t);
    const first = await paidCompany(t, owner, uniqueEmail('buero'));
    const end = new Date(first.subscription.period_end);
    t.clock.set(new Date(end.getTime() - 3 * DAY));
    unreachable = true;
    expect(await run()).toMatchObject({ renewed: 0, retry: 1, failed: 0 });
    expect(await subscriptionRow(t, owner.companyId)).toMatchObject({
      renewal_lease_until: null,
      renewal_failure: null,
      period_end: end,
    });
    unreachable = false;
    t.clock.advance(5 * MINUTE);
    expect(await run()).toMatchObject({ renewed: 1 });
    expect(charges).toHaveLength(2);
    expect(charges[1]?.idempotencyKey).toBe(charges[0]?.idempotencyKey);
  });

  it('a declined renewal (the card expired meanwhile): past due with reason, still writable until the period end, then expired; the Owner renews with a new card', async () => {
    const owner = await signUp(t);
    // Valid at the upgrade (15 Jan 2026), expired at the renewal charge (12 Feb 2026).
    const first = await paidCompany(t, owner, uniqueEmail('buero'), {
      payment: testCard('4242 4242 4242 4242', { expiry: '01/26' }),
    });
    const end = new Date(first.subscription.period_end);
    t.clock.set(new Date(end.getTime() - 3 * DAY));
    expect(await run()).toMatchObject({ renewed: 0, failed: 1 });
    expect(await subscriptionRow(t, owner.companyId)).toMatchObject({
      renewal_failure: 'card_declined',
      period_end: end,
    });
    // The Owner hears of it by mail: why, until when work goes on, where to renew.
    const notices = (await mailsTo(t, owner.email)).filter((m) =>
      m.subject.includes('Automatic renewal failed'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('abgelehnt, zum Beispiel weil die Karte abgelaufen ist');
    expect(notices[0]?.text).toContain(
      'The bank declined the payment with the saved card (ending 4242)',
    );
    // The period of the 15 Jan 2026 upgrade ends on 15 Feb 2026 (manual clock, German time).
    expect(notices[0]?.text).toMatch(/Zeitraums am 15\.02\.2026, \d\d:\d\d Uhr arbeiten/);
    expect(notices[0]?.text).toMatch(/period on 15 Feb 2026, \d\d:\d\d \(German time\) all users/);
    expect(notices[0]?.text).toMatch(/\/account\?tab=payment/);
    await relogin(t, owner);
    const member = await addColleague(t, owner.companyId, 'Member');
    expect(await subscriptionOf(t, member)).toMatchObject({
      status: 'past_due',
      banner: 'past_due',
      banner_reason: 'card_declined',
      writable: true,
    });
    // Not blocked before the period end: a write goes through.
    const add = await t.call(
      'POST',
      `/api/v1/companies/${owner.companyId}/employees/add-employee/`,
      {
        token: owner.access,
        body: { email: uniqueEmail(), full_name: 'Noch Möglich', role: 'Guest' },
      },
    );
    expect(add.statusCode, add.body).toBe(409); // SEAT_LIMIT (2 seats, 2 users) — the licence let it through
    expect(json(add).error?.code).toBe('SEAT_LIMIT');
    // No second attempt for this period.
    t.clock.advance(DAY);
    expect(await run()).toMatchObject({ renewed: 0, failed: 0 });
    expect(charges).toHaveLength(1);

    // The Owner renews in the wizard with another card: the new period follows, past due is cleared.
    await relogin(t, owner);
    const email = uniqueEmail('buero');
    await verifyCompanyEmail(t, owner, email);
    const renew = await upgrade(t, owner, upgradeBody(email));
    expect(renew.statusCode, renew.body).toBe(201);
    expect(json(renew).data.subscription).toMatchObject({
      status: 'active',
      banner: 'none',
      banner_reason: null,
      auto_renew: true,
      period_end: periodEnd(end, 'monthly').toISOString(),
    });
  });

  it('past due and not fixed: expired (read-only) at the period end', async () => {
    const owner = await signUp(t);
    const first = await paidCompany(t, owner, uniqueEmail('buero'), {
      payment: testCard('5555 5555 5555 4444', { expiry: '01/26' }),
    });
    const end = new Date(first.subscription.period_end);
    t.clock.set(new Date(end.getTime() - 3 * DAY));
    await run();
    t.clock.set(new Date(end.getTime() - 1000));
    await relogin(t, owner);
    expect(await subscriptionOf(t, owner)).toMatchObject({ status: 'past_due', writable: true });
    t.clock.set(end);
    expect(await subscriptionOf(t, owner)).toMatchObject({
      status: 'expired',
      banner: 'expired',
      writable: false,
    });
  });

  it('a card that always needs 3-D Secure cannot be charged off-session: past due with `authentication_required`', async () => {
    const owner = await signUp(t);
    const email = uniqueEmail('buero');
    await verifyCompanyEmail(t, owner, email);
    const pending = await upgrade(
      t,
      owner,
      upgradeBody(email, { payment: testCard(CARD_3DS_ALWAYS) }),
    );
    const id = json(pending).data.pending_payment.id as string;
    const url = `/api/v1/companies/${owner.companyId}/pending-payments/${id}`;
    await t.call('POST', `${url}/test-authentication/`, {
      token: owner.access,
      body: { result: 'approve' },
    });
    const done = await t.call('POST', `${url}/finalise/`, { token: owner.access });
    const end = new Date(json(done).data.subscription.period_end);
    t.clock.set(new Date(end.getTime() - 3 * DAY));
    expect(await run()).toMatchObject({ failed: 1 });
    await relogin(t, owner);
    expect(await subscriptionOf(t, owner)).toMatchObject({
      status: 'past_due',
      banner: 'past_due',
      banner_reason: 'authentication_required',
    });
    const notices = (await mailsTo(t, email)).filter((m) =>
      m.subject.includes('Automatic renewal failed'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('(3-D Secure)');
  });

  it('a card that needs 3-D Secure only until it is set up: the renewal goes through off-session', async () => {
    const owner = await signUp(t);
    const email = uniqueEmail('buero');
    await verifyCompanyEmail(t, owner, email);
    const pending = await upgrade(
      t,
      owner,
      upgradeBody(email, { payment: testCard(CARD_3DS_UNLESS_SET_UP) }),
    );
    expect(pending.statusCode).toBe(202);
    const id = json(pending).data.pending_payment.id as string;
    const url = `/api/v1/companies/${owner.companyId}/pending-payments/${id}`;
    await t.call('POST', `${url}/test-authentication/`, {
      token: owner.access,
      body: { result: 'approve' },
    });
    const done = await t.call('POST', `${url}/finalise/`, { token: owner.access });
    const end = new Date(json(done).data.subscription.period_end);
    t.clock.set(new Date(end.getTime() - 3 * DAY));
    expect(await run()).toMatchObject({ renewed: 1 });
  });

  it('the Owner switches automatic renewal off (period ending banner, nothing charged, expires) and on again', async () => {
    const owner = await signUp(t);
    const first = await paidCompany(t, owner, uniqueEmail('buero'));
    const end = new Date(first.subscription.period_end);
    const off = await autoRenew(owner, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off).data).toMatchObject({
      auto_renew: false,
      next_renewal_at: null,
      status: 'active',
      saved_card_last4: '4242',
    });
    // The last 14 days of a period without automatic renewal: the `period_ending` banner.
    t.clock.set(new Date(end.getTime() - 14 * DAY - 1000));
    await relogin(t, owner);
    expect(await subscriptionOf(t, owner)).toMatchObject({ status: 'active', banner: 'none' });
    t.clock.advance(1000);
    expect(await subscriptionOf(t, owner)).toMatchObject({
      status: 'period_ending',
      banner: 'period_ending',
      writable: true,
    });
    // The same moment the job mails the Owner and the company address that the period ends — once.
    expect(await run()).toMatchObject({ renewed: 0, noticed: 1 });
    t.clock.advance(DAY);
    expect(await run()).toMatchObject({ renewed: 0, noticed: 0 });
    const ending = (await mailsTo(t, owner.email)).filter((m) =>
      m.subject.includes('Your subscription ends soon'),
    );
    expect(ending).toHaveLength(1);
    expect(ending[0]?.text).toContain('Die automatische Verlängerung ist ausgeschaltet.');
    expect(ending[0]?.text).toContain('(2 user(s), billed monthly) ends on');
    expect(ending[0]?.text).toMatch(/\/account\?tab=payment/);
    t.clock.set(new Date(end.getTime() - 2 * DAY));
    expect(await run()).toMatchObject({ renewed: 0, noticed: 0 });
    expect(charges).toEqual([]);
    // On again (the due time has passed): the next run charges at once.
    await relogin(t, owner);
    const on = await autoRenew(owner, true);
    expect(json(on).data).toMatchObject({ auto_renew: true, banner: 'none', status: 'active' });
    expect(await run()).toMatchObject({ renewed: 1 });
  });

  it('a trial ends soon: the Owner is mailed once, TRIAL_ENDING_DAYS before the end, with the way to upgrade', async () => {
    const owner = await signUp(t);
    const end = new Date(t.clock.now().getTime() + 20 * DAY);
    await setSubscription(t, owner.companyId, {
      plan: 'Trial',
      seats: 4,
      period_end: end.toISOString(),
    });
    t.clock.set(new Date(end.getTime() - 3 * DAY - 1000));
    expect(await run()).toMatchObject({ noticed: 0 });
    t.clock.advance(1000);
    expect(await run()).toMatchObject({ noticed: 1 });
    expect(await run()).toMatchObject({ noticed: 0 });
    const notices = (await mailsTo(t, owner.email)).filter((m) =>
      m.subject.includes('Your trial ends soon'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('der Testzeitraum von Test GmbH (4 Benutzer) endet am');
    expect(notices[0]?.text).toContain('/upgrade');
    // A new trial period (support extends it): told again for the new end, not for the old one.
    const later = new Date(end.getTime() + 10 * DAY);
    await setSubscription(t, owner.companyId, {
      plan: 'Trial',
      seats: 4,
      period_end: later.toISOString(),
    });
    expect(await run()).toMatchObject({ noticed: 0 });
    t.clock.set(new Date(later.getTime() - DAY));
    expect(await run()).toMatchObject({ noticed: 1 });
    // Blocked by support or already ended: nothing.
    const other = await signUp(t);
    await setSubscription(t, other.companyId, {
      plan: 'Trial',
      seats: 2,
      status: 'blocked',
      period_end: new Date(t.clock.now().getTime() + DAY).toISOString(),
    });
    expect(await run()).toMatchObject({ noticed: 0 });
  });

  it('auto-renew: only the Owner, only a paid subscription with a saved card, validated body', async () => {
    const owner = await signUp(t);
    const free = await autoRenew(owner, true);
    expect(free.statusCode).toBe(409);
    expect(json(free).error?.code).toBe('NO_PAID_SUBSCRIPTION');
    // Paid set by support, no card saved: on is refused, off is fine.
    await setSubscription(t, owner.companyId, { plan: 'Paid', seats: 5 });
    const missing = await autoRenew(owner, true);
    expect(missing.statusCode).toBe(409);
    expect(json(missing).error?.code).toBe('PAYMENT_METHOD_MISSING');
    expect((await autoRenew(owner, false)).statusCode).toBe(200);
    const bad = await autoRenew(owner, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error?.details).toEqual([{ path: 'auto_renew', code: 'INVALID_VALUE' }]);
    const admin = await addColleague(t, owner.companyId, 'Admin');
    expect(json(await autoRenew(admin, false)).error?.code).toBe('FORBIDDEN');
    const guest = await addColleague(t, owner.companyId, 'Guest');
    expect(json(await autoRenew(guest, false)).error?.code).toBe('GUEST_READ_ONLY');
    const stranger = await signUp(t);
    expect((await autoRenew(stranger, false, owner.companyId)).statusCode).toBe(404);
    expect(
      (
        await t.call('PATCH', `/api/v1/companies/${owner.companyId}/subscription/auto-renew/`, {
          body: { auto_renew: false },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe.each(databases)('the renewal timer on %s', (kind) => {
  it('starts with the app, renews on its own, and stops on close', async () => {
    const t = await createTestApp(kind, { config: { renewalIntervalMs: 40 } });
    try {
      const owner = await signUp(t);
      const first = await paidCompany(t, owner, uniqueEmail('buero'));
      t.clock.set(new Date(new Date(first.subscription.period_end).getTime() - 3 * DAY));
      const deadline = Date.now() + 10_000;
      while ((await invoicesOf(t, owner.companyId)).length < 2 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(
        await t.database.db.select().from(invoices).where(eq(invoices.company_id, owner.companyId)),
      ).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});

describe.each(databases)('renewal notices with a broken mail server on %s', (kind) => {
  it('a notice that cannot be sent is logged; the charge stays recorded and is not repeated', async () => {
    // The outbox of the test database, except billing notices while `smtpDown` (a mail server refusing).
    let smtpDown = false;
    let outbox: Mailer | null = null;
    const mailer: Mailer = {
      kind: 'smtp',
      send: async (mail) => {
        if (smtpDown && mail.subject.startsWith('Pfahlplaner:')) {
          throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        }
        await outbox?.send(mail);
      },
    };
    const t = await createTestApp(kind, { mailer });
    outbox = outboxMailer(mailRepository(t.database.db, t.clock), t.app.log, () => undefined);
    try {
      const owner = await signUp(t);
      const first = await paidCompany(t, owner, uniqueEmail('buero'));
      const end = new Date(first.subscription.period_end);
      t.clock.set(new Date(end.getTime() - 3 * DAY));
      smtpDown = true;
      expect(await t.app.renewals.runRenewals()).toMatchObject({ renewed: 1, retry: 0 });
      expect((await invoicesOf(t, owner.companyId)).filter((i) => i.automatic)).toHaveLength(1);
      expect(await t.app.renewals.runRenewals()).toMatchObject({ renewed: 0, retry: 0 });
      const subjects = (await mailsTo(t, owner.email)).map((m) => m.subject);
      expect(subjects.some((s) => s.includes('Subscription renewed'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
