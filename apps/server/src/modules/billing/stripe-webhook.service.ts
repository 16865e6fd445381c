import Stripe from 'stripe';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import type { BillingRepository, PendingPaymentRow } from '#app/modules/billing/billing.repository';
import type { BillingLog } from '#app/modules/billing/subscription-view';
import type { PaymentProvider } from '#app/modules/billing/payment-provider';
import type { RenewalService } from '#app/modules/billing/renewal.service';

/** What the webhook route answers (Stripe only needs the 2xx; the outcome helps whoever reads the logs). */
export type WebhookOutcome = {
  event_id: string;
  type: string;
  duplicate: boolean;
  outcome: string;
};

type Deps = {
  billing: BillingRepository;
  provider: PaymentProvider;
  clock: Clock;
  log: BillingLog;
  /** STRIPE_WEBHOOK_SECRET (`whsec_…`); unset: the route answers WEBHOOK_NOT_CONFIGURED. */
  webhookSecret: string | undefined;
  settlePending: (row: PendingPaymentRow) => Promise<unknown>;
  renewals: RenewalService;
};

/**
 * Stripe webhooks (ADR 0085). Only what our design needs: we charge PaymentIntents ourselves (no Stripe
 * Subscriptions or Invoices), so `payment_intent.succeeded` / `payment_intent.payment_failed` matter and
 * every other event — the `invoice.*` events included — is acknowledged and ignored.
 *
 * - A PaymentIntent of a payment waiting for 3-D Secure: settled exactly as the finalise route does (the
 *   PaymentIntent is read from Stripe again) — so an upgrade is finalised even when the browser was closed
 *   after the authentication.
 * - A PaymentIntent of an automatic renewal (`metadata.kind = renewal`): recorded if the job did not record
 *   it (the process stopped after the charge), or marked past due on failure — guarded by the period.
 *
 * Every event id is stored after handling; a redelivered event is answered without handling it again, and
 * the handling itself is idempotent (conditional updates, unique invoice per period) for two deliveries at
 * the same time. A failure while handling answers 5xx, so Stripe delivers again later.
 */
export const stripeWebhookService = (deps: Deps) => {
  const { billing, clock, log } = deps;

  const settle = async (row: PendingPaymentRow): Promise<string> => {
    try {
      await deps.settlePending(row);
      return 'pending_finalised';
    } catch (error) {
      if (error instanceof AppError) {
        if (error.code === 'PAYMENT_AUTHENTICATION_PENDING') return 'pending_waiting';
        if (error.code === 'PAYMENT_AUTHENTICATION_FAILED') return 'pending_failed';
        if (error.code === 'PENDING_PAYMENT_EXPIRED') return 'pending_abandoned';
      }
      throw error;
    }
  };

  /**
   * The subscription whose running period a renewal PaymentIntent was made for (its metadata), or undefined
   * when that period has moved on meanwhile (renewed by hand, say): then the event changes nothing.
   */
  const renewedSubscription = async (intent: Stripe.PaymentIntent) => {
    const subscription = await billing.subscription(Number(intent.metadata.company_id));
    return subscription &&
      String(subscription.id) === intent.metadata.subscription_id &&
      subscription.period_end.toISOString() === intent.metadata.period_start
      ? subscription
      : undefined;
  };

  /** A renewal PaymentIntent that succeeded: recorded unless the job (or an earlier delivery) did. */
  const renewalSucceeded = async (intent: Stripe.PaymentIntent): Promise<string> => {
    if (await billing.invoiceByRef(intent.id)) return 'renewal_already_recorded';
    const subscription = await renewedSubscription(intent);
    if (!subscription) return 'renewal_period_moved';
    const invoice = await deps.renewals.recordCharged(
      subscription,
      { reference: intent.id, cardLast4: null },
      clock.now(),
    );
    return invoice ? 'renewal_recorded' : 'renewal_already_recorded';
  };

  const renewalFailed = async (intent: Stripe.PaymentIntent): Promise<string> => {
    const subscription = await renewedSubscription(intent);
    if (!subscription) return 'renewal_period_moved';
    const failure =
      intent.last_payment_error?.code === 'authentication_required'
        ? 'authentication_required'
        : 'card_declined';
    const marked = await deps.renewals.recordFailed(subscription, failure, clock.now());
    return marked ? 'renewal_past_due' : 'renewal_already_past_due';
  };

  const dispatch = async (event: Stripe.Event): Promise<string> => {
    if (
      event.type !== 'payment_intent.succeeded' &&
      event.type !== 'payment_intent.payment_failed'
    ) {
      return 'ignored';
    }
    const intent = event.data.object;
    const pending = await billing.pendingByRef(intent.id);
    if (pending) return settle(pending);
    if (intent.metadata?.kind === 'renewal') {
      return event.type === 'payment_intent.succeeded'
        ? renewalSucceeded(intent)
        : renewalFailed(intent);
    }
    return 'ignored';
  };

  return {
    /** POST {API_BASE}/v1/billing/stripe/webhook: `payload` is the raw body, as Stripe signed it. */
    handle: async (payload: Buffer, signature: string | undefined): Promise<WebhookOutcome> => {
      if (!deps.webhookSecret || deps.provider.id !== 'stripe') {
        throw new AppError('WEBHOOK_NOT_CONFIGURED');
      }
      let event: Stripe.Event;
      try {
        // Signature and age (5 minutes, Stripe's default tolerance) against our clock.
        event = Stripe.webhooks.constructEvent(
          payload,
          signature ?? '',
          deps.webhookSecret,
          undefined,
          undefined,
          clock.now().getTime(),
        );
      } catch (error) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', { cause: error });
      }
      if (await billing.webhookEventSeen(event.id)) {
        return { event_id: event.id, type: event.type, duplicate: true, outcome: 'duplicate' };
      }
      const outcome = await dispatch(event);
      const first = await billing.recordWebhookEvent(event.id, event.type, outcome, clock.now());
      log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return { event_id: event.id, type: event.type, duplicate: !first, outcome };
    },
  };
};
export type StripeWebhookService = ReturnType<typeof stripeWebhookService>;
