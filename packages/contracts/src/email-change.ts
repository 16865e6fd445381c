import { z } from 'zod';
import { EmailSchema, MailLangSchema, OtpSchema } from './auth';

// Change of the sign-in address (ADR 0112, docs/permissions.md "Sign-in address"): it takes effect only when
// the code mailed to the new address is entered by the user whose address it is.

/** POST /v1/user/me/email-change/: one's own change needs the current password. */
export const RequestOwnEmailChangeSchema = z.object({
  new_email: EmailSchema,
  password: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(256),
  lang: MailLangSchema.optional(),
});
export type RequestOwnEmailChange = z.infer<typeof RequestOwnEmailChangeSchema>;

/** POST /v1/companies/{companyId}/employees/{employeeId}/email-change/: a manager proposes a new address. */
export const RequestMemberEmailChangeSchema = z.object({
  new_email: EmailSchema,
  lang: MailLangSchema.optional(),
});
export type RequestMemberEmailChange = z.infer<typeof RequestMemberEmailChangeSchema>;

/** POST /v1/user/me/email-change/confirm/: the code from the new address, entered by the signed-in user. */
export const ConfirmEmailChangeSchema = z.object({ otp: OtpSchema });

/** A code went to the new address; the old address got a notice. */
export const EmailChangeRequestedSchema = z.object({
  new_email: z.string(),
  otp_valid_minutes: z.number().int(),
});
export type EmailChangeRequested = z.infer<typeof EmailChangeRequestedSchema>;

/** GET /v1/user/me/email-change/: the change waiting for the code, or null. */
export const PendingEmailChangeSchema = z
  .object({
    new_email: z.string(),
    /** Proposed by a manager of the company (not by the user). */
    requested_by_other: z.boolean(),
    expires_at: z.string(),
  })
  .nullable();
export type PendingEmailChange = z.infer<typeof PendingEmailChangeSchema>;
