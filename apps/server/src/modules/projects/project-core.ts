// What every part of the projects service shares: its dependencies, the access rule (tenant, visibility,
// role, licence) and the reads of a project's stored workbook under the company's plan.
import type { Plan, ProjectSettings, ProjectSummary } from '@pfahlplaner/contracts';
import { planOf as asPlan, PROJECT_MANAGER_ROLES } from '@pfahlplaner/contracts';
import { AppError, fieldError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { assertOwnCompany } from '#app/lib/policy';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { LicenceGuard } from '#app/modules/billing/licence-guard';
import type { CalcServerConfig } from '#app/modules/calculation/calc-servers';
import type { CalculationJobs } from '#app/modules/calculation/calculation-jobs';
import type { CalculationPool } from '#app/modules/calculation/worker-pool';
import { isKnownCountry } from '#app/modules/general/geo-data';
import type { ProjectRow, ProjectsRepository } from '#app/modules/projects/projects.repository';
import type { StoredWorkbook } from '#app/modules/projects/workbook';
import { defaultWorkbook, inputHashOf } from '#app/modules/projects/workbook';
import { toSummary } from '#app/modules/projects/project-views';

export type ProjectsDeps = {
  projects: ProjectsRepository;
  clock: Clock;
  pool: CalculationPool;
  servers: CalcServerConfig[];
  remoteTimeoutMs: number;
  /** PostgreSQL: local calculations run as durable jobs in pg-boss (ADR 0208); the embedded database uses `pool`. */
  jobs?: CalculationJobs;
  /** Refuses writes of guests and of companies whose licence expired or was blocked (lib/policy.ts). */
  licence: LicenceGuard;
  /** Bytes of serialised project details kept per instance (ADR 0171); default 64 MiB. */
  detailCacheBytes?: number;
};

/** What a route needs from a project: `read` (detail), `write` (edit, calculate), `manage` (assign users). */
export type AccessMode = 'read' | 'write' | 'manage';

export const isManager = (auth: AuthContext) => PROJECT_MANAGER_ROLES.includes(auth.role);

/**
 * Tenant and visibility: another company's project, or one not assigned to a Member, Employee or Guest, is
 * 404 (the one rule of `access` and of the cached detail).
 */
export function assertVisible<T extends { company_id: number; assigned: boolean }>(
  auth: AuthContext,
  companyId: number,
  info: T | undefined,
): asserts info is T {
  if (!info || info.company_id !== companyId) throw new AppError('NOT_FOUND');
  if (!isManager(auth) && !info.assigned) throw new AppError('NOT_FOUND');
}

/** Writes are refused for guests (GUEST_READ_ONLY) and, for `manage`, for Member and Employee (FORBIDDEN). */
const assertMayWrite = (auth: AuthContext, mode: AccessMode) => {
  if (mode === 'read') return;
  if (auth.role === 'Guest') throw new AppError('GUEST_READ_ONLY');
  if (mode === 'manage' && !isManager(auth)) throw new AppError('FORBIDDEN');
};

/** Project columns mirrored from the settings (`name`, `projekt*`). */
export const mirroredColumns = (settings: ProjectSettings) => ({
  name: settings.name,
  street: settings.projektStreet,
  postal_code: settings.projektPostalCode,
  location: settings.projektLocation,
});

export const checkCountry = (
  path: string,
  id: string | null | undefined,
): string | null | undefined => {
  if (id === undefined || id === null) return id;
  if (!isKnownCountry(id)) throw fieldError(path, 'COUNTRY_NOT_FOUND');
  return id.toUpperCase();
};

/** The shared reads and checks of the projects service's parts. */
export const projectCore = (deps: ProjectsDeps) => {
  const { projects: repo, licence } = deps;

  const planOf = async (companyId: number): Promise<Plan> =>
    asPlan(await repo.companyPlan(companyId));

  const storedOf = (row: ProjectRow, plan: Plan): StoredWorkbook =>
    (row.workbook as StoredWorkbook | null) ?? defaultWorkbook(row.name, plan);

  const hashOf = (row: ProjectRow, plan: Plan): string =>
    row.input_hash ?? inputHashOf(storedOf(row, plan));

  /**
   * Tenant, visibility and role: another company's project or one not assigned to a Member, Employee or
   * Guest is 404; then the write rules of `mode`.
   */
  const access = async (
    auth: AuthContext,
    companyId: number,
    projectId: number,
    mode: AccessMode,
  ): Promise<void> => {
    assertOwnCompany(auth, companyId);
    assertVisible(auth, companyId, await repo.accessInfo(projectId, auth.userId));
    assertMayWrite(auth, mode);
    if (mode !== 'read') await licence.assertWritable(auth);
  };

  const assertCompanyManager = async (auth: AuthContext, companyId: number) => {
    assertOwnCompany(auth, companyId);
    assertMayWrite(auth, 'manage');
    await licence.assertWritable(auth);
  };

  const loadProject = async (projectId: number): Promise<ProjectRow> => {
    const row = await repo.find(projectId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };

  /** A project's row with its stored workbook read under the company's plan. */
  const loadStored = async (projectId: number) => {
    const row = await loadProject(projectId);
    const plan = await planOf(row.company_id);
    return { row, plan, stored: storedOf(row, plan) };
  };

  const summaryOf = async (projectId: number): Promise<ProjectSummary> => {
    const row = await repo.summary(projectId);
    if (!row) throw new AppError('NOT_FOUND');
    return toSummary(row);
  };

  return {
    planOf,
    storedOf,
    hashOf,
    access,
    assertCompanyManager,
    loadProject,
    loadStored,
    summaryOf,
  };
};
export type ProjectCore = ReturnType<typeof projectCore>;
