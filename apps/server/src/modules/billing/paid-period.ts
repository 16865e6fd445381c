import type { LicenceStatus, Upgrade } from '@pfahlplaner/contracts';
import { priceCents } from '@pfahlplaner/contracts';
import type { Clock } from '#app/lib/clock';
import { periodEnd } from '#app/modules/billing/licence';
import type { PaymentProvider } from '#app/modules/billing/payment-provider';
import type { SubscriptionReader } from '#app/modules/billing/subscription-view';

/** The validated upgrade request kept with a payment that waits for authentication (no card data). */
export type PendingRequest = Pick<Upgrade, 'company' | 'billing' | 'users'>;

/** The statuses in which a Paid company's period is still running (a new period follows it). */
export const RUNNING_PAID: readonly LicenceStatus[] = ['active', 'period_ending', 'past_due'];

/** What was charged: the provider's payment, the saved card and customer. */
export type Charge = {
  reference: string;
  cardLast4: string | null;
  customerRef: string | null;
  paymentMethodRef: string | null;
};

export const paidPeriodRows = (deps: {
  reader: SubscriptionReader;
  clock: Clock;
  provider: PaymentProvider;
}) => {
  const { clock, provider } = deps;
  /**
   * The rows of a paid period: company data, plan `Paid`, subscription (with the saved card and the
   * auto-renew switch) and its invoice. The period follows a still running paid period, else it starts now.
   * Read before the write transaction (PGlite has one connection); the unique (company, period start)
   * index catches a renewal recorded in between. Used by the upgrade and by the finalisation of an
   * authenticated payment.
   */
  return async (
    companyId: number,
    request: PendingRequest,
    charge: Charge,
    actorId: number | null,
  ) => {
    const { plan, subscription, status } = await deps.reader.load(companyId);
    const now = clock.now();
    const running = plan === 'Paid' && subscription !== undefined && RUNNING_PAID.includes(status);
    const start = running ? subscription.period_end : now;
    const end = periodEnd(start, request.billing);
    const c = request.company;
    const amount = priceCents(request.billing, request.users);
    // Auto-renew is on for a new paid subscription and for the first saved card; a renewal keeps the
    // Owner's choice. It needs a card the provider can charge again (ADR 0084).
    const autoRenew =
      charge.paymentMethodRef !== null &&
      (!running || subscription.auto_renew || !subscription.payment_method_ref);
    return {
      company: {
        name: c.name,
        street: c.street,
        address: c.street,
        postal_code: c.postal_code ?? '',
        location: c.location,
        ...(c.country_id ? { country_id: c.country_id.toUpperCase() } : {}),
        email: c.email,
        plan: 'Paid',
        modified_date: now,
        modified_by: actorId,
      },
      subscription: {
        plan: 'Paid',
        billing: request.billing,
        seats: request.users,
        // Money that moved is recorded; a support block stays until support lifts it.
        status: status === 'blocked' ? 'blocked' : 'active',
        provider: provider.id,
        provider_ref: charge.reference,
        test_mode: provider.testMode,
        period_start: start,
        period_end: end,
        created_date: subscription?.created_date ?? now,
        modified_date: now,
        modified_by: actorId,
        auto_renew: autoRenew,
        customer_ref: charge.customerRef,
        payment_method_ref: charge.paymentMethodRef,
        card_last4: charge.cardLast4,
        renewal_failure: null,
        renewal_failed_at: null,
        renewal_lease_until: null,
      },
      invoice: {
        billing: request.billing,
        seats: request.users,
        amount_cents: amount,
        currency: 'EUR',
        status: 'paid',
        provider: provider.id,
        provider_ref: charge.reference,
        test_mode: provider.testMode,
        card_last4: charge.cardLast4,
        automatic: false,
        period_start: start,
        period_end: end,
        created_date: now,
        created_by: actorId,
      },
    } as const;
  };
};
