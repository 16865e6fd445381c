import { randomBytes } from 'node:crypto';
import type {
  PendingPayment,
  Upgrade,
  UpgradeAccepted,
  UpgradeResult,
} from '@pfahlplaner/contracts';
import { PENDING_PAYMENT_TTL_MINUTES, priceCents, renewalOpen } from '@pfahlplaner/contracts';
import { AppError, fieldError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { MINUTE } from '#app/lib/clock';
import { assertOwnCompany } from '#app/lib/policy';
import { isUniqueViolation } from '#app/db/errors';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type {
  BillingRepository,
  InvoiceRow,
  PendingPaymentRow,
} from '#app/modules/billing/billing.repository';
import type { CompanyEmailService } from '#app/modules/billing/company-email.service';
import { assertUpgrader } from '#app/modules/billing/company-email.service';
import type { PendingRequest } from '#app/modules/billing/paid-period';
import { paidPeriodRows, RUNNING_PAID } from '#app/modules/billing/paid-period';
import type { PaymentProvider, RetrieveContext } from '#app/modules/billing/payment-provider';
import type { SubscriptionReader } from '#app/modules/billing/subscription-view';
import { toInvoiceView } from '#app/modules/billing/subscription-view';
import { isKnownCountry } from '#app/modules/general/geo-data';

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

export type PaymentDeps = {
  billing: BillingRepository;
  clock: Clock;
  provider: PaymentProvider;
  reader: SubscriptionReader;
  companyEmail: CompanyEmailService;
};

/**
 * Paying for a subscription: the upgrade (charge, then the paid period in one transaction), payments that
 * wait for 3-D Secure and their settlement by browser, webhook or clean-up (ADR 0083).
 */
export const paymentService = (deps: PaymentDeps) => {
  const { billing, clock, provider, reader } = deps;
  const paidPeriod = paidPeriodRows({ reader, clock, provider });

  /** The answer of a finalised payment (also when it was finalised before: browser and webhook may both ask). */
  const finalisedResult = async (row: PendingPaymentRow): Promise<UpgradeResult> => {
    const invoice = row.invoice_id ? await billing.invoice(row.invoice_id) : undefined;
    if (!invoice) throw new AppError('INTERNAL');
    return { subscription: await reader.view(row.company_id), invoice: toInvoiceView(invoice) };
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
    return { subscription: await reader.view(row.company_id), invoice: toInvoiceView(invoice) };
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

  return {
    /** Settles a pending payment without a user (webhook, clean-up); errors as in the finalise route. */
    settlePending,

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
      const { plan, status, subscription } = await reader.load(companyId);
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
      await deps.companyEmail.assertVerified(auth, input.company_verify_email, now);
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
        data: { subscription: await reader.view(companyId), invoice: toInvoiceView(invoice) },
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
  };
};
export type PaymentService = ReturnType<typeof paymentService>;
