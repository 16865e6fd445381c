// @vitest-environment jsdom
import type { User } from '@pfahlplaner/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_NAMES, createTokenStore } from './token-store';

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
};

const pair = {
  access_token: 'h.p.s',
  refresh_token: 'opaque-refresh',
  access_token_time: 15,
  refresh_token_time: 30,
};

describe('createTokenStore', () => {
  const store = createTokenStore({ jar: document, secure: false });
  afterEach(() => store.clear());

  it('keeps tokens, refresh lifetime and user in cookies', () => {
    store.saveTokens(pair);
    store.saveUser(user);
    expect(store.getAccessToken()).toBe('h.p.s');
    expect(store.getRefreshToken()).toBe('opaque-refresh');
    expect(store.getRefreshTokenTime()).toBe(30);
    expect(store.getUser()).toEqual(user);
    expect(store.hasSession()).toBe(true);
    expect(document.cookie).toContain(`${COOKIE_NAMES.refreshToken}=opaque-refresh`);
  });

  it('clears every session cookie', () => {
    store.saveTokens(pair);
    store.saveUser(user);
    store.clear();
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
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
    expect(writes).toHaveLength(3);
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
