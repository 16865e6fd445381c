import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from './cookies';

describe('serializeCookie', () => {
  it('writes path /, SameSite=Strict and the lifetime', () => {
    expect(serializeCookie('pp_access_token', 'a.b.c', { maxAgeSeconds: 900, secure: false })).toBe(
      'pp_access_token=a.b.c; Path=/; SameSite=Strict; Max-Age=900',
    );
  });

  it('adds Domain and Secure when configured', () => {
    expect(
      serializeCookie('x', '1', { maxAgeSeconds: 60, domain: '.example.com', secure: true }),
    ).toBe('x=1; Path=/; SameSite=Strict; Max-Age=60; Domain=.example.com; Secure');
  });

  it('expires the cookie at once for a zero lifetime', () => {
    expect(serializeCookie('x', '', { maxAgeSeconds: 0, secure: false })).toContain(
      'Max-Age=0; Expires=Thu, 01 Jan 1970',
    );
  });

  it('encodes values with separators', () => {
    expect(serializeCookie('u', '{"a":"b; c"}', { secure: false })).toBe(
      'u=%7B%22a%22%3A%22b%3B%20c%22%7D; Path=/; SameSite=Strict',
    );
  });
});

describe('parseCookies', () => {
  it('decodes names and values and keeps the first of duplicates', () => {
    const cookies = parseCookies('a=1; u=%7B%22x%22%3A1%7D; a=2; broken=%E0%A4%A');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('u')).toBe('{"x":1}');
    expect(cookies.get('broken')).toBe('%E0%A4%A');
  });

  it('returns an empty map for an empty header', () => {
    expect(parseCookies('').size).toBe(0);
  });
});
