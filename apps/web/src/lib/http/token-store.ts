import type { TokenPair, User } from '@pfahlplaner/contracts';
import { type CookieJar, parseCookies, serializeCookie } from './cookies';

/**
 * Cookie names of the session the page's script writes (ADR 0042). The refresh token is not among them: the
 * server keeps it in an HttpOnly cookie no script can read (ADR 0118); `refreshTokenTime` is the script's
 * note that such a session exists and how long it lasts.
 */
export const COOKIE_NAMES = {
  accessToken: 'pp_access_token',
  refreshTokenTime: 'pp_refresh_token_time',
  user: 'pp_user',
} as const;

/** The refresh token cookie that earlier versions wrote by script on path `/`; removed wherever seen. */
export const LEGACY_REFRESH_COOKIE = 'pp_refresh_token';

export type TokenStoreOptions = {
  jar: CookieJar;
  /** Cookie domain from VITE_COOKIE_DOMAIN; empty: host-only. */
  domain?: string;
  /** Set the Secure flag (the page is served over https). */
  secure: boolean;
};

const DAY = 86_400;

/** Keeps the access token, the refresh lifetime and the user info in cookies on path `/`. */
export const createTokenStore = ({ jar, domain, secure }: TokenStoreOptions) => {
  const write = (name: string, value: string, maxAgeSeconds: number): void => {
    jar.cookie = serializeCookie(name, value, {
      maxAgeSeconds,
      secure,
      ...(domain ? { domain } : {}),
    });
  };
  const read = (name: string): string | null => parseCookies(jar.cookie).get(name) ?? null;

  const refreshLifetimeSeconds = (): number => {
    const days = Number(read(COOKIE_NAMES.refreshTokenTime));
    return Number.isFinite(days) && days > 0 ? days * DAY : DAY;
  };

  return {
    getAccessToken: (): string | null => read(COOKIE_NAMES.accessToken),
    getRefreshTokenTime: (): number | null => {
      const days = Number(read(COOKIE_NAMES.refreshTokenTime));
      return Number.isFinite(days) && days > 0 ? days : null;
    },
    /** A server session exists (its refresh cookie is HttpOnly: the lifetime note stands for it). */
    hasSession: (): boolean => read(COOKIE_NAMES.refreshTokenTime) != null,

    /**
     * Stores a pair from login or refresh; `access_token_time` is minutes, `refresh_token_time` days. The
     * refresh token itself came as the server's HttpOnly cookie (its JSON copy is empty) and is not kept.
     */
    saveTokens: (pair: TokenPair): void => {
      const refreshSeconds = pair.refresh_token_time * DAY;
      write(COOKIE_NAMES.accessToken, pair.access_token, pair.access_token_time * 60);
      write(COOKIE_NAMES.refreshTokenTime, String(pair.refresh_token_time), refreshSeconds);
      if (read(LEGACY_REFRESH_COOKIE) != null) write(LEGACY_REFRESH_COOKIE, '', 0);
    },

    getUser: (): User | null => {
      const raw = read(COOKIE_NAMES.user);
      if (!raw) return null;
      try {
        return JSON.parse(raw) as User;
      } catch {
        return null;
      }
    },
    /** The user info lives as long as the refresh token. */
    saveUser: (user: User): void =>
      write(COOKIE_NAMES.user, JSON.stringify(user), refreshLifetimeSeconds()),

    /** Removes every session cookie the script wrote (logout, refresh rejected). */
    clear: (): void => {
      for (const name of [...Object.values(COOKIE_NAMES), LEGACY_REFRESH_COOKIE]) {
        write(name, '', 0);
      }
    },
  };
};

export type TokenStore = ReturnType<typeof createTokenStore>;

/** The app's store: the page's cookies; Secure when served over https. */
export const tokenStore: TokenStore = createTokenStore({
  jar: typeof document === 'undefined' ? { cookie: '' } : document,
  domain: import.meta.env.VITE_COOKIE_DOMAIN || undefined,
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
});
