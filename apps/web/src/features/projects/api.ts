import type {
  CalculateResponse,
  CalculationInfo,
  CalculationJobStatus,
  CalculationServer,
  ProjectBasicData,
  ProjectCopyResult,
  ProjectDeleteResult,
  ProjectDetailData,
  ProjectList,
  ProjectListQuery,
  ProjectSummary,
  ProjectUser,
  SaveResult,
  StoredCalculation,
  VersionConflictData,
  Workbook,
} from '@pfahlplaner/contracts';
import type { PileDetail, ProjectResult } from '@pfahlplaner/engine';
import { api } from '../../lib/http/api';
import { calculateOrRecover } from './calculation-recovery';

// The payload types are the contracts' (packages/contracts/src/projects.ts). Responses describe the
// workbook loosely (records); the server answers the normalised `Workbook`, so the web narrows to it here,
// and the engine's `ProjectResult` for the calculation result.

/** Body of create and rename. */
export type ProjectBasics = ProjectBasicData;

/** `GET …/projects/{id}/` with the workbook typed. */
export type ProjectDetail = Omit<ProjectDetailData, 'workbook'> & { workbook: Workbook };

/** `data` of a 409 VERSION_CONFLICT on save: the newer state on the server. */
export type VersionConflict = Omit<VersionConflictData, 'workbook'> & { workbook: Workbook };

/** Answer of `GET …/calculate/`. */
export type CalculationRun = Omit<CalculateResponse, 'workbook' | 'result'> & {
  workbook: Workbook;
  result: ProjectResult;
};

/** Answer of `GET …/calculation/`: the stored result, or null before the first calculation. */
type LastCalculation =
  (Omit<NonNullable<StoredCalculation>, 'result'> & { result: ProjectResult }) | null;

export type {
  CalculationInfo,
  CalculationServer,
  ProjectListQuery,
  ProjectSummary,
  ProjectUser,
  SaveResult,
};

const base = (companyId: number) => `/v1/companies/${companyId}/projects`;

/**
 * The stored calculation as a calculate answer, when it is of the project's current inputs (not stale, the
 * detail's calculation the same) and was made by `server`; else null.
 */
const storedRun = async (
  companyId: number,
  projectId: number,
  server: string,
): Promise<CalculationRun | null> => {
  const [detail, last] = await Promise.all([
    projectsApi.detail(companyId, projectId),
    projectsApi.lastCalculation(companyId, projectId),
  ]);
  const info = last.data?.calculation;
  if (!last.data || !info || info.stale || info.server !== server) return null;
  if (detail.data.calculation?.input_hash !== info.input_hash) return null;
  return { workbook: detail.data.workbook, result: last.data.result, calculation: info };
};

/** Project routes (all company-scoped, bearer token). */
export const projectsApi = {
  list: (companyId: number, query: Partial<ProjectListQuery>) =>
    api.request<ProjectList>(`${base(companyId)}/`, { query, auth: true }),
  create: (companyId: number, body: ProjectBasics) =>
    api.request<ProjectSummary>(`${base(companyId)}/`, { method: 'POST', body, auth: true }),
  detail: (companyId: number, projectId: number) =>
    api.request<ProjectDetail>(`${base(companyId)}/${projectId}/`, { auth: true }),
  update: (companyId: number, projectId: number, body: ProjectBasics) =>
    api.request<ProjectSummary>(`${base(companyId)}/${projectId}/`, {
      method: 'PUT',
      body,
      auth: true,
    }),
  copy: (companyId: number, projectIds: number[]) =>
    api.request<ProjectCopyResult>(`${base(companyId)}/copy-multi-projects/`, {
      method: 'POST',
      body: { project_ids: projectIds },
      auth: true,
    }),
  remove: (companyId: number, projectIds: number[]) =>
    api.request<ProjectDeleteResult>(`${base(companyId)}/delete-multi-projects/`, {
      method: 'DELETE',
      body: { project_ids: projectIds },
      auth: true,
    }),
  saveWorkbook: (companyId: number, projectId: number, workbook: Workbook) =>
    api.request<SaveResult>(`${base(companyId)}/${projectId}/update-table-datas/`, {
      method: 'PUT',
      body: workbook,
      auth: true,
    }),
  /**
   * Calculates; a request cut off by its instance waits for the durable job and answers the stored
   * calculation instead of the error (calculation-recovery.ts, ADR 0196).
   */
  calculate: (companyId: number, projectId: number, server: string) =>
    calculateOrRecover<CalculationRun>({
      run: () =>
        api.request<CalculationRun>(`${base(companyId)}/${projectId}/calculate/`, {
          query: { dhpd_server: server },
          auth: true,
        }),
      jobStatus: () => projectsApi.calculationJob(companyId, projectId),
      storedRun: () => storedRun(companyId, projectId, server),
    }),
  /** State of the project's newest calculation job, or null (ADR 0196). */
  calculationJob: (companyId: number, projectId: number) =>
    api.request<CalculationJobStatus>(`${base(companyId)}/${projectId}/calculation/job/`, {
      auth: true,
    }),
  lastCalculation: (companyId: number, projectId: number) =>
    api.request<LastCalculation>(`${base(companyId)}/${projectId}/calculation/`, { auth: true }),
  /** The full result of one load point of a fresh calculation, computed on demand (ADR 0170). */
  pileDetail: (companyId: number, projectId: number, index: number) =>
    api.request<PileDetail>(`${base(companyId)}/${projectId}/calculation/piles/${index}/`, {
      auth: true,
    }),
  assignedUsers: (companyId: number, projectId: number) =>
    api.request<ProjectUser[]>(`${base(companyId)}/${projectId}/assigned-users/`, { auth: true }),
  unassignedUsers: (companyId: number, projectId: number) =>
    api.request<ProjectUser[]>(`${base(companyId)}/${projectId}/unassigned-users/`, { auth: true }),
  assignUsers: (companyId: number, projectId: number, userIds: number[]) =>
    api.request<ProjectUser[]>(`${base(companyId)}/${projectId}/assign-users/`, {
      method: 'POST',
      body: { user_ids: userIds },
      auth: true,
    }),
  unassignUsers: (companyId: number, projectId: number, userIds: number[]) =>
    api.request<ProjectUser[]>(`${base(companyId)}/${projectId}/unassign-users/`, {
      method: 'POST',
      body: { user_ids: userIds },
      auth: true,
    }),
  calculationServers: () =>
    api.request<CalculationServer[]>('/v1/calculation-servers/', { auth: true }),
};
