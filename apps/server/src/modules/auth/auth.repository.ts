import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import { refreshTokens } from '#app/db/schema/index';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const authRepository = (db: Db) => ({
  insertRefreshToken: async (
    values: typeof refreshTokens.$inferInsert,
  ): Promise<RefreshTokenRow> => {
    const [row] = await db.insert(refreshTokens).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  findRefreshToken: async (tokenHash: string): Promise<RefreshTokenRow | undefined> =>
    (
      await db.select().from(refreshTokens).where(eq(refreshTokens.token_hash, tokenHash)).limit(1)
    )[0],

  /** Marks a token used (rotated) unless somebody else rotated it first; false when it was already revoked. */
  markReplaced: async (id: number, replacedById: number, now: Date): Promise<boolean> =>
    (
      await db
        .update(refreshTokens)
        .set({ revoked_at: now, replaced_by_id: replacedById })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revoked_at)))
        .returning({ id: refreshTokens.id })
    ).length > 0,

  revoke: async (id: number, now: Date): Promise<void> => {
    await db
      .update(refreshTokens)
      .set({ revoked_at: now })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revoked_at)));
  },
  revokeFamily: async (familyId: string, now: Date): Promise<void> => {
    await db
      .update(refreshTokens)
      .set({ revoked_at: now })
      .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
  },
  revokeAllOfUser: async (userId: number, now: Date): Promise<void> => {
    await db
      .update(refreshTokens)
      .set({ revoked_at: now })
      .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
  },
  deleteRefreshToken: async (id: number): Promise<void> => {
    await db.delete(refreshTokens).where(eq(refreshTokens.id, id));
  },
});
export type AuthRepository = ReturnType<typeof authRepository>;
