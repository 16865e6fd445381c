import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '@pfahlplaner/contracts';
import type { Db } from '#app/db/database';
import { preparedRead } from '#app/db/prepared-read';
import { companies, companyLogos, users } from '#app/db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type UserWithCompany = { user: UserRow; company: CompanyRow; logoSha: string | null };

/** What `authenticate` checks on every authenticated request (ADR 0206: a prepared statement). */
export type AuthUserRow = Pick<
  UserRow,
  'id' | 'company_id' | 'role' | 'email' | 'is_active' | 'token_version'
>;

const authUserSelect = (db: Db) =>
  db
    .select({
      id: users.id,
      company_id: users.company_id,
      role: users.role,
      email: users.email,
      is_active: users.is_active,
      token_version: users.token_version,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1);

export const usersRepository = (db: Db) => {
  const authUserQuery = preparedRead(db, 'user_for_authentication', authUserSelect(db));
  return {
    /** The caller of an authenticated request: one prepared read of the columns `authenticate` checks. */
    findForAuthentication: async (id: number): Promise<AuthUserRow | undefined> =>
      (await authUserQuery({ id }))[0],

    findByEmail: async (email: string): Promise<UserRow | undefined> =>
      (await db.select().from(users).where(eq(users.email, email)).limit(1))[0],

    findById: async (id: number): Promise<UserRow | undefined> =>
      (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],

    /** The user with company and logo hash; undefined when the user has no company yet. */
    findWithCompany: async (id: number): Promise<UserWithCompany | undefined> => {
      const row = (
        await db
          .select({ user: users, company: companies, logoSha: companyLogos.sha256 })
          .from(users)
          .innerJoin(companies, eq(companies.id, users.company_id))
          .leftJoin(companyLogos, eq(companyLogos.company_id, companies.id))
          .where(eq(users.id, id))
          .limit(1)
      )[0];
      return row;
    },

    isEmailUsedByOther: async (email: string, userId: number): Promise<boolean> =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, email), ne(users.id, userId)))
          .limit(1)
      ).length > 0,

    insert: async (values: typeof users.$inferInsert): Promise<UserRow> => {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    update: async (
      id: number,
      values: Partial<typeof users.$inferInsert>,
    ): Promise<UserRow | undefined> =>
      (await db.update(users).set(values).where(eq(users.id, id)).returning())[0],

    /** Records the first time the guided tour opened by itself (a later call keeps the first time). */
    markTourSeen: async (id: number, now: Date): Promise<void> => {
      await db
        .update(users)
        .set({ tour_seen_at: now })
        .where(and(eq(users.id, id), isNull(users.tour_seen_at)));
    },

    /** New password hash; raising token_version ends every access token issued before. */
    setPassword: async (id: number, passwordHash: string, now: Date): Promise<void> => {
      await db
        .update(users)
        .set({
          password_hash: passwordHash,
          token_version: sql`${users.token_version} + 1`,
          modified_date: now,
          modified_by: id,
        })
        .where(eq(users.id, id));
    },

    /** Sign-up step 2 in one transaction: the company, then the user as its active Owner. */
    activateWithCompany: async (
      userId: number,
      company: Omit<typeof companies.$inferInsert, 'id'>,
      role: Role,
      now: Date,
    ): Promise<void> => {
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(companies)
          .values(company)
          .returning({ id: companies.id });
        if (!created) throw new Error('insert returned no row');
        await tx
          .update(users)
          .set({
            company_id: created.id,
            role,
            activated_at: now,
            modified_date: now,
            modified_by: userId,
          })
          .where(eq(users.id, userId));
      });
    },

    count: async (): Promise<number> => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
  };
};
export type UsersRepository = ReturnType<typeof usersRepository>;
