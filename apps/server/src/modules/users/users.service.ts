import type { Role, TokenPair, User } from '@pfahlplaner/contracts';
import { PROJECT_MANAGER_ROLES, ROLES } from '@pfahlplaner/contracts';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { hashPassword, verifyPassword } from '#app/lib/passwords';
import { assertOwnCompany } from '#app/lib/policy';
import { assertSameEmail } from '#app/modules/email-change/same-email';
import type { AuthRepository } from '#app/modules/auth/auth.repository';
import type { AuthContext, AuthService } from '#app/modules/auth/auth.service';
import { toUserView } from '#app/modules/users/user-view';
import type { UserRow, UsersRepository } from '#app/modules/users/users.repository';

type Deps = {
  users: UsersRepository;
  tokens: AuthRepository;
  auth: AuthService;
  clock: Clock;
  apiBase: string;
};

const rank = (role: string | null): number => {
  const i = ROLES.indexOf(role as Role);
  return i < 0 ? ROLES.length : i;
};

export const usersService = (deps: Deps) => {
  const { users, clock } = deps;

  const view = async (userId: number): Promise<User> => {
    const row = await users.findWithCompany(userId);
    if (!row) throw new AppError('NOT_FOUND');
    return toUserView(deps.apiBase, row);
  };

  /** A user of the caller's company, or 404 (other tenants' users do not exist for the caller). */
  const colleague = async (auth: AuthContext, userId: number): Promise<UserRow> => {
    const target = await users.findById(userId);
    if (!target) throw new AppError('NOT_FOUND');
    assertOwnCompany(auth, target.company_id);
    return target;
  };

  return {
    me: (auth: AuthContext): Promise<User> => view(auth.userId),

    /**
     * POST /v1/user/me/tour-seen/: the guided tour opened by itself for the signed-in user; it does not
     * again (ADR 0182). Only oneself: the route has no user id.
     */
    markTourSeen: async (auth: AuthContext): Promise<User> => {
      await users.markTourSeen(auth.userId, clock.now());
      return view(auth.userId);
    },

    /**
     * PUT /v1/user/{userId}/update-info/: oneself always; Owner, Admin and Manager also users of a lower role
     * in their company.
     */
    updateInfo: async (
      auth: AuthContext,
      userId: number,
      input: {
        full_name?: string | undefined;
        email?: string | undefined;
        phone?: string | undefined;
      },
    ): Promise<User> => {
      const target = await colleague(auth, userId);
      const isSelf = target.id === auth.userId;
      if (
        !isSelf &&
        !(PROJECT_MANAGER_ROLES.includes(auth.role) && rank(auth.role) < rank(target.role))
      ) {
        throw new AppError('FORBIDDEN');
      }
      assertSameEmail(input.email, target.email);
      const { full_name, phone } = input;
      await users.update(target.id, {
        ...(full_name === undefined ? {} : { full_name }),
        ...(phone === undefined ? {} : { phone }),
        modified_date: clock.now(),
        modified_by: auth.userId,
      });
      return view(target.id);
    },

    /**
     * POST /v1/user/{userId}/change-password/: only one's own. Every session of the user ends; the answer
     * carries a new token pair so that the calling browser stays signed in.
     */
    changePassword: async (
      auth: AuthContext,
      userId: number,
      input: { old_password: string; new_password: string },
    ): Promise<TokenPair> => {
      const target = await colleague(auth, userId);
      if (target.id !== auth.userId) throw new AppError('FORBIDDEN');
      if (!(await verifyPassword(target.password_hash, input.old_password))) {
        throw new AppError('WRONG_OLD_PASSWORD', {
          details: [{ path: 'old_password', code: 'WRONG_OLD_PASSWORD' }],
        });
      }
      if (input.new_password === input.old_password) {
        throw new AppError('PASSWORD_UNCHANGED', {
          details: [{ path: 'new_password', code: 'PASSWORD_UNCHANGED' }],
        });
      }
      const now = clock.now();
      await users.setPassword(target.id, await hashPassword(input.new_password), now);
      await deps.tokens.revokeAllOfUser(target.id, now);
      const updated = await users.findById(target.id);
      if (!updated) throw new AppError('NOT_FOUND');
      return deps.auth.issueSession(updated, false);
    },
  };
};
export type UsersService = ReturnType<typeof usersService>;
