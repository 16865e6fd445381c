import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import { lockKeyForTransaction } from '#app/db/advisory-lock';
import { newestEmailCode } from '#app/modules/billing/company-email-codes';
import type { Db } from '#app/db/database';
import {
  companies,
  companyEmailCodes,
  invoices,
  pendingPayments,
  stripeWebhookEvents,
  subscriptions,
  users,
} from '#app/db/schema/index';
import type { SubscriptionRow } from '#app/modules/billing/licence';
import { isUniqueViolation } from '#app/db/errors';

export type InvoiceRow = typeof invoices.$inferSelect;
export type CompanyEmailCodeRow = typeof companyEmailCodes.$inferSelect;
export type PendingPaymentRow = typeof pendingPayments.$inferSelect;
type CompanyValues = Partial<typeof companies.$inferInsert>;
type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'id' | 'company_id'>;
type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'company_id' | 'number'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Next invoice number of a company (inside the transaction that inserts it; `number` is unique). */
const nextInvoiceNumber = async (tx: Tx, companyId: number): Promise<string> => {
  const [n] = await tx
    .select({ n: count() })
    .from(invoices)
    .where(eq(invoices.company_id, companyId));
  return `PP-${String(companyId).padStart(6, '0')}-${String((n?.n ?? 0) + 1).padStart(4, '0')}`;
};

/** Company data, plan, subscription row and (optionally) the invoice of a period, inside `tx`. */
const writeSubscription = async (
  tx: Tx,
  companyId: number,
  company: CompanyValues,
  subscription: SubscriptionValues,
  invoice: InvoiceValues | null,
): Promise<InvoiceRow | null> => {
  await tx.update(companies).set(company).where(eq(companies.id, companyId));
  await tx
    .insert(subscriptions)
    .values({ ...subscription, company_id: companyId })
    .onConflictDoUpdate({ target: subscriptions.company_id, set: subscription });
  if (!invoice) return null;
  const number = await nextInvoiceNumber(tx, companyId);
  const [row] = await tx
    .insert(invoices)
    .values({ ...invoice, company_id: companyId, number })
    .returning();
  return row ?? null;
};

/** The "ends soon" mail of the period ending at `periodEnd` has not been sent (ADR 0108). */
const notNoticedFor = (periodEnd: Date | typeof subscriptions.period_end) =>
  or(isNull(subscriptions.ending_notice_for), ne(subscriptions.ending_notice_for, periodEnd));

export const billingRepository = (db: Db) => ({
  company: async (companyId: number) =>
    (await db.select().from(companies).where(eq(companies.id, companyId)).limit(1))[0],

  subscription: async (companyId: number): Promise<SubscriptionRow | undefined> =>
    (
      await db.select().from(subscriptions).where(eq(subscriptions.company_id, companyId)).limit(1)
    )[0],

  /**
   * Who hears of billing events that no request triggered (ADR 0108): the active Owners and the company's
   * verified address, each once (case-insensitive), with the company name.
   */
  billingContacts: async (
    companyId: number,
  ): Promise<{ company: string; recipients: string[] } | undefined> => {
    const [company] = await db
      .select({ name: companies.name, email: companies.email })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    if (!company) return undefined;
    const owners = await db
      .select({ email: users.email })
      .from(users)
      .where(
        and(eq(users.company_id, companyId), eq(users.role, 'Owner'), eq(users.is_active, true)),
      )
      .orderBy(asc(users.id));
    const recipients: string[] = [];
    for (const email of [...owners.map((o) => o.email), company.email]) {
      const address = email.trim();
      if (address && !recipients.some((r) => r.toLowerCase() === address.toLowerCase())) {
        recipients.push(address);
      }
    }
    return { company: company.name, recipients };
  },

  activeUsers: async (companyId: number): Promise<number> => {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.company_id, companyId), eq(users.is_active, true)));
    return row?.n ?? 0;
  },

  invoices: (companyId: number): Promise<InvoiceRow[]> =>
    db
      .select()
      .from(invoices)
      .where(eq(invoices.company_id, companyId))
      .orderBy(desc(invoices.created_date), desc(invoices.id)),

  invoiceByRef: async (providerRef: string): Promise<InvoiceRow | undefined> =>
    (await db.select().from(invoices).where(eq(invoices.provider_ref, providerRef)).limit(1))[0],

  invoice: async (id: number): Promise<InvoiceRow | undefined> =>
    (await db.select().from(invoices).where(eq(invoices.id, id)).limit(1))[0],

  /** Company plan, subscription row and (optionally) the first invoice of a period, in one transaction. */
  saveSubscription: (
    companyId: number,
    company: CompanyValues,
    subscription: SubscriptionValues,
    invoice: InvoiceValues | null,
  ): Promise<InvoiceRow | null> =>
    db.transaction((tx) => writeSubscription(tx, companyId, company, subscription, invoice)),

  // -------------------------------------------------------------------------------------------------------
  // Payments waiting for 3-D Secure (ADR 0083)

  insertPending: async (
    values: typeof pendingPayments.$inferInsert,
  ): Promise<PendingPaymentRow> => {
    const [row] = await db.insert(pendingPayments).values(values).returning();
    if (!row) throw new Error('pending payment not inserted');
    return row;
  },

  pending: async (id: string): Promise<PendingPaymentRow | undefined> =>
    (await db.select().from(pendingPayments).where(eq(pendingPayments.id, id)).limit(1))[0],

  pendingByRef: async (providerRef: string): Promise<PendingPaymentRow | undefined> =>
    (
      await db
        .select()
        .from(pendingPayments)
        .where(eq(pendingPayments.provider_ref, providerRef))
        .limit(1)
    )[0],

  /** Payments of a company still waiting for authentication (a new upgrade gives them up). */
  waitingPayments: (companyId: number): Promise<PendingPaymentRow[]> =>
    db
      .select()
      .from(pendingPayments)
      .where(
        and(
          eq(pendingPayments.company_id, companyId),
          eq(pendingPayments.status, 'requires_action'),
        ),
      ),

  /** Payments still waiting after their time (the clean-up of the renewal job). */
  expiredPayments: (now: Date): Promise<PendingPaymentRow[]> =>
    db
      .select()
      .from(pendingPayments)
      .where(
        and(eq(pendingPayments.status, 'requires_action'), lte(pendingPayments.expires_at, now)),
      )
      .orderBy(asc(pendingPayments.expires_at))
      .limit(100),

  /** The test provider's simulated bank answer; only while the payment waits. */
  setTestAuthentication: async (id: string, value: 'approved' | 'failed'): Promise<boolean> => {
    const rows = await db
      .update(pendingPayments)
      .set({ test_authentication: value })
      .where(and(eq(pendingPayments.id, id), eq(pendingPayments.status, 'requires_action')))
      .returning({ id: pendingPayments.id });
    return rows.length > 0;
  },

  /** `requires_action` → `failed` / `abandoned`, once (false: someone else finished it first). */
  finishPending: async (
    id: string,
    status: 'failed' | 'abandoned',
    failure: string,
    now: Date,
  ): Promise<boolean> => {
    const rows = await db
      .update(pendingPayments)
      .set({ status, failure: failure.slice(0, 64), finished_at: now })
      .where(and(eq(pendingPayments.id, id), eq(pendingPayments.status, 'requires_action')))
      .returning({ id: pendingPayments.id });
    return rows.length > 0;
  },

  /**
   * Finalises a payment that succeeded after authentication: `requires_action` → `succeeded` (a conditional
   * update, so browser, webhook and clean-up cannot finalise twice), then company data, plan, subscription
   * and invoice, all in one transaction. `null`: it was finalised (or given up) by someone else.
   */
  finalisePending: (
    id: string,
    now: Date,
    write: (tx: Tx) => Promise<InvoiceRow | null>,
  ): Promise<InvoiceRow | null> =>
    db.transaction(async (tx) => {
      const claimed = await tx
        .update(pendingPayments)
        .set({ status: 'succeeded', finished_at: now })
        .where(and(eq(pendingPayments.id, id), eq(pendingPayments.status, 'requires_action')))
        .returning({ id: pendingPayments.id });
      if (claimed.length === 0) return null;
      const invoice = await write(tx);
      if (invoice) {
        await tx
          .update(pendingPayments)
          .set({ invoice_id: invoice.id })
          .where(eq(pendingPayments.id, id));
      }
      return invoice;
    }),

  writeSubscription,

  // -------------------------------------------------------------------------------------------------------
  // Automatic renewal (ADR 0084)

  /**
   * Paid subscriptions whose next period is due to be charged: auto-renew on, a card saved with the active
   * provider, not blocked, no failed attempt for this period, the period not over yet (an expired one is
   * renewed by the Owner), nobody holding the claim.
   */
  dueRenewals: (providerId: string, dueBefore: Date, now: Date): Promise<SubscriptionRow[]> =>
    db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.plan, 'Paid'),
          eq(subscriptions.provider, providerId),
          eq(subscriptions.status, 'active'),
          eq(subscriptions.auto_renew, true),
          isNotNull(subscriptions.payment_method_ref),
          isNotNull(subscriptions.billing),
          isNull(subscriptions.renewal_failure),
          lte(subscriptions.period_end, dueBefore),
          gt(subscriptions.period_end, now),
          or(isNull(subscriptions.renewal_lease_until), lt(subscriptions.renewal_lease_until, now)),
        ),
      )
      .orderBy(asc(subscriptions.period_end))
      .limit(100),

  /**
   * The double-charge guard: one conditional update takes the claim on the renewal of the period ending at
   * `periodEnd`. Of two processes (or two runs) only one gets the row back; the other skips it. The claim
   * lapses at `leaseUntil`, so a process that died while charging does not stop the renewal for good (the
   * next attempt uses the same idempotency key at the provider).
   */
  claimRenewal: async (
    subscriptionId: number,
    periodEnd: Date,
    now: Date,
    leaseUntil: Date,
  ): Promise<SubscriptionRow | undefined> =>
    (
      await db
        .update(subscriptions)
        .set({ renewal_lease_until: leaseUntil })
        .where(
          and(
            eq(subscriptions.id, subscriptionId),
            eq(subscriptions.period_end, periodEnd),
            eq(subscriptions.status, 'active'),
            eq(subscriptions.auto_renew, true),
            isNull(subscriptions.renewal_failure),
            or(
              isNull(subscriptions.renewal_lease_until),
              lt(subscriptions.renewal_lease_until, now),
            ),
          ),
        )
        .returning()
    )[0],

  /** Gives the claim back (the provider could not be asked; the next run tries again). */
  releaseRenewal: async (subscriptionId: number, periodEnd: Date): Promise<void> => {
    await db
      .update(subscriptions)
      .set({ renewal_lease_until: null })
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.period_end, periodEnd)));
  },

  /**
   * Records a charged renewal: the period moves on (only if it still ends at `periodEnd`) and the invoice is
   * written, in one transaction. The unique (company, period start) index refuses a second invoice of the
   * same period. `null`: this period was recorded already (another process, or the webhook).
   */
  recordRenewal: async (
    subscription: SubscriptionRow,
    next: { periodEnd: Date; now: Date; cardLast4: string | null },
    invoice: InvoiceValues,
  ): Promise<InvoiceRow | null> => {
    try {
      return await db.transaction(async (tx) => {
        const moved = await tx
          .update(subscriptions)
          .set({
            period_start: subscription.period_end,
            period_end: next.periodEnd,
            renewal_lease_until: null,
            renewal_failure: null,
            renewal_failed_at: null,
            provider_ref: invoice.provider_ref,
            ...(next.cardLast4 ? { card_last4: next.cardLast4 } : {}),
            modified_date: next.now,
          })
          .where(
            and(
              eq(subscriptions.id, subscription.id),
              eq(subscriptions.period_end, subscription.period_end),
            ),
          )
          .returning({ id: subscriptions.id });
        if (moved.length === 0) return null;
        const number = await nextInvoiceNumber(tx, subscription.company_id);
        const [row] = await tx
          .insert(invoices)
          .values({ ...invoice, company_id: subscription.company_id, number })
          .returning();
        return row ?? null;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  },

  /**
   * Subscriptions whose "ends soon" mail is due (ADR 0108): a trial ending by `trialBy`, a paid period without
   * automatic renewal ending by `paidBy` — running, not blocked, of a company not on the Free plan, and not
   * yet told for this period end.
   */
  endingNoticesDue: (now: Date, trialBy: Date, paidBy: Date): Promise<SubscriptionRow[]> =>
    db
      .select(getTableColumns(subscriptions))
      .from(subscriptions)
      .innerJoin(companies, eq(companies.id, subscriptions.company_id))
      .where(
        and(
          eq(subscriptions.status, 'active'),
          ne(companies.plan, 'Free'),
          gt(subscriptions.period_end, now),
          notNoticedFor(subscriptions.period_end),
          or(
            and(eq(subscriptions.plan, 'Trial'), lte(subscriptions.period_end, trialBy)),
            and(
              eq(subscriptions.plan, 'Paid'),
              eq(subscriptions.auto_renew, false),
              lte(subscriptions.period_end, paidBy),
            ),
          ),
        ),
      )
      .orderBy(asc(subscriptions.id)),

  /** Takes the "ends soon" mail of one period for this process: true once per period end, whoever asks. */
  claimEndingNotice: async (subscriptionId: number, periodEnd: Date): Promise<boolean> => {
    const rows = await db
      .update(subscriptions)
      .set({ ending_notice_for: periodEnd })
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.period_end, periodEnd),
          notNoticedFor(periodEnd),
        ),
      )
      .returning({ id: subscriptions.id });
    return rows.length > 0;
  },

  /** The automatic charge of the period ending at `periodEnd` failed: past due (ADR 0084). */
  markRenewalFailed: async (
    subscriptionId: number,
    periodEnd: Date,
    failure: 'card_declined' | 'authentication_required',
    now: Date,
  ): Promise<boolean> => {
    const rows = await db
      .update(subscriptions)
      .set({ renewal_failure: failure, renewal_failed_at: now, renewal_lease_until: null })
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.period_end, periodEnd),
          isNull(subscriptions.renewal_failure),
        ),
      )
      .returning({ id: subscriptions.id });
    return rows.length > 0;
  },

  /**
   * The Owner's switch. Turning it on needs a saved card and clears an earlier failure (the job tries the
   * charge again on its next run); turning it off leaves the running period as it is.
   */
  setAutoRenew: async (
    companyId: number,
    autoRenew: boolean,
    now: Date,
    userId: number,
  ): Promise<void> => {
    await db
      .update(subscriptions)
      .set({
        auto_renew: autoRenew,
        ...(autoRenew ? { renewal_failure: null, renewal_failed_at: null } : {}),
        modified_date: now,
        modified_by: userId,
      })
      .where(eq(subscriptions.company_id, companyId));
  },

  // -------------------------------------------------------------------------------------------------------
  // Stripe webhook events (ADR 0085)

  webhookEventSeen: async (id: string): Promise<boolean> =>
    (
      await db
        .select({ id: stripeWebhookEvents.id })
        .from(stripeWebhookEvents)
        .where(eq(stripeWebhookEvents.id, id))
        .limit(1)
    ).length > 0,

  /** Stores a handled event id; false when another delivery stored it first. */
  recordWebhookEvent: async (
    id: string,
    type: string,
    outcome: string,
    now: Date,
  ): Promise<boolean> => {
    const rows = await db
      .insert(stripeWebhookEvents)
      .values({ id, type: type.slice(0, 100), outcome, received_at: now })
      .onConflictDoNothing()
      .returning({ id: stripeWebhookEvents.id });
    return rows.length > 0;
  },

  latestEmailCode: (userId: number, email: string) => newestEmailCode(db, userId, email),

  /** Replaces the user's codes (every address); `allow` decides under a lock on the user (parallel requests must not pass it). */
  replaceEmailCode: async (
    values: typeof companyEmailCodes.$inferInsert,
    allow?: (latest?: CompanyEmailCodeRow) => void,
  ): Promise<void> => {
    await db.transaction(async (tx) => {
      await lockKeyForTransaction(tx, 7042, `company-email:${values.user_id}`);
      allow?.(await newestEmailCode(tx, values.user_id, values.email));
      await tx.delete(companyEmailCodes).where(eq(companyEmailCodes.user_id, values.user_id));
      await tx.insert(companyEmailCodes).values(values);
    });
  },

  /**
   * Checks a company-e-mail code in ONE update (ADR 0111): the newest code of the user and address counts a wrong
   * try or is marked verified, only while it is live (not expired, fewer than `maxWrongTries` wrong tries), so
   * parallel guesses cannot get past the limit. Without an update the row tells why.
   */
  checkEmailCode: async (args: {
    userId: number;
    email: string;
    codeHash: string;
    now: Date;
    maxWrongTries: number;
  }): Promise<'ok' | 'OTP_INCORRECT' | 'OTP_EXPIRED' | 'OTP_TOO_MANY_ATTEMPTS'> => {
    const mine = and(
      eq(companyEmailCodes.user_id, args.userId),
      eq(companyEmailCodes.email, args.email),
    );
    const newest = db
      .select({ id: companyEmailCodes.id })
      .from(companyEmailCodes)
      .where(mine)
      .orderBy(desc(companyEmailCodes.id))
      .limit(1);
    const matches = sql`${companyEmailCodes.code_hash} = ${args.codeHash}`;
    const [row] = await db
      .update(companyEmailCodes)
      .set({
        attempts: sql`${companyEmailCodes.attempts} + (case when ${matches} then 0 else 1 end)`,
        verified_at: sql`(case when ${matches} then coalesce(${companyEmailCodes.verified_at}, ${args.now.toISOString()}::timestamptz) else ${companyEmailCodes.verified_at} end)`,
      })
      .where(
        and(
          eq(companyEmailCodes.id, sql`(${newest})`),
          gt(companyEmailCodes.expires_at, args.now),
          lt(companyEmailCodes.attempts, args.maxWrongTries),
        ),
      )
      .returning({ matched: matches.mapWith(Boolean) });
    if (row) return row.matched ? 'ok' : 'OTP_INCORRECT';
    const [last] = await db
      .select()
      .from(companyEmailCodes)
      .where(mine)
      .orderBy(desc(companyEmailCodes.id))
      .limit(1);
    if (!last) return 'OTP_INCORRECT';
    if (last.expires_at.getTime() <= args.now.getTime()) return 'OTP_EXPIRED';
    return 'OTP_TOO_MANY_ATTEMPTS';
  },

  updateEmailCode: async (id: number, values: Partial<CompanyEmailCodeRow>): Promise<void> => {
    await db.update(companyEmailCodes).set(values).where(eq(companyEmailCodes.id, id));
  },
});
export type BillingRepository = ReturnType<typeof billingRepository>;
export type { Tx as BillingTx };
