import type {
  Country,
  LoginResponse,
  OtpSent,
  OtpVerified,
  RegisterStep1,
  RegisterStep2,
  User,
} from '@pfahlplaner/contracts';
import { api } from '../../lib/http/api';
import type { Language } from '../../i18n';

/** Auth and registration routes of the product (route table in apps/server/README.md). */
export const authApi = {
  login: (body: { email: string; password: string; remember_me: boolean }) =>
    api.request<LoginResponse>('/v1/auth/login/', { method: 'POST', body }),
  /** Revokes the session's refresh token (the HttpOnly cookie) and lets the server delete the cookie. */
  logout: () => api.endSession(),
  registerStep1: (body: Omit<RegisterStep1, 'step'>) =>
    api.request<OtpSent>('/v1/users/register/', { method: 'POST', body: { ...body, step: 1 } }),
  registerStep2: (body: Omit<RegisterStep2, 'step'>) =>
    api.request<Partial<LoginResponse> | null>('/v1/users/register/', {
      method: 'POST',
      body: { ...body, step: 2 },
    }),
  verifyOtp: (body: { email: string; otp: string }) =>
    api.request<OtpVerified>('/v1/otp/verify-otp/', { method: 'POST', body }),
  resendOtp: (email: string, lang: Language) =>
    api.request<OtpSent>('/v1/otp/resend-otp/', { method: 'POST', body: { email, lang } }),
  requestVerifyEmail: (email: string, lang: Language) =>
    api.request<OtpSent>('/users/api/requestVerifyUserEmail/', { query: { email, lang } }),
  requestPasswordReset: (email: string, lang: Language) =>
    api.request<OtpSent>('/users/api/requestResetPasswordWithEmail/', { query: { email, lang } }),
  resetPassword: (body: {
    email: string;
    otp: string;
    password: string;
    confirm_password: string;
  }) => api.request<unknown>('/v1/otp/reset-password/', { method: 'POST', body }),
  me: () => api.request<User>('/v1/user/me/', { auth: true }),
  /** The guided tour opened by itself: it does not again for this user (ADR 0182). */
  tourSeen: () => api.request<User>('/v1/user/me/tour-seen/', { method: 'POST', auth: true }),
  termsUrl: () => api.request<{ url: string }>('/general/api/getTermConditionURL/'),
  backendVersion: () => api.request<{ version: string }>('/general/api/getBackendVersion/'),
  countries: () => api.request<Country[]>('/companies/api/getListCountries/'),
};
