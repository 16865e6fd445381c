import { randomUUID } from 'node:crypto';
import type { Login, LoginResponse, TokenPair } from '@pfahlplaner/contracts';
import { isRole } from '@pfahlplaner/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '#app/lib/app-error';
import type { AuthContext } from '#app/lib/auth-context';
import type { Clock } from '#app/lib/clock';
import { DAY, MINUTE } from '#app/lib/clock';
import { verifyPassword } from '#app/lib/passwords';
import type { RateLimiter, RateLimits } from '#app/lib/rate-limiter';
import { randomToken, sha256 } from '#app/lib/secrets';
import type { AuthRepository } from '#app/modules/auth/auth.repository';
import { toUserView } from '#app/modules/users/user-view';
import type { UserRow, UsersRepository } from '#app/modules/users/users.repository';

export const ACCESS_TOKEN_MINUTES = 15;
export const REFRESH_TOKEN_DAYS = 1;
export const REFRESH_TOKEN_DAYS_REMEMBER = 30;

/** Who is calling; set on the request by the auth plugin from a valid access token. */
export type { AuthContext };

type Deps = {
  users: UsersRepository;
  repository: AuthRepository;
  clock: Clock;
  secret: Uint8Array;
  apiBase: string;
  limiter: RateLimiter;
  limits: RateLimits;
};

/** Whether a user may sign in; throws the product message otherwise. */
export const assertCanSignIn = (user: UserRow): void => {
  if (!user.is_active) throw new AppError('ACCOUNT_DEACTIVATED');
  if (!user.email_verified_at || !user.activated_at || user.company_id == null) {
    throw new AppError('ACCOUNT_NOT_ACTIVATED', {
      details: [{ path: 'email', code: 'ACCOUNT_NOT_ACTIVATED' }],
    });
  }
};

export const authService = (deps: Deps) => {
  const { users, repository, clock, secret, limiter, limits } = deps;

  const signAccess = (user: UserRow): Promise<string> => {
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ tv: user.token_version, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_MINUTES * 60)
      .sign(secret);
  };

  const newRefreshToken = async (userId: number, rememberMe: boolean, familyId: string) => {
    const token = randomToken();
    const days = rememberMe ? REFRESH_TOKEN_DAYS_REMEMBER : REFRESH_TOKEN_DAYS;
    const now = clock.now();
    const row = await repository.insertRefreshToken({
      user_id: userId,
      family_id: familyId,
      token_hash: sha256(token),
      remember_me: rememberMe,
      created_at: now,
      expires_at: new Date(now.getTime() + days * DAY),
    });
    return { token, row, days };
  };

  /** A fresh access token and a refresh token of a new family. */
  const issueSession = async (user: UserRow, rememberMe: boolean): Promise<TokenPair> => {
    const refresh = await newRefreshToken(user.id, rememberMe, randomUUID());
    return {
      access_token: await signAccess(user),
      refresh_token: refresh.token,
      access_token_time: ACCESS_TOKEN_MINUTES,
      refresh_token_time: refresh.days,
    };
  };

  const loginResponse = async (user: UserRow, rememberMe: boolean): Promise<LoginResponse> => {
    const withCompany = await users.findWithCompany(user.id);
    if (!withCompany) throw new AppError('ACCOUNT_NOT_ACTIVATED');
    return {
      ...(await issueSession(user, rememberMe)),
      user: toUserView(deps.apiBase, withCompany),
    };
  };

  return {
    issueSession,
    loginResponse,

    /**
     * POST /v1/auth/login/ with the sign-in limits of docs/security.md: every attempt is counted before the
     * password is checked (so N parallel guesses cannot pass a limit of M < N), against the pair (account,
     * address) with a hard limit, and against the account and the address with a growing delay that a
     * known pair (signed in from there before) does not wait for. A successful attempt is taken back.
     */
    login: async (input: Login, ip: string): Promise<LoginResponse> => {
      const email = input.email.toLowerCase();
      const pairKey = `login:pair:${email}|${ip}`;
      const accountKey = `login:email:${email}`;
      const ipKey = `login:ip:${ip}`;
      await limiter.consume(pairKey, limits.loginPerAccountAndIp);
      const known = await limiter.isTrusted(pairKey);
      const accountHit = known
        ? null
        : await limiter.takeWithBackoff(accountKey, limits.loginPerAccount);
      const ipHit = known ? null : await limiter.takeWithBackoff(ipKey, limits.loginPerIp);
      const user = await users.findByEmail(input.email);
      if (!user) {
        throw new AppError('EMAIL_NOT_FOUND', {
          details: [{ path: 'email', code: 'EMAIL_NOT_FOUND' }],
        });
      }
      if (!(await verifyPassword(user.password_hash, input.password))) {
        throw new AppError('WRONG_PASSWORD', {
          details: [{ path: 'password', code: 'WRONG_PASSWORD' }],
        });
      }
      assertCanSignIn(user);
      // The right password: this attempt was no failure, and the pair starts afresh.
      await limiter.reset(pairKey);
      if (accountHit !== null) await limiter.untake(accountKey, accountHit);
      if (ipHit !== null) await limiter.untake(ipKey, ipHit);
      await limiter.trust(pairKey, clock.now().getTime() + limits.loginTrusted.windowMs);
      await users.update(user.id, { last_login_at: clock.now() });
      return loginResponse(user, input.remember_me);
    },

    /**
     * POST /api/token/refresh/: rotates the refresh token. A token that was already rotated is a sign of
     * theft: the whole family is revoked, so the thief and the victim both have to sign in again.
     */
    refresh: async (token: string): Promise<TokenPair> => {
      const now = clock.now();
      const row = await repository.findRefreshToken(sha256(token));
      if (!row) throw new AppError('TOKEN_INVALID');
      if (row.revoked_at) {
        if (row.replaced_by_id != null) await repository.revokeFamily(row.family_id, now);
        throw new AppError('TOKEN_INVALID');
      }
      if (row.expires_at.getTime() <= now.getTime()) throw new AppError('TOKEN_EXPIRED');
      const user = await users.findById(row.user_id);
      if (!user) throw new AppError('TOKEN_INVALID');
      assertCanSignIn(user);
      const next = await newRefreshToken(user.id, row.remember_me, row.family_id);
      if (!(await repository.markReplaced(row.id, next.row.id, now))) {
        // Lost a race against a concurrent refresh with the same token: treat as reuse.
        await repository.deleteRefreshToken(next.row.id);
        await repository.revokeFamily(row.family_id, now);
        throw new AppError('TOKEN_INVALID');
      }
      return {
        access_token: await signAccess(user),
        refresh_token: next.token,
        access_token_time: ACCESS_TOKEN_MINUTES,
        refresh_token_time: next.days,
      };
    },

    /** POST /v1/auth/logout/: revokes the refresh token (idempotent for a known token). */
    logout: async (token: string): Promise<void> => {
      const row = await repository.findRefreshToken(sha256(token));
      if (!row) throw new AppError('TOKEN_INVALID');
      await repository.revoke(row.id, clock.now());
    },

    /** Access token → caller. Checks signature, expiry, the user's state and token version. */
    authenticate: async (token: string): Promise<AuthContext> => {
      let sub: string | undefined;
      let tv: unknown;
      try {
        // Every access token we sign carries sub, iat and exp and lives ACCESS_TOKEN_MINUTES: a token
        // without exp (or older than that) is refused, whoever signed it.
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['sub', 'iat', 'exp'],
          maxTokenAge: ACCESS_TOKEN_MINUTES * 60,
        });
        if (payload.typ !== 'access') throw new AppError('TOKEN_INVALID');
        sub = payload.sub;
        tv = payload.tv;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
        throw new AppError('TOKEN_INVALID');
      }
      // only ids a users row can have (integer column): anything else is no user, not a database error
      const id = sub && /^\d{1,10}$/.test(sub) ? Number(sub) : 0;
      const user =
        id > 0 && id <= 2_147_483_647 ? await users.findForAuthentication(id) : undefined;
      if (
        !user ||
        user.token_version !== tv ||
        !user.is_active ||
        user.company_id == null ||
        !isRole(user.role)
      ) {
        throw new AppError('TOKEN_INVALID');
      }
      return { userId: user.id, companyId: user.company_id, role: user.role, email: user.email };
    },
  };
};
export type AuthService = ReturnType<typeof authService>;

export const ACCESS_TOKEN_MS = ACCESS_TOKEN_MINUTES * MINUTE;
