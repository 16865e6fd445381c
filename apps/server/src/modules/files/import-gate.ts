import { AppError } from '#app/lib/app-error';

/**
 * One import per user at a time (ADR 0120): a second import of the same user while the first
 * still runs → 429 IMPORT_IN_PROGRESS. Per server process, like the Excel reader's worker limit.
 */
export const createImportGate = () => {
  const importing = new Set<number>();
  return async <T>(userId: number, run: () => Promise<T>): Promise<T> => {
    if (importing.has(userId)) {
      throw new AppError('IMPORT_IN_PROGRESS', {
        details: [{ path: 'file', code: 'IMPORT_IN_PROGRESS' }],
      });
    }
    importing.add(userId);
    try {
      return await run();
    } finally {
      importing.delete(userId);
    }
  };
};
