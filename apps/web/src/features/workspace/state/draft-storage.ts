import type { WorkbookDoc } from './workbook-reducer';

/**
 * Unsaved work of an open project, kept in this browser (localStorage, one entry per user and project)
 * until it is saved or discarded on purpose (ADR 0142). A refused save (plan limit, invalid value), a
 * closed tab or a lost connection must never lose what the user typed.
 */
export type Draft = {
  /** Server version the edits are based on (a save with it gives a conflict if someone saved since). */
  version: number;
  /** When the draft was written (ISO). */
  at: string;
  doc: WorkbookDoc;
};

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const safeStorage = (): StorageLike | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export const draftKey = (userId: number, projectId: number) => `pp.draft.${userId}.${projectId}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isDoc = (value: unknown): value is WorkbookDoc =>
  isObject(value) &&
  isObject(value.settings) &&
  Array.isArray(value.piles) &&
  Array.isArray(value.soil_profiles) &&
  Array.isArray(value.horizontal_loadcases);

/** The stored draft, or null when there is none or it is not a readable workbook. */
export const readDraft = (key: string, storage = safeStorage()): Draft | null => {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Draft>;
    if (typeof parsed.version !== 'number' || typeof parsed.at !== 'string') return null;
    // structure only: a draft exists precisely when values may break the field rules (a refused save)
    return isDoc(parsed.doc) ? { version: parsed.version, at: parsed.at, doc: parsed.doc } : null;
  } catch {
    return null;
  }
};

/** Writes the draft; false when the browser refuses (quota, privacy mode). */
export const writeDraft = (key: string, draft: Draft, storage = safeStorage()): boolean => {
  try {
    storage?.setItem(key, JSON.stringify(draft));
    return storage !== null;
  } catch {
    return false;
  }
};

export const clearDraft = (key: string, storage = safeStorage()): void => {
  try {
    storage?.removeItem(key);
  } catch {
    // storage disabled: nothing was kept
  }
};

/** Whether a draft holds something else than the stored workbook (same JSON: nothing to restore). */
export const differsFrom = (draft: Draft, doc: WorkbookDoc): boolean =>
  JSON.stringify(draft.doc) !== JSON.stringify(doc);
