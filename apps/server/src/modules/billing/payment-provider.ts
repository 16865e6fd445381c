import type { Payment, PaymentProviderId } from '@pfahlplaner/contracts';
import { cardExpiryEnd, luhnValid } from '@pfahlplaner/contracts';
import Stripe from 'stripe';
import { AppError, fieldError } from '#app/lib/app-error';

/** One charge of the first period of a subscription (ADR 0081). */
export type ChargeRequest = {
  amountCents: number;
  currency: 'EUR';
  description: string;
  payment: Payment;
  now: Date;
  metadata: Record<string, string>;
};
export type ChargeResult = { reference: string; cardLast4: string | null };

/** Takes payments. Declines throw AppError('PAYMENT_DECLINED'); nothing is recorded before success. */
export type PaymentProvider = {
  id: PaymentProviderId;
  /** The embedded test provider: no money moves; answers and UI say so. */
  testMode: boolean;
  publishableKey: string | null;
  charge: (request: ChargeRequest) => Promise<ChargeResult>;
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

const declined = (reason: string) =>
  new AppError('PAYMENT_DECLINED', {
    details: [{ path: 'payment.card_number', code: 'PAYMENT_DECLINED', params: { reason } }],
  });

/**
 * The embedded test provider: Luhn check, expiry check against the clock, Stripe's test numbers approve or
 * decline as at Stripe; any other (Luhn-valid) number is declined as `not_a_test_card`, so a real card
 * number typed into test mode never "succeeds". Card data is used for the decision only: just the last
 * four digits are kept on the invoice.
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
    const end = cardExpiryEnd(payment.expiry);
    if (!end || end.getTime() <= now.getTime()) {
      return Promise.reject(fieldError('payment.expiry', 'CARD_EXPIRED'));
    }
    const reason = TEST_CARDS_DECLINED[number];
    if (reason) return Promise.reject(declined(reason));
    if (!TEST_CARDS_APPROVED.includes(number)) return Promise.reject(declined('not_a_test_card'));
    return Promise.resolve({
      reference: `test_${now.getTime().toString(36)}_${number.slice(-4)}`,
      cardLast4: number.slice(-4),
    });
  },
});

/** The part of the Stripe SDK the adapter uses (so that the selection test needs no network). */
export type StripeClient = Pick<Stripe, 'paymentIntents'>;

const unavailable = (error: unknown) =>
  new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { cause: error });

/**
 * Stripe: the browser turns the card into a PaymentMethod with Stripe's card element (ADR 0082) and sends
 * only its id; the server confirms one PaymentIntent for the first period. Card numbers never reach our
 * server: a test-mode payload is refused here, and the request schema refuses card fields next to a
 * `payment_method_id` (`CARD_DATA_NOT_ACCEPTED`).
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
  charge: async ({ payment, amountCents, currency, description, metadata }) => {
    if (payment.provider !== 'stripe') {
      throw fieldError('payment.provider', 'PAYMENT_PROVIDER_MISMATCH');
    }
    let intent: Stripe.PaymentIntent;
    try {
      intent = await client.paymentIntents.create({
        amount: amountCents,
        currency: currency.toLowerCase(),
        payment_method: payment.payment_method_id,
        confirm: true,
        description,
        metadata,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        // The charge carries the card's last four digits for the invoice list.
        expand: ['latest_charge'],
      });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        throw declined(error.decline_code ?? error.code ?? 'card_error');
      }
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        (error.code === 'resource_missing' || (error.param ?? '').startsWith('payment_method'))
      ) {
        throw fieldError('payment.payment_method_id', 'INVALID_VALUE');
      }
      if (
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeAPIError ||
        error instanceof Stripe.errors.StripeRateLimitError
      ) {
        throw unavailable(error);
      }
      throw new AppError('INTERNAL', { cause: error });
    }
    // 3-D Secure and other customer actions need a client-side step that is not built (ADR 0082).
    if (intent.status !== 'succeeded') throw declined(intent.status);
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    return {
      reference: intent.id,
      cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
    };
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
