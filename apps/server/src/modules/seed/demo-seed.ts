import type { Database } from '#app/db/database';
import type { Clock } from '#app/lib/clock';
import { hashPassword } from '#app/lib/passwords';
import { randomPassword } from '#app/lib/secrets';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
import { inputHashOf, stripResults, validateWorkbook } from '#app/modules/projects/workbook';
import { seedRepository } from '#app/modules/seed/seed.repository';

export const DEMO_PROJECT_NAME = 'Demoprojekt Bohrpfähle';
import { usersRepository } from '#app/modules/users/users.repository';

export const DEMO_EMAIL = 'demo@pfahlplaner.example';

export type DemoAccount = { email: string; password: string };

/**
 * On a database without any user: a demo company (plan Trial, ADR 0036) with an owner account and one
 * project. Returns the credentials to print, or null when the database was not empty.
 */
export const seedDemo = async (database: Database, clock: Clock): Promise<DemoAccount | null> => {
  if ((await usersRepository(database.db).count()) > 0) return null;
  const now = clock.now();
  const password = randomPassword();
  // The documented example project: two soil profiles, nine load points, one load case — calculable at once.
  const workbook = stripResults(
    validateWorkbook(exampleWorkbook(DEMO_PROJECT_NAME), { plan: 'Trial', checkReferences: true }),
  );
  await seedRepository(database.db).insertDemo({
    now,
    email: DEMO_EMAIL,
    passwordHash: await hashPassword(password),
    projectName: DEMO_PROJECT_NAME,
    workbook,
    inputHash: inputHashOf(workbook),
    company: {
      name: 'Demo Ingenieurbüro GmbH',
      email: DEMO_EMAIL,
      phone: '+49 30 1234567',
      street: 'Musterstraße 1',
      address: 'Musterstraße 1',
      postal_code: '10115',
      location: 'Berlin',
      country_id: 'DE',
      plan: 'Trial',
      created_date: now,
      modified_date: now,
    },
  });
  return { email: DEMO_EMAIL, password };
};

/** Whether to seed: always on the embedded database, on PostgreSQL only with DEMO_ACCOUNT=1. */
export const shouldSeedDemo = (kind: Database['kind'], demoAccount: boolean): boolean =>
  kind === 'pglite' || demoAccount;
