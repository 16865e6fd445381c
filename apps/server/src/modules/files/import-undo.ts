import type { Clock } from '#app/lib/clock';

/** The workbook a project had before an import, kept so that the import can be undone (ADR 0091). */
export type UndoEntry = {
  companyId: number;
  /** Workbook before the import (without `version`): what the undo writes back. */
  previous: Record<string, unknown>;
  /** Project version right after the import: the undo is only offered while the project is still there. */
  importedVersion: number;
  userId: number;
  expiresAt: Date;
};

export type ImportUndoStore = {
  put: (projectId: number, entry: UndoEntry) => void;
  /** The live entry of a project (expired ones are dropped). */
  get: (projectId: number) => UndoEntry | null;
  delete: (projectId: number) => void;
};

/**
 * In-process store of the last import per project: at most `maxEntries` projects (the oldest import is
 * forgotten first), each for the undo window. Lost on restart — the undo is a convenience right after an
 * import, not a history (ADR 0091).
 */
export const memoryUndoStore = (clock: Clock, maxEntries = 200): ImportUndoStore => {
  const entries = new Map<number, UndoEntry>();
  const live = (projectId: number): UndoEntry | null => {
    const entry = entries.get(projectId);
    if (!entry) return null;
    if (entry.expiresAt.getTime() <= clock.now().getTime()) {
      entries.delete(projectId);
      return null;
    }
    return entry;
  };
  return {
    put: (projectId, entry) => {
      entries.delete(projectId);
      entries.set(projectId, entry);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get: live,
    delete: (projectId) => {
      entries.delete(projectId);
    },
  };
};
