import type { Meter } from '../units/units';

/**
 * Design diameter of cast-in-place piles without permanent casing:
 * d = d_nom − 20 mm (d_nom < 400 mm), 0.95·d_nom (400 ≤ d_nom ≤ 1000 mm), d_nom − 50 mm (d_nom > 1000 mm).
 * @param nominal d_nom [m] @returns d [m]
 * @see EN 1992-1-1:2004 2.3.4.2(2); docs/sources/engine.md §E4.1 [S15]
 */
export const uncasedDesignDiameter = (nominal: Meter): Meter => {
  if (nominal < 0.4) return (nominal - 0.02) as Meter;
  if (nominal <= 1.0) return (0.95 * nominal) as Meter;
  return (nominal - 0.05) as Meter;
};

/** k_f for cast-in-place piles without permanent casing (recommended value). @see EN 1992-1-1 2.4.2.5(2) [U: German NA] */
export const KF_UNCASED = 1.1;
