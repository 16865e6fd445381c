import { describe, expect, it } from 'vitest';
import {
  resolveTourSteps,
  restoreScroll,
  snapshotScroll,
  tourNavigation,
  TOUR_TARGETS,
} from './tour-steps';

describe('resolveTourSteps', () => {
  it('keeps the order and skips targets missing on the page', () => {
    const present = new Set(['tabs', 'grid', 'calculate']);
    const steps = resolveTourSteps((key) => (present.has(key) ? `el-${key}` : null));
    expect(steps).toEqual([
      { key: 'grid', element: 'el-grid' },
      { key: 'calculate', element: 'el-calculate' },
      { key: 'tabs', element: 'el-tabs' },
    ]);
  });

  it('has seven targets', () => {
    expect(TOUR_TARGETS).toHaveLength(7);
  });
});

describe('tourNavigation', () => {
  it.each([
    [0, 7, false, false, '1 / 7'],
    [1, 7, true, false, '2 / 7'],
    [6, 7, true, true, '7 / 7'],
    [0, 1, false, true, '1 / 1'],
  ])('step %d of %d: back %s, last %s, badge %s', (current, total, canGoBack, isLast, label) => {
    expect(tourNavigation(current, total)).toEqual({ canGoBack, isLast, label });
  });
});

describe('snapshotScroll / restoreScroll', () => {
  it('restores only the positions that changed', () => {
    const page = { scrollTop: 120, scrollLeft: 0 };
    const grid = { scrollTop: 300, scrollLeft: 40 };
    const tab = { scrollTop: 0, scrollLeft: 0 };
    const snap = snapshotScroll([page, grid, tab]);
    page.scrollTop = 800;
    grid.scrollLeft = 0;
    expect(restoreScroll(snap)).toBe(2);
    expect(page).toEqual({ scrollTop: 120, scrollLeft: 0 });
    expect(grid).toEqual({ scrollTop: 300, scrollLeft: 40 });
    expect(restoreScroll(snap)).toBe(0);
  });
});
