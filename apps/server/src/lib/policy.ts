import type { Role } from '@pfahlplaner/contracts';
import { AppError } from '#app/lib/app-error';
import type { AuthContext } from '#app/modules/auth/auth.service';

/**
 * Tenant isolation: anything of another company is answered as if it did not exist (404), so ids of other
 * tenants cannot be probed.
 */
export const assertOwnCompany = (auth: AuthContext, companyId: number | null | undefined): void => {
  if (companyId == null || companyId !== auth.companyId) throw new AppError('NOT_FOUND');
};

/** Role check inside the caller's own company: 403. */
export const assertRole = (auth: AuthContext, allowed: readonly Role[]): void => {
  if (!allowed.includes(auth.role)) throw new AppError('FORBIDDEN');
};
