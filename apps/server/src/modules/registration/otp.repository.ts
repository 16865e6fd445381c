import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import { otpCodes } from '#app/db/schema/index';
import type { OtpPurpose } from '#app/modules/mail/otp-mail';

export type OtpRow = typeof otpCodes.$inferSelect;

export const otpRepository = (db: Db) => ({
  latest: async (email: string, purpose: OtpPurpose): Promise<OtpRow | undefined> =>
    (
      await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
        .orderBy(desc(otpCodes.id))
        .limit(1)
    )[0],

  /** A new code replaces every earlier one of the same e-mail and purpose. */
  replace: async (values: {
    email: string;
    purpose: OtpPurpose;
    code_hash: string;
    created_at: Date;
    expires_at: Date;
  }) => {
    await db.transaction(async (tx) => {
      await tx
        .delete(otpCodes)
        .where(and(eq(otpCodes.email, values.email), eq(otpCodes.purpose, values.purpose)));
      await tx.insert(otpCodes).values(values);
    });
  },

  countWrongTry: async (id: number): Promise<number> => {
    const [row] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(eq(otpCodes.id, id))
      .returning({ attempts: otpCodes.attempts });
    return row?.attempts ?? 0;
  },

  consume: async (id: number, now: Date): Promise<void> => {
    await db.update(otpCodes).set({ consumed_at: now }).where(eq(otpCodes.id, id));
  },
});
export type OtpRepository = ReturnType<typeof otpRepository>;
