/**
 * Group rule outcome for one load point. A wire type (the result trace's `group`): its numbers stay plain; the
 * pile context takes the efficiency as a `Fraction` (axial/pile-setup.ts, ADR 0205).
 */
export type GroupRule = {
  /** Efficiency applied to R_s and R_b of each pile (1 = none). */
  factor: number;
  /** 'single' (n = 1), 'product-rule' (2 ≤ n ≤ 5), 'analysis-required' (n > 5: NOT reduced, flagged). */
  kind: 'single' | 'product-rule' | 'analysis-required';
  /** Arrangement assumed for the formula (rows × columns). */
  rows: number;
  columns: number;
  /** θ = arctan(D/a) [deg]. */
  thetaDeg: number;
};

const ARRANGEMENT: Readonly<Record<number, readonly [number, number]>> = {
  2: [1, 2],
  3: [1, 3],
  4: [2, 2],
  5: [2, 3],
};

/**
 * Group reduction of the PRODUCT RULE for 2–5 piles (ADR 0012): Converse–Labarre efficiency
 * E = 1 − θ·[(n′−1)·m + (m−1)·n′] / (90·m·n′), θ = arctan(D/a) in degrees, with the arrangement
 * m × n′ = 1×2, 1×3, 2×2, 2×3 (5 piles taken as the 2×3 block, conservative). No EA group factors are
 * public (docs/sources/engine.md §E3); the rule is flagged on every row it touches. n > 5: no reduction,
 * "group analysis required".
 * @param count `PfahlAnzahl` @param spacingOverD `PfahlAchsAbstandxD` (a/D; a count and a ratio, so plain
 *   numbers, ADR 0205)
 * @see docs/sources/engine.md §E3; Das, Principles of Foundation Engineering (Converse–Labarre equation)
 */
export function groupRule(count: number, spacingOverD: number): GroupRule {
  const thetaDeg = (Math.atan(1 / spacingOverD) * 180) / Math.PI;
  if (count <= 1) return { factor: 1, kind: 'single', rows: 1, columns: 1, thetaDeg };
  const arrangement = ARRANGEMENT[count];
  if (arrangement === undefined) {
    return { factor: 1, kind: 'analysis-required', rows: 0, columns: 0, thetaDeg };
  }
  const [m, n] = arrangement;
  const factor = 1 - (thetaDeg * ((n - 1) * m + (m - 1) * n)) / (90 * m * n);
  return { factor, kind: 'product-rule', rows: m, columns: n, thetaDeg };
}
