/**
 * Wraps an async task so that concurrent callers share one run: while a run is in flight every call
 * gets the same promise; the next call after it settles starts a new run. Used for the token refresh,
 * because the refresh token rotates and a second parallel refresh would present a revoked token.
 */
export const singleFlight = <T>(task: () => Promise<T>): (() => Promise<T>) => {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= task().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
};
