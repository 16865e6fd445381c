/**
 * One Excel import in a worker thread (ADR 0120): reads the file given in `workerData`, posts the result
 * once and ends. The parent caps its heap (`resourceLimits`) and its time and terminates it on overrun,
 * so a hostile workbook costs this thread, never the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Plan, ProjectSettings } from '@pfahlplaner/contracts';
import { readWorkbookXlsx } from '@pfahlplaner/formats/xlsx-read';

type Input = { bytes: Uint8Array; settings: Partial<ProjectSettings>; plan: Plan };

const { bytes, settings, plan } = workerData as Input;
try {
  const result = await readWorkbookXlsx(bytes, { settings, plan });
  parentPort!.postMessage({ ok: true, result });
} catch (error) {
  parentPort!.postMessage({
    ok: false,
    error: (error instanceof Error ? error.message : String(error)).slice(0, 200),
  });
}
