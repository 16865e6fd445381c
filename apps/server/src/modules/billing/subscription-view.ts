import type { Billing, Invoice, Plan, Subscription } from '@pfahlplaner/contracts';
import {
  bannerFor,
  licenceAllowsWrites,
  planOf,
  priceCents,
  TRIAL_MAX_USERS,
} from '@pfahlplaner/contracts';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import type { BillingRepository, InvoiceRow } from '#app/modules/billing/billing.repository';
import type { SubscriptionRow } from '#app/modules/billing/licence';
import { licenceStatus, renewalDueAt } from '#app/modules/billing/licence';
import type { PaymentProvider } from '#app/modules/billing/payment-provider';

/** Minimal logger (Fastify's, in tests silent). */
export type BillingLog = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export const billingOf = (value: string | null): Billing | null =>
  value === 'monthly' || value === 'yearly' ? value : null;
const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export const toInvoiceView = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: row.number,
  created_date: row.created_date.toISOString(),
  period_start: row.period_start.toISOString(),
  period_end: row.period_end.toISOString(),
  billing: billingOf(row.billing) ?? 'monthly',
  seats: row.seats,
  amount_cents: row.amount_cents,
  currency: 'EUR',
  status: 'paid',
  provider: row.provider === 'stripe' ? 'stripe' : 'test',
  test_mode: row.test_mode,
  card_last4: row.card_last4,
  automatic: row.automatic,
});

/** Free: 1; the subscription's seats; Trial/Paid without a row (demo company): the largest trial. */
const seatsOf = (plan: Plan, subscription: SubscriptionRow | undefined): number => {
  if (plan === 'Free') return 1;
  return subscription ? subscription.seats : TRIAL_MAX_USERS;
};

export type SubscriptionReaderDeps = {
  billing: BillingRepository;
  clock: Clock;
  provider: PaymentProvider;
};

/**
 * Reads a company's licence: plan, subscription row and status (`load`), the seats it pays for and the
 * subscription as the API shows it (`view`). Every billing job starts from here.
 */
export const subscriptionReader = ({ billing, clock, provider }: SubscriptionReaderDeps) => {
  const load = async (companyId: number) => {
    const company = await billing.company(companyId);
    if (!company) throw new AppError('NOT_FOUND');
    const subscription = await billing.subscription(companyId);
    const plan = planOf(company.plan);
    return { company, plan, subscription, status: licenceStatus(plan, subscription, clock.now()) };
  };

  const view = async (companyId: number): Promise<Subscription> => {
    const { plan, subscription, status } = await load(companyId);
    const b = billingOf(subscription?.billing ?? null);
    const seats = seatsOf(plan, subscription);
    return {
      plan,
      status,
      banner: bannerFor(status),
      writable: licenceAllowsWrites(status),
      billing: plan === 'Paid' ? b : null,
      seats,
      active_users: await billing.activeUsers(companyId),
      period_start: plan === 'Free' ? null : iso(subscription?.period_start),
      period_end: plan === 'Free' ? null : iso(subscription?.period_end),
      price_cents_per_period: plan === 'Paid' && b ? priceCents(b, seats) : null,
      currency: 'EUR',
      payment_provider: provider.id,
      test_mode: provider.testMode,
      stripe_publishable_key: provider.publishableKey,
      auto_renew: plan === 'Paid' && (subscription?.auto_renew ?? false),
      saved_card_last4:
        plan === 'Paid' && subscription?.payment_method_ref ? subscription.card_last4 : null,
      // Past due: no further automatic attempt for this period, so no next charge is shown.
      next_renewal_at:
        plan === 'Paid' && subscription?.auto_renew && status === 'active'
          ? renewalDueAt(subscription.period_end).toISOString()
          : null,
      banner_reason:
        status === 'past_due' && subscription?.renewal_failure === 'authentication_required'
          ? 'authentication_required'
          : status === 'past_due'
            ? 'card_declined'
            : null,
    };
  };

  return { load, view, seatsOf };
};
export type SubscriptionReader = ReturnType<typeof subscriptionReader>;
