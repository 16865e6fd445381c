import type { Invoice, Subscription } from '@pfahlplaner/contracts';
import { TRIAL_DAYS } from '@pfahlplaner/contracts';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { DAY } from '#app/lib/clock';
import { assertCan, assertOwnCompany } from '#app/lib/policy';
import type { RateLimiter, RateLimits } from '#app/lib/rate-limiter';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { BillingRepository } from '#app/modules/billing/billing.repository';
import { companyEmailService } from '#app/modules/billing/company-email.service';
import type { PaymentProvider } from '#app/modules/billing/payment-provider';
import { paymentService } from '#app/modules/billing/payment.service';
import { subscriptionReader, toInvoiceView } from '#app/modules/billing/subscription-view';
import type { Mailer } from '#app/modules/mail/mailer';
import type { UsersRepository } from '#app/modules/users/users.repository';

type Deps = {
  billing: BillingRepository;
  users: UsersRepository;
  mailer: Mailer;
  clock: Clock;
  otpKey: Uint8Array;
  publicUrl: string;
  provider: PaymentProvider;
  limiter: RateLimiter;
  limits: RateLimits;
};

/**
 * Billing of a company, one service per job: the subscription itself (view, seats, trial, auto-renew,
 * support) here; the company e-mail verification in company-email.service.ts; paying (upgrade, 3-D Secure
 * settlement) in payment.service.ts; the automatic renewal in renewal.service.ts.
 */
export const billingService = (deps: Deps) => {
  const { billing, clock, provider } = deps;
  const reader = subscriptionReader(deps);
  const companyEmail = companyEmailService(deps);
  const payments = paymentService({ billing, clock, provider, reader, companyEmail });

  return {
    view: reader.view,
    requestCompanyEmail: companyEmail.requestCompanyEmail,
    verifyCompanyEmail: companyEmail.verifyCompanyEmail,
    ...payments,

    /**
     * Seats of add-employee: active users must stay ≤ paid seats / trial size (Free: 1). The count is
     * compared in the inserting transaction (employees.repository insertWithinSeats), not here.
     */
    seatLimit: async (companyId: number): Promise<number> => {
      const { plan, subscription } = await reader.load(companyId);
      return reader.seatsOf(plan, subscription);
    },

    /** Licence status and the expiry shown in user management. */
    licence: async (companyId: number) => {
      const { plan, subscription, status } = await reader.load(companyId);
      return { status, expiry: plan === 'Free' ? null : (subscription?.period_end ?? null) };
    },

    /** GET /v1/companies/{companyId}/subscription/: every role of the company (the banners need it). */
    get: async (auth: AuthContext, companyId: number): Promise<Subscription> => {
      assertOwnCompany(auth, companyId);
      assertCan(auth, 'subscription.view');
      return reader.view(companyId);
    },

    /** GET …/invoices/: Owner and Admin. */
    invoices: async (auth: AuthContext, companyId: number): Promise<Invoice[]> => {
      assertOwnCompany(auth, companyId);
      assertCan(auth, 'invoices.view');
      return (await billing.invoices(companyId)).map(toInvoiceView);
    },

    /** POST …/subscription/start-trial/: once per company, from the Free plan, TRIAL_DAYS long. */
    startTrial: async (
      auth: AuthContext,
      companyId: number,
      users: number,
    ): Promise<Subscription> => {
      assertOwnCompany(auth, companyId);
      assertCan(auth, 'subscription.startTrial');
      const { plan, subscription } = await reader.load(companyId);
      if (plan !== 'Free' || subscription) throw new AppError('ALREADY_SUBSCRIBED');
      const now = clock.now();
      await billing.saveSubscription(
        companyId,
        { plan: 'Trial', modified_date: now, modified_by: auth.userId },
        {
          plan: 'Trial',
          billing: null,
          seats: users,
          status: 'active',
          provider: null,
          provider_ref: null,
          test_mode: false,
          period_start: now,
          period_end: new Date(now.getTime() + TRIAL_DAYS * DAY),
          created_date: now,
          modified_date: now,
          modified_by: auth.userId,
        },
        null,
      );
      return reader.view(companyId);
    },

    /**
     * PATCH /v1/companies/{companyId}/subscription/auto-renew/ (Owner): the automatic renewal switch of a
     * paid subscription. On needs a saved card (PAYMENT_METHOD_MISSING) and clears a failed attempt, so the
     * renewal job charges again; off keeps the running period, which then ends at its end.
     */
    setAutoRenew: async (
      auth: AuthContext,
      companyId: number,
      autoRenew: boolean,
    ): Promise<Subscription> => {
      assertOwnCompany(auth, companyId);
      assertCan(auth, 'subscription.autoRenew');
      const { plan, subscription, status } = await reader.load(companyId);
      if (plan !== 'Paid' || !subscription) throw new AppError('NO_PAID_SUBSCRIPTION');
      if (status === 'blocked') throw new AppError('LICENCE_BLOCKED');
      if (
        autoRenew &&
        (!subscription.payment_method_ref || subscription.provider !== provider.id)
      ) {
        throw new AppError('PAYMENT_METHOD_MISSING');
      }
      await billing.setAutoRenew(companyId, autoRenew, clock.now(), auth.userId);
      return reader.view(companyId);
    },

    /** Support (SUPPORT_TOKEN) and development: set a licence state (block a company, extend a trial, set up the browser tests). */
    supportSet: async (
      companyId: number,
      input: {
        plan: 'Trial' | 'Paid';
        seats: number;
        status: 'active' | 'blocked';
        period_end: string;
      },
    ): Promise<Subscription> => {
      const { company } = await reader.load(companyId);
      const now = clock.now();
      await billing.saveSubscription(
        company.id,
        { plan: input.plan, modified_date: now },
        {
          plan: input.plan,
          billing: input.plan === 'Paid' ? 'monthly' : null,
          seats: input.seats,
          status: input.status,
          provider: null,
          provider_ref: null,
          test_mode: true,
          period_start: now,
          period_end: new Date(input.period_end),
          created_date: now,
          modified_date: now,
          modified_by: null,
          renewal_failure: null,
          renewal_failed_at: null,
          renewal_lease_until: null,
        },
        null,
      );
      return reader.view(companyId);
    },
  };
};
export type BillingService = ReturnType<typeof billingService>;
