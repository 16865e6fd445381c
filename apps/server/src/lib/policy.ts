import type { LicenceStatus, Role, TeamAction } from '@pfahlplaner/contracts';
import { can, licenceAllowsWrites } from '@pfahlplaner/contracts';
import { AppError } from '#app/lib/app-error';
import type { AuthContext } from '#app/lib/auth-context';

/*
 * The server's permission policy (docs/permissions.md). Services call these before anything else:
 * tenant first (404), then role (403), then licence (403 LICENCE_EXPIRED / LICENCE_BLOCKED).
 */

/**
 * Tenant isolation: anything of another company is answered as if it did not exist (404), so ids of other
 * tenants cannot be probed.
 */
export const assertOwnCompany = (auth: AuthContext, companyId: number | null | undefined): void => {
  if (companyId == null || companyId !== auth.companyId) throw new AppError('NOT_FOUND');
};

/** The refusal for a role: guests get 'Guest users do not have access to this feature.', others 403. */
const denied = (role: Role): AppError =>
  new AppError(role === 'Guest' ? 'GUEST_READ_ONLY' : 'FORBIDDEN');

/** Role check inside the caller's own company: 403 FORBIDDEN, as from the start (ADR 0049). */
export const assertRole = (auth: AuthContext, allowed: readonly Role[]): void => {
  if (!allowed.includes(auth.role)) throw new AppError('FORBIDDEN');
};

/** Guests read only: every write route calls this (403 GUEST_READ_ONLY). */
export const assertNotGuest = (auth: AuthContext): void => {
  if (auth.role === 'Guest') throw new AppError('GUEST_READ_ONLY');
};

/** One action of the shared permission table (contracts `can`, also used by the web). */
export const assertCan = (auth: AuthContext, action: TeamAction): void => {
  if (!can(auth.role, action)) throw denied(auth.role);
};

/** 403 when the licence does not allow writes (expired or blocked); projects stay readable. */
export const assertLicenceAllowsWrites = (status: LicenceStatus): void => {
  if (status === 'blocked') throw new AppError('LICENCE_BLOCKED');
  if (!licenceAllowsWrites(status)) throw new AppError('LICENCE_EXPIRED');
};
