import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import { companies, companyEmailCodes, invoices, subscriptions, users } from '#app/db/schema/index';
import type { SubscriptionRow } from '#app/modules/billing/licence';

export type InvoiceRow = typeof invoices.$inferSelect;
export type CompanyEmailCodeRow = typeof companyEmailCodes.$inferSelect;
type CompanyValues = Partial<typeof companies.$inferInsert>;
type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'id' | 'company_id'>;
type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'company_id' | 'number'>;

export const billingRepository = (db: Db) => ({
  company: async (companyId: number) =>
    (await db.select().from(companies).where(eq(companies.id, companyId)).limit(1))[0],

  subscription: async (companyId: number): Promise<SubscriptionRow | undefined> =>
    (
      await db.select().from(subscriptions).where(eq(subscriptions.company_id, companyId)).limit(1)
    )[0],

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

  /** Company plan, subscription row and (optionally) the first invoice of a period, in one transaction. */
  saveSubscription: async (
    companyId: number,
    company: CompanyValues,
    subscription: SubscriptionValues,
    invoice: InvoiceValues | null,
  ): Promise<InvoiceRow | null> =>
    db.transaction(async (tx) => {
      await tx.update(companies).set(company).where(eq(companies.id, companyId));
      await tx
        .insert(subscriptions)
        .values({ ...subscription, company_id: companyId })
        .onConflictDoUpdate({ target: subscriptions.company_id, set: subscription });
      if (!invoice) return null;
      const [n] = await tx
        .select({ n: count() })
        .from(invoices)
        .where(eq(invoices.company_id, companyId));
      const number = `PP-${String(companyId).padStart(6, '0')}-${String((n?.n ?? 0) + 1).padStart(4, '0')}`;
      const [row] = await tx
        .insert(invoices)
        .values({ ...invoice, company_id: companyId, number })
        .returning();
      return row ?? null;
    }),

  latestEmailCode: async (
    userId: number,
    email: string,
  ): Promise<CompanyEmailCodeRow | undefined> =>
    (
      await db
        .select()
        .from(companyEmailCodes)
        .where(and(eq(companyEmailCodes.user_id, userId), eq(companyEmailCodes.email, email)))
        .orderBy(desc(companyEmailCodes.id))
        .limit(1)
    )[0],

  /** A new code replaces the user's earlier codes (of every address). */
  replaceEmailCode: async (values: typeof companyEmailCodes.$inferInsert): Promise<void> => {
    await db.transaction(async (tx) => {
      await tx.delete(companyEmailCodes).where(eq(companyEmailCodes.user_id, values.user_id));
      await tx.insert(companyEmailCodes).values(values);
    });
  },

  updateEmailCode: async (id: number, values: Partial<CompanyEmailCodeRow>): Promise<void> => {
    await db.update(companyEmailCodes).set(values).where(eq(companyEmailCodes.id, id));
  },
});
export type BillingRepository = ReturnType<typeof billingRepository>;
