import { randomBytes } from 'node:crypto';
import type {
  Billing,
  Invoice,
  LicenceStatus,
  MailLang,
  OtpSent,
  PendingPayment,
  Plan,
  Subscription,
  Upgrade,
  UpgradeAccepted,
  UpgradeResult,
} from '@pfahlplaner/contracts';
import {
  bannerFor,
  licenceAllowsWrites,
  PENDING_PAYMENT_TTL_MINUTES,
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
import { hmacCode, randomOtp } from '#app/lib/secrets';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type {
  BillingRepository,
  InvoiceRow,
  PendingPaymentRow,
} from '#app/modules/billing/billing.repository';
import type { SubscriptionRow } from '#app/modules/billing/licence';
import { licenceStatus, periodEnd, renewalDueAt } from '#app/modules/billing/licence';
import type { PaymentProvider, RetrieveContext } from '#app/modules/billing/payment-provider';
import { isUniqueViolation } from '#app/db/errors';
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
  automatic: row.automatic,
});

/** The validated upgrade request kept with a payment that waits for authentication (no card data). */
type PendingRequest = Pick<Upgrade, 'company' | 'billing' | 'users'>;

/** The statuses in which a Paid company's period is still running (a new period follows it). */
const RUNNING_PAID: readonly LicenceStatus[] = ['active', 'period_ending', 'past_due'];

const pendingView = (row: PendingPaymentRow, clientSecret: string | null): PendingPayment => ({
  id: row.id,
  status: 'requires_action',
  provider: row.provider === 'stripe' ? 'stripe' : 'test',
  test_mode: row.test_mode,
  client_secret: clientSecret,
  amount_cents: row.amount_cents,
  currency: 'EUR',
  expires_at: row.expires_at.toISOString(),
});

const authenticationFailed = (reason: string) =>
  new AppError('PAYMENT_AUTHENTICATION_FAILED', {
    details: [
      { path: 'payment.card_number', code: 'PAYMENT_AUTHENTICATION_FAILED', params: { reason } },
    ],
  });

/** What the upgrade answers: the paid subscription (201), or a payment waiting for 3-D Secure (202). */
export type UpgradeOutcome =
  { status: 201; data: UpgradeResult } | { status: 202; data: UpgradeAccepted };

/** Minimal logger (Fastify's, in tests silent). */
export type BillingLog = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

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

  /**
   * The rows of a paid period: company data, plan `Paid`, subscription (with the saved card and the
   * auto-renew switch) and its invoice. The period follows a still running paid period, else it starts now.
   * Read before the write transaction (PGlite has one connection); the unique (company, period start)
   * index catches a renewal recorded in between. Used by the upgrade and by the finalisation of an
   * authenticated payment.
   */
  const paidPeriod = async (
    companyId: number,
    request: PendingRequest,
    charge: {
      reference: string;
      cardLast4: string | null;
      customerRef: string | null;
      paymentMethodRef: string | null;
    },
    actorId: number | null,
  ) => {
    const { plan, subscription, status } = await load(companyId);
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

  /** The answer of a finalised payment (also when it was finalised before: browser and webhook may both ask). */
  const finalisedResult = async (row: PendingPaymentRow): Promise<UpgradeResult> => {
    const invoice = row.invoice_id ? await billing.invoice(row.invoice_id) : undefined;
    if (!invoice) throw new AppError('INTERNAL');
    return { subscription: await view(row.company_id), invoice: toInvoiceView(invoice) };
  };

  /**
   * Asks the provider about a payment that waited for authentication — never the browser — and finalises it
   * only when it succeeded (ADR 0083): failed → `failed` (PAYMENT_AUTHENTICATION_FAILED); still waiting →
   * PAYMENT_AUTHENTICATION_PENDING, or after PENDING_PAYMENT_TTL_MINUTES given up at the provider and
   * `abandoned` (PENDING_PAYMENT_EXPIRED). Browser (finalise route), webhook and the clean-up of the renewal
   * job all end here; the conditional update in `finalisePending` writes the period once.
   */
  const retrieveOptions = (row: PendingPaymentRow): RetrieveContext => {
    const answer = row.test_authentication;
    return {
      paymentMethodRef: row.payment_method_ref,
      testAuthentication: answer === 'approved' || answer === 'failed' ? answer : null,
    };
  };

  /**
   * Cancels a waiting payment at the provider. False when the provider refused because the payment
   * succeeded in the meantime (the customer finished 3-D Secure just then): the caller settles it instead,
   * so a paid period is never dropped and the race never answers 500.
   */
  const cancelAtProvider = async (row: PendingPaymentRow): Promise<boolean> => {
    try {
      await provider.cancel(row.provider_ref);
      return true;
    } catch (error) {
      const again = await provider.retrieve(row.provider_ref, retrieveOptions(row));
      if (again.status === 'succeeded') return false;
      throw error;
    }
  };

  const settlePending = async (row: PendingPaymentRow): Promise<UpgradeResult> => {
    if (row.status === 'succeeded') return finalisedResult(row);
    if (row.status === 'failed') throw authenticationFailed(row.failure ?? 'authentication_failed');
    if (row.status === 'abandoned') throw new AppError('PENDING_PAYMENT_EXPIRED');
    const state = await provider.retrieve(row.provider_ref, retrieveOptions(row));
    const now = clock.now();
    if (state.status === 'requires_action') {
      if (row.expires_at.getTime() > now.getTime()) {
        throw new AppError('PAYMENT_AUTHENTICATION_PENDING');
      }
      // Given up: cancelled at the provider first, so that it can no longer succeed afterwards. If it
      // succeeded just before the cancel, it is settled (finalised) like any succeeded payment.
      if (!(await cancelAtProvider(row))) return settlePending(row);
      await billing.finishPending(row.id, 'abandoned', 'expired', now);
      throw new AppError('PENDING_PAYMENT_EXPIRED');
    }
    if (state.status === 'failed') {
      await billing.finishPending(row.id, 'failed', state.reason, now);
      throw authenticationFailed(state.reason);
    }
    const request = row.request as PendingRequest;
    const charge = {
      reference: row.provider_ref,
      cardLast4: state.cardLast4,
      customerRef: row.customer_ref,
      paymentMethodRef: state.paymentMethodRef ?? row.payment_method_ref,
    };
    const finalise = async () => {
      const rows = await paidPeriod(row.company_id, request, charge, row.created_by);
      return billing.finalisePending(row.id, now, (tx) =>
        billing.writeSubscription(
          tx,
          row.company_id,
          rows.company,
          rows.subscription,
          rows.invoice,
        ),
      );
    };
    let invoice: InvoiceRow | null;
    try {
      invoice = await finalise();
    } catch (error) {
      // The automatic renewal recorded the same period start a moment ago: the period follows it now.
      if (!isUniqueViolation(error)) throw error;
      invoice = await finalise();
    }
    if (!invoice) {
      // Finalised (or given up) by someone else meanwhile: answer what was stored.
      const again = await billing.pending(row.id);
      if (!again || again.status === 'requires_action') throw new AppError('INTERNAL');
      return settlePending(again);
    }
    return { subscription: await view(row.company_id), invoice: toInvoiceView(invoice) };
  };

  /**
   * Earlier payments of a company that still wait for authentication, settled before a new attempt: a
   * succeeded one is finalised, the others are cancelled at the provider and `abandoned` — so that two browser
   * tabs cannot pay twice.
   */
  const settleWaiting = async (companyId: number): Promise<void> => {
    for (const row of await billing.waitingPayments(companyId)) {
      const state = await provider.retrieve(row.provider_ref, retrieveOptions(row));
      if (state.status === 'succeeded') {
        await settlePending(row);
      } else if (state.status === 'failed') {
        await billing.finishPending(row.id, 'failed', state.reason, clock.now());
      } else if (await cancelAtProvider(row)) {
        await billing.finishPending(row.id, 'abandoned', 'replaced', clock.now());
      } else {
        await settlePending(row);
      }
    }
  };

  const throttle = async (key: string, ip: string): Promise<void> => {
    await deps.limiter.consume(`otp:ip:${ip}`, deps.limits.otpPerIp);
    await deps.limiter.consume(`otp:email:${key}`, deps.limits.otpPerAccount);
  };

  /** The free/trial user who upgrades: the Owner (`subscription.upgrade`). */
  const assertUpgrader = (auth: AuthContext) => assertCan(auth, 'subscription.upgrade');

  return {
    view,

    /**
     * Seats of add-employee: active users must stay ≤ paid seats / trial size (Free: 1). The count is
     * compared in the inserting transaction (employees.repository insertWithinSeats), not here.
     */
    seatLimit: async (companyId: number): Promise<number> => {
      const { plan, subscription } = await load(companyId);
      return seatsOf(plan, subscription);
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
      await throttle(email, ip);
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

    /** POST /companies/api/verifyOTPWithCompanyEmail/: one atomic check (expiry, wrong-try limit, value). */
    verifyCompanyEmail: async (
      auth: AuthContext,
      email: string,
      code: string,
      ip: string,
    ): Promise<{ company_verify_email: string; verified: true }> => {
      assertUpgrader(auth);
      await throttle(email, ip);
      const result = await billing.checkEmailCode({
        userId: auth.userId,
        email,
        codeHash: hmacCode(deps.otpKey, code),
        now: clock.now(),
        maxWrongTries: OTP_MAX_WRONG_TRIES,
      });
      if (result !== 'ok') throw otpError(result);
      return { company_verify_email: email, verified: true };
    },

    /**
     * POST /companies/api/freeUserUpgradeCreateCompany/: the Owner of a Free or Trial company, of a Paid
     * one whose licence expired, or of a Paid one within RENEWAL_WINDOW_DAYS of its period end (renewal in
     * advance: the new period follows the running one) buys `users` seats. Checks everything, charges, then
     * writes company data, plan, subscription and the first invoice in one transaction — a declined card
     * writes nothing. A card that needs 3-D Secure writes nothing of the upgrade either: the request waits in
     * `pending_payments` and the answer is 202 with the pending payment (ADR 0083).
     */
    upgrade: async (auth: AuthContext, input: Upgrade): Promise<UpgradeOutcome> => {
      assertUpgrader(auth);
      // First, before anything is looked at: card data sent to a Stripe server (or a Stripe id to the
      // test provider) is refused (ADR 0081, 0082).
      if (input.payment.provider !== provider.id) {
        throw fieldError('payment.provider', 'PAYMENT_PROVIDER_MISMATCH');
      }
      const companyId = auth.companyId;
      // An earlier attempt still waiting for 3-D Secure is settled first (finalised if it succeeded after
      // all, else cancelled), so that two attempts cannot both be paid.
      await settleWaiting(companyId);
      const { plan, status, subscription } = await load(companyId);
      // Blocked by support: support lifts the block; paying again does not (docs/permissions.md).
      if (status === 'blocked') throw new AppError('LICENCE_BLOCKED');
      const now = clock.now();
      // A running paid period can be renewed in its last RENEWAL_WINDOW_DAYS; the new period then starts
      // where the running one ends (ADR 0082). Earlier: ALREADY_SUBSCRIBED.
      const renewing =
        plan === 'Paid' && RUNNING_PAID.includes(status) && subscription !== undefined;
      if (renewing && !renewalOpen(plan, subscription.period_end, now)) {
        throw new AppError('ALREADY_SUBSCRIBED');
      }
      if (plan === 'Paid' && status === 'active' && !subscription) {
        throw new AppError('ALREADY_SUBSCRIBED'); // the demo company: running without an end
      }
      // the Owner's own login address was verified with a code at sign-up: no second code for it (issue 20)
      const owner = await deps.users.findById(auth.userId);
      const isOwnVerified =
        owner?.email_verified_at != null &&
        owner.email.toLowerCase() === input.company_verify_email.toLowerCase();
      const verified = isOwnVerified
        ? null
        : await billing.latestEmailCode(auth.userId, input.company_verify_email);
      if (
        !isOwnVerified &&
        (!verified?.verified_at ||
          now.getTime() - verified.verified_at.getTime() > COMPANY_EMAIL_VERIFIED_WINDOW_MS)
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
        // The customer saved with this provider is charged again (a renewal); else the provider makes one.
        customerRef: subscription?.provider === provider.id ? subscription.customer_ref : null,
        billingEmail: c.email,
        billingName: c.name,
      });
      const request: PendingRequest = {
        company: input.company,
        billing: input.billing,
        users: input.users,
      };
      if (charge.status === 'requires_action') {
        const pending = await billing.insertPending({
          id: `pay_${randomBytes(16).toString('base64url')}`,
          company_id: companyId,
          created_by: auth.userId,
          provider: provider.id,
          provider_ref: charge.reference,
          customer_ref: charge.customerRef,
          payment_method_ref: charge.paymentMethodRef,
          test_mode: provider.testMode,
          status: 'requires_action',
          request,
          amount_cents: amount,
          created_at: now,
          expires_at: new Date(now.getTime() + PENDING_PAYMENT_TTL_MINUTES * MINUTE),
        });
        return {
          status: 202,
          data: {
            next_action: 'authenticate',
            pending_payment: pendingView(pending, charge.clientSecret),
          },
        };
      }
      const rows = await paidPeriod(companyId, request, charge, auth.userId);
      const invoice = await billing.saveSubscription(
        companyId,
        rows.company,
        rows.subscription,
        rows.invoice,
      );
      if (!invoice) throw new AppError('INTERNAL');
      return {
        status: 201,
        data: { subscription: await view(companyId), invoice: toInvoiceView(invoice) },
      };
    },

    /**
     * POST /v1/companies/{companyId}/pending-payments/{pendingId}/finalise/ (Owner): after the browser's
     * authentication step. Reads the payment from the provider (the browser's word is not taken) and
     * writes the paid period only if it succeeded (ADR 0083).
     */
    finalise: async (
      auth: AuthContext,
      companyId: number,
      pendingId: string,
    ): Promise<UpgradeResult> => {
      assertOwnCompany(auth, companyId);
      assertUpgrader(auth);
      const row = await billing.pending(pendingId);
      if (!row || row.company_id !== companyId) throw new AppError('NOT_FOUND');
      return settlePending(row);
    },

    /**
     * POST …/pending-payments/{pendingId}/test-authentication/ (Owner; the embedded test provider only):
     * the answer of the simulated bank page in the wizard. It only records the answer; the finalise route
     * then asks the test provider as it would ask Stripe.
     */
    testAuthenticate: async (
      auth: AuthContext,
      companyId: number,
      pendingId: string,
      result: 'approve' | 'fail',
    ): Promise<{ id: string; test_authentication: 'approved' | 'failed' }> => {
      assertOwnCompany(auth, companyId);
      assertUpgrader(auth);
      if (!provider.testMode) throw fieldError('payment.provider', 'PAYMENT_PROVIDER_MISMATCH');
      const row = await billing.pending(pendingId);
      if (!row || row.company_id !== companyId || row.provider !== 'test') {
        throw new AppError('NOT_FOUND');
      }
      const now = clock.now();
      if (row.status === 'requires_action' && row.expires_at.getTime() <= now.getTime()) {
        await billing.finishPending(row.id, 'abandoned', 'expired', now);
        throw new AppError('PENDING_PAYMENT_EXPIRED');
      }
      const value = result === 'approve' ? 'approved' : 'failed';
      if (!(await billing.setTestAuthentication(row.id, value))) {
        throw new AppError(row.status === 'abandoned' ? 'PENDING_PAYMENT_EXPIRED' : 'CONFLICT');
      }
      return { id: row.id, test_authentication: value };
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
      const { plan, subscription, status } = await load(companyId);
      if (plan !== 'Paid' || !subscription) throw new AppError('NO_PAID_SUBSCRIPTION');
      if (status === 'blocked') throw new AppError('LICENCE_BLOCKED');
      if (
        autoRenew &&
        (!subscription.payment_method_ref || subscription.provider !== provider.id)
      ) {
        throw new AppError('PAYMENT_METHOD_MISSING');
      }
      await billing.setAutoRenew(companyId, autoRenew, clock.now(), auth.userId);
      return view(companyId);
    },

    /** Settles a pending payment without a user (webhook, clean-up); errors as in the finalise route. */
    settlePending,

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
          renewal_failure: null,
          renewal_failed_at: null,
          renewal_lease_until: null,
        },
        null,
      );
      return view(companyId);
    },
  };
};
export type BillingService = ReturnType<typeof billingService>;
