/** Targets of the load-point tour in order; each is an element with `data-tour="<key>"` in the workspace. */
export const TOUR_TARGETS = [
  'grid',
  'add-row',
  'column-chooser',
  'calculate',
  'save-state',
  'settings',
  'tabs',
] as const;
export type TourTarget = (typeof TOUR_TARGETS)[number];

/** A tour step whose target exists on the page. */
export type ResolvedStep<E> = { key: TourTarget; element: E };

/** Steps for the targets present on the page (missing ones are skipped, order kept). */
export const resolveTourSteps = <E>(find: (key: TourTarget) => E | null): ResolvedStep<E>[] =>
  TOUR_TARGETS.flatMap((key) => {
    const element = find(key);
    return element === null ? [] : [{ key, element }];
  });

/** Button state of step `current` (0-based) of `total`: previous disabled first, finish instead of next last. */
export const tourNavigation = (
  current: number,
  total: number,
): { canGoBack: boolean; isLast: boolean; label: string } => ({
  canGoBack: current > 0,
  isLast: current >= total - 1,
  label: `${Math.min(current + 1, total)} / ${total}`,
});

/** Anything with a scroll position (an element, or `document.scrollingElement`). */
export type Scrollable = { scrollTop: number; scrollLeft: number };
export type ScrollSnapshot<E extends Scrollable> = { element: E; top: number; left: number }[];

/** Remembers the scroll positions of the given elements (page, tab contents, grid viewports). */
export const snapshotScroll = <E extends Scrollable>(elements: Iterable<E>): ScrollSnapshot<E> =>
  [...elements].map((element) => ({ element, top: element.scrollTop, left: element.scrollLeft }));

/** Puts back every position that changed since the snapshot; returns how many elements were restored. */
export const restoreScroll = <E extends Scrollable>(snapshot: ScrollSnapshot<E>): number => {
  let restored = 0;
  for (const s of snapshot) {
    if (s.element.scrollTop !== s.top || s.element.scrollLeft !== s.left) {
      s.element.scrollTop = s.top;
      s.element.scrollLeft = s.left;
      restored += 1;
    }
  }
  return restored;
};
