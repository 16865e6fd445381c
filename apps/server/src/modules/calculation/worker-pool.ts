import { Worker } from 'node:worker_threads';
import { AppError } from '#app/lib/app-error';
import type { PileDetail } from '@pfahlplaner/engine';
import { unpackDistributions } from './distribution-transfer';
import type { CalculationTask, FullProjectResult, TaskResult } from './run-calculation';

type Reply =
  { id: number; ok: true; result: TaskResult } | { id: number; ok: false; error: string };
type Pending = {
  id: number;
  input: unknown;
  task: CalculationTask;
  resolve: (result: TaskResult) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; task: Pending | null };

export type CalculationPool = {
  /**
   * Runs the engine on `input` (a wire-format project) in a worker thread: the full result, or the compact
   * one that is stored (made in the worker, so only it is cloned between threads; ADR 0170).
   */
  run: (input: unknown, form?: 'full' | 'compact') => Promise<FullProjectResult>;
  /** The full detail of the load point at `index` (null when there is none), in a worker thread. */
  pileDetail: (input: unknown, index: number) => Promise<PileDetail | null>;
  /** Stops all workers; queued and running tasks are rejected. */
  close: () => Promise<void>;
  /** Number of worker threads the pool starts at most. */
  readonly size: number;
};

const WORKER_URL = new URL('./calc-worker.mjs', import.meta.url);

/** How long a client refused with CALCULATION_BUSY should wait before it tries again [s]. */
export const CALCULATION_BUSY_RETRY_SECONDS = 10;

/**
 * A fixed-size pool of `worker_threads` running the engine, so a long calculation never blocks the
 * event loop (ADR 0047). Workers start on first use and are replaced when one dies; tasks queue FIFO.
 * At most `maxQueued` tasks wait (default 8 per worker): beyond that a calculation is refused at once with
 * 503 CALCULATION_BUSY and Retry-After (docs/security.md, "Answers under load") instead of queueing without
 * end under a flood of requests.
 */
export const createCalculationPool = (size: number, maxQueued = size * 8): CalculationPool => {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const slot: Slot = { worker: new Worker(WORKER_URL), task: null };
    slot.worker.on('message', (reply: Reply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      slot.task = null;
      if (reply.ok) {
        unpackDistributions(reply.result);
        task.resolve(reply.result);
      } else task.reject(new Error(`calculation failed in worker: ${reply.error}`));
      dispatch();
    });
    const fail = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      const task = slot.task;
      slot.task = null;
      task?.reject(error);
      if (!closed) dispatch();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      fail(new Error(`calculation worker exited with code ${code}`));
    });
    slot.worker.unref();
    slots.push(slot);
    return slot;
  };

  const dispatch = () => {
    while (queue.length > 0 && !closed) {
      const idle = slots.find((s) => s.task === null) ?? (slots.length < size ? spawn() : null);
      if (!idle) return;
      const task = queue.shift()!;
      idle.task = task;
      idle.worker.ref();
      try {
        idle.worker.postMessage({ id: task.id, input: task.input, task: task.task });
      } catch (error) {
        // Input that cannot be cloned (e.g. a function): this task fails, the worker stays usable.
        idle.task = null;
        task.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    for (const slot of slots) if (slot.task === null) slot.worker.unref();
  };

  const submit = (input: unknown, task: CalculationTask) =>
    new Promise<TaskResult>((resolve, reject) => {
      if (closed) {
        reject(new Error('calculation pool is closed'));
        return;
      }
      const idle = slots.some((slot) => slot.task === null) || slots.length < size;
      if (!idle && queue.length >= maxQueued) {
        reject(
          new AppError('CALCULATION_BUSY', {
            headers: { 'retry-after': String(CALCULATION_BUSY_RETRY_SECONDS) },
          }),
        );
        return;
      }
      queue.push({ id: nextId++, input, task, resolve, reject });
      dispatch();
    });

  return {
    size,
    run: async (input, form = 'full') => (await submit(input, { kind: form })) as FullProjectResult,
    pileDetail: async (input, index) =>
      (await submit(input, { kind: 'pile', index })) as PileDetail | null,
    close: async () => {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('calculation pool is closed'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
};
