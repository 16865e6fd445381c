import type {
  Billing,
  Invoice,
  MailLang,
  OtpSent,
  Plan,
  Subscription,
  Upgrade,
  UpgradeResult,
} from '@pfahlplaner/contracts';
import {
  bannerFor,
  licenceAllowsWrites,
  priceCents,
  renewalOpen,
  TRIAL_DAYS,
  TRIAL_MAX_USERS,
} from '@pfahlplaner/contracts';
import { AppError, fieldError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { DAY, MINUTE } from '#app/lib/clock';
import { assertCan, assertOwnCompany } from '#app/lib/policy';
import type { RateLimiter, RateLimits } from '#app/lib/rate-limiter';
import { hmacCode, randomOtp, safeEqualHex } from '#app/lib/secrets';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { BillingRepository, InvoiceRow } from '#app/modules/billing/billing.repository';
import type { SubscriptionRow } from '#app/modules/billing/licence';
import { licenceStatus, periodEnd } from '#app/modules/billing/licence';
import type { PaymentProvider } from '#app/modules/billing/payment-provider';
import { companyEmailMail } from '#app/modules/employees/team-mails';
import { isKnownCountry } from '#app/modules/general/geo-data';
import type { Mailer } from '#app/modules/mail/mailer';
import {
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_INTERVAL_MS,
  OTP_VALID_MINUTES,
} from '#app/modules/registration/registration.service';
import type { UsersRepository } from '#app/modules/users/users.repository';

/** The upgrade must follow the company e-mail verification within this time. */
export const COMPANY_EMAIL_VERIFIED_WINDOW_MS = 60 * MINUTE;

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

const planOf = (value: string): Plan => (value === 'Trial' || value === 'Paid' ? value : 'Free');
const billingOf = (value: string | null): Billing | null =>
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
});

const otpError = (code: 'OTP_INCORRECT' | 'OTP_EXPIRED' | 'OTP_TOO_MANY_ATTEMPTS') =>
  new AppError(code, { details: [{ path: 'otp', code }] });

export const billingService = (deps: Deps) => {
  const { billing, clock, provider } = deps;

  const load = async (companyId: number) => {
    const company = await billing.company(companyId);
    if (!company) throw new AppError('NOT_FOUND');
    const subscription = await billing.subscription(companyId);
    const plan = planOf(company.plan);
    return { company, plan, subscription, status: licenceStatus(plan, subscription, clock.now()) };
  };

  /** Free: 1; the subscription's seats; Trial/Paid without a row (demo company): the largest trial. */
  const seatsOf = (plan: Plan, subscription: SubscriptionRow | undefined): number => {
    if (plan === 'Free') return 1;
    return subscription ? subscription.seats : TRIAL_MAX_USERS;
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
    };
  };

  const throttle = (key: string, ip: string) => {
    deps.limiter.consume(`otp:ip:${ip}`, deps.limits.otpPerIp);
    deps.limiter.consume(`otp:email:${key}`, deps.limits.otpPerAccount);
  };

  /** The free/trial user who upgrades: the Owner (`subscription.upgrade`). */
  const assertUpgrader = (auth: AuthContext) => assertCan(auth, 'subscription.upgrade');

  return {
    view,

    /** Seat check of add-employee: active users must stay ≤ paid seats / trial size (Free: 1). */
    assertSeatAvailable: async (companyId: number): Promise<void> => {
      const { plan, subscription } = await load(companyId);
      if ((await billing.activeUsers(companyId)) >= seatsOf(plan, subscription)) {
        throw new AppError('SEAT_LIMIT');
      }
    },

    /** Licence status and the expiry shown in user management. */
    licence: async (companyId: number) => {
      const { plan, subscription, status } = await load(companyId);
      return { status, expiry: plan === 'Free' ? null : (subscription?.period_end ?? null) };
    },

    /** GET /v1/companies/{companyId}/subscription/: every role of the company (the banners need it). */
    get: async (auth: AuthContext, companyId: number): Promise<Subscription> => {
      assertOwnCompany(auth, companyId);
      assertCan(auth, 'subscription.view');
      return view(companyId);
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
      const { plan, subscription } = await load(companyId);
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
      return view(companyId);
    },

    /** GET /companies/api/requestVerifyCompanyEmail/: mails a 6-digit code to the company address. */
    requestCompanyEmail: async (
      auth: AuthContext,
      email: string,
      lang: MailLang,
      ip: string,
    ): Promise<OtpSent> => {
      assertUpgrader(auth);
      throttle(email, ip);
      const now = clock.now();
      const last = await billing.latestEmailCode(auth.userId, email);
      if (last && now.getTime() - last.created_at.getTime() < OTP_RESEND_INTERVAL_MS) {
        const wait = Math.ceil(
          (last.created_at.getTime() + OTP_RESEND_INTERVAL_MS - now.getTime()) / 1000,
        );
        throw new AppError('OTP_RESEND_TOO_SOON', {
          headers: { 'retry-after': String(Math.max(1, wait)) },
        });
      }
      const user = await deps.users.findById(auth.userId);
      const code = randomOtp();
      await billing.replaceEmailCode({
        user_id: auth.userId,
        email,
        code_hash: hmacCode(deps.otpKey, code),
        created_at: now,
        expires_at: new Date(now.getTime() + OTP_VALID_MINUTES * MINUTE),
      });
      await deps.mailer.send(
        companyEmailMail({
          to: email,
          name: user?.full_name ?? '',
          code,
          validMinutes: OTP_VALID_MINUTES,
          lang,
          publicUrl: deps.publicUrl,
        }),
      );
      return { email, otp_valid_minutes: OTP_VALID_MINUTES };
    },

    /** POST /companies/api/verifyOTPWithCompanyEmail/: expiry, wrong-try limit, then the value. */
    verifyCompanyEmail: async (
      auth: AuthContext,
      email: string,
      code: string,
      ip: string,
    ): Promise<{ company_verify_email: string; verified: true }> => {
      assertUpgrader(auth);
      throttle(email, ip);
      const now = clock.now();
      const row = await billing.latestEmailCode(auth.userId, email);
      if (!row) throw otpError('OTP_INCORRECT');
      if (row.expires_at.getTime() <= now.getTime()) throw otpError('OTP_EXPIRED');
      if (row.attempts >= OTP_MAX_WRONG_TRIES) throw otpError('OTP_TOO_MANY_ATTEMPTS');
      if (!safeEqualHex(row.code_hash, hmacCode(deps.otpKey, code))) {
        await billing.updateEmailCode(row.id, { attempts: row.attempts + 1 });
        throw otpError('OTP_INCORRECT');
      }
      if (!row.verified_at) await billing.updateEmailCode(row.id, { verified_at: now });
      return { company_verify_email: email, verified: true };
    },

    /**
     * POST /companies/api/freeUserUpgradeCreateCompany/: the Owner of a Free or Trial company, of a Paid
     * one whose licence expired, or of a Paid one within RENEWAL_WINDOW_DAYS of its period end (renewal in
     * advance: the new period follows the running one) buys `users` seats. Checks everything, charges, then writes company data,
     * plan, subscription and the first invoice in one transaction — a declined card writes nothing.
     */
    upgrade: async (auth: AuthContext, input: Upgrade): Promise<UpgradeResult> => {
      assertUpgrader(auth);
      // First, before anything is looked at: card data sent to a Stripe server (or a Stripe id to the
      // test provider) is refused (ADR 0081, 0082).
      if (input.payment.provider !== provider.id) {
        throw fieldError('payment.provider', 'PAYMENT_PROVIDER_MISMATCH');
      }
      const companyId = auth.companyId;
      const { plan, status, subscription } = await load(companyId);
      // Blocked by support: support lifts the block; paying again does not (docs/permissions.md).
      if (status === 'blocked') throw new AppError('LICENCE_BLOCKED');
      const now = clock.now();
      // A running paid period can be renewed in its last RENEWAL_WINDOW_DAYS; the new period then starts
      // where the running one ends (ADR 0082). Earlier: ALREADY_SUBSCRIBED.
      const renewing = plan === 'Paid' && status === 'active' && subscription !== undefined;
      if (renewing && !renewalOpen(plan, subscription.period_end, now)) {
        throw new AppError('ALREADY_SUBSCRIBED');
      }
      if (plan === 'Paid' && status === 'active' && !subscription) {
        throw new AppError('ALREADY_SUBSCRIBED'); // the demo company: running without an end
      }
      const start = renewing ? subscription.period_end : now;
      const verified = await billing.latestEmailCode(auth.userId, input.company_verify_email);
      if (
        !verified?.verified_at ||
        now.getTime() - verified.verified_at.getTime() > COMPANY_EMAIL_VERIFIED_WINDOW_MS
      ) {
        throw fieldError('company_verify_email', 'COMPANY_EMAIL_NOT_VERIFIED');
      }
      if (input.company.email !== input.company_verify_email) {
        throw fieldError('company.email', 'COMPANY_EMAIL_NOT_VERIFIED');
      }
      const c = input.company;
      if (c.country_id && !isKnownCountry(c.country_id)) {
        throw fieldError('company.country_id', 'COUNTRY_NOT_FOUND');
      }
      const active = await billing.activeUsers(companyId);
      if (input.users < active) {
        throw new AppError('SEAT_LIMIT', {
          details: [{ path: 'users', code: 'TOO_SMALL', params: { min: active } }],
        });
      }
      const amount = priceCents(input.billing, input.users);
      const charge = await provider.charge({
        amountCents: amount,
        currency: 'EUR',
        description: `Pfahlplaner ${input.billing} subscription, ${input.users} user(s)`,
        payment: input.payment,
        now,
        metadata: {
          company_id: String(companyId),
          users: String(input.users),
          billing: input.billing,
        },
      });
      const end = periodEnd(start, input.billing);
      const invoice = await billing.saveSubscription(
        companyId,
        {
          name: c.name,
          street: c.street,
          address: c.street,
          postal_code: c.postal_code ?? '',
          location: c.location,
          ...(c.country_id ? { country_id: c.country_id.toUpperCase() } : {}),
          email: c.email,
          plan: 'Paid',
          modified_date: now,
          modified_by: auth.userId,
        },
        {
          plan: 'Paid',
          billing: input.billing,
          seats: input.users,
          status: 'active',
          provider: provider.id,
          provider_ref: charge.reference,
          test_mode: provider.testMode,
          period_start: start,
          period_end: end,
          created_date: now,
          modified_date: now,
          modified_by: auth.userId,
        },
        {
          billing: input.billing,
          seats: input.users,
          amount_cents: amount,
          currency: 'EUR',
          status: 'paid',
          provider: provider.id,
          provider_ref: charge.reference,
          test_mode: provider.testMode,
          card_last4: charge.cardLast4,
          period_start: start,
          period_end: end,
          created_date: now,
          created_by: auth.userId,
        },
      );
      if (!invoice) throw new AppError('INTERNAL');
      return { subscription: await view(companyId), invoice: toInvoiceView(invoice) };
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
      const { company } = await load(companyId);
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
        },
        null,
      );
      return view(companyId);
    },
  };
};
export type BillingService = ReturnType<typeof billingService>;
