import type {
  EmailChangeRequested,
  LoginResponse,
  MailLang,
  PendingEmailChange,
} from '@pfahlplaner/contracts';
import { api } from '../../lib/http/api';

/** Change of the sign-in address (ADR 0112): request, the pending change, and the code confirmation. */
export const emailChangeApi = {
  requestOwn: (body: { new_email: string; password: string; lang: MailLang }) =>
    api.request<EmailChangeRequested>('/v1/user/me/email-change/', {
      method: 'POST',
      body,
      auth: true,
    }),
  pending: () =>
    api.request<PendingEmailChange>('/v1/user/me/email-change/', { method: 'GET', auth: true }),
  confirm: (otp: string) =>
    api.request<LoginResponse>('/v1/user/me/email-change/confirm/', {
      method: 'POST',
      body: { otp },
      auth: true,
    }),
  /** A manager proposes a new address for a user of the company; the user confirms it. */
  requestForMember: (
    companyId: number,
    employeeId: number,
    body: { new_email: string; lang: MailLang },
  ) =>
    api.request<EmailChangeRequested>(
      `/v1/companies/${companyId}/employees/${employeeId}/email-change/`,
      { method: 'POST', body, auth: true },
    ),
};
