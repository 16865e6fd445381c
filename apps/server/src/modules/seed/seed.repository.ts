import type { Db } from '#app/db/database';
import { companies, projects, projectUsers, users } from '#app/db/schema/index';

/** Writes the demo data in one transaction. */
export const seedRepository = (db: Db) => ({
  insertDemo: async (args: {
    now: Date;
    email: string;
    passwordHash: string;
    company: typeof companies.$inferInsert;
    projectName: string;
    /** The demo project's workbook document and its input hash (ADR 0045, 0046). */
    workbook: unknown;
    inputHash: string;
  }): Promise<void> => {
    const { now } = args;
    await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values(args.company)
        .returning({ id: companies.id });
      if (!company) throw new Error('insert returned no row');
      const [owner] = await tx
        .insert(users)
        .values({
          company_id: company.id,
          role: 'Owner',
          email: args.email,
          full_name: 'Demo Owner',
          phone: '+49 30 1234567',
          password_hash: args.passwordHash,
          email_verified_at: now,
          activated_at: now,
          created_date: now,
          modified_date: now,
        })
        .returning({ id: users.id });
      if (!owner) throw new Error('insert returned no row');
      const [project] = await tx
        .insert(projects)
        .values({
          company_id: company.id,
          name: args.projectName,
          workbook: args.workbook,
          input_hash: args.inputHash,
          created_date: now,
          modified_date: now,
          created_by: owner.id,
          modified_by: owner.id,
        })
        .returning({ id: projects.id });
      if (!project) throw new Error('insert returned no row');
      await tx.insert(projectUsers).values({
        project_id: project.id,
        user_id: owner.id,
        assigned_date: now,
        assigned_by: owner.id,
      });
    });
  },
});
