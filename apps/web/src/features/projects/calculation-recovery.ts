// A calculate request cut off by its instance (network error, 502, 503) does not lose the calculation: on
// PostgreSQL it is a durable job another instance finishes (ADR 0176). The client asks the job's state until
// it is settled and then shows the stored calculation when it is of the current inputs (ADR 0196).
import type { CalculationJobStatus } from '@pfahlplaner/contracts';
import type { ApiResult } from '../../lib/http/api-client';
import { isApiError } from '../../lib/http/api-error';

/** Statuses of a request whose instance may have died while the job goes on elsewhere (0: network error). */
const CUT_OFF = new Set([0, 502, 503]);
/** How often the job's state is asked [ms]. */
export const JOB_POLL_MS = 1000;
/** How long the client waits for a queued or running job before it shows the request's error [ms]. */
export const JOB_WAIT_MAX_MS = 10 * 60_000;

export type CalculationRecovery<Run> = {
  /** The calculate request. */
  run: () => Promise<ApiResult<Run>>;
  /** `GET …/calculation/job/`. */
  jobStatus: () => Promise<ApiResult<CalculationJobStatus>>;
  /** The stored calculation as a calculate answer when it is fresh and from the asked server, else null. */
  storedRun: () => Promise<Run | null>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the project's newest job is settled: `done`, or nothing to wait for (no job, or one of other
 * inputs) → true; `failed`, an answer that is no cut-off, or JOB_WAIT_MAX_MS over → false.
 */
const jobSettled = async <Run>(deps: CalculationRecovery<Run>): Promise<boolean> => {
  const sleep = deps.sleep ?? wait;
  const now = deps.now ?? Date.now;
  const until = now() + JOB_WAIT_MAX_MS;
  for (;;) {
    let job: CalculationJobStatus | undefined;
    try {
      job = (await deps.jobStatus()).data;
    } catch (error) {
      // Instances restarting behind the proxy: ask again; anything else ends the wait.
      if (!isApiError(error) || !CUT_OFF.has(error.status)) return false;
    }
    if (job !== undefined) {
      if (job === null || !job.current || job.state === 'done') return true;
      if (job.state === 'failed') return false;
    }
    if (now() >= until) return false;
    await sleep(JOB_POLL_MS);
  }
};

/**
 * `run`, and when it is cut off: the job's state until it is settled, then the stored calculation of the
 * current inputs as the answer. Every other failure, a failed job, or no fresh stored calculation: the
 * request's own error.
 */
export const calculateOrRecover = async <Run>(
  deps: CalculationRecovery<Run>,
): Promise<ApiResult<Run>> => {
  try {
    return await deps.run();
  } catch (error) {
    if (!isApiError(error) || !CUT_OFF.has(error.status)) throw error;
    if (!(await jobSettled(deps))) throw error;
    const stored = await deps.storedRun().catch(() => null);
    if (stored === null) throw error;
    return { status: 200, message: 'Calculated', data: stored };
  }
};
