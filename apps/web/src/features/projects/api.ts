import type { Workbook } from '@pfahlplaner/contracts';
import type { ProjectResult } from '@pfahlplaner/engine';
import { api } from '../../lib/http/api';

/** Project list row (API contract of issue 5). */
export type ProjectSummary = {
  id: number;
  name: string;
  street: string | null;
  postal_code: string | null;
  location: string | null;
  country_id: string | null;
  number: string | null;
  version: number;
  created_date: string;
  modified_date: string;
  created_by_name: string | null;
  modified_by_name: string | null;
  calculation_status: 'none' | 'fresh' | 'stale';
};

export type CalculationInfo = {
  engine_version: string;
  calculated_at: string;
  input_hash: string;
  project_version: number;
  server: string;
  stale: boolean;
};

export type ProjectBasics = {
  name: string;
  street?: string | null;
  postal_code?: string | null;
  location?: string | null;
  country_id?: string | null;
  number?: string | null;
};

export type ProjectListQuery = { page: number; page_size: 5 | 10; search?: string; sort?: string };
export type ProjectPage = { results: ProjectSummary[]; count: number; page: number; page_size: number };
export type ProjectDetail = {
  project: ProjectSummary;
  workbook: Workbook;
  calculation: CalculationInfo | null;
};
export type SaveResult = { version: number; modified_date: string; calculation: CalculationInfo | null };
/** `data` of a 409 VERSION_CONFLICT on save: the newer state on the server. */
export type VersionConflict = { workbook: Workbook; modified_by_name: string | null; modified_date: string };
export type CalculationRun = { workbook: Workbook; result: ProjectResult; calculation: CalculationInfo };
export type ProjectUser = { id: number; full_name: string; email: string; role: string };
export type CalculationServer = { id: string; name: string; is_default: boolean };

const base = (companyId: number) => `/v1/companies/${companyId}/projects`;

/** Project routes (all company-scoped, bearer token). */
export const projectsApi = {
  list: (companyId: number, query: ProjectListQuery) =>
    api.request<ProjectPage>(`${base(companyId)}/`, { query, auth: true }),
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
    api.request<{ results: ProjectSummary[] }>(`${base(companyId)}/copy-multi-projects/`, {
      method: 'POST',
      body: { project_ids: projectIds },
      auth: true,
    }),
  remove: (companyId: number, projectIds: number[]) =>
    api.request<{ deleted: number[] }>(`${base(companyId)}/delete-multi-projects/`, {
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
  calculate: (companyId: number, projectId: number, server: string) =>
    api.request<CalculationRun>(`${base(companyId)}/${projectId}/calculate/`, {
      query: { dhpd_server: server },
      auth: true,
    }),
  lastCalculation: (companyId: number, projectId: number) =>
    api.request<{ result: ProjectResult; calculation: CalculationInfo } | null>(
      `${base(companyId)}/${projectId}/calculation/`,
      { auth: true },
    ),
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
