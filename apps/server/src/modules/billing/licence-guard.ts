import type { LicenceStatus } from '@pfahlplaner/contracts';
import { planOf } from '@pfahlplaner/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import { companies, subscriptions } from '#app/db/schema/index';
import { AppError } from '#app/lib/app-error';
import type { AuthContext } from '#app/lib/auth-context';
import type { Clock } from '#app/lib/clock';
import { assertLicenceAllowsWrites, assertNotGuest } from '#app/lib/policy';
import { licenceStatus } from '#app/modules/billing/licence';

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
    return licenceStatus(planOf(row.plan), row.subscription ?? undefined, deps.clock.now());
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
