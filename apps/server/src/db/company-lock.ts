import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import { companies } from '#app/db/schema/index';

/** A transaction of the application's database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the company row for the rest of the transaction (SELECT … FOR UPDATE) and answers its stored plan.
 * Every limit that counts a company's rows (projects of the Free plan, seats) decides under this lock, so
 * parallel requests of one company are counted one after the other (issue "Concurrency and load").
 */
export const lockCompany = async (tx: Tx, companyId: number): Promise<string | undefined> =>
  (
    await tx
      .select({ plan: companies.plan })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update')
  )[0]?.plan;
