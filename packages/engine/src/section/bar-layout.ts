import type { Meter, SquareMeter } from '../units/units';

/** Chosen longitudinal bars. */
export type BarLayout = {
  /** number of bars */ count: number;
  /** bar diameter [m] */ diameter: Meter;
  /** provided area [m²] */ area: SquareMeter;
  /** clear distance between neighbouring bars along the ring / perimeter [m] */ clearSpacing: Meter;
  /** layout text, e.g. "12 Ø 20" (BewTyp) */ BewTyp: string;
};

/** Standard bar diameters [m]. @see DIN 488-2 (nominal diameters of B500B bars) */
export const BAR_DIAMETERS = [0.012, 0.014, 0.016, 0.02, 0.025, 0.028, 0.032, 0.04] as const;

/** Layout constraints. */
export type BarLayoutRules = {
  /** required area after the minimum rules [m²] */ AsRequired: SquareMeter;
  /** shape of the bar arrangement */ shape: 'circle' | 'square';
  /** outer dimension (nominal D or side) [m] */ outer: Meter;
  /** cover to the link [m] and link diameter [m] */ cover: Meter;
  linkDiameter: Meter;
  /** MaxLaengs [m] and MinLaengsAbstand [m] */ maxDiameter: Meter;
  minClearSpacing: Meter;
  /** minimum diameter [m], minimum count, maximum clear spacing [m] (Infinity = none) */
  minDiameter: Meter;
  minCount: number;
  maxClearSpacing: Meter;
};

/** Length of the bar axis (ring or square) for bars of diameter d inside links of `linkDiameter` [m]. */
export const axisLength = (
  r: Pick<BarLayoutRules, 'cover' | 'linkDiameter' | 'shape' | 'outer'>,
  d: Meter,
): Meter => {
  const inset = r.cover + r.linkDiameter + d / 2;
  return (
    r.shape === 'circle' ? Math.PI * (r.outer - 2 * inset) : 4 * (r.outer - 2 * inset)
  ) as Meter;
};

/**
 * Chooses the bar diameter and count with the smallest provided area ≥ A_s,req that satisfy
 * MaxLaengs, MinLaengsAbstand, the minimum diameter and count and the maximum clear spacing; ties go to
 * fewer bars. Square sections use multiples of 4 bars.
 * @param r rules @returns layout or null when no layout fits
 * @see EN 1992-1-1 9.8.5(3) (Ø ≥ 16 mm, ≥ 6 bars, clear spacing ≤ 200 mm for bored piles);
 *   9.5.2(1) NA (Ø ≥ 12 mm), 9.5.2(4) (≥ 4 bars in rectangular columns)
 */
export const chooseBarLayout = (r: BarLayoutRules): BarLayout | null => {
  let best: BarLayout | null = null;
  const step = r.shape === 'square' ? 4 : 1;
  for (const diameter of BAR_DIAMETERS) {
    const d = diameter as Meter;
    if (d < r.minDiameter - 1e-9 || d > r.maxDiameter + 1e-9) continue;
    const perimeter = axisLength(r, d);
    if (perimeter <= 0) continue;
    const barArea = (Math.PI * d * d) / 4;
    let n = Math.max(
      r.minCount,
      Math.ceil(r.AsRequired / barArea - 1e-9),
      Math.ceil(perimeter / (r.maxClearSpacing + d) - 1e-9),
    );
    n = Math.ceil(n / step) * step;
    const clear = perimeter / n - d;
    if (clear < r.minClearSpacing - 1e-9) continue;
    const area = n * barArea;
    if (!best || area < best.area - 1e-12) {
      best = {
        count: n,
        diameter: d,
        area: area as SquareMeter,
        clearSpacing: clear as Meter,
        BewTyp: `${n} Ø ${Math.round(d * 1000)}`,
      };
    }
  }
  return best;
};

/**
 * Clear distance between neighbouring bars of a built cage: n bars of diameter Ø_l on the axis at
 * cover + link Ø + Ø_l/2 from the surface: s = axis length / n − Ø_l [m].
 * @see EN 1992-1-1 9.8.5(3) (clear distance between bars of bored piles ≤ 200 mm), 8.2(2) (minimum clear distance)
 */
export const cageClearSpacing = (
  r: Pick<BarLayoutRules, 'cover' | 'shape' | 'outer'>,
  linkDiameter: Meter,
  bars: Pick<BarLayout, 'count' | 'diameter'>,
): Meter =>
  (axisLength({ ...r, linkDiameter }, bars.diameter) / bars.count - bars.diameter) as Meter;
