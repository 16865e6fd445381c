import { createHash, randomBytes } from 'node:crypto';
import type { Payment, PaymentProviderId, RenewalFailure } from '@pfahlplaner/contracts';
import { cardExpiryEnd, luhnValid } from '@pfahlplaner/contracts';
import Stripe from 'stripe';
import { AppError, fieldError } from '#app/lib/app-error';

/** The charge of a period the Owner pays in the wizard (ADR 0081), on-session: 3-D Secure may follow (ADR 0083). */
export type ChargeRequest = {
  amountCents: number;
  currency: 'EUR';
  description: string;
  payment: Payment;
  now: Date;
  metadata: Record<string, string>;
  /** The provider's customer already saved for this company (a renewal), else the provider makes one. */
  customerRef: string | null;
  /** Billing contact handed to the provider with a new customer. */
  billingEmail: string;
  billingName: string;
};

/** References that let the provider charge the same card again later; never card data (ADR 0084). */
type SavedCard = { customerRef: string | null; paymentMethodRef: string | null };

export type ChargeOutcome =
  | ({ status: 'succeeded'; reference: string; cardLast4: string | null } & SavedCard)
  | ({
      status: 'requires_action';
      reference: string;
      /** Stripe: the PaymentIntent's client secret for Stripe.js; the test provider has none. */
      clientSecret: string | null;
    } & SavedCard);

/** A payment that needed authentication, read again from the provider (never from the browser). */
export type PaymentState =
  | { status: 'succeeded'; cardLast4: string | null; paymentMethodRef: string | null }
  | { status: 'requires_action' }
  | { status: 'failed'; reason: string };

/** What the provider needs to read a pending payment again. */
export type RetrieveContext = {
  paymentMethodRef: string | null;
  /** Test provider only: the simulated bank's answer stored by the test-authentication route. */
  testAuthentication: 'approved' | 'failed' | null;
};

/** The automatic charge of the next period with the saved card, off-session (ADR 0084). */
export type OffSessionRequest = {
  amountCents: number;
  currency: 'EUR';
  description: string;
  customerRef: string | null;
  paymentMethodRef: string;
  /** The same key for the same period: a retried charge is never made twice by the provider. */
  idempotencyKey: string;
  now: Date;
  metadata: Record<string, string>;
};

export type OffSessionOutcome =
  | { status: 'succeeded'; reference: string; cardLast4: string | null }
  | { status: 'failed'; failure: RenewalFailure; reason: string };

/**
 * Takes payments. `charge` throws AppError('PAYMENT_DECLINED') or a field error on a refusal; nothing is
 * recorded before success. `chargeOffSession` answers a decline as `failed` and throws
 * PAYMENT_PROVIDER_UNAVAILABLE when the provider cannot be asked (the job then tries again).
 */
export type PaymentProvider = {
  id: PaymentProviderId;
  /** The embedded test provider: no money moves; answers and UI say so. */
  testMode: boolean;
  publishableKey: string | null;
  charge: (request: ChargeRequest) => Promise<ChargeOutcome>;
  retrieve: (reference: string, context: RetrieveContext) => Promise<PaymentState>;
  /** Gives up a payment that waits for authentication (it can no longer succeed afterwards). */
  cancel: (reference: string) => Promise<void>;
  chargeOffSession: (request: OffSessionRequest) => Promise<OffSessionOutcome>;
};

/**
 * Stripe's documented test card numbers (https://docs.stripe.com/testing#cards): these approve …
 */
export const TEST_CARDS_APPROVED: readonly string[] = [
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '3056930009020004', // Diners Club
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
];
/** … and these decline with the reason Stripe gives (https://docs.stripe.com/testing#declined-payments). */
export const TEST_CARDS_DECLINED: Readonly<Record<string, string>> = {
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};
/**
 * … and these need 3-D Secure (https://docs.stripe.com/testing#authentication-and-setup):
 * 4000 0027 6000 3184 "always authenticate" — every payment, also the automatic renewal (which therefore
 * fails with `authentication_required`); 4000 0025 0000 3155 "authenticate unless set up" — the first
 * payment, which saves the card for off-session use, so the renewal goes through.
 */
export const TEST_CARDS_AUTHENTICATION: Readonly<Record<string, 'always' | 'unless_set_up'>> = {
  '4000002760003184': 'always',
  '4000002500003155': 'unless_set_up',
};

const declined = (reason: string) =>
  new AppError('PAYMENT_DECLINED', {
    details: [{ path: 'payment.card_number', code: 'PAYMENT_DECLINED', params: { reason } }],
  });

/**
 * The test provider keeps no card: its saved-card reference names what the card does at an off-session
 * charge (`ok` or `auth` = always authenticate), the last four digits and the expiry month — the number is
 * never kept. Format: `testpm_<ok|auth>_<last4>_<MMYY>_<nonce>`.
 */
const TEST_PM = /^testpm_(ok|auth)_(\d{4})_(\d{2})(\d{2})_[A-Za-z0-9_-]+$/;
const nonce = () => randomBytes(9).toString('base64url');

export const parseTestPaymentMethod = (
  ref: string,
): { offSession: 'ok' | 'auth'; last4: string; expiry: string } | null => {
  const m = TEST_PM.exec(ref);
  if (!m) return null;
  return { offSession: m[1] as 'ok' | 'auth', last4: m[2]!, expiry: `${m[3]!}/${m[4]!}` };
};

/**
 * The embedded test provider: Luhn check, expiry check against the clock, Stripe's test numbers approve,
 * decline or ask for authentication as at Stripe; any other (Luhn-valid) number is declined as
 * `not_a_test_card`, so a real card number typed into test mode never "succeeds". Card data is used for the
 * decision only: the last four digits and the expiry month are kept (in the saved-card reference).
 * Its 3-D Secure step is simulated: the wizard shows a test-mode bank page (approve / fail) whose answer the
 * service stores and hands to `retrieve`.
 */
export const testPaymentProvider = (): PaymentProvider => ({
  id: 'test',
  testMode: true,
  publishableKey: null,
  charge: ({ payment, now }) => {
    if (payment.provider !== 'test') {
      return Promise.reject(fieldError('payment.provider', 'PAYMENT_PROVIDER_MISMATCH'));
    }
    const number = payment.card_number.replace(/[\s-]/g, '');
    if (!luhnValid(number)) {
      return Promise.reject(fieldError('payment.card_number', 'CARD_INVALID'));
    }
    const expiry = payment.expiry.trim();
    const end = cardExpiryEnd(expiry);
    if (!end || end.getTime() <= now.getTime()) {
      return Promise.reject(fieldError('payment.expiry', 'CARD_EXPIRED'));
    }
    const reason = TEST_CARDS_DECLINED[number];
    if (reason) return Promise.reject(declined(reason));
    const authentication = TEST_CARDS_AUTHENTICATION[number];
    if (!authentication && !TEST_CARDS_APPROVED.includes(number)) {
      return Promise.reject(declined('not_a_test_card'));
    }
    const last4 = number.slice(-4);
    const saved = {
      customerRef: null,
      paymentMethodRef: `testpm_${authentication === 'always' ? 'auth' : 'ok'}_${last4}_${expiry.replace('/', '')}_${nonce()}`,
    };
    if (authentication) {
      return Promise.resolve({
        status: 'requires_action',
        reference: `test_pi_${nonce()}`,
        clientSecret: null,
        ...saved,
      });
    }
    return Promise.resolve({
      status: 'succeeded',
      reference: `test_${now.getTime().toString(36)}_${last4}`,
      cardLast4: last4,
      ...saved,
    });
  },
  retrieve: (_reference, { testAuthentication, paymentMethodRef }) => {
    if (testAuthentication === 'approved') {
      const card = paymentMethodRef ? parseTestPaymentMethod(paymentMethodRef) : null;
      return Promise.resolve({
        status: 'succeeded',
        cardLast4: card?.last4 ?? null,
        paymentMethodRef,
      });
    }
    if (testAuthentication === 'failed') {
      return Promise.resolve({ status: 'failed', reason: 'authentication_failed' });
    }
    return Promise.resolve({ status: 'requires_action' });
  },
  cancel: () => Promise.resolve(),
  chargeOffSession: ({ paymentMethodRef, idempotencyKey, now }) => {
    const card = parseTestPaymentMethod(paymentMethodRef);
    if (!card) {
      return Promise.resolve({
        status: 'failed',
        failure: 'card_declined',
        reason: 'payment_method_unknown',
      });
    }
    const end = cardExpiryEnd(card.expiry);
    if (!end || end.getTime() <= now.getTime()) {
      return Promise.resolve({
        status: 'failed',
        failure: 'card_declined',
        reason: 'expired_card',
      });
    }
    if (card.offSession === 'auth') {
      return Promise.resolve({
        status: 'failed',
        failure: 'authentication_required',
        reason: 'authentication_required',
      });
    }
    // The same key gives the same reference, as Stripe's idempotency keys give the same PaymentIntent.
    const key = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20);
    return Promise.resolve({
      status: 'succeeded',
      reference: `test_renewal_${key}`,
      cardLast4: card.last4,
    });
  },
});

/** The part of the Stripe SDK the adapter uses. */
export type StripeClient = Pick<Stripe, 'paymentIntents' | 'customers'>;

const unavailable = (error: unknown) =>
  new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { cause: error });

/** Stripe could not be asked (network, Stripe's own fault, rate limit): try again later. */
const isTransient = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError;

/** Maps an error of an on-session Stripe call (ADR 0082). */
const mapStripeError = (error: unknown): AppError => {
  if (error instanceof Stripe.errors.StripeCardError) {
    return declined(error.decline_code ?? error.code ?? 'card_error');
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === 'resource_missing' || (error.param ?? '').startsWith('payment_method'))
  ) {
    return fieldError('payment.payment_method_id', 'INVALID_VALUE');
  }
  if (isTransient(error)) return unavailable(error);
  return new AppError('INTERNAL', { cause: error });
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const last4Of = (intent: Stripe.PaymentIntent): string | null => {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return charge?.payment_method_details?.card?.last4 ?? null;
};

/** Why a PaymentIntent that is no longer waiting did not succeed (Stripe's error code, else its status). */
const failureOf = (intent: Stripe.PaymentIntent): string =>
  intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status;

/**
 * Stripe: the browser turns the card into a PaymentMethod with Stripe's card element (ADR 0082) and sends
 * only its id; the server confirms one PaymentIntent for the period, for a Stripe Customer of the company with
 * `setup_future_usage: 'off_session'`, so that the card is saved for the automatic renewal (ADR 0084).
 * `requires_action` (3-D Secure) is answered with the PaymentIntent's client secret; the browser runs
 * `stripe.handleNextAction` and the finalise route reads the PaymentIntent again (ADR 0083). Card numbers
 * never reach our server: a test-mode payload is refused here, and the request schema refuses card fields
 * next to a `payment_method_id` (`CARD_DATA_NOT_ACCEPTED`).
 *
 * Errors (https://docs.stripe.com/api/errors): a card error is a decline (`PAYMENT_DECLINED` with Stripe's
 * decline code); an unknown or already used PaymentMethod is `INVALID_VALUE` at `payment.payment_method_id`;
 * Stripe not reachable, rate-limited or failing is 503 `PAYMENT_PROVIDER_UNAVAILABLE`; anything else
 * (wrong secret key, a request of ours Stripe rejects) is a server fault (500) and logged.
 */
export const stripePaymentProvider = (
  client: StripeClient,
  publishableKey: string | null,
): PaymentProvider => ({
  id: 'stripe',
  testMode: false,
  publishableKey,
  charge: async (request) => {
    const { payment, amountCents, currency, description, metadata } = request;
    if (payment.provider !== 'stripe') {
      throw fieldError('payment.provider', 'PAYMENT_PROVIDER_MISMATCH');
    }
    let intent: Stripe.PaymentIntent;
    let customerRef = request.customerRef;
    try {
      if (!customerRef) {
        const customer = await client.customers.create({
          email: request.billingEmail,
          name: request.billingName,
          metadata: { company_id: metadata.company_id ?? '' },
        });
        customerRef = customer.id;
      }
      intent = await client.paymentIntents.create({
        amount: amountCents,
        currency: currency.toLowerCase(),
        customer: customerRef,
        payment_method: payment.payment_method_id,
        confirm: true,
        // Saves the card at the customer for the automatic renewal (ADR 0084).
        setup_future_usage: 'off_session',
        description,
        metadata,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        // The charge carries the card's last four digits for the invoice list.
        expand: ['latest_charge'],
      });
    } catch (error) {
      throw mapStripeError(error);
    }
    const saved = {
      customerRef,
      paymentMethodRef: idOf(intent.payment_method) ?? payment.payment_method_id,
    };
    if (intent.status === 'requires_action' && intent.client_secret) {
      return {
        status: 'requires_action',
        reference: intent.id,
        clientSecret: intent.client_secret,
        ...saved,
      };
    }
    if (intent.status !== 'succeeded') throw declined(failureOf(intent));
    return { status: 'succeeded', reference: intent.id, cardLast4: last4Of(intent), ...saved };
  },
  retrieve: async (reference) => {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await client.paymentIntents.retrieve(reference, { expand: ['latest_charge'] });
    } catch (error) {
      if (isTransient(error)) throw unavailable(error);
      throw new AppError('INTERNAL', { cause: error });
    }
    if (intent.status === 'succeeded') {
      return {
        status: 'succeeded',
        cardLast4: last4Of(intent),
        paymentMethodRef: idOf(intent.payment_method),
      };
    }
    // Still with the card holder (or with the bank): not finalised, not failed.
    if (
      intent.status === 'requires_action' ||
      intent.status === 'processing' ||
      intent.status === 'requires_confirmation'
    ) {
      return { status: 'requires_action' };
    }
    // requires_payment_method after a failed authentication (payment_intent_authentication_failure), canceled.
    return { status: 'failed', reason: failureOf(intent) };
  },
  cancel: async (reference) => {
    try {
      await client.paymentIntents.cancel(reference);
    } catch (error) {
      if (isTransient(error)) throw unavailable(error);
      throw new AppError('INTERNAL', { cause: error });
    }
  },
  chargeOffSession: async (request) => {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await client.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          ...(request.customerRef ? { customer: request.customerRef } : {}),
          payment_method: request.paymentMethodRef,
          off_session: true,
          confirm: true,
          description: request.description,
          metadata: request.metadata,
          expand: ['latest_charge'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      // https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method: a card that needs the
      // customer fails with `authentication_required`; other card errors are declines.
      if (error instanceof Stripe.errors.StripeCardError) {
        return error.code === 'authentication_required'
          ? {
              status: 'failed',
              failure: 'authentication_required',
              reason: 'authentication_required',
            }
          : {
              status: 'failed',
              failure: 'card_declined',
              reason: error.decline_code ?? error.code ?? 'card_error',
            };
      }
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        // The saved card was detached or the customer deleted at Stripe: it cannot be charged.
        return {
          status: 'failed',
          failure: 'card_declined',
          reason: error.code ?? 'payment_method_unusable',
        };
      }
      if (isTransient(error)) throw unavailable(error);
      throw new AppError('INTERNAL', { cause: error });
    }
    if (intent.status === 'succeeded') {
      return { status: 'succeeded', reference: intent.id, cardLast4: last4Of(intent) };
    }
    if (intent.status === 'requires_action') {
      return {
        status: 'failed',
        failure: 'authentication_required',
        reason: 'authentication_required',
      };
    }
    return { status: 'failed', failure: 'card_declined', reason: failureOf(intent) };
  },
});

export type PaymentConfig = {
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
};

/**
 * Stripe when STRIPE_SECRET_KEY is configured, else the embedded test provider (ADR 0081).
 * `createStripe` is injectable so the selection can be tested without network.
 */
export const selectPaymentProvider = (
  config: PaymentConfig,
  createStripe: (secretKey: string) => StripeClient = (key) => new Stripe(key),
): PaymentProvider =>
  config.stripeSecretKey
    ? stripePaymentProvider(
        createStripe(config.stripeSecretKey),
        config.stripePublishableKey ?? null,
      )
    : testPaymentProvider();
