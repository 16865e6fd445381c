import { and, asc, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { lockCompany } from '#app/db/company-lock';
import type { Db } from '#app/db/database';
import { projects, projectUsers, refreshTokens, users } from '#app/db/schema/index';

export type EmployeeRow = typeof users.$inferSelect & { project_count: number };

export const employeesRepository = (db: Db) => ({
  /** Every user of the company with the number of (active) projects assigned to them. */
  companyUsers: async (companyId: number): Promise<EmployeeRow[]> => {
    const counts = db
      .select({ user_id: projectUsers.user_id, n: count().as('n') })
      .from(projectUsers)
      .innerJoin(projects, eq(projects.id, projectUsers.project_id))
      .where(and(eq(projects.company_id, companyId), eq(projects.is_active, true)))
      .groupBy(projectUsers.user_id)
      .as('counts');
    const rows = await db
      .select({ user: users, n: counts.n })
      .from(users)
      .leftJoin(counts, eq(counts.user_id, users.id))
      .where(eq(users.company_id, companyId))
      .orderBy(asc(users.id));
    return rows.map((r) => ({ ...r.user, project_count: Number(r.n ?? 0) }));
  },

  findUser: async (id: number) =>
    (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],

  /** Active projects of the company assigned (or not assigned) to the user, by name. */
  projectsOf: async (companyId: number, userId: number, assigned: boolean) => {
    const assignedIds = db
      .select({ id: projectUsers.project_id })
      .from(projectUsers)
      .where(eq(projectUsers.user_id, userId));
    return db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(
        and(
          eq(projects.company_id, companyId),
          eq(projects.is_active, true),
          assigned ? inArray(projects.id, assignedIds) : notInArray(projects.id, assignedIds),
        ),
      )
      .orderBy(asc(projects.name), asc(projects.id));
  },

  /** Which of `ids` are active projects of the company. */
  companyProjectIds: async (companyId: number, ids: number[]): Promise<number[]> =>
    (
      await db
        .select({ id: projects.id })
        .from(projects)
        .where(
          and(
            eq(projects.company_id, companyId),
            eq(projects.is_active, true),
            inArray(projects.id, ids),
          ),
        )
    ).map((r) => r.id),

  assign: async (userId: number, projectIds: number[], by: number, now: Date): Promise<void> => {
    await db
      .insert(projectUsers)
      .values(
        projectIds.map((project_id) => ({
          project_id,
          user_id: userId,
          assigned_by: by,
          assigned_date: now,
        })),
      )
      .onConflictDoNothing();
  },

  unassign: async (userId: number, projectIds: number[]): Promise<void> => {
    await db
      .delete(projectUsers)
      .where(and(eq(projectUsers.user_id, userId), inArray(projectUsers.project_id, projectIds)));
  },

  update: async (id: number, values: Partial<typeof users.$inferInsert>) =>
    (await db.update(users).set(values).where(eq(users.id, id)).returning())[0],

  /**
   * Inserts the user only while the company has fewer than `seats` active users, atomically: the company
   * row is locked for the transaction, so parallel invitations are counted one after the other and N
   * parallel requests can never pass a limit of M < N (issue "Concurrency and load"). Null: no seat left.
   */
  insertWithinSeats: async (
    values: typeof users.$inferInsert & { company_id: number },
    seats: number,
  ) =>
    db.transaction(async (tx) => {
      await lockCompany(tx, values.company_id);
      const [active] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.company_id, values.company_id), eq(users.is_active, true)));
      if ((active?.n ?? 0) >= seats) return null;
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    }),

  /** Removes a never-used invitation again (the invitation mail could not be sent). */
  deleteInvited: async (id: number): Promise<void> => {
    await db.delete(users).where(and(eq(users.id, id), isNull(users.last_login_at)));
  },

  /**
   * Support-side removal: the user can no longer sign in (inactive, access tokens of the old version
   * invalid, refresh tokens revoked) and loses the project assignments; rows they created keep
   * `created_by`/`modified_by`, so their work stays attributed.
   */
  deactivate: async (id: number, by: number | null, now: Date): Promise<void> => {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          is_active: false,
          token_version: sql`${users.token_version} + 1`,
          modified_date: now,
          modified_by: by,
        })
        .where(eq(users.id, id));
      await tx
        .update(refreshTokens)
        .set({ revoked_at: now })
        .where(and(eq(refreshTokens.user_id, id), isNull(refreshTokens.revoked_at)));
      await tx.delete(projectUsers).where(eq(projectUsers.user_id, id));
    });
  },
});
export type EmployeesRepository = ReturnType<typeof employeesRepository>;
