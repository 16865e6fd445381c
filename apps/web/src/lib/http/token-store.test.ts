// @vitest-environment jsdom
import type { User } from '@pfahlplaner/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_NAMES, createTokenStore, LEGACY_REFRESH_COOKIE } from './token-store';

const user: User = {
  id: 7,
  full_name: 'Erika Muster',
  email: 'erika@example.com',
  phone: '+49 30 123456',
  role: 'Owner',
  company: {
    id: 3,
    name: 'Grundbau GmbH; Nord',
    email: '',
    phone: '',
    fax: '',
    location: 'Köln',
    address: '',
    street: '',
    postal_code: '50667',
    country_id: 'DE',
    logo: '',
    plan: 'Free',
  },
  tour_seen: true,
};

/** The web client's pair: the refresh token travels as the server's HttpOnly cookie, its JSON copy is empty. */
const pair = {
  access_token: 'h.p.s',
  refresh_token: '',
  access_token_time: 15,
  refresh_token_time: 30,
};

describe('createTokenStore', () => {
  const store = createTokenStore({ jar: document, secure: false });
  afterEach(() => store.clear());

  it('keeps access token, refresh lifetime and user in cookies, never a refresh token', () => {
    store.saveTokens({ ...pair, refresh_token: 'opaque-refresh' });
    store.saveUser(user);
    expect(store.getAccessToken()).toBe('h.p.s');
    expect(store.getRefreshTokenTime()).toBe(30);
    expect(store.getUser()).toEqual(user);
    expect(store.hasSession()).toBe(true);
    expect(document.cookie).not.toContain('opaque-refresh');
    expect(document.cookie).not.toContain(`${LEGACY_REFRESH_COOKIE}=`);
  });

  it('removes the refresh token cookie an earlier version wrote by script', () => {
    document.cookie = `${LEGACY_REFRESH_COOKIE}=old-script-token; path=/`;
    store.saveTokens(pair);
    expect(document.cookie).not.toContain('old-script-token');
  });

  it('clears every session cookie', () => {
    store.saveTokens(pair);
    store.saveUser(user);
    store.clear();
    expect(store.getAccessToken()).toBeNull();
    expect(store.getUser()).toBeNull();
    expect(store.hasSession()).toBe(false);
    expect(document.cookie).toBe('');
  });

  it('writes Domain, Secure and SameSite=Strict on path /', () => {
    const writes: string[] = [];
    const jar = {
      get cookie() {
        return '';
      },
      set cookie(v: string) {
        writes.push(v);
      },
    };
    createTokenStore({ jar, domain: '.pfahlplaner.example', secure: true }).saveTokens(pair);
    expect(writes).toHaveLength(2);
    for (const w of writes) {
      expect(w).toMatch(
        /; Path=\/; SameSite=Strict; Max-Age=\d+; Domain=\.pfahlplaner\.example; Secure$/,
      );
    }
    expect(writes[0]).toContain('Max-Age=900');
    expect(writes[1]).toContain(`Max-Age=${30 * 86400}`);
  });

  it('ignores a user cookie that is not JSON', () => {
    document.cookie = `${COOKIE_NAMES.user}=not-json; path=/`;
    expect(store.getUser()).toBeNull();
  });
});
