/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- envelope data is asserted with toMatchObject, see test-app.ts */
import { priceCents } from '@pfahlplaner/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#app/config';
import { companies, invoices, subscriptions } from '#app/db/schema/index';
import { stripePaymentProvider } from '#app/modules/billing/payment-provider';
import type { StripeClient } from '#app/modules/billing/payment-provider';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, readOtp, signUp, uniqueEmail } from '#app/test/test-app';

/**
 * The Stripe path of the upgrade (ADR 0081, 0082) on a server configured for Stripe. Stripe itself cannot be
 * reached from the tests (no network), so the Stripe SDK client is replaced by a recorder that answers as
 * Stripe's API does; our server, database and routes are the real ones.
 */
type CreateParams = Stripe.PaymentIntentCreateParams;
type Answer = (params: CreateParams) => Stripe.PaymentIntent;

const recorder = () => {
  const calls: CreateParams[] = [];
  let answer: Answer = () => {
    throw new Error('no answer set');
  };
  const client: StripeClient = {
    paymentIntents: {
      create: (params: CreateParams) => {
        calls.push(params);
        return Promise.resolve().then(() => answer(params));
      },
    } as unknown as Stripe['paymentIntents'],
  };
  return {
    client,
    calls,
    answer: (a: Answer) => {
      answer = a;
    },
  };
};

const succeeded =
  (last4: string): Answer =>
  () =>
    ({
      id: 'pi_3TestIntent',
      object: 'payment_intent',
      status: 'succeeded',
      latest_charge: { id: 'ch_1', payment_method_details: { card: { last4 } } },
    }) as unknown as Stripe.PaymentIntent;

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
  const stripe = recorder();
  let ipCounter = 0;
  const ip = () => `10.7.0.${++ipCounter}`;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      paymentProvider: stripePaymentProvider(stripe.client, 'pk_test_publishable'),
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    stripe.calls.length = 0;
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
    expect(stripe.calls).toEqual([]);
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
    expect(stripe.calls).toEqual([]);
    await expectNothingWritten(owner);
  });

  it('charges the first period with the PaymentMethod id and records subscription and invoice', async () => {
    const owner = await signUp(t);
    const email = uniqueEmail('stripe');
    await verify(owner, email);
    stripe.answer(succeeded('4242'));
    const res = await upgrade(owner, email, {
      provider: 'stripe',
      payment_method_id: 'pm_1TestMethod',
      holder: 'Erika Muster',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(stripe.calls).toHaveLength(1);
    expect(stripe.calls[0]).toMatchObject({
      amount: priceCents('monthly', 2),
      currency: 'eur',
      payment_method: 'pm_1TestMethod',
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      metadata: { company_id: String(owner.companyId), users: '2', billing: 'monthly' },
    });
    const data = json(res).data;
    expect(data.subscription).toMatchObject({ plan: 'Paid', seats: 2, test_mode: false });
    expect(data.invoice).toMatchObject({
      amount_cents: 1440,
      provider: 'stripe',
      test_mode: false,
      card_last4: '4242',
    });
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.company_id, owner.companyId));
    expect(sub).toMatchObject({ provider: 'stripe', provider_ref: 'pi_3TestIntent' });
  });

  it.each([
    [
      'a card decline',
      () => {
        throw new Stripe.errors.StripeCardError({
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        });
      },
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
      'a PaymentIntent that needs 3-D Secure',
      () =>
        ({
          id: 'pi_x',
          status: 'requires_action',
          latest_charge: null,
        }) as unknown as Stripe.PaymentIntent,
      400,
      {
        code: 'PAYMENT_DECLINED',
        details: [
          {
            path: 'payment.card_number',
            code: 'PAYMENT_DECLINED',
            params: { reason: 'requires_action' },
          },
        ],
      },
    ],
    [
      'an unknown PaymentMethod',
      () => {
        throw new Stripe.errors.StripeInvalidRequestError({
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: "No such PaymentMethod: 'pm_1TestMethod'",
        });
      },
      400,
      {
        code: 'VALIDATION_FAILED',
        details: [{ path: 'payment.payment_method_id', code: 'INVALID_VALUE' }],
      },
    ],
    [
      'Stripe not reachable',
      () => {
        throw new Stripe.errors.StripeConnectionError({
          type: 'api_error',
          message: 'An error occurred with our connection to Stripe.',
        });
      },
      503,
      { code: 'PAYMENT_PROVIDER_UNAVAILABLE', details: [] },
    ],
  ] as const)('%s writes nothing (%#)', async (_name, answer, status, error) => {
    const owner = await signUp(t);
    const email = uniqueEmail('stripe');
    await verify(owner, email);
    stripe.answer(answer);
    const res = await upgrade(owner, email, {
      provider: 'stripe',
      payment_method_id: 'pm_1TestMethod',
    });
    expect(res.statusCode).toBe(status);
    expect(json(res).error).toEqual(error);
    expect(stripe.calls).toHaveLength(1);
    await expectNothingWritten(owner);
  });
});
