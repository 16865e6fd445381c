import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProjectSort } from '@pfahlplaner/contracts';
import type { Tx } from '#app/db/company-lock';
import { lockCompany } from '#app/db/company-lock';
import type { Db } from '#app/db/database';
import { preparedRead } from '#app/db/prepared-read';
import {
  companies,
  projectCalculations,
  projectLogos,
  projects,
  projectUsers,
  users,
} from '#app/db/schema/index';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectInsert = typeof projects.$inferInsert;
export type CalculationRow = typeof projectCalculations.$inferSelect;
export type { Tx };
type Executor = Db | Tx;

const createdBy = alias(users, 'created_by_user');
const modifiedBy = alias(users, 'modified_by_user');

/** Columns of a list row / summary: everything but the workbook document. */
const summaryColumns = {
  id: projects.id,
  company_id: projects.company_id,
  name: projects.name,
  street: projects.street,
  postal_code: projects.postal_code,
  location: projects.location,
  country_id: projects.country_id,
  number: projects.number,
  version: projects.version,
  created_date: projects.created_date,
  modified_date: projects.modified_date,
  input_hash: projects.input_hash,
  created_by_name: createdBy.full_name,
  modified_by_name: modifiedBy.full_name,
  calculation_hash: projectCalculations.input_hash,
  calculation_engine_version: projectCalculations.engine_version,
};
export type SummaryRow = {
  id: number;
  company_id: number;
  name: string;
  street: string;
  postal_code: string;
  location: string;
  country_id: string | null;
  number: string;
  version: number;
  created_date: Date;
  modified_date: Date;
  input_hash: string | null;
  created_by_name: string | null;
  modified_by_name: string | null;
  calculation_hash: string | null;
  calculation_engine_version: string | null;
};

/** Escapes LIKE wildcards so a search for `50%` finds the text `50%`. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const summaries = (db: Executor) =>
  db
    .select(summaryColumns)
    .from(projects)
    .leftJoin(createdBy, eq(createdBy.id, projects.created_by))
    .leftJoin(modifiedBy, eq(modifiedBy.id, projects.modified_by))
    .leftJoin(projectCalculations, eq(projectCalculations.project_id, projects.id));

/**
 * The one query of the cached project detail (ADR 0171): the access facts and, as one text, everything the
 * detail's answer depends on besides the workbook and the result. It runs on every detail request, so it is
 * a server-side prepared statement on both databases (planning a five-table join costs more than running it)
 * and answers three columns instead of twenty (ADR 0206): PostgreSQL writes the key as the text of a row
 * value, which tells every value (also NULL from '') apart.
 */
const detailKeySelect = (db: Db) =>
  db
    .select({
      company_id: projects.company_id,
      assigned:
        sql<boolean>`exists (select 1 from ${projectUsers} where ${projectUsers.project_id} = ${projects.id} and ${projectUsers.user_id} = ${sql.placeholder('userId')})`.as(
          'assigned',
        ),
      key: sql<string>`row(${sql.join(
        [
          ...Object.values(summaryColumns),
          companies.plan,
          projectCalculations.project_version,
          projectCalculations.server,
          projectCalculations.calculated_at,
        ],
        sql`, `,
      )})::text`.as('key'),
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.company_id))
    .leftJoin(createdBy, eq(createdBy.id, projects.created_by))
    .leftJoin(modifiedBy, eq(modifiedBy.id, projects.modified_by))
    .leftJoin(projectCalculations, eq(projectCalculations.project_id, projects.id))
    .where(eq(projects.id, sql.placeholder('projectId')))
    .limit(1);

export const projectsRepository = (db: Db) => {
  const detailKeyQuery = preparedRead(db, 'project_detail_key', detailKeySelect(db));
  return {
    db,
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(fn),

    companyPlan: async (companyId: number, tx: Executor = db): Promise<string | undefined> =>
      (
        await tx
          .select({ plan: companies.plan })
          .from(companies)
          .where(eq(companies.id, companyId))
          .limit(1)
      )[0]?.plan,

    /** Locks the company row: project creation of one company is serialised (plan limit, names). */
    lockCompany,

    countInCompany: async (tx: Executor, companyId: number): Promise<number> =>
      (await tx.select({ n: count() }).from(projects).where(eq(projects.company_id, companyId)))[0]
        ?.n ?? 0,

    namesInCompany: async (tx: Executor, companyId: number): Promise<string[]> =>
      (
        await tx
          .select({ name: projects.name })
          .from(projects)
          .where(eq(projects.company_id, companyId))
      ).map((r) => r.name),

    list: async (args: {
      companyId: number;
      /** Only projects assigned to this user (Member, Employee, Guest). */
      assignedTo: number | null;
      search: string;
      sort: ProjectSort;
      page: number;
      pageSize: number;
    }): Promise<{ rows: SummaryRow[]; count: number }> => {
      const conditions = [eq(projects.company_id, args.companyId)];
      // the search finds a project by its name or its number (engineers quote either)
      if (args.search !== '') {
        const pattern = likePattern(args.search);
        conditions.push(or(ilike(projects.name, pattern), ilike(projects.number, pattern))!);
      }
      if (args.assignedTo !== null) {
        conditions.push(
          sql`exists (select 1 from ${projectUsers} where ${projectUsers.project_id} = ${projects.id} and ${projectUsers.user_id} = ${args.assignedTo})`,
        );
      }
      const where = and(...conditions);
      const key = args.sort.replace(/^-/, '') as 'name' | 'created_date' | 'modified_date';
      const column =
        key === 'name'
          ? sql`lower(${projects.name})`
          : key === 'created_date'
            ? projects.created_date
            : projects.modified_date;
      const direction = args.sort.startsWith('-') ? desc : asc;
      const rows = await summaries(db)
        .where(where)
        .orderBy(direction(column), direction(projects.id))
        .limit(args.pageSize)
        .offset((args.page - 1) * args.pageSize);
      const total = (await db.select({ n: count() }).from(projects).where(where))[0]?.n ?? 0;
      return { rows, count: total };
    },

    summary: async (projectId: number, tx: Executor = db): Promise<SummaryRow | undefined> =>
      (await summaries(tx).where(eq(projects.id, projectId)).limit(1))[0],

    summariesOf: async (tx: Executor, ids: number[]): Promise<SummaryRow[]> =>
      ids.length === 0
        ? []
        : summaries(tx).where(inArray(projects.id, ids)).orderBy(asc(projects.id)),

    /** Company and assignment facts for the access check (no workbook). */
    accessInfo: async (
      projectId: number,
      userId: number,
    ): Promise<{ company_id: number; assigned: boolean } | undefined> =>
      (
        await db
          .select({
            company_id: projects.company_id,
            assigned: sql<boolean>`exists (select 1 from ${projectUsers} where ${projectUsers.project_id} = ${projects.id} and ${projectUsers.user_id} = ${userId})`,
          })
          .from(projects)
          .where(eq(projects.id, projectId))
          .limit(1)
      )[0],

    find: async (projectId: number, tx: Executor = db): Promise<ProjectRow | undefined> =>
      (await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1))[0],

    /** The input hash of the stored workbook (null: not yet computed, a project from before the workbook). */
    inputHash: async (projectId: number): Promise<string | null | undefined> =>
      (
        await db
          .select({ input_hash: projects.input_hash })
          .from(projects)
          .where(eq(projects.id, projectId))
          .limit(1)
      )[0]?.input_hash,

    findForUpdate: async (tx: Tx, projectId: number): Promise<ProjectRow | undefined> =>
      (await tx.select().from(projects).where(eq(projects.id, projectId)).for('update'))[0],

    insert: async (tx: Executor, values: ProjectInsert): Promise<ProjectRow> => {
      const [row] = await tx.insert(projects).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    assign: async (
      tx: Executor,
      projectId: number,
      userIds: number[],
      by: number,
      now: Date,
    ): Promise<void> => {
      if (userIds.length === 0) return;
      await tx
        .insert(projectUsers)
        .values(
          userIds.map((user_id) => ({
            project_id: projectId,
            user_id,
            assigned_by: by,
            assigned_date: now,
          })),
        )
        .onConflictDoNothing();
    },

    unassign: async (projectId: number, userIds: number[]): Promise<void> => {
      await db
        .delete(projectUsers)
        .where(and(eq(projectUsers.project_id, projectId), inArray(projectUsers.user_id, userIds)));
    },

    /**
     * The optimistic-lock write: one UPDATE that checks and raises the version. Undefined when the version
     * was not `expectedVersion` (another write came first); nothing is changed then.
     */
    updateIfVersion: async (
      tx: Executor,
      projectId: number,
      expectedVersion: number,
      values: Partial<ProjectInsert>,
    ): Promise<ProjectRow | undefined> =>
      (
        await tx
          .update(projects)
          .set({ ...values, version: sql`${projects.version} + 1` })
          .where(and(eq(projects.id, projectId), eq(projects.version, expectedVersion)))
          .returning()
      )[0],

    /** Ids of `ids` that belong to the company. */
    idsInCompany: async (tx: Executor, companyId: number, ids: number[]): Promise<number[]> =>
      (
        await tx
          .select({ id: projects.id })
          .from(projects)
          .where(and(eq(projects.company_id, companyId), inArray(projects.id, ids)))
      ).map((r) => r.id),

    deleteMany: async (tx: Executor, ids: number[]): Promise<number[]> =>
      (
        await tx.delete(projects).where(inArray(projects.id, ids)).returning({ id: projects.id })
      ).map((r) => r.id),

    findWorkbooks: async (tx: Executor, ids: number[]): Promise<ProjectRow[]> =>
      tx.select().from(projects).where(inArray(projects.id, ids)).orderBy(asc(projects.id)),

    // calculations
    findCalculation: async (projectId: number): Promise<CalculationRow | undefined> =>
      (
        await db
          .select()
          .from(projectCalculations)
          .where(eq(projectCalculations.project_id, projectId))
          .limit(1)
      )[0],

    calculationMeta: async (
      projectId: number,
      tx: Executor = db,
    ): Promise<Omit<CalculationRow, 'result'> | undefined> =>
      (
        await tx
          .select({
            project_id: projectCalculations.project_id,
            engine_version: projectCalculations.engine_version,
            input_hash: projectCalculations.input_hash,
            project_version: projectCalculations.project_version,
            server: projectCalculations.server,
            calculated_at: projectCalculations.calculated_at,
            calculated_by: projectCalculations.calculated_by,
          })
          .from(projectCalculations)
          .where(eq(projectCalculations.project_id, projectId))
          .limit(1)
      )[0],

    /**
     * Replaces the project's stored calculation; `on` is a transaction (a durable job's, ADR 0208). The update
     * takes every column from `excluded` (the row of the insert): setting them from `values` again sent, and had
     * the database parse, the result JSON twice.
     */
    saveCalculation: async (
      values: typeof projectCalculations.$inferInsert,
      on: Db | Tx = db,
    ): Promise<void> => {
      const { project_id: _id, ...rest } = values;
      const set = Object.fromEntries(
        Object.keys(rest).map((column) => [column, sql.raw(`excluded.${column}`)]),
      );
      await on
        .insert(projectCalculations)
        .values(values)
        .onConflictDoUpdate({ target: projectCalculations.project_id, set });
    },

    /**
     * One query for the cached project detail (ADR 0171): the access facts (company, assignment of `userId`)
     * and everything the detail's answer depends on besides the workbook and the result — version, hashes,
     * names, plan, calculation meta, as one text (`key`). The cache key is made from it.
     */
    detailKey: async (projectId: number, userId: number) =>
      (await detailKeyQuery({ projectId, userId }))[0],

    // users
    assignedUsers: async (projectId: number) =>
      db
        .select({ id: users.id, full_name: users.full_name, email: users.email, role: users.role })
        .from(projectUsers)
        .innerJoin(users, eq(users.id, projectUsers.user_id))
        .where(and(eq(projectUsers.project_id, projectId), eq(users.is_active, true)))
        .orderBy(asc(users.full_name), asc(users.id)),

    unassignedUsers: async (companyId: number, projectId: number) =>
      db
        .select({ id: users.id, full_name: users.full_name, email: users.email, role: users.role })
        .from(users)
        .where(
          and(
            eq(users.company_id, companyId),
            eq(users.is_active, true),
            notInArray(
              users.id,
              db
                .select({ id: projectUsers.user_id })
                .from(projectUsers)
                .where(eq(projectUsers.project_id, projectId)),
            ),
          ),
        )
        .orderBy(asc(users.full_name), asc(users.id)),

    /** Active users of the company among `ids`. */
    companyUserIds: async (companyId: number, ids: number[]): Promise<number[]> =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(eq(users.company_id, companyId), eq(users.is_active, true), inArray(users.id, ids)),
          )
      ).map((r) => r.id),

    // report logo
    copyLogo: async (tx: Executor, fromId: number, toId: number): Promise<void> => {
      await tx.execute(
        sql`insert into ${projectLogos} (project_id, content_type, sha256, size, data, modified_date, modified_by)
          select ${toId}, content_type, sha256, size, data, modified_date, modified_by
          from ${projectLogos} where project_id = ${fromId}`,
      );
    },

    hasLogo: async (projectId: number): Promise<boolean> =>
      (
        await db
          .select({ id: projectLogos.project_id })
          .from(projectLogos)
          .where(eq(projectLogos.project_id, projectId))
          .limit(1)
      ).length > 0,

    findLogo: async (projectId: number) =>
      (
        await db.select().from(projectLogos).where(eq(projectLogos.project_id, projectId)).limit(1)
      )[0],

    saveLogo: async (values: typeof projectLogos.$inferInsert): Promise<void> => {
      const { project_id: _id, ...rest } = values;
      await db
        .insert(projectLogos)
        .values(values)
        .onConflictDoUpdate({ target: projectLogos.project_id, set: rest });
    },

    userName: async (userId: number | null): Promise<string | null> =>
      userId === null
        ? null
        : ((
            await db
              .select({ full_name: users.full_name })
              .from(users)
              .where(eq(users.id, userId))
              .limit(1)
          )[0]?.full_name ?? null),
  };
};
export type ProjectsRepository = ReturnType<typeof projectsRepository>;
