/** Status of one row for the overview strip and the row marker column. */
export type RowStatus = 'ok' | 'invalid' | 'failed' | 'warning';

const RANK: Record<RowStatus, number> = { ok: 0, warning: 1, failed: 2, invalid: 3 };

/** The more severe of two statuses (invalid input > failed calculation > warning > ok). */
export const worseStatus = (a: RowStatus, b: RowStatus): RowStatus => (RANK[b] > RANK[a] ? b : a);

/**
 * Marks of the overview strip: runs of rows with the same non-ok status, as fractions of the table height
 * (so 2,000 rows give a handful of marks, not 2,000 elements).
 */
export const stripMarks = (
  statuses: readonly RowStatus[],
): { status: Exclude<RowStatus, 'ok'>; first: number; last: number }[] => {
  const marks: { status: Exclude<RowStatus, 'ok'>; first: number; last: number }[] = [];
  statuses.forEach((status, index) => {
    if (status === 'ok') return;
    const previous = marks.at(-1);
    if (previous && previous.status === status && previous.last === index - 1) {
      previous.last = index;
    } else marks.push({ status, first: index, last: index });
  });
  return marks;
};

/** First and last visible row of a grid, shared with the overview strip without re-rendering the grid. */
export type ViewportStore = {
  get: () => readonly [number, number];
  set: (first: number, last: number) => void;
  subscribe: (listener: () => void) => () => void;
};

export const createViewportStore = (): ViewportStore => {
  let current: readonly [number, number] = [0, 0];
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (first, last) => {
      if (current[0] === first && current[1] === last) return;
      current = [first, last];
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
