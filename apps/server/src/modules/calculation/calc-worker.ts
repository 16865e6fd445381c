// Worker thread of the calculation pool (loaded through calc-worker.mjs, which registers tsx first).
import { parentPort } from 'node:worker_threads';
import type { CalculationTask } from './run-calculation';
import { runTask } from './run-calculation';
import { packForTransfer } from './transfer';

type Task = { id: number; input: unknown; task: CalculationTask };

parentPort?.on('message', (task: Task) => {
  try {
    // Long number arrays (distributions, traces) go as transferred Float64Arrays (issue 23, ADR 0198).
    const { value, transfer } = packForTransfer(runTask(task.input, task.task));
    parentPort?.postMessage({ id: task.id, ok: true, result: value }, transfer);
  } catch (error) {
    parentPort?.postMessage({
      id: task.id,
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
