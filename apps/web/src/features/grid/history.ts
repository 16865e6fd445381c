/** Undo/redo of immutable snapshots: `past` (oldest first), `present`, `future` (next redo first). */
export type History<T> = { past: T[]; present: T; future: T[] };

/** Steps kept for undo; older ones are dropped (snapshots share structure, so this is cheap). */
export const HISTORY_LIMIT = 200;

export const createHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** A new present after an edit: the old one becomes undoable, the redo list is cleared. */
export const pushHistory = <T>(history: History<T>, next: T, limit = HISTORY_LIMIT): History<T> => {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  return {
    past: past.length > limit ? past.slice(past.length - limit) : past,
    present: next,
    future: [],
  };
};

export const undoHistory = <T>(history: History<T>): History<T> => {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
};

export const redoHistory = <T>(history: History<T>): History<T> => {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
};

export const canUndo = (history: History<unknown>): boolean => history.past.length > 0;
export const canRedo = (history: History<unknown>): boolean => history.future.length > 0;
