/**
 * Excel files are read in a worker thread per import (ADR 0120), never on the server's event loop: the
 * worker's heap is capped (`resourceLimits`), its time is limited, and it is terminated on overrun — the
 * import then answers a coded 422/503 instead of stalling every company's requests. At most
 * `maxConcurrent` files are read at once in this process (beyond: 503 IMPORT_BUSY).
 */
import { Worker } from 'node:worker_threads';
import type { Plan, ProjectSettings } from '@pfahlplaner/contracts';
import type { ImportedWorkbook, ImportIssue } from '@pfahlplaner/formats';
import { AppError } from '#app/lib/app-error';

export type XlsxReadResult = {
  workbook: ImportedWorkbook;
  issues: ImportIssue[];
  projectNumber: string | null;
};

export type XlsxReaderLimits = {
  /** Wall time of one read, worker start included (ms). */
  timeoutMs: number;
  /** V8 old-generation heap of the worker (MB); exceeded → the worker dies → 422 IMPORT_TOO_COMPLEX. */
  maxOldGenerationSizeMb: number;
  /** V8 young-generation heap of the worker (MB). */
  maxYoungGenerationSizeMb: number;
  /** Files read at the same time in this process. */
  maxConcurrent: number;
};

/**
 * Measured on 2026-11-26 (docs/files.md "Import limits"): the largest legitimate file — an export of
 * 10,000 load points with result sheets, 13.2 MB unpacked — takes 2–9 s and about 200 MB of heap on a
 * shared 2-core machine; a 12,000-row input sheet unpacks to 8.7 MB. The zip guard stops anything
 * unpacking beyond 32 MiB before parsing (ZIP_LIMITS.maxUncompressed), so these limits are the second
 * line: room for the largest legitimate file with margin, far below what a server has.
 */
export const XLSX_READER_LIMITS: XlsxReaderLimits = {
  timeoutMs: 30_000,
  maxOldGenerationSizeMb: 768,
  maxYoungGenerationSizeMb: 48,
  maxConcurrent: 2,
};

export type XlsxReader = {
  read: (
    bytes: Uint8Array,
    settings: Partial<ProjectSettings>,
    plan: Plan,
  ) => Promise<XlsxReadResult>;
  /** Reads running now (for tests and the bench). */
  readonly running: number;
  /** Terminates running reads (server shutdown). */
  close: () => Promise<void>;
};

const WORKER_URL = new URL('./xlsx-worker.mjs', import.meta.url);

type Reply = { ok: true; result: XlsxReadResult } | { ok: false; error: string };

export const createXlsxReader = (limits: XlsxReaderLimits = XLSX_READER_LIMITS): XlsxReader => {
  const workers = new Set<Worker>();

  const read = (
    bytes: Uint8Array,
    settings: Partial<ProjectSettings>,
    plan: Plan,
  ): Promise<XlsxReadResult> => {
    if (workers.size >= limits.maxConcurrent) {
      return Promise.reject(
        new AppError('IMPORT_BUSY', {
          headers: { 'retry-after': '5' },
          details: [{ path: 'file', code: 'IMPORT_BUSY', params: { max: limits.maxConcurrent } }],
        }),
      );
    }
    // Its own buffer, moved to the worker (a Buffer's slice() would share, and detach, the caller's).
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes: copy, settings, plan },
      transferList: [copy.buffer],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
      },
    });
    workers.add(worker);
    return new Promise<XlsxReadResult>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        workers.delete(worker);
        void worker.terminate();
        outcome();
      };
      const tooComplex = () =>
        new AppError('IMPORT_TOO_COMPLEX', {
          details: [
            {
              path: 'file',
              code: 'IMPORT_TOO_COMPLEX',
              params: { max_mb: limits.maxOldGenerationSizeMb },
            },
          ],
        });
      const timer = setTimeout(() => {
        finish(() =>
          reject(
            new AppError('IMPORT_TIMEOUT', {
              details: [
                {
                  path: 'file',
                  code: 'IMPORT_TIMEOUT',
                  params: { max_seconds: limits.timeoutMs / 1000 },
                },
              ],
            }),
          ),
        );
      }, limits.timeoutMs);
      worker.on('message', (reply: Reply) => {
        finish(() => {
          if (reply.ok) resolve(reply.result);
          else reject(new Error(`xlsx worker failed: ${reply.error}`));
        });
      });
      worker.on('error', (error: Error & { code?: string }) => {
        finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : error));
      });
      // Ended without an answer (killed by the heap limit without an error event): too much for it.
      worker.on('exit', () => finish(() => reject(tooComplex())));
    });
  };

  return {
    read,
    get running() {
      return workers.size;
    },
    close: async () => {
      await Promise.all([...workers].map((worker) => worker.terminate()));
      workers.clear();
    },
  };
};
