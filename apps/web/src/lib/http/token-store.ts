import type { TokenPair, User } from '@pfahlplaner/contracts';
import { type CookieJar, parseCookies, serializeCookie } from './cookies';

/** Cookie names of the session. Documented in ADR 0042; e2e tests may read them. */
export const COOKIE_NAMES = {
  accessToken: 'pp_access_token',
  refreshToken: 'pp_refresh_token',
  refreshTokenTime: 'pp_refresh_token_time',
  user: 'pp_user',
} as const;

export type TokenStoreOptions = {
  jar: CookieJar;
  /** Cookie domain from VITE_COOKIE_DOMAIN; empty: host-only. */
  domain?: string;
  /** Set the Secure flag (the page is served over https). */
  secure: boolean;
};

const DAY = 86_400;

/** Keeps access token, refresh token, the refresh lifetime and the user info in cookies on path `/`. */
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
    getRefreshToken: (): string | null => read(COOKIE_NAMES.refreshToken),
    getRefreshTokenTime: (): number | null => {
      const days = Number(read(COOKIE_NAMES.refreshTokenTime));
      return Number.isFinite(days) && days > 0 ? days : null;
    },
    hasSession: (): boolean => read(COOKIE_NAMES.refreshToken) != null,

    /** Stores a pair from login or refresh; `access_token_time` is minutes, `refresh_token_time` days. */
    saveTokens: (pair: TokenPair): void => {
      const refreshSeconds = pair.refresh_token_time * DAY;
      write(COOKIE_NAMES.accessToken, pair.access_token, pair.access_token_time * 60);
      write(COOKIE_NAMES.refreshToken, pair.refresh_token, refreshSeconds);
      write(COOKIE_NAMES.refreshTokenTime, String(pair.refresh_token_time), refreshSeconds);
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

    /** Removes every session cookie (logout, refresh rejected). */
    clear: (): void => {
      for (const name of Object.values(COOKIE_NAMES)) write(name, '', 0);
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
