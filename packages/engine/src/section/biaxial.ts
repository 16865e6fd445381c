import { bisect } from '../numerics/roots';
import type { InteractionGrid } from './interaction-grid';
import { gridMomentResistance } from './interaction-grid';
import type { DesignMaterials } from './materials';
import { AS_LIMITS, AS_MAX_RATIO } from './required-reinforcement';
import type { SectionGeometry } from './section-geometry';
import type { KiloNewton, KiloNewtonMeter, SquareMeter } from '../units/units';

/**
 * Exponent a of the biaxial load contour for rectangular sections, linear between the table points
 * N_Ed/N_Rd = 0.1 → 1.0, 0.7 → 1.5, 1.0 → 2.0 (a = 1.0 below 0.1, also in tension).
 * @param ratio N_Ed/N_Rd [-] @returns a [-]
 * @see EN 1992-1-1:2004 5.8.9(4), Eq. (5.39) and the table of a below it
 */
export const BIAXIAL_EXPONENT_TABLE = {
  source: 'EN 1992-1-1:2004 5.8.9(4), Eq. (5.39)',
  points: [
    { ratio: 0.1, a: 1.0 },
    { ratio: 0.7, a: 1.5 },
    { ratio: 1.0, a: 2.0 },
  ],
} as const;

/** a(N_Ed/N_Rd) by linear interpolation in BIAXIAL_EXPONENT_TABLE (clamped to 1.0 … 2.0). */
export const biaxialExponent = (ratio: number): number => {
  const p = BIAXIAL_EXPONENT_TABLE.points;
  if (!(ratio > p[0].ratio)) return p[0].a;
  if (ratio >= p[2].ratio) return p[2].a;
  const [lo, hi] = ratio <= p[1].ratio ? [p[0], p[1]] : [p[1], p[2]];
  return lo.a + ((hi.a - lo.a) * (ratio - lo.ratio)) / (hi.ratio - lo.ratio);
};

/**
 * Equivalent uniaxial moment of the load contour for a doubly symmetric section (M_Rdx = M_Rdy = M_Rd):
 * (|M_x|/M_Rd)^a + (|M_y|/M_Rd)^a ≤ 1 ⇔ M_eq = (|M_x|^a + |M_y|^a)^(1/a) ≤ M_Rd, maximised over the
 * simultaneous components along the pile. `extra` is a moment of known size but any direction (N_Ed·e
 * at a fixed head): it adds its largest a-norm, extra·2^(1/a − 1/2) (a vector at 45°).
 * @param Mx @param My design moment components per node [kNm] @param a exponent @param extra [kNm]
 * @returns M_eq [kNm]
 * @see EN 1992-1-1:2004 5.8.9(4) Eq. (5.39); docs/sources/engine.md §E4.2 (square precast section)
 */
export const equivalentMoment = (
  Mx: readonly number[],
  My: readonly number[],
  a: number,
  extra = 0,
): number => {
  let worst = 0;
  for (let i = 0; i < Mx.length; i++) {
    const m = (Math.abs(Mx[i]!) ** a + Math.abs(My[i]!) ** a) ** (1 / a);
    if (m > worst) worst = m;
  }
  return worst + extra * 2 ** (1 / a - 0.5);
};

/**
 * The nodes that can give the largest M_eq for an exponent a ≥ 1 (the same M_eq as all nodes, fewer powers in the
 * bisection on A_s): (|M_x|^a + |M_y|^a)^(1/a) lies between max(|M_x|, |M_y|) and |M_x| + |M_y|, so a node whose
 * |M_x| + |M_y| is below the largest max(|M_x|, |M_y|) of all nodes never gives the maximum. The margin 1e-9 is far
 * above the rounding of the powers, so no node is left out whose computed value could be the largest.
 * @returns the moment components of the kept nodes (all nodes when a value is not finite)
 */
export const governingCandidates = (
  Mx: readonly number[],
  My: readonly number[],
): { Mx: number[]; My: number[] } => {
  let largest = 0;
  for (let i = 0; i < Mx.length; i++) {
    largest = Math.max(largest, Math.abs(Mx[i]!), Math.abs(My[i]!));
  }
  const threshold = largest * (1 - 1e-9);
  const kept: { Mx: number[]; My: number[] } = { Mx: [], My: [] };
  for (let i = 0; i < Mx.length; i++) {
    if (Math.abs(Mx[i]!) + Math.abs(My[i]!) < threshold) continue;
    kept.Mx.push(Mx[i]!);
    kept.My.push(My[i]!);
  }
  return kept;
};

/** Moment components of the section design for the biaxial check, per node along the pile. */
export type BiaxialMoments = {
  /** design moment about x and y per node [kNm] (simultaneous values; plain arrays of the lateral distribution) */
  Mx: readonly number[];
  My: readonly number[];
  /** moment of known size and unknown direction added on top (fixed head N_Ed·e) [kNm] */ extra: KiloNewtonMeter;
};

/**
 * Required reinforcement of a doubly symmetric square section under N_Ed and biaxial bending by the
 * load-contour criterion: bisection on A_s until M_eq(a) + (minimum eccentricity, second order) ≤ M_Rd,
 * with a from N_Ed/N_Rd, N_Rd = A_c·f_cd + A_s·f_yd. M_Rd from the uniaxial interaction grid (the same
 * about both axes).
 * @param g geometry (square) @param m materials @param NEd [kN] @param moments components
 * @param addOn (M) → design M after the minimum eccentricity and the second-order moment
 * @returns A_s,req [m²] and the governing M_eq and a, or null when A_s,max = 0.09·A_c is not enough
 * @see EN 1992-1-1:2004 5.8.9(4), 6.1; docs/adr/0027-square-section-biaxial-load-contour.md;
 *   numerics/roots.ts (bisection)
 */
export const requiredReinforcementBiaxial = (
  g: SectionGeometry,
  m: DesignMaterials,
  NEd: KiloNewton,
  moments: BiaxialMoments,
  addOn: (M: number) => number,
  grid: InteractionGrid,
): { As: SquareMeter; Meq: KiloNewtonMeter; a: number } | null => {
  // a ≥ 1 always (biaxialExponent), so the candidates give the same M_eq as every node
  const nodes = governingCandidates(moments.Mx, moments.My);
  const state = (As: number) => {
    const a = biaxialExponent(NEd / (g.area * m.fcd + As * m.fyd));
    const Meq = addOn(equivalentMoment(nodes.Mx, nodes.My, a, moments.extra));
    const MRd = gridMomentResistance(grid, As as SquareMeter, NEd);
    return { a, Meq, isInside: MRd !== null && MRd >= Meq };
  };
  const zero = state(0);
  if (zero.isInside) return { As: 0 as SquareMeter, Meq: zero.Meq as KiloNewtonMeter, a: zero.a };
  const AsMax = AS_MAX_RATIO * g.area;
  if (!state(AsMax).isInside) return null;
  // `above` is inside the load contour in every status (a bracket end where the predicate holds)
  const As = bisect((x) => (state(x).isInside ? 1 : -1), 0, AsMax, AS_LIMITS).above;
  const s = state(As);
  return { As: As as SquareMeter, Meq: s.Meq as KiloNewtonMeter, a: s.a };
};
