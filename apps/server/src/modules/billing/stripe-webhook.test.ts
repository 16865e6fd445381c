/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- envelope data is asserted with toMatchObject, see test-app.ts */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#app/config';
import { stripeWebhookEvents } from '#app/db/schema/index';
import { DAY } from '#app/lib/clock';
import { stripePaymentProvider } from '#app/modules/billing/payment-provider';
import { renewalKey } from '#app/modules/billing/renewal.service';
import {
  expectStillFree,
  invoicesOf,
  pendingRow,
  subscriptionOf,
  subscriptionRow,
  verifyCompanyEmail,
} from '#app/test/billing-support';
import type { FakeStripe } from '#app/test/fake-stripe';
import { startFakeStripe } from '#app/test/fake-stripe';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, mailsTo, signUp, uniqueEmail } from '#app/test/test-app';

/**
 * Stripe webhooks (ADR 0085): the raw body is checked with `stripe.webhooks.constructEvent` against
 * STRIPE_WEBHOOK_SECRET; payloads are signed here with the SDK's `generateTestHeaderString`, as Stripe would.
 * The PaymentIntents live in the local fake of Stripe's API (test/fake-stripe.ts).
 */
const SECRET = 'whsec_test_pfahlplaner_webhook_secret';
const URL_ = '/api/v1/billing/stripe/webhook';

describe('STRIPE_WEBHOOK_SECRET configuration', () => {
  const base = {
    DATA_DIR: '.data-test',
    JWT_SECRET: 'x'.repeat(40),
    STRIPE_SECRET_KEY: 'sk_test_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_def',
  };
  it('must look like a signing secret and belongs to a Stripe configuration', () => {
    expect(loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: SECRET })).toMatchObject({
      stripeWebhookSecret: SECRET,
    });
    expect(loadConfig(base).stripeWebhookSecret).toBeUndefined();
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      /must be a Stripe webhook signing secret/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: '.data-test',
        JWT_SECRET: 'x'.repeat(40),
        STRIPE_WEBHOOK_SECRET: SECRET,
      }),
    ).toThrow(/needs STRIPE_SECRET_KEY/);
  });
});

describe.each(databases)('Stripe webhook on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let eventCounter = 0;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    await stripe.close();
  });
  beforeEach(async () => {
    t = await createTestApp(kind, {
      paymentProvider: stripePaymentProvider(stripe.client(), 'pk_test_publishable'),
      config: { stripeWebhookSecret: SECRET },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const eventOf = (type: string, object: unknown, id = `evt_test${++eventCounter}`) => ({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(t.clock.now().getTime() / 1000),
    type,
    data: { object },
  });
  const send = (
    event: unknown,
    opts: { secret?: string; timestamp?: number; header?: string | null; body?: string } = {},
  ) => {
    const payload = JSON.stringify(event);
    const header =
      opts.header === undefined
        ? Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: opts.secret ?? SECRET,
            timestamp: opts.timestamp ?? Math.floor(t.clock.now().getTime() / 1000),
          })
        : opts.header;
    return t.app.inject({
      method: 'POST',
      url: URL_,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(header === null ? {} : { 'stripe-signature': header }),
      },
      payload: opts.body ?? payload,
    });
  };
  const pay = async (owner: SignedIn, paymentMethodId: string) => {
    const email = uniqueEmail('stripe');
    await verifyCompanyEmail(t, owner, email);
    return t.call('POST', '/api/companies/api/freeUserUpgradeCreateCompany/', {
      token: owner.access,
      body: {
        company: {
          name: 'Webhook Statik GmbH',
          street: 'Ring 5',
          postal_code: '80331',
          location: 'München',
          country_id: 'DE',
          email,
        },
        company_verify_email: email,
        billing: 'monthly',
        users: 2,
        payment: { provider: 'stripe', payment_method_id: paymentMethodId },
      },
    });
  };
  /** An upgrade waiting for 3-D Secure: the pending payment and its PaymentIntent id. */
  const waiting = async (owner: SignedIn) => {
    const res = await pay(owner, 'pm_card_authenticationRequired');
    expect(res.statusCode, res.body).toBe(202);
    const pending = json(res).data.pending_payment;
    return {
      id: pending.id as string,
      intentId: String(pending.client_secret).replace(/_secret_.*$/, ''),
    };
  };

  it.each([
    ['no signature header', { header: null }],
    ['a signature with another secret', { secret: 'whsec_someone_else' }],
    ['a garbled header', { header: 't=1,v1=abc' }],
    ['an old signature (outside the 5 minutes)', { timestamp: 1_700_000_000 }],
    ['a changed body', { body: '{"id":"evt_x","type":"payment_intent.succeeded"}' }],
  ] as const)('%s: 400 WEBHOOK_SIGNATURE_INVALID, nothing handled', async (_name, opts) => {
    const owner = await signUp(t);
    const { intentId } = await waiting(owner);
    stripe.authenticate(intentId, true);
    const res = await send(eventOf('payment_intent.succeeded', stripe.intents.get(intentId)), opts);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toEqual({ code: 'WEBHOOK_SIGNATURE_INVALID', details: [] });
    await expectStillFree(t, owner);
    expect(await t.database.db.select().from(stripeWebhookEvents)).toEqual([]);
  });

  it('payment_intent.succeeded finalises an upgrade whose browser never came back; a redelivery is answered as duplicate', async () => {
    const owner = await signUp(t);
    const { id, intentId } = await waiting(owner);
    stripe.authenticate(intentId, true);
    const event = eventOf('payment_intent.succeeded', stripe.intents.get(intentId));
    const res = await send(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({
      event_id: event.id,
      type: 'payment_intent.succeeded',
      duplicate: false,
      outcome: 'pending_finalised',
    });
    expect(await pendingRow(t, id)).toMatchObject({ status: 'succeeded' });
    expect(await subscriptionOf(t, owner)).toMatchObject({
      plan: 'Paid',
      saved_card_last4: '3184',
    });
    const again = await send(event);
    expect(json(again).data).toMatchObject({ duplicate: true, outcome: 'duplicate' });
    // The browser's finalise afterwards gets the same period.
    const late = await t.call(
      'POST',
      `/api/v1/companies/${owner.companyId}/pending-payments/${id}/finalise/`,
      { token: owner.access },
    );
    expect(late.statusCode).toBe(201);
    expect(await invoicesOf(t, owner.companyId)).toHaveLength(1);
    const stored = await t.database.db
      .select()
      .from(stripeWebhookEvents)
      .where(eq(stripeWebhookEvents.id, event.id));
    expect(stored).toMatchObject([
      { type: 'payment_intent.succeeded', outcome: 'pending_finalised' },
    ]);
  });

  it('the event is not believed on its own: Stripe is asked, and a PaymentIntent still waiting writes nothing', async () => {
    const owner = await signUp(t);
    const { id, intentId } = await waiting(owner);
    // A (stale or replayed) "succeeded" snapshot while Stripe still waits for the card holder.
    const snapshot = { ...stripe.intents.get(intentId), status: 'succeeded' };
    const res = await send(eventOf('payment_intent.succeeded', snapshot));
    expect(json(res).data.outcome).toBe('pending_waiting');
    expect(await pendingRow(t, id)).toMatchObject({ status: 'requires_action' });
    await expectStillFree(t, owner);
  });

  it('two deliveries of the same event at the same time write one period', async () => {
    const owner = await signUp(t);
    const { intentId } = await waiting(owner);
    stripe.authenticate(intentId, true);
    const event = eventOf('payment_intent.succeeded', stripe.intents.get(intentId));
    const answers = await Promise.all([send(event), send(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await invoicesOf(t, owner.companyId)).toHaveLength(1);
  });

  it('payment_intent.payment_failed marks the waiting payment failed; nothing written', async () => {
    const owner = await signUp(t);
    const { id, intentId } = await waiting(owner);
    stripe.authenticate(intentId, false);
    const res = await send(eventOf('payment_intent.payment_failed', stripe.intents.get(intentId)));
    expect(json(res).data.outcome).toBe('pending_failed');
    expect(await pendingRow(t, id)).toMatchObject({
      status: 'failed',
      failure: 'payment_intent_authentication_failure',
    });
    await expectStillFree(t, owner);
  });

  it('a renewal charged but not recorded (the process stopped): payment_intent.succeeded records it once', async () => {
    const owner = await signUp(t);
    const first = json(await pay(owner, 'pm_card_visa')).data;
    const sub = (await subscriptionRow(t, owner.companyId))!;
    const end = new Date(first.subscription.period_end);
    t.clock.set(new Date(end.getTime() - 3 * DAY));
    // What the job sent to Stripe before it stopped.
    const intent = await stripe.client().paymentIntents.create(
      {
        amount: 1440,
        currency: 'eur',
        customer: sub.customer_ref ?? undefined,
        payment_method: 'pm_card_visa',
        off_session: true,
        confirm: true,
        metadata: {
          kind: 'renewal',
          company_id: String(owner.companyId),
          subscription_id: String(sub.id),
          period_start: end.toISOString(),
        },
      },
      { idempotencyKey: renewalKey(sub.customer_ref, sub.id, end) },
    );
    const res = await send(eventOf('payment_intent.succeeded', intent));
    expect(json(res).data.outcome).toBe('renewal_recorded');
    const renewal = (await invoicesOf(t, owner.companyId)).find((i) => i.automatic);
    expect(renewal).toMatchObject({ provider_ref: intent.id, period_start: end });
    // Another event about the same PaymentIntent, and the job itself (same idempotency key): no second record.
    expect(json(await send(eventOf('payment_intent.succeeded', intent))).data.outcome).toBe(
      'renewal_already_recorded',
    );
    expect(await t.app.renewals.runRenewals()).toMatchObject({ renewed: 0 });
    expect((await invoicesOf(t, owner.companyId)).filter((i) => i.automatic)).toHaveLength(1);
    // One receipt, however the period was recorded and however often Stripe told us.
    const receipts = (await mailsTo(t, owner.email)).filter((m) =>
      m.subject.includes('Subscription renewed'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toContain(renewal?.number);
  });

  it('a failed renewal PaymentIntent marks the subscription past due (if the job did not)', async () => {
    const owner = await signUp(t);
    const first = json(await pay(owner, 'pm_card_visa')).data;
    const sub = (await subscriptionRow(t, owner.companyId))!;
    const object = {
      id: 'pi_renewal_failed',
      object: 'payment_intent',
      status: 'requires_payment_method',
      last_payment_error: { code: 'authentication_required' },
      metadata: {
        kind: 'renewal',
        company_id: String(owner.companyId),
        subscription_id: String(sub.id),
        period_start: first.subscription.period_end,
      },
    };
    const res = await send(eventOf('payment_intent.payment_failed', object));
    expect(json(res).data.outcome).toBe('renewal_past_due');
    expect(await subscriptionOf(t, owner)).toMatchObject({
      status: 'past_due',
      banner_reason: 'authentication_required',
    });
    // Another event about the same failure: already past due, and the Owner is told once.
    expect(json(await send(eventOf('payment_intent.payment_failed', object))).data.outcome).toBe(
      'renewal_already_past_due',
    );
    const notices = (await mailsTo(t, owner.email)).filter((m) =>
      m.subject.includes('Automatic renewal failed'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('3-D Secure');
    // About a period that has moved on meanwhile: ignored.
    const stale = {
      ...object,
      metadata: { ...object.metadata, period_start: '2020-01-01T00:00:00.000Z' },
    };
    expect(json(await send(eventOf('payment_intent.payment_failed', stale))).data.outcome).toBe(
      'renewal_period_moved',
    );
  });

  it('invoice events and others are acknowledged and ignored (we use no Stripe Invoices)', async () => {
    for (const type of ['invoice.paid', 'invoice.payment_failed', 'customer.created']) {
      const res = await send(eventOf(type, { id: 'in_1', object: 'invoice' }));
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({ type, outcome: 'ignored', duplicate: false });
    }
    const unknown = await send(
      eventOf('payment_intent.succeeded', {
        id: 'pi_unknown',
        object: 'payment_intent',
        metadata: {},
      }),
    );
    expect(json(unknown).data.outcome).toBe('ignored');
  });

  it('the route needs no user token but a signature; it is 503 WEBHOOK_NOT_CONFIGURED without a secret', async () => {
    const other = await createTestApp(kind, {
      paymentProvider: stripePaymentProvider(stripe.client(), 'pk_test_publishable'),
    });
    try {
      const payload = JSON.stringify({
        id: 'evt_1',
        object: 'event',
        type: 'invoice.paid',
        data: {},
      });
      const res = await other.app.inject({
        method: 'POST',
        url: URL_,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
        payload,
      });
      expect(res.statusCode).toBe(503);
      expect(json(res).error?.code).toBe('WEBHOOK_NOT_CONFIGURED');
    } finally {
      await other.close();
    }
    const testMode = await createTestApp(kind);
    try {
      const res = await testMode.call('POST', URL_, { body: { id: 'evt_1' } });
      expect(json(res).error?.code).toBe('WEBHOOK_NOT_CONFIGURED');
    } finally {
      await testMode.close();
    }
  });
});
