import type {
  AddEmployee,
  Employee,
  EmployeeList,
  EmployeeProject,
  Invoice,
  OtpSent,
  Role,
  Subscription,
  Upgrade,
  UpgradeAccepted,
  UpgradeResult,
} from '@pfahlplaner/contracts';
import { api } from '../../lib/http/api';
import type { Language } from '../../i18n';

const employees = (companyId: number) => `/v1/companies/${companyId}/employees`;

/** Employee, subscription, invoice and upgrade routes (ADR 0080–0086). */
export const teamApi = {
  list: (
    companyId: number,
    query: { page: number; page_size: number; search: string; sort: string },
  ) => api.request<EmployeeList>(`${employees(companyId)}/`, { query, auth: true }),
  add: (companyId: number, body: AddEmployee) =>
    api.request<Employee>(`${employees(companyId)}/add-employee/`, {
      method: 'POST',
      body,
      auth: true,
    }),
  updateInfo: (
    companyId: number,
    id: number,
    body: { full_name?: string; email?: string; phone?: string },
  ) =>
    api.request<Employee>(`${employees(companyId)}/${id}/update-info/`, {
      method: 'PUT',
      body,
      auth: true,
    }),
  updateRole: (companyId: number, id: number, role: Role) =>
    api.request<Employee>(`${employees(companyId)}/${id}/update-role/`, {
      method: 'PATCH',
      body: { role },
      auth: true,
    }),
  projects: (companyId: number, id: number, assigned: boolean) =>
    api.request<EmployeeProject[]>(
      `${employees(companyId)}/${id}/${assigned ? 'assigned' : 'unassigned'}-projects/`,
      { auth: true },
    ),
  setProjects: (companyId: number, id: number, projectIds: number[], assign: boolean) =>
    api.request<EmployeeProject[]>(
      `${employees(companyId)}/${id}/${assign ? 'assign' : 'unassign'}-projects/`,
      { method: 'POST', body: { project_ids: projectIds }, auth: true },
    ),
  subscription: (companyId: number) =>
    api.request<Subscription>(`/v1/companies/${companyId}/subscription/`, { auth: true }),
  invoices: (companyId: number) =>
    api.request<{ results: Invoice[] }>(`/v1/companies/${companyId}/invoices/`, { auth: true }),
  startTrial: (companyId: number, users: number) =>
    api.request<Subscription>(`/v1/companies/${companyId}/subscription/start-trial/`, {
      method: 'POST',
      body: { users },
      auth: true,
    }),
  requestCompanyEmail: (email: string, lang: Language) =>
    api.request<OtpSent>('/companies/api/requestVerifyCompanyEmail/', {
      query: { company_verify_email: email, lang },
      auth: true,
    }),
  verifyCompanyEmail: (email: string, otp: string) =>
    api.request<{ company_verify_email: string; verified: true }>(
      '/companies/api/verifyOTPWithCompanyEmail/',
      { method: 'POST', body: { company_verify_email: email, otp }, auth: true },
    ),
  /** 201: the paid subscription; 202: the card holder must authenticate first (3-D Secure, ADR 0083). */
  upgrade: (body: Upgrade) =>
    api.request<UpgradeResult | UpgradeAccepted>('/companies/api/freeUserUpgradeCreateCompany/', {
      method: 'POST',
      body,
      auth: true,
    }),
  /** After the authentication step: the server asks the provider and writes the period only on success. */
  finalisePayment: (companyId: number, pendingId: string) =>
    api.request<UpgradeResult>(
      `/v1/companies/${companyId}/pending-payments/${pendingId}/finalise/`,
      { method: 'POST', auth: true },
    ),
  /** Test mode only: the answer of the simulated bank page. */
  testAuthentication: (companyId: number, pendingId: string, result: 'approve' | 'fail') =>
    api.request<{ id: string; test_authentication: 'approved' | 'failed' }>(
      `/v1/companies/${companyId}/pending-payments/${pendingId}/test-authentication/`,
      { method: 'POST', body: { result }, auth: true },
    ),
  setAutoRenew: (companyId: number, autoRenew: boolean) =>
    api.request<Subscription>(`/v1/companies/${companyId}/subscription/auto-renew/`, {
      method: 'PATCH',
      body: { auto_renew: autoRenew },
      auth: true,
    }),
  resetPassword: (body: {
    email: string;
    otp: string;
    password: string;
    confirm_password: string;
  }) => api.request<null>('/v1/otp/reset-password/', { method: 'POST', body }),
};
