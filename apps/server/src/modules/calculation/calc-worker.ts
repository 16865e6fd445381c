// Worker thread of the calculation pool (loaded through calc-worker.mjs, which registers tsx first).
import { parentPort } from 'node:worker_threads';
import type { CalculationTask } from './run-calculation';
import { runTask } from './run-calculation';

type Task = { id: number; input: unknown; task: CalculationTask };

parentPort?.on('message', (task: Task) => {
  try {
    parentPort?.postMessage({ id: task.id, ok: true, result: runTask(task.input, task.task) });
  } catch (error) {
    parentPort?.postMessage({
      id: task.id,
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
