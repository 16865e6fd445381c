import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '#app/db/company-lock';
import type { Db } from '#app/db/database';
import { companyEmailCodes } from '#app/db/schema/index';

/** The newest company-e-mail code of a user for one address (in `db` or inside a transaction). */
export const newestEmailCode = async (db: Db | Tx, userId: number, email: string) =>
  (
    await db
      .select()
      .from(companyEmailCodes)
      .where(and(eq(companyEmailCodes.user_id, userId), eq(companyEmailCodes.email, email)))
      .orderBy(desc(companyEmailCodes.id))
      .limit(1)
  )[0];
