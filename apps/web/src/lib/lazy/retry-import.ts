export type RetryOptions = {
  /** Retries after the first failure (product rule: 5). */
  retries?: number;
  /** Pause between attempts in ms (product rule: 1 s). */
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a dynamic import and retries it when it fails (a chunk missing after a deploy, a flaky
 * network). The last error is rethrown after `retries` failed retries.
 */
export const retryImport = async <T>(
  load: () => Promise<T>,
  { retries = 5, delayMs = 1000, sleep = defaultSleep }: RetryOptions = {},
): Promise<T> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await sleep(delayMs);
    }
  }
};
