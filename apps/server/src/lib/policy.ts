import type { LicenceStatus, Role, TeamAction } from '@pfahlplaner/contracts';
import { can, isRole, licenceAllowsWrites } from '@pfahlplaner/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import { companies, subscriptions } from '#app/db/schema/index';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import type { AuthContext } from '#app/modules/auth/auth.service';
import { licenceStatus } from '#app/modules/billing/licence';

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

/** Role check inside the caller's own company: 403 FORBIDDEN (unchanged since issue 3). */
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

/**
 * Licence checks that need the database. Built once in app.ts (`licence`) and handed to every service
 * with write routes on company data:
 * `await licence.assertWritable(auth)` before any project write (create, update, copy, delete, settings,
 * calculate-and-store, assign). Reads never call it, so an expired company loses nothing.
 */
export const licenceGuard = (deps: { db: Db; clock: Clock }) => {
  const statusOf = async (companyId: number): Promise<LicenceStatus> => {
    const [row] = await deps.db
      .select({ plan: companies.plan, subscription: subscriptions })
      .from(companies)
      .leftJoin(subscriptions, eq(subscriptions.company_id, companies.id))
      .where(eq(companies.id, companyId))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    const plan = row.plan === 'Trial' || row.plan === 'Paid' ? row.plan : 'Free';
    return licenceStatus(plan, row.subscription ?? undefined, deps.clock.now());
  };
  return {
    statusOf,
    /** Guests → GUEST_READ_ONLY; expired → LICENCE_EXPIRED; blocked → LICENCE_BLOCKED. */
    assertWritable: async (auth: AuthContext): Promise<void> => {
      assertNotGuest(auth);
      assertLicenceAllowsWrites(await statusOf(auth.companyId));
    },
  };
};
export type LicenceGuard = ReturnType<typeof licenceGuard>;

/** A stored role string as a Role (rows with an unknown value count as the least privileged, Guest). */
export const roleOf = (value: string | null): Role => (isRole(value) ? value : 'Guest');
