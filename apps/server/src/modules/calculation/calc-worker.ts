// Worker thread of the calculation pool (loaded through calc-worker.mjs, which registers tsx first).
import { parentPort } from 'node:worker_threads';
import { runCalculation } from './run-calculation';

type Task = { id: number; input: unknown };

parentPort?.on('message', (task: Task) => {
  try {
    parentPort?.postMessage({ id: task.id, ok: true, result: runCalculation(task.input) });
  } catch (error) {
    parentPort?.postMessage({
      id: task.id,
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
