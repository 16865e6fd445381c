/** Attributes of the session cookies: always path `/` and SameSite=Strict (see ADR 0042). */
export type CookieOptions = {
  /** Lifetime in seconds; 0 or negative deletes the cookie. Absent: a session cookie. */
  maxAgeSeconds?: number;
  /** Cookie domain (e.g. `.example.com`); absent: host-only cookie. */
  domain?: string;
  secure: boolean;
};

/** Builds one `document.cookie` assignment. Name and value are URI-encoded. */
export const serializeCookie = (name: string, value: string, options: CookieOptions): string => {
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    'Path=/',
    'SameSite=Strict',
  ];
  if (options.maxAgeSeconds != null) {
    const maxAge = Math.max(0, Math.floor(options.maxAgeSeconds));
    parts.push(`Max-Age=${maxAge}`);
    if (maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
};

/** Reads `document.cookie` into a map; values that are not valid URI escapes are kept raw. */
export const parseCookies = (header: string): Map<string, string> => {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = safeDecode(part.slice(0, eq).trim());
    if (!name || cookies.has(name)) continue;
    cookies.set(name, safeDecode(part.slice(eq + 1).trim()));
  }
  return cookies;
};

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The `document`-like object the store writes to; tests pass jsdom's document. */
export type CookieJar = { cookie: string };
