import { z } from 'zod';
import { ROLES, PLANS } from './roles';

// Zod messages are error codes (see error-codes.ts); the server copies them into error.details[].code.

/** Password rule of the product: 8–16 characters, an uppercase letter, a digit and a special character. */
export const PasswordSchema = z
  .string({ error: 'REQUIRED' })
  .min(8, { error: 'PASSWORD_RULES' })
  .max(16, { error: 'PASSWORD_RULES' })
  .regex(/[A-Z]/, { error: 'PASSWORD_RULES' })
  .regex(/\d/, { error: 'PASSWORD_RULES' })
  .regex(/[^A-Za-z0-9]/, { error: 'PASSWORD_RULES' });

export const EmailSchema = z
  .string({ error: 'REQUIRED' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'TOO_LONG' })
  .pipe(z.email({ error: 'INVALID_EMAIL' }));

/** International phone number: optional +, 6–15 digits, spaces, dashes, dots, slashes and one bracket pair. */
export const PhoneSchema = z
  .string({ error: 'REQUIRED' })
  .trim()
  .regex(/^\+?[(]?\d{1,4}[)]?[-\s./\d]{4,20}$/, { error: 'INVALID_PHONE' })
  .refine((v) => v.replace(/\D/g, '').length >= 6 && v.replace(/\D/g, '').length <= 15, {
    error: 'INVALID_PHONE',
  });

/** Language of e-mails the request triggers; when absent the server reads Accept-Language (default German). */
export const MailLangSchema = z.enum(['de', 'en'], { error: 'INVALID_VALUE' });
export type MailLang = z.infer<typeof MailLangSchema>;

export const OtpSchema = z
  .string({ error: 'REQUIRED' })
  .regex(/^\d{6}$/, { error: 'OTP_INCORRECT' });

const NameSchema = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'REQUIRED' })
  .max(150, { error: 'TOO_LONG' });

export const CompanyAddressSchema = z.object({
  name: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { error: 'REQUIRED' })
    .max(255, { error: 'TOO_LONG' }),
  street: z.string().trim().max(255, { error: 'TOO_LONG' }).optional().default(''),
  postal_code: z
    .string()
    .trim()
    .regex(/^\d{4,10}$/, { error: 'INVALID_POSTAL_CODE' })
    .optional()
    .or(z.literal('')),
  location: z.string().trim().max(255, { error: 'TOO_LONG' }).optional().default(''),
  country_id: z.string().trim().length(2, { error: 'COUNTRY_NOT_FOUND' }).optional(),
});

/** POST /v1/users/register/ step 1 ("continue signup"). */
export const RegisterStep1Schema = z
  .object({
    step: z.literal(1),
    full_name: NameSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    password: PasswordSchema,
    confirm_password: z.string({ error: 'REQUIRED' }),
    accept_terms: z.literal(true, { error: 'TERMS_NOT_ACCEPTED' }),
    lang: MailLangSchema.optional(),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    error: 'PASSWORD_MISMATCH',
  });

/** POST /v1/users/register/ step 2 ("complete signup"), after the e-mail OTP was verified. */
export const RegisterStep2Schema = z.object({
  step: z.literal(2),
  email: EmailSchema,
  company: CompanyAddressSchema,
});

export const RegisterSchema = z.union([RegisterStep1Schema, RegisterStep2Schema]);

export const VerifyOtpSchema = z.object({ email: EmailSchema, otp: OtpSchema });
export const ResendOtpSchema = z.object({ email: EmailSchema, lang: MailLangSchema.optional() });
export const EmailQuerySchema = z.object({ email: EmailSchema, lang: MailLangSchema.optional() });

/**
 * Body of POST /v1/users/register/: step 1 or step 2, told apart by `step` (so that validation errors
 * name the fields of the step that was sent, not a union mismatch).
 */
export const RegisterBodySchema = z.discriminatedUnion(
  'step',
  [RegisterStep1Schema, RegisterStep2Schema],
  {
    error: 'INVALID_VALUE',
  },
);

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'REQUIRED' })
    .min(1, { error: 'REQUIRED' })
    .max(256, { error: 'TOO_LONG' }),
  remember_me: z.boolean().optional().default(false),
});

/** The refresh token in the body (API clients); absent: the web client's HttpOnly cookie (ADR 0118). */
export const RefreshSchema = z.object({
  refresh: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(512).optional(),
});
export const LogoutSchema = z.object({
  refresh_token: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(512),
});

export const ResetPasswordSchema = z
  .object({
    email: EmailSchema,
    otp: OtpSchema,
    password: PasswordSchema,
    confirm_password: z.string({ error: 'REQUIRED' }),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    error: 'PASSWORD_MISMATCH',
  });

export const ChangePasswordSchema = z
  .object({
    old_password: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(256),
    new_password: PasswordSchema,
    confirm_password: z.string({ error: 'REQUIRED' }),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    error: 'PASSWORD_MISMATCH',
  });

export const UpdateInfoSchema = z
  .object({
    full_name: NameSchema.optional(),
    email: EmailSchema.optional(),
    phone: PhoneSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'REQUIRED' });

export const CompanyUpdateSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'REQUIRED' }).max(255, { error: 'TOO_LONG' }),
    address: z.string().trim().max(500, { error: 'TOO_LONG' }),
    street: z.string().trim().max(255, { error: 'TOO_LONG' }),
    location: z.string().trim().max(255, { error: 'TOO_LONG' }),
    postal_code: z
      .string()
      .trim()
      .regex(/^\d{4,10}$/, { error: 'INVALID_POSTAL_CODE' })
      .or(z.literal('')),
    email: EmailSchema.or(z.literal('')),
    phone: PhoneSchema.or(z.literal('')),
    fax: PhoneSchema.or(z.literal('')),
    country_id: z.string().trim().length(2, { error: 'COUNTRY_NOT_FOUND' }),
  })
  .partial();

export const CompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  fax: z.string(),
  location: z.string(),
  address: z.string(),
  street: z.string(),
  postal_code: z.string(),
  country_id: z.string().nullable(),
  logo: z.string(),
  plan: z.enum(PLANS),
});

export const UserSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  company: CompanySchema,
  /**
   * True once the workspace's guided tour has opened by itself for this user (on the first project they
   * open; POST user/me/tour-seen/); the tour then opens only from its button (ADR 0182).
   */
  tour_seen: z.boolean(),
});

export const TokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  access_token_time: z.number(),
  refresh_token_time: z.number(),
});

export const LoginResponseSchema = TokenPairSchema.extend({ user: UserSchema });

/** Answer of register step 1, resend-otp and the two "request…Email" routes: a code was mailed. */
export const OtpSentSchema = z.object({ email: z.string(), otp_valid_minutes: z.number().int() });

/** Answer of verify-otp. `purpose` says which flow the code belongs to; a reset code is checked, not used up. */
export const OtpVerifiedSchema = z.object({
  email: z.string(),
  purpose: z.enum(['signup', 'reset']),
});

/** Answer of the company logo upload: the URL the web app can put into an <img src>. */
export const CompanyLogoSchema = z.object({ logo: z.string() });

export const TermsUrlSchema = z.object({ url: z.string() });
export const BackendVersionSchema = z.object({ version: z.string() });

export type RegisterStep1 = z.infer<typeof RegisterStep1Schema>;
export type RegisterStep2 = z.infer<typeof RegisterStep2Schema>;
export type Login = z.infer<typeof LoginSchema>;
export type Company = z.infer<typeof CompanySchema>;
export type User = z.infer<typeof UserSchema>;
export type TokenPair = z.infer<typeof TokenPairSchema>;
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
export type OtpSent = z.infer<typeof OtpSentSchema>;
export type OtpVerified = z.infer<typeof OtpVerifiedSchema>;
