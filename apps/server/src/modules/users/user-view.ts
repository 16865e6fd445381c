import type { Company, User } from '@pfahlplaner/contracts';
import { planOf, roleOf } from '@pfahlplaner/contracts';
import type { CompanyRow, UserWithCompany } from '#app/modules/users/users.repository';

/** Public URL of a company logo; the content hash makes it change with the logo (and hard to guess). */
export const logoUrl = (apiBase: string, companyId: number, sha: string | null): string =>
  sha ? `${apiBase}/v1/companies/${companyId}/logo/${sha.slice(0, 32)}/` : '';

export const toCompanyView = (
  apiBase: string,
  company: CompanyRow,
  logoSha: string | null,
): Company => ({
  id: company.id,
  name: company.name,
  email: company.email,
  phone: company.phone,
  fax: company.fax,
  location: company.location,
  address: company.address,
  street: company.street,
  postal_code: company.postal_code,
  country_id: company.country_id,
  logo: logoUrl(apiBase, company.id, logoSha),
  plan: planOf(company.plan),
});

/** The `user` object of login and GET user/me/. */
export const toUserView = (apiBase: string, { user, company, logoSha }: UserWithCompany): User => ({
  id: user.id,
  full_name: user.full_name,
  email: user.email,
  phone: user.phone,
  role: roleOf(user.role),
  company: toCompanyView(apiBase, company, logoSha),
  tour_seen: user.tour_seen_at !== null,
});
