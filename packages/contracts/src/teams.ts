import { z } from 'zod';
import { CompanyAddressSchema, EmailSchema, OtpSchema, PhoneSchema } from './auth';
import type { Plan, Role } from './roles';
import { PLANS, ROLES } from './roles';

/*
 * Teams, roles, plans and licences (ADR 0080–0086, docs/permissions.md): payloads of the employee,
 * subscription, invoice and upgrade routes, the one permission function that server and web share, prices
 * and the card helpers of the upgrade wizard. Wire names are those of the product specification.
 */

// ---------------------------------------------------------------------------------------------------------
// Permissions

/**
 * Actions of the team, subscription and billing features. The server enforces them (apps/server/src/lib/
 * policy.ts), the web hides or disables what `can()` denies; docs/permissions.md is the matrix in prose.
 */
export const TEAM_ACTIONS = [
  'employees.list',
  'employees.view',
  'employees.add',
  'employees.updateInfo',
  'employees.updateRole',
  'employees.assignProjects',
  'subscription.view',
  'subscription.upgrade',
  'subscription.startTrial',
  'subscription.autoRenew',
  'invoices.view',
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

const ALLOWED: Record<TeamAction, readonly Role[]> = {
  'employees.list': ['Owner', 'Admin', 'Manager'],
  'employees.view': ['Owner', 'Admin', 'Manager'],
  'employees.add': ['Owner', 'Admin', 'Manager'],
  'employees.updateInfo': ['Owner', 'Admin', 'Manager'],
  'employees.updateRole': ['Owner', 'Admin', 'Manager'],
  'employees.assignProjects': ['Owner', 'Admin', 'Manager'],
  'subscription.view': ROLES,
  'subscription.upgrade': ['Owner'],
  'subscription.startTrial': ['Owner'],
  'subscription.autoRenew': ['Owner'],
  'invoices.view': ['Owner', 'Admin'],
};

/** Whether `role` may perform `action` at all (target-dependent rules: canManageUser, assignableRoles). */
export const can = (role: Role, action: TeamAction): boolean => ALLOWED[action].includes(role);

/** Rank of a role: a lower number may do more (Owner 0 … Guest 5). */
export const roleRank = (role: Role): number => ROLES.indexOf(role);

/**
 * Roles `actor` may give to a user (on add-employee and update-role). Nobody can make an Owner (the company
 * has exactly one; ownership transfer goes through support). A Manager cannot assign Manager or Admin
 * ('Not allowed to assign users the role of manager or admin').
 */
export const assignableRoles = (actor: Role): Role[] => {
  if (actor === 'Owner' || actor === 'Admin') {
    return ['Admin', 'Manager', 'Member', 'Employee', 'Guest'];
  }
  if (actor === 'Manager') return ['Member', 'Employee', 'Guest'];
  return [];
};

/**
 * Whether `actor` may edit the data or role of `target`: never the Owner (nobody can demote or remove the
 * Owner), never oneself through user management (own data: Account → Profile), and only users of a lower
 * rank — except that an Owner manages every Admin too (rank already lower).
 */
export const canManageUser = (
  actor: { id: number; role: Role },
  target: { id: number; role: Role },
): boolean =>
  can(actor.role, 'employees.updateInfo') &&
  target.role !== 'Owner' &&
  actor.id !== target.id &&
  roleRank(actor.role) < roleRank(target.role);

// ---------------------------------------------------------------------------------------------------------
// Plans, prices, licences

/** Free plan: at most this many projects (the projects module enforces it). */
export const FREE_PLAN_MAX_PROJECTS = 1;
/** Free plan: calculation step width (Schrittweite) at least this many metres. */
export const FREE_PLAN_MIN_STEP_WIDTH_M = 1.0;
/** Trial: team size between these bounds (ADR 0080: teams of 2 to 30 members). */
export const TRIAL_MIN_USERS = 2;
export const TRIAL_MAX_USERS = 30;
/** Trial length in days (our decision, docs/permissions.md and ADR 0080). */
export const TRIAL_DAYS = 14;
/** The trial-ending banner shows during the last days of a trial. */
export const TRIAL_ENDING_DAYS = 3;
/**
 * A paid period can be renewed by its Owner (the upgrade wizard again) from this many days before its end;
 * the new period then starts where the running one ends, so the licence never lapses (ADR 0082).
 * Our choice: long enough for a yearly invoice to be paid in time, short enough that a monthly customer
 * does not pay two months ahead.
 */
export const RENEWAL_WINDOW_DAYS = 14;

/**
 * Automatic renewal (ADR 0084): the renewal job charges the saved card for the next period this many days
 * before the running period ends (our choice). The new period still starts at the running period's end; a
 * failed charge leaves these days to fix the card while the licence keeps working (the grace rule: the
 * licence expires at the period end, as without automatic renewal).
 */
export const RENEWAL_CHARGE_LEAD_DAYS = 3;

/**
 * A payment waiting for 3-D Secure (ADR 0083) is given up after this many minutes: the renewal job then
 * cancels it at the provider (unless it succeeded in the meantime, which is then finalised).
 */
export const PENDING_PAYMENT_TTL_MINUTES = 30;

/** Why the automatic renewal of the running period failed (the `past_due` banner's reason). */
export const RENEWAL_FAILURES = ['card_declined', 'authentication_required'] as const;
export type RenewalFailure = (typeof RENEWAL_FAILURES)[number];

/** Whether the Owner may renew (or upgrade) now: not Paid, or the paid period ends within the window or is over. */
export const renewalOpen = (plan: Plan, periodEnd: string | Date | null, now: Date): boolean => {
  if (plan !== 'Paid' || periodEnd == null) return true;
  const end = typeof periodEnd === 'string' ? new Date(periodEnd) : periodEnd;
  return end.getTime() - now.getTime() <= RENEWAL_WINDOW_DAYS * 86_400_000;
};
/** Upper bound of seats bought in one upgrade (a typing guard, not a product limit). */
export const MAX_SEATS = 1000;

/** Prices in euro cents, tax not included (ADR 0080: 7.20 €/user/month, or 72.00 €/user/year = 6.00 €/month). */
export const PRICE_CENTS = { monthly: 720, yearly: 7200 } as const;
export const BILLINGS = ['monthly', 'yearly'] as const;
export type Billing = (typeof BILLINGS)[number];

/** Net amount of one billing period for `users` seats, in euro cents. */
export const priceCents = (billing: Billing, users: number): number => PRICE_CENTS[billing] * users;

/**
 * The licence of a company as the product shows it. `free`: Free plan, no expiry; `trial`/`active`: running;
 * `trial_ending`: the last TRIAL_ENDING_DAYS of a trial; `period_ending`: a paid period without automatic
 * renewal in its last RENEWAL_WINDOW_DAYS; `past_due`: the automatic renewal failed, the running period still
 * works until its end (ADR 0084); `expired`: the period is over, projects are read-only; `blocked`: stopped
 * by support, projects read-only.
 */
export const LICENCE_STATUSES = [
  'free',
  'trial',
  'trial_ending',
  'active',
  'period_ending',
  'past_due',
  'expired',
  'blocked',
] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

/** The banner the app layout shows (without dates, as the product does). */
export const BANNERS = [
  'none',
  'trial_ending',
  'period_ending',
  'past_due',
  'expired',
  'blocked',
] as const;
export type Banner = (typeof BANNERS)[number];

export const bannerFor = (status: LicenceStatus): Banner =>
  status === 'free' || status === 'trial' || status === 'active' ? 'none' : status;

/** Whether the licence allows writes to projects (expired and blocked make them read-only; past due does not). */
export const licenceAllowsWrites = (status: LicenceStatus): boolean =>
  status !== 'expired' && status !== 'blocked';

// ---------------------------------------------------------------------------------------------------------
// Card helpers of the upgrade wizard (the server checks the same in test mode)

/**
 * Formats the expiry field as the user types: up to 2 digits stay as they are, 3 or 4 digits become MM/YY,
 * longer input is left unchanged (ADR 0082). Non-digits are dropped first, so '12/3' → '12/3'.
 */
export const formatCardExpiry = (input: string): string => {
  const digits = input.replace(/\D/g, '');
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return input;
};

/** Luhn checksum of a card number (spaces and dashes ignored); 12 to 19 digits. */
export const luhnValid = (cardNumber: string): boolean => {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** MM/YY → the first instant after the card's last valid month (UTC), or null when malformed. */
export const cardExpiryEnd = (expiry: string): Date | null => {
  const m = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return new Date(Date.UTC(2000 + Number(m[2]), month, 1));
};

// ---------------------------------------------------------------------------------------------------------
// Employees

export const RoleSchema = z.enum(ROLES, { error: 'INVALID_VALUE' });

const FullNameSchema = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'REQUIRED' })
  .max(150, { error: 'TOO_LONG' });

export const EMPLOYEE_SORTS = [
  'full_name',
  'email',
  'role',
  'project_count',
  'created_date',
  'last_login_at',
  'licence_status',
  'expiry_date',
] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

export const EmployeeListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'NOT_AN_INTEGER' })
    .int({ error: 'NOT_AN_INTEGER' })
    .min(1, { error: 'TOO_SMALL' })
    .max(100_000, { error: 'TOO_BIG' })
    .optional()
    .default(1),
  page_size: z.coerce
    .number({ error: 'NOT_AN_INTEGER' })
    .refine((v) => v === 5 || v === 10, { error: 'INVALID_VALUE' })
    .optional()
    .default(10),
  search: z.string().trim().max(100, { error: 'TOO_LONG' }).optional().default(''),
  sort: z
    .enum([...EMPLOYEE_SORTS, ...EMPLOYEE_SORTS.map((s) => `-${s}` as const)], {
      error: 'INVALID_VALUE',
    })
    .optional()
    .default('full_name'),
});
export type EmployeeListQuery = z.infer<typeof EmployeeListQuerySchema>;

/** A user of the company as user management lists it. Licence fields are the company's licence. */
export const EmployeeSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: RoleSchema,
  is_active: z.boolean(),
  /** True until the invitee has set a password with the mailed code. */
  invitation_pending: z.boolean(),
  project_count: z.number().int(),
  created_date: z.string(),
  last_login_at: z.string().nullable(),
  licence_status: z.enum([...LICENCE_STATUSES, 'deactivated']),
  expiry_date: z.string().nullable(),
});
export type Employee = z.infer<typeof EmployeeSchema>;

export const EmployeeListSchema = z.object({
  results: z.array(EmployeeSchema),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type EmployeeList = z.infer<typeof EmployeeListSchema>;

export const AddEmployeeSchema = z.object({
  email: EmailSchema,
  full_name: FullNameSchema,
  phone: PhoneSchema.optional().or(z.literal('')),
  role: RoleSchema,
  lang: z.enum(['de', 'en'], { error: 'INVALID_VALUE' }).optional(),
});
export type AddEmployee = z.infer<typeof AddEmployeeSchema>;

export const UpdateEmployeeInfoSchema = z
  .object({
    full_name: FullNameSchema.optional(),
    email: EmailSchema.optional(),
    phone: PhoneSchema.or(z.literal('')).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'REQUIRED' });

export const UpdateRoleSchema = z.object({ role: RoleSchema });

const IdListSchema = z
  .array(z.number({ error: 'NOT_AN_INTEGER' }).int({ error: 'NOT_AN_INTEGER' }).positive(), {
    error: 'REQUIRED',
  })
  .min(1, { error: 'REQUIRED' })
  .max(500, { error: 'TOO_BIG' });

/** `POST …/employees/{id}/assign-projects/`, `…/unassign-projects/`. */
export const EmployeeProjectIdsSchema = z.object({ project_ids: IdListSchema });

/** A project as the employee's assigned/unassigned lists show it. */
export const EmployeeProjectSchema = z.object({ id: z.number().int(), name: z.string() });
export type EmployeeProject = z.infer<typeof EmployeeProjectSchema>;

/** Answer of the support-side delete: the user is deactivated, their work stays attributed. */
export const DeactivatedEmployeeSchema = z.object({
  id: z.number().int(),
  is_active: z.literal(false),
});

// ---------------------------------------------------------------------------------------------------------
// Subscription, invoices, upgrade

export const PaymentProviderIdSchema = z.enum(['test', 'stripe'], { error: 'INVALID_VALUE' });
export type PaymentProviderId = z.infer<typeof PaymentProviderIdSchema>;

export const SubscriptionSchema = z.object({
  plan: z.enum(PLANS),
  status: z.enum(LICENCE_STATUSES),
  banner: z.enum(BANNERS),
  /** Writes to projects allowed (false when expired or blocked). */
  writable: z.boolean(),
  billing: z.enum(BILLINGS).nullable(),
  /** Paid seats or trial size; 1 on the Free plan. */
  seats: z.number().int(),
  active_users: z.number().int(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  price_cents_per_period: z.number().int().nullable(),
  currency: z.literal('EUR'),
  /** Which provider takes payments on this server, and whether it is the embedded test provider. */
  payment_provider: PaymentProviderIdSchema,
  test_mode: z.boolean(),
  /** Stripe publishable key for the card element (null in test mode). */
  stripe_publishable_key: z.string().nullable(),
  /** Paid: the next period is charged automatically from the saved card (the Owner's switch, ADR 0084). */
  auto_renew: z.boolean(),
  /** Last four digits of the card saved for the automatic renewal (null: none saved). */
  saved_card_last4: z.string().nullable(),
  /** When the renewal job charges the next period (auto-renew on, Paid); null otherwise. */
  next_renewal_at: z.string().nullable(),
  /** Reason of the `past_due` banner: why the automatic renewal failed; null otherwise. */
  banner_reason: z.enum(RENEWAL_FAILURES).nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** `PATCH /v1/companies/{companyId}/subscription/auto-renew/` (Owner). */
export const AutoRenewSchema = z.object({
  auto_renew: z.boolean({ error: 'INVALID_VALUE' }),
});

export const InvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  created_date: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  billing: z.enum(BILLINGS),
  seats: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.literal('EUR'),
  status: z.enum(['paid']),
  provider: PaymentProviderIdSchema,
  test_mode: z.boolean(),
  card_last4: z.string().nullable(),
  /** Charged by the automatic renewal (not by the Owner in the wizard). */
  automatic: z.boolean(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceListSchema = z.object({ results: z.array(InvoiceSchema) });

export const StartTrialSchema = z.object({
  users: z
    .number({ error: 'NOT_AN_INTEGER' })
    .int({ error: 'NOT_AN_INTEGER' })
    .min(TRIAL_MIN_USERS, { error: 'TOO_SMALL' })
    .max(TRIAL_MAX_USERS, { error: 'TOO_BIG' }),
});

export const CompanyVerifyEmailQuerySchema = z.object({
  company_verify_email: EmailSchema,
  lang: z.enum(['de', 'en'], { error: 'INVALID_VALUE' }).optional(),
});
export const VerifyCompanyEmailSchema = z.object({
  company_verify_email: EmailSchema,
  otp: OtpSchema,
});
export const CompanyEmailVerifiedSchema = z.object({
  company_verify_email: z.string(),
  verified: z.literal(true),
});

export const TestCardPaymentSchema = z.object({
  provider: z.literal('test'),
  card_number: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { error: 'REQUIRED' })
    .max(30, { error: 'TOO_LONG' }),
  expiry: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(10),
  cvc: z
    .string({ error: 'REQUIRED' })
    .trim()
    .regex(/^\d{3,4}$/, { error: 'INVALID_VALUE' }),
  holder: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { error: 'REQUIRED' })
    .max(100, { error: 'TOO_LONG' }),
});
const refusedCardField = z.never({ error: 'CARD_DATA_NOT_ACCEPTED' }).optional();
export const StripePaymentSchema = z.object({
  provider: z.literal('stripe'),
  /** PaymentMethod id made by Stripe's card element in the browser (pm_…); no card data. */
  payment_method_id: z
    .string({ error: 'REQUIRED' })
    .trim()
    .regex(/^pm_[A-Za-z0-9_]+$/, { error: 'INVALID_VALUE' }),
  holder: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
  /**
   * Card data is refused on the Stripe path (ADR 0082): card numbers never reach our server outside test
   * mode. Sending any of these fields with `provider: "stripe"` is `CARD_DATA_NOT_ACCEPTED` at that field.
   */
  card_number: refusedCardField,
  expiry: refusedCardField,
  cvc: refusedCardField,
});
export const PaymentSchema = z.discriminatedUnion(
  'provider',
  [TestCardPaymentSchema, StripePaymentSchema],
  {
    error: 'INVALID_VALUE',
  },
);
export type Payment = z.infer<typeof PaymentSchema>;

export const UpgradeSchema = z.object({
  company: CompanyAddressSchema.extend({ email: EmailSchema }),
  company_verify_email: EmailSchema,
  billing: z.enum(BILLINGS, { error: 'INVALID_VALUE' }),
  users: z
    .number({ error: 'NOT_AN_INTEGER' })
    .int({ error: 'NOT_AN_INTEGER' })
    .positive({ error: 'NOT_AN_INTEGER' })
    .max(MAX_SEATS, { error: 'TOO_BIG' }),
  payment: PaymentSchema,
});
export type Upgrade = z.infer<typeof UpgradeSchema>;

export const UpgradeResultSchema = z.object({
  subscription: SubscriptionSchema,
  invoice: InvoiceSchema,
});
export type UpgradeResult = z.infer<typeof UpgradeResultSchema>;

/**
 * A payment that waits for the card holder's authentication (3-D Secure / SCA, ADR 0083). Nothing of the
 * upgrade is written yet. Stripe: the browser runs `stripe.handleNextAction({ clientSecret })`; the test
 * provider: the wizard shows its labelled test-mode authentication step. Then the browser calls
 * `POST /v1/companies/{companyId}/pending-payments/{id}/finalise/`, which asks the provider again.
 */
export const PendingPaymentSchema = z.object({
  id: z.string(),
  status: z.literal('requires_action'),
  provider: PaymentProviderIdSchema,
  test_mode: z.boolean(),
  /** Stripe: the PaymentIntent's client secret for Stripe.js; null with the test provider. */
  client_secret: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.literal('EUR'),
  expires_at: z.string(),
});
export type PendingPayment = z.infer<typeof PendingPaymentSchema>;

/** 202 answer of the upgrade when the card holder must authenticate the payment first. */
export const UpgradeAcceptedSchema = z.object({
  next_action: z.literal('authenticate'),
  pending_payment: PendingPaymentSchema,
});
export type UpgradeAccepted = z.infer<typeof UpgradeAcceptedSchema>;

/** Test provider only: the simulated bank's answer in the wizard's test-mode authentication step. */
export const TestAuthenticationSchema = z.object({
  result: z.enum(['approve', 'fail'], { error: 'INVALID_VALUE' }),
});
