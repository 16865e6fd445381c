import type { KiloNewton, KiloNewtonPerSquareMeter, SquareMeter } from '../units/units';

/** Which minimum rules apply to a section. */
export type MinimumRuleKind = 'bored' | 'precast';

/**
 * Minimum longitudinal reinforcement of bored piles by the gross area A_c.
 * @see EN 1992-1-1 9.8.5(3), Table 9.6N (A_c ≤ 0.5 m²: 0.5 % A_c; ≤ 1.0 m²: 25 cm²; > 1.0 m²: 0.25 % A_c)
 *   [German NA value of this national choice not checked — U]
 */
export const BORED_PILE_MIN_REINFORCEMENT = {
  source: 'EN 1992-1-1:2004 9.8.5(3), Table 9.6N',
  rows: [
    { maxArea: 0.5, ratio: 0.005, absolute: 0 },
    { maxArea: 1.0, ratio: 0, absolute: 25e-4 },
    { maxArea: Infinity, ratio: 0.0025, absolute: 0 },
  ],
} as const;

/** A_s,bpmin [m²] for a bored pile of gross area A_c [m²]. @see BORED_PILE_MIN_REINFORCEMENT */
export const boredPileMinimum = (Ac: SquareMeter): SquareMeter => {
  const row = BORED_PILE_MIN_REINFORCEMENT.rows.find((r) => Ac <= r.maxArea)!;
  return (row.ratio * Ac + row.absolute) as SquareMeter;
};

/**
 * Minimum longitudinal reinforcement of compression members, German NA: A_s,min = 0.15·|N_Ed|/f_yd.
 * @param NEd design compression (positive) [kN] @param fyd [kN/m²] @returns [m²] (0 without compression)
 * @see DIN EN 1992-1-1/NA, NDP 9.5.2(2) [U — value from docs/sources/engine.md §E4.3]
 */
export const compressionMemberMinimum = (
  NEd: KiloNewton,
  fyd: KiloNewtonPerSquareMeter,
): SquareMeter => (NEd > 0 ? (0.15 * NEd) / fyd : 0) as SquareMeter;

/**
 * Governing minimum reinforcement and which rule governs.
 * @param kind bored (cast-in-place) or precast @param Ac gross area [m²] @param NEd [kN] @param fyd [kN/m²]
 * @returns A_s,min [m²] and the rule name
 */
export const minimumReinforcement = (
  kind: MinimumRuleKind,
  Ac: SquareMeter,
  NEd: KiloNewton,
  fyd: KiloNewtonPerSquareMeter,
): { AsMin: SquareMeter; rule: 'EC2 9.8.5(3)' | 'NA 9.5.2(2)' | 'none' } => {
  const bored = kind === 'bored' ? boredPileMinimum(Ac) : (0 as SquareMeter);
  const compression = compressionMemberMinimum(NEd, fyd);
  if (bored === 0 && compression === 0) return { AsMin: 0 as SquareMeter, rule: 'none' };
  return bored >= compression
    ? { AsMin: bored, rule: 'EC2 9.8.5(3)' }
    : { AsMin: compression, rule: 'NA 9.5.2(2)' };
};
