import type { Company } from '@pfahlplaner/contracts';
import { COMPANY_ADMIN_ROLES } from '@pfahlplaner/contracts';
import { AppError, fieldError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { assertOwnCompany, assertRole } from '#app/lib/policy';
import { sha256 } from '#app/lib/secrets';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { CompaniesRepository } from '#app/modules/companies/companies.repository';
import { isKnownCountry } from '#app/modules/general/geo-data';
import { logoUrl, toCompanyView } from '#app/modules/users/user-view';

type Deps = { companies: CompaniesRepository; clock: Clock; apiBase: string };

export type CompanyUpdate = {
  name?: string | undefined;
  address?: string | undefined;
  street?: string | undefined;
  location?: string | undefined;
  postal_code?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  fax?: string | undefined;
  country_id?: string | undefined;
};

/** PNG and JPEG, recognised by their first bytes (the client's Content-Type is not trusted). */
export const sniffImageType = (bytes: Buffer): 'image/png' | 'image/jpeg' | undefined => {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  return undefined;
};

export const companiesService = (deps: Deps) => {
  const { companies, clock } = deps;

  const assertCompanyAdmin = (auth: AuthContext, companyId: number) => {
    assertOwnCompany(auth, companyId);
    assertRole(auth, COMPANY_ADMIN_ROLES);
  };

  return {
    /** PUT /v1/companies/{companyId}/: Owner and Admin of that company; partial update. */
    update: async (
      auth: AuthContext,
      companyId: number,
      input: CompanyUpdate,
    ): Promise<Company> => {
      assertCompanyAdmin(auth, companyId);
      const values = Object.fromEntries(
        Object.entries(input).filter(([, v]) => v !== undefined),
      ) as CompanyUpdate;
      if (values.country_id !== undefined) {
        if (!isKnownCountry(values.country_id)) throw fieldError('country_id', 'COUNTRY_NOT_FOUND');
        values.country_id = values.country_id.toUpperCase();
      }
      const row = await companies.update(companyId, {
        ...values,
        modified_date: clock.now(),
        modified_by: auth.userId,
      });
      if (!row) throw new AppError('NOT_FOUND');
      const logo = await companies.findLogo(companyId);
      return toCompanyView(deps.apiBase, row, logo?.sha256 ?? null);
    },

    /** POST …/upload-company-logo/: stores a PNG or JPEG in the database; answers the new logo URL. */
    uploadLogo: async (
      auth: AuthContext,
      companyId: number,
      bytes: Buffer,
    ): Promise<{ logo: string }> => {
      assertCompanyAdmin(auth, companyId);
      const contentType = sniffImageType(bytes);
      if (!contentType) throw fieldError('file', 'IMAGE_TYPE');
      const hash = sha256(bytes);
      await companies.saveLogo({
        company_id: companyId,
        content_type: contentType,
        sha256: hash,
        size: bytes.length,
        data: bytes,
        modified_date: clock.now(),
        modified_by: auth.userId,
      });
      return { logo: logoUrl(deps.apiBase, companyId, hash) };
    },

    /** GET …/logo/{hash}/: public, but only with the hash of the current logo (a capability URL, ADR 0035). */
    logo: async (
      companyId: number,
      hash: string,
    ): Promise<{ contentType: string; data: Buffer }> => {
      const logo = await companies.findLogo(companyId);
      if (!logo || !logo.sha256.startsWith(hash) || hash.length < 32) {
        throw new AppError('NOT_FOUND');
      }
      return { contentType: logo.content_type, data: logo.data };
    },
  };
};
export type CompaniesService = ReturnType<typeof companiesService>;
