import type { Company, TokenPair, User } from '@pfahlplaner/contracts';
import { api } from '../../lib/http/api';

/** Profile, password and company routes of the signed-in user. */
export const accountApi = {
  updateInfo: (userId: number, body: { full_name?: string; email?: string; phone?: string }) =>
    api.request<User>(`/v1/user/${userId}/update-info/`, { method: 'PUT', body, auth: true }),
  changePassword: (
    userId: number,
    body: { old_password: string; new_password: string; confirm_password: string },
  ) =>
    api.request<TokenPair>(`/v1/user/${userId}/change-password/`, {
      method: 'POST',
      body,
      auth: true,
    }),
  updateCompany: (companyId: number, body: Partial<Omit<Company, 'id' | 'logo' | 'plan'>>) =>
    api.request<Company>(`/v1/companies/${companyId}/`, { method: 'PUT', body, auth: true }),
  uploadLogo: (companyId: number, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.request<{ logo: string }>(`/v1/companies/${companyId}/upload-company-logo/`, {
      method: 'POST',
      body,
      auth: true,
    });
  },
};
