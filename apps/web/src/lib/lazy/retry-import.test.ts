import { describe, expect, it, vi } from 'vitest';
import { retryImport } from './retry-import';

describe('retryImport', () => {
  it('resolves after failed attempts and waits 1 s between them', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return attempts < 6
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve('page');
    };
    await expect(retryImport(load, { sleep })).resolves.toBe('page');
    expect(attempts).toBe(6);
    expect(sleep).toHaveBeenCalledTimes(5);
    expect(sleep).toHaveBeenCalledWith(1000);
  });

  it('gives up after 5 retries with the last error', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return Promise.reject(new Error(`fail ${attempts}`));
    };
    await expect(retryImport(load, { sleep })).rejects.toThrow('fail 6');
    expect(attempts).toBe(6);
  });

  it('does not wait when the first load succeeds', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    await expect(retryImport(() => Promise.resolve(1), { sleep })).resolves.toBe(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('uses real timers 1 s apart by default', async () => {
    vi.useFakeTimers();
    try {
      let attempts = 0;
      const promise = retryImport(() => {
        attempts += 1;
        return attempts < 3 ? Promise.reject(new Error('x')) : Promise.resolve('ok');
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(attempts).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toBe(2);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(promise).resolves.toBe('ok');
    } finally {
      vi.useRealTimers();
    }
  });
});
