import type { Billing, LicenceStatus, Plan } from '@pfahlplaner/contracts';
import {
  RENEWAL_CHARGE_LEAD_DAYS,
  RENEWAL_WINDOW_DAYS,
  TRIAL_ENDING_DAYS,
} from '@pfahlplaner/contracts';
import type { subscriptions } from '#app/db/schema/index';
import { DAY } from '#app/lib/clock';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The licence status of a company at `now` (docs/permissions.md, "Subscription and billing"):
 * Free plan → `free`; support block → `blocked`; past `period_end` → `expired`; a trial in its last
 * TRIAL_ENDING_DAYS → `trial_ending`; a paid period whose automatic renewal failed → `past_due` (still
 * writable until the period end: the grace rule of ADR 0084); a paid period without automatic renewal in its
 * last RENEWAL_WINDOW_DAYS → `period_ending`. Pure, so every state is testable with a manual clock.
 */
export const licenceStatus = (
  plan: Plan,
  subscription: SubscriptionRow | undefined,
  now: Date,
): LicenceStatus => {
  if (plan === 'Free') return 'free';
  // Trial/Paid without a subscription row: the demo company of ADR 0036 — running, without an end.
  if (!subscription) return plan === 'Trial' ? 'trial' : 'active';
  if (subscription.status === 'blocked') return 'blocked';
  const left = subscription.period_end.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  if (subscription.plan === 'Trial') {
    return left <= TRIAL_ENDING_DAYS * DAY ? 'trial_ending' : 'trial';
  }
  if (subscription.renewal_failure) return 'past_due';
  if (!subscription.auto_renew && left <= RENEWAL_WINDOW_DAYS * DAY) return 'period_ending';
  return 'active';
};

/** When the renewal job charges the next period of a subscription (ADR 0084). */
export const renewalDueAt = (periodEnd: Date): Date =>
  new Date(periodEnd.getTime() - RENEWAL_CHARGE_LEAD_DAYS * DAY);

/**
 * End of a billing period that starts at `start`: one calendar month or one calendar year later (UTC);
 * a day that does not exist in the target month is clamped (31 Jan + 1 month = 28/29 Feb).
 */
export const periodEnd = (start: Date, billing: Billing): Date => {
  const y = start.getUTCFullYear() + (billing === 'yearly' ? 1 : 0);
  const m = start.getUTCMonth() + (billing === 'monthly' ? 1 : 0);
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCDate(1);
  end.setUTCFullYear(y, m, Math.min(start.getUTCDate(), lastDay));
  return end;
};
