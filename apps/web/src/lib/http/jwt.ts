/** Reads the `exp` claim (seconds since epoch) of a JWT without verifying it; null when unreadable. */
export const jwtExpiry = (token: string): number | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const claims = JSON.parse(json) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
};

/**
 * True when the token is missing, unreadable or expires within `skewSeconds` — then the client
 * refreshes before the call instead of collecting a 401.
 */
export const isAccessTokenStale = (
  token: string | null | undefined,
  nowMs: number,
  skewSeconds = 30,
): boolean => {
  if (!token) return true;
  const exp = jwtExpiry(token);
  if (exp == null) return false; // opaque token: trust the cookie lifetime
  return exp * 1000 - skewSeconds * 1000 <= nowMs;
};
