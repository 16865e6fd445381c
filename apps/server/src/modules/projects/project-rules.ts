import type { Plan } from '@pfahlplaner/contracts';
import { FREE_PLAN_MAX_PROJECTS } from '@pfahlplaner/contracts';
import { isUniqueViolation } from '#app/db/errors';
import { AppError, fieldError } from '#app/lib/app-error';

/**
 * The Free plan's project limit: PLAN_PROJECT_LIMIT when `adding` more projects would take the company
 * above FREE_PLAN_MAX_PROJECTS (docs/permissions.md). `count` runs only for a Free company; callers that
 * write call it inside the transaction that holds the company-row lock (db/company-lock.ts).
 */
export const assertProjectRoom = async (
  plan: Plan,
  count: () => Promise<number>,
  adding = 1,
): Promise<void> => {
  if (plan === 'Free' && (await count()) + adding > FREE_PLAN_MAX_PROJECTS) {
    throw new AppError('PLAN_PROJECT_LIMIT');
  }
};

/** Project names are unique per company without regard to case (index projects_company_name_unique). */
export const nameKey = (name: string): string => name.toLowerCase();

/** PROJECT_NAME_TAKEN at `path` when `name` is among the company's names `taken`. */
export const assertNameFree = (taken: readonly string[], name: string, path = 'name'): void => {
  if (taken.some((n) => nameKey(n) === nameKey(name))) throw fieldError(path, 'PROJECT_NAME_TAKEN');
};

/**
 * The unique name index refused a write that raced with another (the check before it passed): the
 * same PROJECT_NAME_TAKEN at `path`; any other error unchanged. `throw asNameTaken(path, error)`.
 */
export const asNameTaken = (path: string, error: unknown): unknown =>
  isUniqueViolation(error) ? fieldError(path, 'PROJECT_NAME_TAKEN') : error;

/** `asNameTaken` for a promise's `.catch`. */
export const nameTakenOr =
  (path: string) =>
  (error: unknown): never => {
    throw asNameTaken(path, error);
  };
