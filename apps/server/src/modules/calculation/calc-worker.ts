// Worker thread of the calculation pool (loaded through calc-worker.mjs, which registers tsx first).
import { parentPort } from 'node:worker_threads';
import { packDistributions } from './distribution-transfer';
import type { CalculationTask } from './run-calculation';
import { runTask } from './run-calculation';

type Task = { id: number; input: unknown; task: CalculationTask };

parentPort?.on('message', (task: Task) => {
  try {
    const result = runTask(task.input, task.task);
    // the distributions as Float64Arrays whose memory moves to the main thread (ADR 0198)
    const transfer = packDistributions(result);
    parentPort?.postMessage({ id: task.id, ok: true, result }, transfer);
  } catch (error) {
    parentPort?.postMessage({
      id: task.id,
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
