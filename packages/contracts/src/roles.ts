/** Company roles, as the API strings. Order is rank: a lower index may do more. */
export const ROLES = ['Owner', 'Admin', 'Manager', 'Member', 'Employee', 'Guest'] as const;
export type Role = (typeof ROLES)[number];

/** Subscription plans of a company. */
export const PLANS = ['Free', 'Trial', 'Paid'] as const;
export type Plan = (typeof PLANS)[number];

/** Roles that manage all projects of their company (create, copy, delete, assign users). */
export const PROJECT_MANAGER_ROLES: readonly Role[] = ['Owner', 'Admin', 'Manager'];
/** Roles that manage the company itself (company data, logo, employees, roles, subscription). */
export const COMPANY_ADMIN_ROLES: readonly Role[] = ['Owner', 'Admin'];
/** Roles that only see projects assigned to them. */
export const ASSIGNED_ONLY_ROLES: readonly Role[] = ['Member', 'Employee', 'Guest'];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** A stored role string as a Role: an unknown value (or none) counts as the least privileged, Guest. */
export const roleOf = (value: string | null | undefined): Role => (isRole(value) ? value : 'Guest');

/** A stored plan string as a Plan: an unknown value (or none) counts as Free, the plan that allows least. */
export const planOf = (value: string | null | undefined): Plan =>
  (PLANS as readonly string[]).includes(value ?? '') ? (value as Plan) : 'Free';
