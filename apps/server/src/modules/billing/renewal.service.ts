import type { RenewalFailure } from '@pfahlplaner/contracts';
import {
  priceCents,
  RENEWAL_CHARGE_LEAD_DAYS,
  RENEWAL_WINDOW_DAYS,
  TRIAL_ENDING_DAYS,
} from '@pfahlplaner/contracts';
import type { Clock } from '#app/lib/clock';
import { DAY, MINUTE } from '#app/lib/clock';
import type { BillingRepository, InvoiceRow } from '#app/modules/billing/billing.repository';
import type { BillingLog } from '#app/modules/billing/subscription-view';
import type { SubscriptionRow } from '#app/modules/billing/licence';
import { periodEnd } from '#app/modules/billing/licence';
import type { PaymentProvider } from '#app/modules/billing/payment-provider';
import { endingSoonMail, renewalFailedMail, renewedMail } from '#app/modules/billing/billing-mails';
import type { Mail, Mailer } from '#app/modules/mail/mailer';

/** A renewal claim lapses after this time (a process that died while charging does not block for good). */
export const RENEWAL_LEASE_MS = 10 * MINUTE;

/**
 * The idempotency key of the automatic charge of the period that follows `periodEnd` (ADR 0084). The
 * provider's customer is part of it, so that a database restored or reset against the same Stripe account
 * cannot reuse another company's key.
 */
export const renewalKey = (
  customerRef: string | null,
  subscriptionId: number,
  periodEndAt: Date,
): string =>
  `pfahlplaner-renewal-${customerRef ?? 'nocustomer'}-${subscriptionId}-${periodEndAt.toISOString()}`;

type Deps = {
  billing: BillingRepository;
  provider: PaymentProvider;
  clock: Clock;
  log: BillingLog;
  /** Renewal receipts and failure notices go to the Owners and the company address (ADR 0108). */
  mailer: Mailer;
  publicUrl: string;
  /** Finalises or gives up a payment that waited for 3-D Secure (billing service). */
  settlePending: (
    row: NonNullable<Awaited<ReturnType<BillingRepository['pending']>>>,
  ) => Promise<unknown>;
};

export type RenewalRun = {
  /** Pending 3-D Secure payments past their time: finalised, failed or given up. */
  settled: number;
  renewed: number;
  failed: number;
  /** Claimed by another process (or run) first. */
  skipped: number;
  /** The provider could not be asked; the next run tries again. */
  retry: number;
  /** "Ends soon" mails sent: trials and paid periods without automatic renewal (ADR 0108). */
  noticed: number;
};

/**
 * Automatic renewal (ADR 0084). `runRenewals` is what the interval timer calls (and tests call with the
 * manual clock): it settles expired 3-D Secure payments, then charges every paid subscription whose period
 * ends within RENEWAL_CHARGE_LEAD_DAYS, off-session with the saved card. Each charge is guarded three times:
 * a conditional update claims the period for one process, the provider gets one idempotency key per period,
 * and the unique (company, period start) invoice index refuses a second record.
 */
export const renewalService = (deps: Deps) => {
  const { billing, provider, clock, log } = deps;

  /**
   * Mails a billing event to the company's contacts. Best effort: the charge or the failure is recorded
   * already, and a mail server that is down must not undo it or make the job retry the charge.
   */
  const notify = async (
    companyId: number,
    build: (to: string, company: string) => Mail,
  ): Promise<void> => {
    try {
      const contacts = await billing.billingContacts(companyId);
      if (!contacts) return;
      for (const to of contacts.recipients) {
        await deps.mailer.send(build(to, contacts.company));
      }
    } catch (error) {
      log.error({ err: error, companyId }, 'billing notice not sent');
    }
  };

  /** The charged next period: period moved on and invoice written, once; the receipt mailed then. */
  const recordCharged = async (
    subscription: SubscriptionRow,
    charge: { reference: string; cardLast4: string | null },
    now: Date,
  ): Promise<InvoiceRow | null> => {
    const b = subscription.billing === 'yearly' ? 'yearly' : 'monthly';
    const next = periodEnd(subscription.period_end, b);
    const invoice = await billing.recordRenewal(
      subscription,
      { periodEnd: next, now, cardLast4: charge.cardLast4 },
      {
        billing: b,
        seats: subscription.seats,
        amount_cents: priceCents(b, subscription.seats),
        currency: 'EUR',
        status: 'paid',
        provider: provider.id,
        provider_ref: charge.reference,
        test_mode: provider.testMode,
        card_last4: charge.cardLast4 ?? subscription.card_last4,
        automatic: true,
        period_start: subscription.period_end,
        period_end: next,
        created_date: now,
        created_by: null,
      },
    );
    if (invoice) {
      await notify(subscription.company_id, (to, company) =>
        renewedMail({ to, company, invoice, publicUrl: deps.publicUrl }),
      );
    }
    return invoice;
  };

  /**
   * The renewal of the running period failed: past due with its reason, once per period; the notice is
   * mailed only by the call that marked it (job or webhook, whichever came first).
   */
  const recordFailed = async (
    subscription: SubscriptionRow,
    failure: RenewalFailure,
    now: Date,
  ): Promise<boolean> => {
    const marked = await billing.markRenewalFailed(
      subscription.id,
      subscription.period_end,
      failure,
      now,
    );
    if (marked) {
      await notify(subscription.company_id, (to, company) =>
        renewalFailedMail({
          to,
          company,
          failure,
          cardLast4: subscription.card_last4,
          periodEnd: subscription.period_end,
          publicUrl: deps.publicUrl,
        }),
      );
    }
    return marked;
  };

  const renewOne = async (
    due: SubscriptionRow,
    now: Date,
  ): Promise<'renewed' | 'failed' | 'skipped' | 'retry'> => {
    const claimed = await billing.claimRenewal(
      due.id,
      due.period_end,
      now,
      new Date(now.getTime() + RENEWAL_LEASE_MS),
    );
    if (!claimed?.payment_method_ref) return 'skipped';
    const b = claimed.billing === 'yearly' ? 'yearly' : 'monthly';
    let outcome;
    try {
      outcome = await provider.chargeOffSession({
        amountCents: priceCents(b, claimed.seats),
        currency: 'EUR',
        description: `Pfahlplaner ${b} subscription, ${claimed.seats} user(s), automatic renewal`,
        customerRef: claimed.customer_ref,
        paymentMethodRef: claimed.payment_method_ref,
        idempotencyKey: renewalKey(claimed.customer_ref, claimed.id, claimed.period_end),
        now,
        metadata: {
          kind: 'renewal',
          company_id: String(claimed.company_id),
          subscription_id: String(claimed.id),
          period_start: claimed.period_end.toISOString(),
          users: String(claimed.seats),
          billing: b,
        },
      });
    } catch (error) {
      // Not answered (network, provider fault): give the claim back; the same idempotency key next time.
      await billing.releaseRenewal(claimed.id, claimed.period_end);
      log.warn(
        { err: error, subscriptionId: claimed.id },
        'renewal charge not answered, retrying later',
      );
      return 'retry';
    }
    if (outcome.status === 'failed') {
      await recordFailed(claimed, outcome.failure, now);
      log.info(
        { subscriptionId: claimed.id, failure: outcome.failure, reason: outcome.reason },
        'automatic renewal failed: past due',
      );
      return 'failed';
    }
    const invoice = await recordCharged(claimed, outcome, now);
    return invoice ? 'renewed' : 'skipped';
  };

  return {
    recordCharged,
    recordFailed,

    runRenewals: async (): Promise<RenewalRun> => {
      const run: RenewalRun = {
        settled: 0,
        renewed: 0,
        failed: 0,
        skipped: 0,
        retry: 0,
        noticed: 0,
      };
      const now = clock.now();
      for (const row of await billing.expiredPayments(now)) {
        try {
          await deps.settlePending(row);
        } catch {
          // Expected: PENDING_PAYMENT_EXPIRED / PAYMENT_AUTHENTICATION_FAILED once settled.
        }
        const after = await billing.pending(row.id);
        if (after && after.status !== 'requires_action') run.settled += 1;
      }
      const dueBefore = new Date(now.getTime() + RENEWAL_CHARGE_LEAD_DAYS * DAY);
      for (const due of await billing.dueRenewals(provider.id, dueBefore, now)) {
        try {
          run[await renewOne(due, now)] += 1;
        } catch (error) {
          log.error({ err: error, subscriptionId: due.id }, 'renewal failed unexpectedly');
          run.retry += 1;
        }
      }
      // After the charges: a period renewed just now has moved on and is not "ending".
      const endings = await billing.endingNoticesDue(
        now,
        new Date(now.getTime() + TRIAL_ENDING_DAYS * DAY),
        new Date(now.getTime() + RENEWAL_WINDOW_DAYS * DAY),
      );
      for (const ending of endings) {
        if (!(await billing.claimEndingNotice(ending.id, ending.period_end))) continue;
        await notify(ending.company_id, (to, company) =>
          endingSoonMail({
            to,
            company,
            plan: ending.plan === 'Trial' ? 'Trial' : 'Paid',
            seats: ending.seats,
            billing: ending.billing,
            periodEnd: ending.period_end,
            publicUrl: deps.publicUrl,
          }),
        );
        run.noticed += 1;
      }
      return run;
    },
  };
};
export type RenewalService = ReturnType<typeof renewalService>;

/**
 * The interval timer of the renewal job, started with the app and stopped on close (app.ts). One run at a
 * time per process; `stop` waits for a running one, so the database is not closed under it.
 */
export const renewalJob = (opts: {
  run: () => Promise<RenewalRun>;
  intervalMs: number;
  log: BillingLog;
}) => {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = opts
      .run()
      .then((result) => {
        if (result.renewed + result.failed + result.settled > 0) {
          opts.log.info(result, 'renewal job');
        }
      })
      .catch((error: unknown) => opts.log.error({ err: error }, 'renewal job failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    start: () => {
      if (timer) return;
      timer = setInterval(tick, opts.intervalMs);
      timer.unref();
      tick();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    get started() {
      return timer !== null;
    },
  };
};
