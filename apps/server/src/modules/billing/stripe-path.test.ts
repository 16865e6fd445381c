/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument -- envelope data is asserted with toMatchObject, see test-app.ts */
import { priceCents } from '@pfahlplaner/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import { loadConfig } from '#app/config';
import { DAY, MINUTE } from '#app/lib/clock';
import { companies, invoices, subscriptions } from '#app/db/schema/index';
import { stripePaymentProvider } from '#app/modules/billing/payment-provider';
import type { FakeStripe } from '#app/test/fake-stripe';
import { startFakeStripe } from '#app/test/fake-stripe';
import {
  expectStillFree,
  invoicesOf,
  relogin,
  subscriptionOf,
  subscriptionRow,
  verifyCompanyEmail,
} from '#app/test/billing-support';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, readOtp, signUp, uniqueEmail } from '#app/test/test-app';

/**
 * The Stripe path of the upgrade (ADR 0081–0085) on a server configured for Stripe. Stripe itself cannot be
 * reached from the tests (no network), so the official SDK talks to a local fake of Stripe's HTTP API
 * (test/fake-stripe.ts); our server, database and routes are the real ones.
 */
const company = (email: string) => ({
  name: 'Stripe Statik GmbH',
  street: 'Ring 5',
  postal_code: '80331',
  location: 'München',
  country_id: 'DE',
  email,
});

describe('Stripe configuration', () => {
  it('needs both keys of the same mode; a half configuration fails at start', () => {
    const base = { DATA_DIR: '.data-test', JWT_SECRET: 'x'.repeat(40) };
    expect(
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_def',
      }),
    ).toMatchObject({ stripeSecretKey: 'sk_test_abc', stripePublishableKey: 'pk_test_def' });
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY is required/,
    );
    expect(() => loadConfig({ ...base, STRIPE_PUBLISHABLE_KEY: 'pk_test_def' })).toThrow(
      /STRIPE_SECRET_KEY is required/,
    );
    expect(() =>
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: 'pk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_d',
      }),
    ).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret/);
    expect(() =>
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_d',
      }),
    ).toThrow(/is a test key but STRIPE_SECRET_KEY a live key/);
    expect(loadConfig(base)).toMatchObject({
      stripeSecretKey: undefined,
      stripePublishableKey: undefined,
    });
  });
});

describe.each(databases)('upgrade on a Stripe server on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let ipCounter = 0;
  const ip = () => `10.7.0.${++ipCounter}`;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      paymentProvider: stripePaymentProvider(stripe.client(), 'pk_test_publishable'),
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(() => {
    stripe.requests.length = 0;
  });

  const verify = async (owner: SignedIn, email: string) => {
    await t.call(
      'GET',
      `/api/companies/api/requestVerifyCompanyEmail/?company_verify_email=${encodeURIComponent(email)}`,
      { token: owner.access, ip: ip() },
    );
    const otp = await readOtp(t, email);
    const res = await t.call('POST', '/api/companies/api/verifyOTPWithCompanyEmail/', {
      token: owner.access,
      ip: ip(),
      body: { company_verify_email: email, otp },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const upgrade = (owner: SignedIn, email: string, payment: unknown) =>
    t.call('POST', '/api/companies/api/freeUserUpgradeCreateCompany/', {
      token: owner.access,
      body: {
        company: company(email),
        company_verify_email: email,
        billing: 'monthly',
        users: 2,
        payment,
      },
    });
  /** Nothing of the upgrade was written: still Free, no subscription, no invoice. */
  const expectNothingWritten = async (owner: SignedIn) => {
    const db = t.database.db;
    const [row] = await db.select().from(companies).where(eq(companies.id, owner.companyId));
    expect(row?.plan).toBe('Free');
    expect(row?.name).toBe('Test GmbH');
    expect(
      await db.select().from(subscriptions).where(eq(subscriptions.company_id, owner.companyId)),
    ).toEqual([]);
    expect(
      await db.select().from(invoices).where(eq(invoices.company_id, owner.companyId)),
    ).toEqual([]);
  };

  it('tells the web that Stripe is active, with the publishable key and without test mode', async () => {
    const owner = await signUp(t);
    const sub = json(
      await t.call('GET', `/api/v1/companies/${owner.companyId}/subscription/`, {
        token: owner.access,
      }),
    ).data;
    expect(sub).toMatchObject({
      payment_provider: 'stripe',
      test_mode: false,
      stripe_publishable_key: 'pk_test_publishable',
      auto_renew: false,
      saved_card_last4: null,
    });
  });

  it('refuses raw card data (the test-mode payload) first, before e-mail checks and any Stripe call', async () => {
    const owner = await signUp(t);
    const email = uniqueEmail('stripe');
    // Not even verified: the provider check comes first, so card data never gets further.
    const res = await upgrade(owner, email, {
      provider: 'test',
      card_number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      holder: 'Erika Muster',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toEqual({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'payment.provider', code: 'PAYMENT_PROVIDER_MISMATCH' }],
    });
    expect(stripe.requests).toEqual([]);
    await expectNothingWritten(owner);
  });

  it('refuses card fields next to a payment_method_id (CARD_DATA_NOT_ACCEPTED at each field)', async () => {
    const owner = await signUp(t);
    const email = uniqueEmail('stripe');
    await verify(owner, email);
    const res = await upgrade(owner, email, {
      provider: 'stripe',
      payment_method_id: 'pm_card_visa',
      card_number: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error?.details).toEqual([
      { path: 'payment.card_number', code: 'CARD_DATA_NOT_ACCEPTED' },
      { path: 'payment.expiry', code: 'CARD_DATA_NOT_ACCEPTED' },
      { path: 'payment.cvc', code: 'CARD_DATA_NOT_ACCEPTED' },
    ]);
    expect(stripe.requests).toEqual([]);
    await expectNothingWritten(owner);
  });

  it('charges the first period for a new Stripe customer, saves the card for renewal and records subscription and invoice', async () => {
    const owner = await signUp(t);
    const email = uniqueEmail('stripe');
    await verify(owner, email);
    const res = await upgrade(owner, email, {
      provider: 'stripe',
      payment_method_id: 'pm_card_visa',
      holder: 'Erika Muster',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(stripe.calls('POST', '/v1/customers')).toHaveLength(1);
    expect(stripe.calls('POST', '/v1/customers')[0]?.params).toMatchObject({
      email,
      name: 'Stripe Statik GmbH',
      'metadata[company_id]': String(owner.companyId),
    });
    const created = stripe.calls('POST', '/v1/payment_intents');
    expect(created).toHaveLength(1);
    expect(created[0]?.params).toMatchObject({
      amount: String(priceCents('monthly', 2)),
      currency: 'eur',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      setup_future_usage: 'off_session',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[company_id]': String(owner.companyId),
      'metadata[users]': '2',
      'metadata[billing]': 'monthly',
    });
    const data = json(res).data;
    expect(data.subscription).toMatchObject({
      plan: 'Paid',
      seats: 2,
      test_mode: false,
      auto_renew: true,
      saved_card_last4: '4242',
    });
    expect(data.invoice).toMatchObject({
      amount_cents: 1440,
      provider: 'stripe',
      test_mode: false,
      card_last4: '4242',
      automatic: false,
    });
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.company_id, owner.companyId));
    expect(sub).toMatchObject({
      provider: 'stripe',
      provider_ref: expect.stringMatching(/^pi_fake/) as unknown,
      customer_ref: expect.stringMatching(/^cus_fake/) as unknown,
      payment_method_ref: 'pm_card_visa',
      auto_renew: true,
    });
  });

  it.each([
    [
      'a card decline',
      'pm_card_chargeDeclinedInsufficientFunds',
      null,
      400,
      {
        code: 'PAYMENT_DECLINED',
        details: [
          {
            path: 'payment.card_number',
            code: 'PAYMENT_DECLINED',
            params: { reason: 'insufficient_funds' },
          },
        ],
      },
    ],
    [
      'an unknown PaymentMethod',
      'pm_1TestMethod',
      null,
      400,
      {
        code: 'VALIDATION_FAILED',
        details: [{ path: 'payment.payment_method_id', code: 'INVALID_VALUE' }],
      },
    ],
    [
      'Stripe not reachable',
      'pm_card_visa',
      'connection',
      503,
      { code: 'PAYMENT_PROVIDER_UNAVAILABLE', details: [] },
    ],
    [
      'a Stripe fault',
      'pm_card_visa',
      'api_error',
      503,
      { code: 'PAYMENT_PROVIDER_UNAVAILABLE', details: [] },
    ],
  ] as const)('%s writes nothing (%#)', async (_name, pm, failure, status, error) => {
    const owner = await signUp(t);
    const email = uniqueEmail('stripe');
    await verify(owner, email);
    if (failure === 'api_error') stripe.failNext(failure);
    stripe.setUnreachable(failure === 'connection');
    const res = await upgrade(owner, email, { provider: 'stripe', payment_method_id: pm });
    stripe.setUnreachable(false);
    expect(res.statusCode, res.body).toBe(status);
    expect(json(res).error).toEqual(error);
    expect(stripe.requests.length).toBeGreaterThanOrEqual(1);
    await expectNothingWritten(owner);
  });
});

describe.each(databases)('3-D Secure and automatic renewal on a Stripe server on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    await stripe.close();
  });
  // A fresh app per test: the clock moves by weeks and the renewal job charges every company due.
  beforeEach(async () => {
    stripe.requests.length = 0;
    t = await createTestApp(kind, {
      paymentProvider: stripePaymentProvider(stripe.client(), 'pk_test_publishable'),
    });
  });
  afterEach(async () => {
    stripe.setUnreachable(false);
    await t.close();
  });

  const pay = async (owner: SignedIn, paymentMethodId: string) => {
    const email = uniqueEmail('stripe');
    await verifyCompanyEmail(t, owner, email);
    return t.call('POST', '/api/companies/api/freeUserUpgradeCreateCompany/', {
      token: owner.access,
      body: {
        company: company(email),
        company_verify_email: email,
        billing: 'monthly',
        users: 2,
        payment: { provider: 'stripe', payment_method_id: paymentMethodId },
      },
    });
  };
  const finalise = (owner: SignedIn, id: string) =>
    t.call('POST', `/api/v1/companies/${owner.companyId}/pending-payments/${id}/finalise/`, {
      token: owner.access,
    });
  /** Pays with a 3-D Secure card and lets the fake bank approve: the finalised answer. */
  const payWithAuthentication = async (owner: SignedIn, paymentMethodId: string) => {
    const res = await pay(owner, paymentMethodId);
    expect(res.statusCode, res.body).toBe(202);
    const pending = json(res).data.pending_payment;
    const intentId = String(pending.client_secret).replace(/_secret_.*$/, '');
    stripe.authenticate(intentId, true);
    const done = await finalise(owner, pending.id as string);
    expect(done.statusCode, done.body).toBe(201);
    return json(done).data;
  };

  it('approved: 202 with the client secret for Stripe.js, nothing written; finalise reads the PaymentIntent from Stripe and writes only after success', async () => {
    const owner = await signUp(t);
    const res = await pay(owner, 'pm_card_authenticationRequired');
    expect(res.statusCode, res.body).toBe(202);
    const pending = json(res).data.pending_payment;
    expect(pending).toMatchObject({
      status: 'requires_action',
      provider: 'stripe',
      test_mode: false,
      client_secret: expect.stringMatching(/^pi_fake\d+_secret_fake$/) as unknown,
      amount_cents: 1440,
    });
    const intentId = String(pending.client_secret).replace(/_secret_.*$/, '');
    expect(stripe.intents.get(intentId)).toMatchObject({
      status: 'requires_action',
      setup_future_usage: 'off_session',
      customer: expect.stringMatching(/^cus_fake/) as unknown,
    });
    await expectStillFree(t, owner);
    // The browser says nothing that counts: finalise asks Stripe, which still waits.
    const early = await finalise(owner, pending.id as string);
    expect(json(early).error?.code).toBe('PAYMENT_AUTHENTICATION_PENDING');
    expect(stripe.calls('GET', `/v1/payment_intents/${intentId}`)).toHaveLength(1);
    await expectStillFree(t, owner);
    // The test-mode bank page does not exist on a Stripe server.
    const fake = await t.call(
      'POST',
      `/api/v1/companies/${owner.companyId}/pending-payments/${pending.id as string}/test-authentication/`,
      { token: owner.access, body: { result: 'approve' } },
    );
    expect(json(fake).error?.details).toEqual([
      { path: 'payment.provider', code: 'PAYMENT_PROVIDER_MISMATCH' },
    ]);
    await expectStillFree(t, owner);

    stripe.authenticate(intentId, true);
    const done = await finalise(owner, pending.id as string);
    expect(done.statusCode, done.body).toBe(201);
    expect(json(done).data.invoice).toMatchObject({ card_last4: '3184', provider: 'stripe' });
    expect(json(done).data.subscription).toMatchObject({
      plan: 'Paid',
      auto_renew: true,
      saved_card_last4: '3184',
    });
    expect(await subscriptionRow(t, owner.companyId)).toMatchObject({
      provider_ref: intentId,
      payment_method_ref: 'pm_card_authenticationRequired',
      customer_ref: stripe.intents.get(intentId)?.customer,
    });
  });

  it('failed: Stripe reports the failed authentication; PAYMENT_AUTHENTICATION_FAILED and nothing written', async () => {
    const owner = await signUp(t);
    const res = await pay(owner, 'pm_card_authenticationRequired');
    const pending = json(res).data.pending_payment;
    stripe.authenticate(String(pending.client_secret).replace(/_secret_.*$/, ''), false);
    const done = await finalise(owner, pending.id as string);
    expect(done.statusCode).toBe(400);
    expect(json(done).error?.details).toEqual([
      {
        path: 'payment.card_number',
        code: 'PAYMENT_AUTHENTICATION_FAILED',
        params: { reason: 'payment_intent_authentication_failure' },
      },
    ]);
    await expectStillFree(t, owner);
  });

  it('abandoned: after 30 minutes the job cancels the PaymentIntent at Stripe; finalise then says PENDING_PAYMENT_EXPIRED', async () => {
    const owner = await signUp(t);
    const res = await pay(owner, 'pm_card_authenticationRequired');
    const pending = json(res).data.pending_payment;
    const intentId = String(pending.client_secret).replace(/_secret_.*$/, '');
    t.clock.advance(30 * MINUTE);
    await t.app.renewals.runRenewals();
    expect(stripe.calls('POST', `/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect(stripe.intents.get(intentId)?.status).toBe('canceled');
    await relogin(t, owner);
    expect(json(await finalise(owner, pending.id as string)).error?.code).toBe(
      'PENDING_PAYMENT_EXPIRED',
    );
    await expectStillFree(t, owner);
  });

  it('race: authentication succeeds just before the expiry cancel reaches Stripe — the payment is finalised, no 500', async () => {
    const owner = await signUp(t);
    const res = await pay(owner, 'pm_card_authenticationRequired');
    const pending = json(res).data.pending_payment;
    const intentId = String(pending.client_secret).replace(/_secret_.*$/, '');
    stripe.succeedBeforeCancel(intentId);
    t.clock.advance(30 * MINUTE);
    await relogin(t, owner);
    const done = await finalise(owner, pending.id as string);
    expect(done.statusCode, done.body).toBe(201);
    expect(stripe.calls('POST', `/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect(stripe.intents.get(intentId)?.status).toBe('succeeded');
    expect(json(done).data.subscription).toMatchObject({ plan: 'Paid' });
    expect(json(done).data.invoice).toMatchObject({ card_last4: '3184', provider: 'stripe' });
  });

  it('Stripe not reachable at finalise: 503, the payment keeps waiting, and works when Stripe is back', async () => {
    const owner = await signUp(t);
    const res = await pay(owner, 'pm_card_authenticationRequired');
    const pending = json(res).data.pending_payment;
    stripe.authenticate(String(pending.client_secret).replace(/_secret_.*$/, ''), true);
    stripe.setUnreachable(true);
    const down = await finalise(owner, pending.id as string);
    expect(down.statusCode).toBe(503);
    expect(json(down).error?.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    await expectStillFree(t, owner);
    stripe.setUnreachable(false);
    expect((await finalise(owner, pending.id as string)).statusCode).toBe(201);
  });

  it('renewal: off-session PaymentIntent for the saved customer and card, with one idempotency key per period', async () => {
    const owner = await signUp(t);
    const first = json(await pay(owner, 'pm_card_visa')).data;
    const end = new Date(first.subscription.period_end);
    t.clock.set(new Date(end.getTime() - 3 * DAY));
    stripe.requests.length = 0;
    expect(await t.app.renewals.runRenewals()).toMatchObject({ renewed: 1 });
    const created = stripe.calls('POST', '/v1/payment_intents');
    expect(created).toHaveLength(1);
    const sub = await subscriptionRow(t, owner.companyId);
    expect(created[0]?.params).toMatchObject({
      amount: '1440',
      customer: sub?.customer_ref,
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      'metadata[kind]': 'renewal',
      'metadata[period_start]': end.toISOString(),
    });
    expect(created[0]?.idempotencyKey).toBe(
      `pfahlplaner-renewal-${sub?.customer_ref}-${sub?.id}-${end.toISOString()}`,
    );
    const renewal = (await invoicesOf(t, owner.companyId)).find((i) => i.automatic);
    expect(renewal).toMatchObject({ card_last4: '4242', provider: 'stripe', period_start: end });
  });

  it('renewal double run: two app instances create one PaymentIntent and one invoice', async () => {
    const owner = await signUp(t);
    const first = json(await pay(owner, 'pm_card_visa')).data;
    const second = await buildApp({
      config: t.config,
      database: t.database,
      clock: t.clock,
      paymentProvider: stripePaymentProvider(stripe.client(), 'pk_test_publishable'),
    });
    await second.ready();
    try {
      t.clock.set(new Date(new Date(first.subscription.period_end).getTime() - DAY));
      stripe.requests.length = 0;
      await Promise.all([t.app.renewals.runRenewals(), second.renewals.runRenewals()]);
      expect(stripe.calls('POST', '/v1/payment_intents')).toHaveLength(1);
      expect((await invoicesOf(t, owner.companyId)).filter((i) => i.automatic)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it.each([
    ['pm_card_authenticationRequired', null, 'authentication_required'],
    ['pm_card_visa', 'insufficient_funds', 'card_declined'],
  ] as const)('renewal with %s (decline %s): past due with %s', async (pm, decline, reason) => {
    const owner = await signUp(t);
    const first =
      pm === 'pm_card_visa'
        ? json(await pay(owner, pm)).data
        : await payWithAuthentication(owner, pm);
    t.clock.set(new Date(new Date(first.subscription.period_end).getTime() - 3 * DAY));
    if (decline) stripe.declineNextOffSession(decline);
    expect(await t.app.renewals.runRenewals()).toMatchObject({ renewed: 0, failed: 1 });
    await relogin(t, owner);
    expect(await subscriptionOf(t, owner)).toMatchObject({
      status: 'past_due',
      banner: 'past_due',
      banner_reason: reason,
      writable: true,
    });
  });

  it('renewal with a card that needed 3-D Secure only until set up: charged off-session', async () => {
    const owner = await signUp(t);
    const first = await payWithAuthentication(owner, 'pm_card_authenticationRequiredOnSetup');
    t.clock.set(new Date(new Date(first.subscription.period_end).getTime() - 3 * DAY));
    expect(await t.app.renewals.runRenewals()).toMatchObject({ renewed: 1 });
  });

  it('renewal while Stripe is not reachable: retried later with the same idempotency key, one PaymentIntent', async () => {
    const owner = await signUp(t);
    const first = json(await pay(owner, 'pm_card_visa')).data;
    t.clock.set(new Date(new Date(first.subscription.period_end).getTime() - 3 * DAY));
    stripe.requests.length = 0;
    stripe.setUnreachable(true);
    expect(await t.app.renewals.runRenewals()).toMatchObject({ retry: 1, renewed: 0, failed: 0 });
    stripe.setUnreachable(false);
    t.clock.advance(5 * MINUTE);
    expect(await t.app.renewals.runRenewals()).toMatchObject({ renewed: 1 });
    const keys = new Set(stripe.calls('POST', '/v1/payment_intents').map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
    const customer = (await subscriptionRow(t, owner.companyId))?.customer_ref;
    expect(
      [...stripe.intents.values()].filter((i) => i.off_session && i.customer === customer),
    ).toHaveLength(1);
  });
});
