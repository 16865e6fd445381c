/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- envelope data is asserted with toMatchObject, see test-app.ts */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invoices, subscriptions } from '#app/db/schema/index';
import { DAY, MINUTE } from '#app/lib/clock';
import { licenceStatus, periodEnd } from '#app/modules/billing/licence';
import type { SubscriptionRow } from '#app/modules/billing/licence';
import {
  selectPaymentProvider,
  stripePaymentProvider,
  testPaymentProvider,
} from '#app/modules/billing/payment-provider';
import type { StripeClient } from '#app/modules/billing/payment-provider';
import {
  relogin,
  subscriptionOf,
  testCard,
  upgradeBody as supportUpgradeBody,
  verifyCompanyEmail,
} from '#app/test/billing-support';
import { insertProject, setSubscription, SUPPORT_TOKEN } from '#app/test/teams-support';
import type { SignedIn, TestApp } from '#app/test/test-app';
import {
  addColleague,
  createTestApp,
  databases,
  json,
  readOtp,
  signUp,
  uniqueEmail,
  LOCAL_IP,
} from '#app/test/test-app';

/** This file's upgrades are for 3 users unless a test says otherwise. */
const upgradeBody = (email: string, over: Record<string, unknown> = {}) =>
  supportUpgradeBody(email, { users: 3, ...over });

describe('licence status (pure, manual dates)', () => {
  const sub = (over: Partial<SubscriptionRow>): SubscriptionRow => ({
    id: 1,
    company_id: 1,
    plan: 'Trial',
    billing: null,
    seats: 5,
    status: 'active',
    provider: null,
    provider_ref: null,
    test_mode: false,
    period_start: new Date('2026-01-01T00:00:00Z'),
    period_end: new Date('2026-01-15T00:00:00Z'),
    created_date: new Date('2026-01-01T00:00:00Z'),
    modified_date: new Date('2026-01-01T00:00:00Z'),
    modified_by: null,
    auto_renew: false,
    customer_ref: null,
    payment_method_ref: null,
    card_last4: null,
    renewal_failure: null,
    renewal_failed_at: null,
    renewal_lease_until: null,
    ending_notice_for: null,
    ...over,
  });
  it.each([
    ['Free', undefined, '2026-01-10T00:00:00Z', 'free'],
    ['Trial', undefined, '2026-01-10T00:00:00Z', 'trial'], // demo company without a subscription row
    ['Trial', sub({}), '2026-01-10T00:00:00Z', 'trial'],
    ['Trial', sub({}), '2026-01-12T00:00:00Z', 'trial_ending'], // exactly 3 days left
    ['Trial', sub({}), '2026-01-11T23:59:59Z', 'trial'],
    ['Trial', sub({}), '2026-01-15T00:00:00Z', 'expired'],
    // Paid without automatic renewal: the last 14 days are `period_ending` (banner, still writable).
    ['Paid', sub({ plan: 'Paid', billing: 'monthly' }), '2026-01-14T00:00:00Z', 'period_ending'],
    [
      'Paid',
      sub({ plan: 'Paid', billing: 'monthly', period_end: new Date('2026-02-01T00:00:00Z') }),
      '2026-01-17T23:59:59Z',
      'active',
    ],
    [
      'Paid',
      sub({ plan: 'Paid', billing: 'monthly', period_end: new Date('2026-02-01T00:00:00Z') }),
      '2026-01-18T00:00:00Z',
      'period_ending',
    ],
    [
      'Paid',
      sub({ plan: 'Paid', billing: 'monthly', auto_renew: true }),
      '2026-01-14T00:00:00Z',
      'active',
    ],
    // The automatic renewal failed: past due, still writable until the period end, then expired.
    [
      'Paid',
      sub({ plan: 'Paid', auto_renew: true, renewal_failure: 'card_declined' }),
      '2026-01-14T23:59:59Z',
      'past_due',
    ],
    [
      'Paid',
      sub({ plan: 'Paid', auto_renew: true, renewal_failure: 'card_declined' }),
      '2026-01-15T00:00:00Z',
      'expired',
    ],
    ['Paid', sub({ plan: 'Paid', billing: 'monthly' }), '2026-01-16T00:00:00Z', 'expired'],
    ['Paid', sub({ plan: 'Paid', status: 'blocked' }), '2026-01-02T00:00:00Z', 'blocked'],
  ] as const)('%s %# at %s → %s', (plan, subscription, now, expected) => {
    expect(licenceStatus(plan, subscription, new Date(now))).toBe(expected);
  });

  it('periods are one calendar month or year, clamped at month ends', () => {
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(periodEnd(new Date('2026-03-15T09:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-04-15T09:00:00.000Z',
    );
    expect(periodEnd(new Date('2028-02-29T09:00:00Z'), 'yearly').toISOString()).toBe(
      '2029-02-28T09:00:00.000Z',
    );
    expect(periodEnd(new Date('2026-12-31T09:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-01-31T09:00:00.000Z',
    );
  });
});

describe('payment providers', () => {
  const now = new Date('2026-01-15T09:00:00Z');
  const charge = (
    payment: Parameters<ReturnType<typeof testPaymentProvider>['charge']>[0]['payment'],
  ) =>
    testPaymentProvider().charge({
      amountCents: 720,
      currency: 'EUR',
      description: 'x',
      payment,
      now,
      metadata: {},
      customerRef: null,
      billingEmail: 'buero@example.com',
      billingName: 'Muster GmbH',
    });
  const codeOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'approved';
    } catch (error) {
      const e = error as {
        code: string;
        details: { code: string; params?: { reason?: string } }[];
      };
      return `${e.code}:${e.details[0]?.code ?? ''}:${e.details[0]?.params?.reason ?? ''}`;
    }
  };

  it.each([
    ['4242424242424242', 'approved'],
    ['5555 5555 5555 4444', 'approved'],
    ['4000000000000002', 'PAYMENT_DECLINED:PAYMENT_DECLINED:generic_decline'],
    ['4000000000009995', 'PAYMENT_DECLINED:PAYMENT_DECLINED:insufficient_funds'],
    ['4000000000000069', 'PAYMENT_DECLINED:PAYMENT_DECLINED:expired_card'],
    ['4111111111111111', 'PAYMENT_DECLINED:PAYMENT_DECLINED:not_a_test_card'],
    ['4242424242424241', 'VALIDATION_FAILED:CARD_INVALID:'],
    ['1234', 'VALIDATION_FAILED:CARD_INVALID:'],
  ])('test provider: %s → %s', async (number, expected) => {
    expect(
      await codeOf(
        charge({ provider: 'test', card_number: number, expiry: '01/26', cvc: '123', holder: 'H' }),
      ),
    ).toBe(expected);
  });

  it('test provider: expiry in the past or malformed → CARD_EXPIRED; records only the last four digits', async () => {
    for (const expiry of ['12/25', '13/30', '1230']) {
      expect(
        await codeOf(
          charge({
            provider: 'test',
            card_number: '4242424242424242',
            expiry,
            cvc: '123',
            holder: 'H',
          }),
        ),
      ).toBe('VALIDATION_FAILED:CARD_EXPIRED:');
    }
    const ok = await charge({
      provider: 'test',
      card_number: '4242424242424242',
      expiry: '02/26',
      cvc: '123',
      holder: 'H',
    });
    expect(ok).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    expect(ok.reference).not.toContain('424242424242');
    // The saved-card reference keeps what the test card does off-session, last four and expiry — not the number.
    expect(ok.paymentMethodRef).toMatch(/^testpm_ok_4242_0226_/);
    expect(ok.paymentMethodRef).not.toContain('424242424242');
  });

  it('selects the test provider without STRIPE_SECRET_KEY, Stripe with it (constructed with the key)', () => {
    const keys: string[] = [];
    const fake: StripeClient = {
      paymentIntents: {} as Stripe['paymentIntents'],
      customers: {} as Stripe['customers'],
    };
    const none = selectPaymentProvider(
      { stripeSecretKey: undefined, stripePublishableKey: undefined },
      (k) => {
        keys.push(k);
        return fake;
      },
    );
    expect(none).toMatchObject({ id: 'test', testMode: true, publishableKey: null });
    expect(keys).toEqual([]);
    const stripe = selectPaymentProvider(
      { stripeSecretKey: 'sk_test_123', stripePublishableKey: 'pk_test_456' },
      (k) => {
        keys.push(k);
        return fake;
      },
    );
    expect(stripe).toMatchObject({ id: 'stripe', testMode: false, publishableKey: 'pk_test_456' });
    expect(keys).toEqual(['sk_test_123']);
    // The default factory builds the official SDK client (no request is made by constructing it).
    expect(
      selectPaymentProvider({ stripeSecretKey: 'sk_test_123', stripePublishableKey: undefined }).id,
    ).toBe('stripe');
    expect(new Stripe('sk_test_123').paymentIntents).toBeDefined();
  });

  it('the Stripe adapter refuses card data (test payload) before any call', async () => {
    const provider = stripePaymentProvider(
      { paymentIntents: {} as Stripe['paymentIntents'], customers: {} as Stripe['customers'] },
      null,
    );
    await expect(
      provider.charge({
        amountCents: 1,
        currency: 'EUR',
        description: 'x',
        payment: {
          provider: 'test',
          card_number: '4242424242424242',
          expiry: '12/30',
          cvc: '1',
          holder: 'x',
        },
        now,
        metadata: {},
        customerRef: null,
        billingEmail: 'x@example.com',
        billingName: 'x',
      }),
    ).rejects.toMatchObject({
      details: [{ path: 'payment.provider', code: 'PAYMENT_PROVIDER_MISMATCH' }],
    });
  });
});

describe.each(databases)('subscription, company e-mail and upgrade on %s', (kind) => {
  let t: TestApp;
  let ipCounter = 0;
  const ip = () => `10.5.0.${++ipCounter}`;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { supportToken: SUPPORT_TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a new company is Free: 1 seat, no period, test mode labelled', async () => {
    const owner = await signUp(t);
    expect(await subscriptionOf(t, owner)).toEqual({
      plan: 'Free',
      status: 'free',
      banner: 'none',
      writable: true,
      billing: null,
      seats: 1,
      active_users: 1,
      period_start: null,
      period_end: null,
      price_cents_per_period: null,
      currency: 'EUR',
      payment_provider: 'test',
      test_mode: true,
      stripe_publishable_key: null,
      auto_renew: false,
      saved_card_last4: null,
      next_renewal_at: null,
      banner_reason: null,
    });
  });

  describe('company e-mail verification', () => {
    it('mails a code; a wrong code is OTP_INCORRECT, the right one verifies', async () => {
      const owner = await signUp(t);
      const email = uniqueEmail('firma');
      await t.call(
        'GET',
        `/api/companies/api/requestVerifyCompanyEmail/?company_verify_email=${encodeURIComponent(email)}`,
        { token: owner.access, ip: ip() },
      );
      const otp = await readOtp(t, email);
      const mail = json(
        await t.call('GET', `/api/dev/outbox/?to=${encodeURIComponent(email)}`, { ip: LOCAL_IP }),
      ).data[0];
      expect(mail.subject).toBe('Bestätigen Sie die E-Mail-Adresse Ihrer Firma');
      const wrong = await t.call('POST', '/api/companies/api/verifyOTPWithCompanyEmail/', {
        token: owner.access,
        ip: ip(),
        body: { company_verify_email: email, otp: otp === '000000' ? '111111' : '000000' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(json(wrong).error).toEqual({
        code: 'OTP_INCORRECT',
        details: [{ path: 'otp', code: 'OTP_INCORRECT' }],
      });
      const right = await t.call('POST', '/api/companies/api/verifyOTPWithCompanyEmail/', {
        token: owner.access,
        ip: ip(),
        body: { company_verify_email: email, otp },
      });
      expect(json(right).data).toEqual({ company_verify_email: email, verified: true });
    });

    it('an expired code is OTP_EXPIRED (after 10 minutes)', async () => {
      const owner = await signUp(t);
      const email = uniqueEmail('firma');
      await t.call(
        'GET',
        `/api/companies/api/requestVerifyCompanyEmail/?company_verify_email=${encodeURIComponent(email)}`,
        { token: owner.access, ip: ip() },
      );
      const otp = await readOtp(t, email);
      t.clock.advance(10 * MINUTE + 1000);
      const res = await t.call('POST', '/api/companies/api/verifyOTPWithCompanyEmail/', {
        token: owner.access,
        ip: ip(),
        body: { company_verify_email: email, otp },
      });
      expect(json(res).error?.code).toBe('OTP_EXPIRED');
    });

    it('a code of another address does not verify this one', async () => {
      const owner = await signUp(t);
      const a = uniqueEmail('firma');
      const otp = await verifyCompanyEmail(t, owner, a);
      const res = await t.call('POST', '/api/companies/api/verifyOTPWithCompanyEmail/', {
        token: owner.access,
        ip: ip(),
        body: { company_verify_email: uniqueEmail('fremd'), otp },
      });
      expect(json(res).error?.code).toBe('OTP_INCORRECT');
    });
  });

  describe('POST /companies/api/freeUserUpgradeCreateCompany/', () => {
    const upgrade = (owner: SignedIn, body: unknown) =>
      t.call('POST', '/api/companies/api/freeUserUpgradeCreateCompany/', {
        token: owner.access,
        body,
      });

    it('with an approved test card: Paid plan, company data, subscription and first invoice', async () => {
      const owner = await signUp(t);
      const email = uniqueEmail('buero');
      await verifyCompanyEmail(t, owner, email);
      const res = await upgrade(owner, upgradeBody(email, { billing: 'yearly', users: 4 }));
      expect(res.statusCode, res.body).toBe(201);
      const data = json(res).data;
      const now = t.clock.now();
      expect(data.subscription).toMatchObject({
        plan: 'Paid',
        status: 'active',
        billing: 'yearly',
        seats: 4,
        price_cents_per_period: 28_800,
        test_mode: true,
        period_start: now.toISOString(),
        period_end: periodEnd(now, 'yearly').toISOString(),
      });
      expect(data.invoice).toMatchObject({
        amount_cents: 28_800, // 4 users × 72.00 €
        currency: 'EUR',
        billing: 'yearly',
        seats: 4,
        status: 'paid',
        provider: 'test',
        test_mode: true,
        card_last4: '4242',
      });
      const [company] = await t.database.db
        .select()
        .from(companies)
        .where(eq(companies.id, owner.companyId));
      expect(company).toMatchObject({
        plan: 'Paid',
        name: 'Muster Statik GmbH',
        email,
        location: 'München',
      });
      const list = json(
        await t.call('GET', `/api/v1/companies/${owner.companyId}/invoices/`, {
          token: owner.access,
        }),
      ).data.results;
      expect(list).toHaveLength(1);
      expect(list[0].number).toMatch(/^PP-\d{6}-0001$/);
      const me = json(await t.call('GET', '/api/v1/user/me/', { token: owner.access })).data;
      expect(me.company.plan).toBe('Paid');

      // Now the company can add users up to its seats.
      for (let i = 0; i < 3; i += 1) {
        const add = await t.call(
          'POST',
          `/api/v1/companies/${owner.companyId}/employees/add-employee/`,
          {
            token: owner.access,
            body: { email: uniqueEmail(), full_name: `Person ${i}`, role: 'Member' },
          },
        );
        expect(add.statusCode).toBe(201);
      }
      const fifth = await t.call(
        'POST',
        `/api/v1/companies/${owner.companyId}/employees/add-employee/`,
        {
          token: owner.access,
          body: { email: uniqueEmail(), full_name: 'Zu viel', role: 'Member' },
        },
      );
      expect(json(fifth).error?.code).toBe('SEAT_LIMIT');

      const again = await upgrade(owner, upgradeBody(email));
      expect(json(again).error?.code).toBe('ALREADY_SUBSCRIBED');
    });

    it('monthly: 7.20 € per user', async () => {
      const owner = await signUp(t);
      const email = uniqueEmail('buero');
      await verifyCompanyEmail(t, owner, email);
      const res = await upgrade(owner, upgradeBody(email, { users: 3 }));
      expect(json(res).data.invoice.amount_cents).toBe(2160);
    });

    it.each([
      ['4000000000000002', 400, 'PAYMENT_DECLINED'],
      ['4000000000009995', 400, 'PAYMENT_DECLINED'],
      ['4242424242424243', 400, 'VALIDATION_FAILED'],
    ])('card %s is refused (%i %s) and nothing is written', async (number, status, code) => {
      const owner = await signUp(t);
      const email = uniqueEmail('buero');
      await verifyCompanyEmail(t, owner, email);
      const res = await upgrade(owner, upgradeBody(email, { payment: testCard(number) }));
      expect(res.statusCode).toBe(status);
      expect(json(res).error?.code).toBe(code);
      const [company] = await t.database.db
        .select()
        .from(companies)
        .where(eq(companies.id, owner.companyId));
      expect(company).toMatchObject({ plan: 'Free', name: 'Test GmbH' });
      expect(
        await t.database.db.select().from(invoices).where(eq(invoices.company_id, owner.companyId)),
      ).toEqual([]);
      expect(
        await t.database.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.company_id, owner.companyId)),
      ).toEqual([]);
    });

    it('needs a verified company e-mail equal to company.email', async () => {
      const owner = await signUp(t);
      const email = uniqueEmail('buero');
      const unverified = await upgrade(owner, upgradeBody(email));
      expect(json(unverified).error?.details).toEqual([
        { path: 'company_verify_email', code: 'COMPANY_EMAIL_NOT_VERIFIED' },
      ]);
      await verifyCompanyEmail(t, owner, email);
      const other = await upgrade(owner, {
        ...upgradeBody(email),
        company: { ...upgradeBody(email).company, email: uniqueEmail('anders') },
      });
      expect(json(other).error?.details).toEqual([
        { path: 'company.email', code: 'COMPANY_EMAIL_NOT_VERIFIED' },
      ]);
      t.clock.advance(61 * MINUTE);
      await relogin(t, owner);
      const late = await upgrade(owner, upgradeBody(email));
      expect(json(late).error?.details[0]?.code).toBe('COMPANY_EMAIL_NOT_VERIFIED');
    });

    it("takes the Owner's own login address as verified, without a second code (the sign-up code verified it)", async () => {
      const owner = await signUp(t);
      // the address was verified with the sign-up code; before, this answered COMPANY_EMAIL_NOT_VERIFIED
      const res = await upgrade(owner, upgradeBody(owner.email.toUpperCase()));
      expect(json(res).error?.details ?? []).not.toContainEqual({
        path: 'company_verify_email',
        code: 'COMPANY_EMAIL_NOT_VERIFIED',
      });
      expect(res.statusCode).toBeLessThan(300);
      // any other address still needs its code
      const other = await upgrade(await signUp(t), upgradeBody(uniqueEmail('fremd')));
      expect(json(other).error?.details).toEqual([
        { path: 'company_verify_email', code: 'COMPANY_EMAIL_NOT_VERIFIED' },
      ]);
    });

    it('validates users (positive integer), billing and payment with field paths', async () => {
      const owner = await signUp(t);
      const email = uniqueEmail('buero');
      for (const [over, path] of [
        [{ users: 0 }, 'users'],
        [{ users: 1.5 }, 'users'],
        [{ users: '2' }, 'users'],
        [{ billing: 'weekly' }, 'billing'],
        [{ payment: testCard('4242424242424242', { cvc: '12' }) }, 'payment.cvc'],
        [
          { payment: { provider: 'stripe', payment_method_id: 'nope' } },
          'payment.payment_method_id',
        ],
      ] as const) {
        const res = await upgrade(owner, upgradeBody(email, over));
        expect(res.statusCode).toBe(400);
        expect(json(res).error?.details.map((d) => d.path)).toContain(path);
      }
    });

    it('a Stripe payment on a test-mode server is PAYMENT_PROVIDER_MISMATCH', async () => {
      const owner = await signUp(t);
      const email = uniqueEmail('buero');
      await verifyCompanyEmail(t, owner, email);
      const res = await upgrade(
        owner,
        upgradeBody(email, { payment: { provider: 'stripe', payment_method_id: 'pm_card_visa' } }),
      );
      expect(json(res).error?.details).toEqual([
        { path: 'payment.provider', code: 'PAYMENT_PROVIDER_MISMATCH' },
      ]);
    });

    it('renewal: refused early, open in the last 14 days, the new period follows the running one', async () => {
      const owner = await signUp(t);
      const first = uniqueEmail('buero');
      await verifyCompanyEmail(t, owner, first);
      expect((await upgrade(owner, upgradeBody(first, { users: 2 }))).statusCode).toBe(201);
      const end = new Date((await subscriptionOf(t, owner)).period_end);
      // Still more than RENEWAL_WINDOW_DAYS left: ALREADY_SUBSCRIBED.
      t.clock.set(new Date(end.getTime() - 14 * DAY - MINUTE));
      await relogin(t, owner);
      const second = uniqueEmail('buero');
      await verifyCompanyEmail(t, owner, second);
      const early = await upgrade(owner, upgradeBody(second, { billing: 'yearly', users: 3 }));
      expect(json(early).error?.code).toBe('ALREADY_SUBSCRIBED');
      // Within the window: the yearly period starts where the monthly one ends.
      t.clock.advance(2 * MINUTE);
      const renew = await upgrade(owner, upgradeBody(second, { billing: 'yearly', users: 3 }));
      expect(renew.statusCode, renew.body).toBe(201);
      const yearEnd = periodEnd(end, 'yearly').toISOString();
      expect(json(renew).data.invoice).toMatchObject({
        period_start: end.toISOString(),
        period_end: yearEnd,
        amount_cents: 21_600,
        seats: 3,
      });
      expect(await subscriptionOf(t, owner)).toMatchObject({
        plan: 'Paid',
        status: 'active',
        billing: 'yearly',
        seats: 3,
        period_end: yearEnd,
      });
      // The licence does not lapse at the old period end.
      t.clock.set(new Date(end.getTime() + MINUTE));
      await relogin(t, owner);
      expect((await subscriptionOf(t, owner)).status).toBe('active');
      const list = json(
        await t.call('GET', `/api/v1/companies/${owner.companyId}/invoices/`, {
          token: owner.access,
        }),
      ).data.results;
      expect((list as { period_end: string }[]).map((i) => i.period_end)).toEqual([
        yearEnd,
        end.toISOString(),
      ]);
    });

    it('a company blocked by support cannot unblock itself by paying: LICENCE_BLOCKED', async () => {
      const owner = await signUp(t);
      await setSubscription(t, owner.companyId, { plan: 'Paid', seats: 5, status: 'blocked' });
      const email = uniqueEmail('buero');
      await verifyCompanyEmail(t, owner, email);
      const res = await upgrade(owner, upgradeBody(email, { users: 5 }));
      expect(res.statusCode).toBe(403);
      expect(json(res).error?.code).toBe('LICENCE_BLOCKED');
      expect((await subscriptionOf(t, owner)).status).toBe('blocked');
    });

    it('cannot buy fewer seats than the company has active users', async () => {
      const owner = await signUp(t);
      await setSubscription(t, owner.companyId, { plan: 'Trial', seats: 5 });
      await addColleague(t, owner.companyId, 'Member');
      await addColleague(t, owner.companyId, 'Member');
      const email = uniqueEmail('buero');
      await verifyCompanyEmail(t, owner, email);
      const res = await upgrade(owner, upgradeBody(email, { users: 2 }));
      expect(json(res).error).toEqual({
        code: 'SEAT_LIMIT',
        details: [{ path: 'users', code: 'TOO_SMALL', params: { min: 3 } }],
      });
      expect((await upgrade(owner, upgradeBody(email, { users: 3 }))).statusCode).toBe(201);
    });
  });

  describe('licence states with the manual clock', () => {
    it('trial → trial ending (banner) → expired (read-only, reads still work)', async () => {
      const owner = await signUp(t);
      const start = await t.call(
        'POST',
        `/api/v1/companies/${owner.companyId}/subscription/start-trial/`,
        {
          token: owner.access,
          body: { users: 5 },
        },
      );
      expect(json(start).data).toMatchObject({ status: 'trial', banner: 'none', writable: true });
      const member = await addColleague(t, owner.companyId, 'Member');
      const projectId = await insertProject(t, owner.companyId, 'Trial-Projekt');

      t.clock.advance(11 * DAY);
      await relogin(t, owner);
      await relogin(t, member);
      expect(await subscriptionOf(t, owner)).toMatchObject({
        status: 'trial_ending',
        banner: 'trial_ending',
      });
      expect(await subscriptionOf(t, member)).toMatchObject({ banner: 'trial_ending' });

      t.clock.advance(3 * DAY);
      await relogin(t, owner);
      expect(await subscriptionOf(t, owner)).toMatchObject({
        status: 'expired',
        banner: 'expired',
        writable: false,
      });
      const add = await t.call(
        'POST',
        `/api/v1/companies/${owner.companyId}/employees/add-employee/`,
        {
          token: owner.access,
          body: { email: uniqueEmail(), full_name: 'Spät', role: 'Member' },
        },
      );
      expect(add.statusCode).toBe(403);
      expect(json(add).error?.code).toBe('LICENCE_EXPIRED');
      const assign = await t.call(
        'POST',
        `/api/v1/companies/${owner.companyId}/employees/${member.userId}/assign-projects/`,
        { token: owner.access, body: { project_ids: [projectId] } },
      );
      expect(json(assign).error?.code).toBe('LICENCE_EXPIRED');
      const list = await t.call('GET', `/api/v1/companies/${owner.companyId}/employees/`, {
        token: owner.access,
      });
      expect(list.statusCode).toBe(200);
      expect(json(list).data.results[0]).toMatchObject({ licence_status: 'expired' });

      // Upgrading from the expired trial makes the company writable again; nothing was lost.
      const email = uniqueEmail('buero');
      await verifyCompanyEmail(t, owner, email);
      const up = await t.call('POST', '/api/companies/api/freeUserUpgradeCreateCompany/', {
        token: owner.access,
        body: upgradeBody(email, { users: 2 }),
      });
      expect(up.statusCode, up.body).toBe(201);
      const again = await t.call(
        'POST',
        `/api/v1/companies/${owner.companyId}/employees/${member.userId}/assign-projects/`,
        { token: owner.access, body: { project_ids: [projectId] } },
      );
      expect(again.statusCode).toBe(200);
    });

    it('a paid month runs out after one calendar month', async () => {
      const owner = await signUp(t);
      const email = uniqueEmail('buero');
      await verifyCompanyEmail(t, owner, email);
      const up = json(
        await t.call('POST', '/api/companies/api/freeUserUpgradeCreateCompany/', {
          token: owner.access,
          body: upgradeBody(email, { users: 1 }),
        }),
      ).data;
      t.clock.set(new Date(new Date(up.subscription.period_end).getTime() - 1000));
      await relogin(t, owner);
      expect((await subscriptionOf(t, owner)).status).toBe('active');
      t.clock.advance(1000);
      expect(await subscriptionOf(t, owner)).toMatchObject({
        status: 'expired',
        banner: 'expired',
      });
    });

    it('blocked by support: banner and LICENCE_BLOCKED on writes', async () => {
      const owner = await signUp(t);
      await setSubscription(t, owner.companyId, { plan: 'Paid', seats: 5, status: 'blocked' });
      expect(await subscriptionOf(t, owner)).toMatchObject({
        status: 'blocked',
        banner: 'blocked',
        writable: false,
      });
      const add = await t.call(
        'POST',
        `/api/v1/companies/${owner.companyId}/employees/add-employee/`,
        {
          token: owner.access,
          body: { email: uniqueEmail(), full_name: 'X', role: 'Member' },
        },
      );
      expect(json(add).error?.code).toBe('LICENCE_BLOCKED');
    });

    it('the support route needs the support token', async () => {
      const owner = await signUp(t);
      const body = { plan: 'Paid', seats: 5, status: 'active', period_end: '2030-01-01T00:00:00Z' };
      const url = `/api/support/companies/${owner.companyId}/subscription/`;
      expect((await t.call('PUT', url, { body })).statusCode).toBe(401);
      expect((await t.call('PUT', url, { body, token: owner.access })).statusCode).toBe(403);
      expect((await t.call('PUT', url, { body, token: SUPPORT_TOKEN })).statusCode).toBe(200);
    });
  });
});
