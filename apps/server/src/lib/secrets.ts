import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Opaque random token (refresh tokens): 256 bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Hash under which opaque tokens are stored; they carry 256 bits, so a plain SHA-256 suffices. */
export const sha256 = (value: string | Uint8Array): string =>
  createHash('sha256').update(value).digest('hex');

/**
 * Hash of a 6-digit code. A code has only 10^6 values, so a plain hash would fall to brute force once the
 * database leaks; the HMAC key (the server secret) is not in the database.
 */
export const hmacCode = (key: Uint8Array, code: string): string =>
  createHmac('sha256', key).update(code).digest('hex');

export const safeEqualHex = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

export const randomOtp = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** A password that passes the product rule (upper, lower, digit, special; 14 characters). */
export const randomPassword = (): string => {
  const pick = (chars: string) => chars[randomInt(0, chars.length)] ?? 'x';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const lower = 'abcdefghijkmnopqrstuvwxyz';
  const digits = '23456789';
  const special = '!#%+-=?@';
  const all = upper + lower + digits;
  const chars = [pick(upper), pick(lower), pick(digits), pick(special)];
  while (chars.length < 14) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
};
