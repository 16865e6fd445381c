import type {
  AddEmployee,
  Employee,
  EmployeeList,
  EmployeeListQuery,
  EmployeeProject,
  MailLang,
  Role,
} from '@pfahlplaner/contracts';
import { assignableRoles, canManageUser, roleOf } from '@pfahlplaner/contracts';
import { isUniqueViolation } from '#app/db/errors';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { DAY } from '#app/lib/clock';
import { hashPassword } from '#app/lib/passwords';
import type { LicenceGuard } from '#app/modules/billing/licence-guard';
import { assertCan, assertOwnCompany } from '#app/lib/policy';
import { hmacCode, randomOtp, randomPassword } from '#app/lib/secrets';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { BillingService } from '#app/modules/billing/billing.service';
import type { EmployeeRow, EmployeesRepository } from '#app/modules/employees/employees.repository';
import { invitationMail } from '#app/modules/employees/team-mails';
import { assertSameEmail } from '#app/modules/email-change/same-email';
import type { Mailer } from '#app/modules/mail/mailer';
import type { OtpRepository } from '#app/modules/registration/otp.repository';
import type { UsersRepository } from '#app/modules/users/users.repository';

/** The invitation code stays valid this long (a reset code of the same flow: 10 minutes). */
export const INVITATION_VALID_DAYS = 7;

type Deps = {
  employees: EmployeesRepository;
  users: UsersRepository;
  otp: OtpRepository;
  billing: BillingService;
  licence: LicenceGuard;
  mailer: Mailer;
  clock: Clock;
  otpKey: Uint8Array;
  publicUrl: string;
};

const LICENCE_ORDER = [
  'active',
  'period_ending',
  'past_due',
  'trial',
  'trial_ending',
  'free',
  'expired',
  'blocked',
  'deactivated',
];

const compareBy = (sort: string) => {
  const key = sort.replace(/^-/, '') as keyof Employee;
  const dir = sort.startsWith('-') ? -1 : 1;
  const value = (e: Employee): string | number => {
    if (key === 'role') {
      return ['Owner', 'Admin', 'Manager', 'Member', 'Employee', 'Guest'].indexOf(e.role);
    }
    if (key === 'licence_status') return LICENCE_ORDER.indexOf(e.licence_status);
    const v = e[key];
    if (typeof v === 'number') return v;
    return typeof v === 'string' ? v.toLocaleLowerCase('de') : '';
  };
  return (a: Employee, b: Employee): number => {
    const va = value(a);
    const vb = value(b);
    // Empty values (never signed in, no expiry) sort last in both directions.
    if (va === '' && vb !== '') return 1;
    if (vb === '' && va !== '') return -1;
    const c =
      typeof va === 'number' && typeof vb === 'number'
        ? va - vb
        : String(va).localeCompare(String(vb), 'de');
    return c === 0 ? a.id - b.id : c * dir;
  };
};

export const employeesService = (deps: Deps) => {
  const { employees, clock } = deps;

  const toView = (
    row: EmployeeRow,
    licence: { status: Employee['licence_status']; expiry: Date | null },
  ): Employee => ({
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    role: roleOf(row.role),
    is_active: row.is_active,
    invitation_pending: row.is_active && row.activated_at != null && row.email_verified_at == null,
    project_count: row.project_count,
    created_date: row.created_date.toISOString(),
    last_login_at: row.last_login_at ? row.last_login_at.toISOString() : null,
    licence_status: row.is_active ? licence.status : 'deactivated',
    expiry_date: row.is_active && licence.expiry ? licence.expiry.toISOString() : null,
  });

  const all = async (companyId: number): Promise<Employee[]> => {
    const licence = await deps.billing.licence(companyId);
    return (await employees.companyUsers(companyId)).map((r) => toView(r, licence));
  };

  /** An employee of the company addressed in the path; 404 for other companies and unknown ids. */
  const employeeOf = async (auth: AuthContext, companyId: number, employeeId: number) => {
    assertOwnCompany(auth, companyId);
    const row = await employees.findUser(employeeId);
    if (!row || row.company_id !== companyId) throw new AppError('NOT_FOUND');
    return row;
  };

  /** May the caller change this user's data or role? Owner → OWNER_PROTECTED; others by rank. */
  const assertManages = (auth: AuthContext, target: { id: number; role: string | null }) => {
    const role = roleOf(target.role);
    if (role === 'Owner') throw new AppError('OWNER_PROTECTED');
    if (!canManageUser({ id: auth.userId, role: auth.role }, { id: target.id, role })) {
      throw new AppError('FORBIDDEN');
    }
  };

  const assertAssignable = (auth: AuthContext, role: Role) => {
    if (!assignableRoles(auth.role).includes(role)) {
      throw new AppError('ROLE_NOT_ALLOWED', {
        details: [{ path: 'role', code: 'ROLE_NOT_ALLOWED' }],
      });
    }
  };

  const detail = async (companyId: number, id: number): Promise<Employee> => {
    const found = (await all(companyId)).find((e) => e.id === id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  };

  /** Project ids of the request that are not active projects of the company → 404 naming them. */
  const ownProjects = async (companyId: number, ids: number[]): Promise<number[]> => {
    const unique = [...new Set(ids)];
    const found = new Set(await employees.companyProjectIds(companyId, unique));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError('NOT_FOUND', {
        details: missing.map((id) => ({ path: 'project_ids', code: 'NOT_FOUND', params: { id } })),
      });
    }
    return unique;
  };

  return {
    /** The user a manager may edit (tenant, action and rank checks of update-info); e-mail change uses it. */
    managedEmployee: async (auth: AuthContext, companyId: number, employeeId: number) => {
      const target = await employeeOf(auth, companyId, employeeId);
      assertCan(auth, 'employees.updateInfo');
      assertManages(auth, target);
      const row = await deps.users.findById(target.id);
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },

    /** GET …/employees/: Owner, Admin, Manager; search in name and e-mail; sort; 5 or 10 per page. */
    list: async (
      auth: AuthContext,
      companyId: number,
      query: EmployeeListQuery,
    ): Promise<EmployeeList> => {
      assertOwnCompany(auth, companyId);
      assertCan(auth, 'employees.list');
      const needle = query.search.toLocaleLowerCase('de');
      const rows = (await all(companyId))
        .filter(
          (e) =>
            !needle ||
            e.full_name.toLocaleLowerCase('de').includes(needle) ||
            e.email.includes(needle),
        )
        .sort(compareBy(query.sort));
      const start = (query.page - 1) * query.page_size;
      return {
        results: rows.slice(start, start + query.page_size),
        count: rows.length,
        page: query.page,
        page_size: query.page_size,
      };
    },

    /**
     * POST …/employees/add-employee/: an active user of the company without a usable password and an
     * invitation mail with a code for POST /v1/otp/reset-password/. Seat limit and licence are checked.
     */
    add: async (
      auth: AuthContext,
      companyId: number,
      input: AddEmployee,
      lang: MailLang,
    ): Promise<Employee> => {
      assertOwnCompany(auth, companyId);
      assertCan(auth, 'employees.add');
      assertAssignable(auth, input.role);
      await deps.licence.assertWritable(auth);
      if (await deps.users.findByEmail(input.email)) {
        throw new AppError('EMAIL_TAKEN', { details: [{ path: 'email', code: 'EMAIL_TAKEN' }] });
      }
      const seats = await deps.billing.seatLimit(companyId);
      const now = clock.now();
      const inserted = await employees
        .insertWithinSeats(
          {
            company_id: companyId,
            role: input.role,
            email: input.email,
            full_name: input.full_name,
            phone: input.phone ?? '',
            password_hash: await hashPassword(randomPassword()),
            email_verified_at: null,
            activated_at: now,
            created_date: now,
            modified_date: now,
            created_by: auth.userId,
            modified_by: auth.userId,
          },
          seats,
        )
        .catch((error: unknown) => {
          // A parallel invitation of the same address won the unique key.
          if (isUniqueViolation(error)) {
            throw new AppError('EMAIL_TAKEN', {
              details: [{ path: 'email', code: 'EMAIL_TAKEN' }],
            });
          }
          throw error;
        });
      if (!inserted) throw new AppError('SEAT_LIMIT');
      const user = inserted;
      try {
        const code = randomOtp();
        await deps.otp.store(
          {
            email: user.email,
            purpose: 'reset',
            code_hash: hmacCode(deps.otpKey, code),
            created_at: now,
            expires_at: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY),
          },
          { replace: true },
        );
        const [inviter, company] = await Promise.all([
          deps.users.findById(auth.userId),
          deps.users.findWithCompany(auth.userId),
        ]);
        await deps.mailer.send(
          invitationMail({
            to: user.email,
            name: user.full_name,
            company: company?.company.name ?? '',
            inviter: inviter?.full_name ?? '',
            code,
            validDays: INVITATION_VALID_DAYS,
            lang,
            publicUrl: deps.publicUrl,
          }),
        );
      } catch (error) {
        await employees.deleteInvited(user.id); // no half-invited user without a mail
        throw error;
      }
      return detail(companyId, user.id);
    },

    /** GET …/employees/{employeeId}/ */
    get: async (auth: AuthContext, companyId: number, employeeId: number): Promise<Employee> => {
      await employeeOf(auth, companyId, employeeId);
      assertCan(auth, 'employees.view');
      return detail(companyId, employeeId);
    },

    /** GET …/assigned-projects/ and …/unassigned-projects/ */
    projects: async (
      auth: AuthContext,
      companyId: number,
      employeeId: number,
      assigned: boolean,
    ): Promise<EmployeeProject[]> => {
      await employeeOf(auth, companyId, employeeId);
      assertCan(auth, 'employees.view');
      return employees.projectsOf(companyId, employeeId, assigned);
    },

    /** POST …/assign-projects/ and …/unassign-projects/: only the company's projects; answers the assigned list. */
    setProjects: async (
      auth: AuthContext,
      companyId: number,
      employeeId: number,
      projectIds: number[],
      assign: boolean,
    ): Promise<EmployeeProject[]> => {
      const target = await employeeOf(auth, companyId, employeeId);
      assertCan(auth, 'employees.assignProjects');
      await deps.licence.assertWritable(auth);
      if (!target.is_active) throw new AppError('ACCOUNT_DEACTIVATED');
      const ids = await ownProjects(companyId, projectIds);
      if (assign) await employees.assign(employeeId, ids, auth.userId, clock.now());
      else await employees.unassign(employeeId, ids);
      return employees.projectsOf(companyId, employeeId, true);
    },

    /** PUT …/update-info/: name, e-mail, phone of a user the caller manages. */
    updateInfo: async (
      auth: AuthContext,
      companyId: number,
      employeeId: number,
      input: {
        full_name?: string | undefined;
        email?: string | undefined;
        phone?: string | undefined;
      },
    ): Promise<Employee> => {
      const target = await employeeOf(auth, companyId, employeeId);
      assertCan(auth, 'employees.updateInfo');
      assertManages(auth, target);
      assertSameEmail(input.email, target.email);
      await employees.update(target.id, {
        ...(input.full_name === undefined ? {} : { full_name: input.full_name }),
        ...(input.phone === undefined ? {} : { phone: input.phone }),
        modified_date: clock.now(),
        modified_by: auth.userId,
      });
      return detail(companyId, target.id);
    },

    /** PATCH …/update-role/: only roles the caller may assign, never to or from Owner. */
    updateRole: async (
      auth: AuthContext,
      companyId: number,
      employeeId: number,
      role: Role,
    ): Promise<Employee> => {
      const target = await employeeOf(auth, companyId, employeeId);
      assertCan(auth, 'employees.updateRole');
      assertManages(auth, target);
      assertAssignable(auth, role);
      await employees.update(target.id, {
        role,
        modified_date: clock.now(),
        modified_by: auth.userId,
      });
      return detail(companyId, target.id);
    },

    /**
     * DELETE …/employees/{employeeId}/delete/: support only (SUPPORT_TOKEN, checked by the route).
     * Deactivates the user; the Owner cannot be removed.
     */
    deactivate: async (
      companyId: number,
      employeeId: number,
    ): Promise<{ id: number; is_active: false }> => {
      const row = await employees.findUser(employeeId);
      if (!row || row.company_id !== companyId) throw new AppError('NOT_FOUND');
      if (roleOf(row.role) === 'Owner') throw new AppError('OWNER_PROTECTED');
      await employees.deactivate(row.id, null, clock.now());
      return { id: row.id, is_active: false };
    },
  };
};
export type EmployeesService = ReturnType<typeof employeesService>;
