import type { CalculationJobStatus } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../lib/http/api-client';
import { ApiError } from '../../lib/http/api-error';
import { calculateOrRecover, JOB_POLL_MS, JOB_WAIT_MAX_MS } from './calculation-recovery';

type Run = { result: string };
const STORED: Run = { result: 'stored calculation' };
const answer = <T>(data: T): ApiResult<T> => ({ status: 200, message: 'OK', data });
const job = (state: NonNullable<CalculationJobStatus>['state'], current = true) =>
  answer<CalculationJobStatus>({
    id: '0b7f3c2e-5d1a-4f6e-9a8b-1c2d3e4f5a6b', // pg-boss's job id (ADR 0208)
    state,
    current,
    attempts: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    finished_at: null,
  });

/**
 * The recovery's decisions with the three calls it makes given as functions: the states the status route
 * answers one after the other, and a clock that moves by each sleep (no real waiting).
 */
const scenario = (opts: {
  failure: ApiError | Error;
  states: (ApiResult<CalculationJobStatus> | ApiError)[];
  stored?: Run | null;
}) => {
  let clock = 0;
  const asked: string[] = [];
  const states = [...opts.states];
  const recovery = calculateOrRecover<Run>({
    run: () => Promise.reject(opts.failure),
    jobStatus: () => {
      asked.push('status');
      const next = states.length > 1 ? states.shift()! : states[0]!;
      return next instanceof ApiError ? Promise.reject(next) : Promise.resolve(next);
    },
    storedRun: () => {
      asked.push('stored');
      return Promise.resolve(opts.stored === undefined ? STORED : opts.stored);
    },
    sleep: (ms) => {
      clock += ms;
      return Promise.resolve();
    },
    now: () => clock,
  });
  return { recovery, asked, elapsed: () => clock };
};

describe('calculateOrRecover', () => {
  it('answers the request itself when it succeeds, without asking for the job', async () => {
    let statusAsked = false;
    const result = await calculateOrRecover<Run>({
      run: () => Promise.resolve(answer({ result: 'fresh run' })),
      jobStatus: () => {
        statusAsked = true;
        return Promise.resolve(job('done'));
      },
      storedRun: () => Promise.resolve(STORED),
    });
    expect(result.data).toEqual({ result: 'fresh run' });
    expect(statusAsked).toBe(false);
  });

  it.each([0, 502, 503])(
    'after a cut-off request (%i) waits while the job runs, then answers the stored calculation',
    async (status) => {
      const s = scenario({
        failure: new ApiError(status, null),
        // queued, running twice, a 502 while the proxy has no instance, then done
        states: [
          job('queued'),
          job('running'),
          job('running'),
          new ApiError(502, null),
          job('done'),
        ],
      });
      const result = await s.recovery;
      expect(result).toEqual({ status: 200, message: 'Calculated', data: STORED });
      // Five answers of the status route, a sleep after each of the four unsettled ones.
      expect(s.asked).toEqual(['status', 'status', 'status', 'status', 'status', 'stored']);
      expect(s.elapsed()).toBe(4 * JOB_POLL_MS);
    },
  );

  it('without a job (embedded database) or with one of other inputs: the stored calculation decides', async () => {
    for (const states of [[answer<CalculationJobStatus>(null)], [job('running', false)]]) {
      const fresh = scenario({ failure: new ApiError(0, null), states });
      expect((await fresh.recovery).data).toEqual(STORED);
      expect(fresh.asked).toEqual(['status', 'stored']);
      const failure = new ApiError(0, null);
      const none = scenario({ failure, states, stored: null });
      await expect(none.recovery).rejects.toBe(failure);
    }
  });

  it('shows the request’s error for a failed job, without reading the stored calculation', async () => {
    const failure = new ApiError(502, null);
    const s = scenario({ failure, states: [job('running'), job('failed')] });
    await expect(s.recovery).rejects.toBe(failure);
    expect(s.asked).toEqual(['status', 'status']);
  });

  it('gives up after JOB_WAIT_MAX_MS of a job that stays running', async () => {
    const failure = new ApiError(503, null);
    const s = scenario({ failure, states: [job('running')] });
    await expect(s.recovery).rejects.toBe(failure);
    // Asked at 0, JOB_POLL_MS, … up to JOB_WAIT_MAX_MS: the last answer at the deadline ends the wait.
    expect(s.asked.filter((a) => a === 'status')).toHaveLength(JOB_WAIT_MAX_MS / JOB_POLL_MS + 1);
    expect(s.asked).not.toContain('stored');
  });

  it('passes every other failure on at once (coded 4xx, a 500, a script error)', async () => {
    for (const failure of [new ApiError(409, null), new ApiError(500, null), new Error('bug')]) {
      const s = scenario({ failure, states: [job('done')] });
      await expect(s.recovery).rejects.toBe(failure);
      expect(s.asked).toEqual([]);
    }
  });

  it('ends the wait when the status route answers no cut-off error (e.g. 404: the project is gone)', async () => {
    const failure = new ApiError(0, null);
    const s = scenario({ failure, states: [new ApiError(404, null)] });
    await expect(s.recovery).rejects.toBe(failure);
    expect(s.asked).toEqual(['status']);
  });
});
