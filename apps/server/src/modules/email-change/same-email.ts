import { AppError } from '#app/lib/app-error';

/**
 * The update-info routes keep the sign-in address as it is (ADR 0112): sending the current address is fine
 * (forms send every field), another one is EMAIL_CHANGE_NEEDS_CODE — the change goes through the
 * email-change routes, with a code to the new address.
 */
export const assertSameEmail = (requested: string | undefined, current: string): void => {
  if (requested !== undefined && requested !== current) {
    throw new AppError('EMAIL_CHANGE_NEEDS_CODE', {
      details: [{ path: 'email', code: 'EMAIL_CHANGE_NEEDS_CODE' }],
    });
  }
};
