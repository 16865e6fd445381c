import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import { companies, companyLogos } from '#app/db/schema/index';

/** The company data printed in report headers. */
export type CompanyHeaderRow = {
  name: string;
  street: string;
  postal_code: string;
  location: string;
  country_id: string | null;
  phone: string;
  email: string;
};

/** Read-only queries of the file feature (project data go through the projects service). */
export const filesRepository = (db: Db) => ({
  companyHeader: async (companyId: number): Promise<CompanyHeaderRow | undefined> =>
    (
      await db
        .select({
          name: companies.name,
          street: companies.street,
          postal_code: companies.postal_code,
          location: companies.location,
          country_id: companies.country_id,
          phone: companies.phone,
          email: companies.email,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1)
    )[0],

  /** The company's plan as stored (`Free`, `Trial`, `Paid`); the caller maps unknown values to Free. */
  companyPlan: async (companyId: number): Promise<string | undefined> =>
    (
      await db
        .select({ plan: companies.plan })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1)
    )[0]?.plan,

  companyLogo: async (companyId: number) =>
    (
      await db
        .select({ content_type: companyLogos.content_type, data: companyLogos.data })
        .from(companyLogos)
        .where(eq(companyLogos.company_id, companyId))
        .limit(1)
    )[0],
});
export type FilesRepository = ReturnType<typeof filesRepository>;
