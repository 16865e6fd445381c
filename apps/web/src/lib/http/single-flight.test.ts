import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('shares one run between concurrent callers', async () => {
    let runs = 0;
    let release!: (v: number) => void;
    const once = singleFlight(() => {
      runs += 1;
      return new Promise<number>((r) => (release = r));
    });
    const calls = [once(), once(), once()];
    release(42);
    expect(await Promise.all(calls)).toEqual([42, 42, 42]);
    expect(runs).toBe(1);
  });

  it('starts a new run after the previous one settled, also after a failure', async () => {
    let runs = 0;
    const flaky = singleFlight(() => {
      runs += 1;
      return runs === 1 ? Promise.reject(new Error('boom')) : Promise.resolve(runs);
    });
    await expect(flaky()).rejects.toThrow('boom');
    expect(await flaky()).toBe(2);
    expect(runs).toBe(2);
  });
});
