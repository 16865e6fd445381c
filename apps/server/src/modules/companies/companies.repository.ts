import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import { companies, companyLogos } from '#app/db/schema/index';

export type LogoRow = typeof companyLogos.$inferSelect;

export const companiesRepository = (db: Db) => ({
  update: async (id: number, values: Partial<typeof companies.$inferInsert>) =>
    (await db.update(companies).set(values).where(eq(companies.id, id)).returning())[0],

  findLogo: async (companyId: number): Promise<LogoRow | undefined> =>
    (
      await db.select().from(companyLogos).where(eq(companyLogos.company_id, companyId)).limit(1)
    )[0],

  saveLogo: async (values: typeof companyLogos.$inferInsert): Promise<void> => {
    const { company_id: _id, ...rest } = values;
    await db
      .insert(companyLogos)
      .values(values)
      .onConflictDoUpdate({ target: companyLogos.company_id, set: rest });
  },
});
export type CompaniesRepository = ReturnType<typeof companiesRepository>;
