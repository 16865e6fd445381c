import { bisect, type BisectionLimits } from '../numerics/roots';
import { concreteStress, MATERIAL_CONSTANTS, steelStress, type DesignMaterials } from './materials';
import type { SectionGeometry } from './section-geometry';
import type { KiloNewton, KiloNewtonMeter, SquareMeter } from '../units/units';

/**
 * Strain plane ε(y) = εTop − κ·(h/2 − y), compression positive [-], κ [1/m]. Plain numbers (ADR 0205, addendum):
 * the state of the root searches on the ultimate and the design plane; a strain is dimensionless.
 */
export type StrainPlane = { epsTop: number; kappa: number };

/**
 * Resultant axial force and moment of a strain plane (bars subtract the displaced concrete).
 * @param g geometry @param m materials @param As total reinforcement [m²] @param plane strain plane
 * @returns N (compression positive) [kN] and M about the centroid (top compressed positive) [kNm]
 * @see EN 1992-1-1 6.1(2)–(3) (plane sections, no concrete tension), docs/sources/engine.md §E4.2 step 4
 */
export const sectionForces = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: SquareMeter,
  plane: StrainPlane,
): { N: KiloNewton; M: KiloNewtonMeter } => {
  const half = g.h / 2;
  let N = 0;
  let M = 0;
  for (let i = 0; i < g.stripY.length; i++) {
    const y = g.stripY[i]!;
    const f = concreteStress(plane.epsTop - plane.kappa * (half - y), m.fcd) * g.stripArea[i]!;
    N += f;
    M += f * y;
  }
  for (let j = 0; j < g.barY.length; j++) {
    const y = g.barY[j]!;
    const eps = plane.epsTop - plane.kappa * (half - y);
    const f = (steelStress(eps, m) - concreteStress(eps, m.fcd)) * As * g.barShare[j]!;
    N += f;
    M += f * y;
  }
  return { N: N as KiloNewton, M: M as KiloNewtonMeter };
};

/**
 * Ultimate strain plane as a function of t ∈ [0, 3]: t 0→1 region 1 (steel at ε_ud, top strain from
 * −ε_ud to ε_cu2), 1→2 region 2 (top at ε_cu2, lowest bar from −ε_ud until the bottom edge reaches 0),
 * 2→3 region 3 (rotation about the point at (1 − ε_c2/ε_cu2)·h from the top up to uniform ε_c2).
 * @param g geometry @param t parameter @returns strain plane
 * @see EN 1992-1-1 6.1(5), Figure 6.1 (with ε_ud from the German NA)
 */
export const ultimatePlane = (g: SectionGeometry, t: number): StrainPlane => {
  const { epsC2, epsCu2, epsUd } = MATERIAL_CONSTANTS;
  const h = g.h;
  const dBar = h / 2 - g.barYMin;
  if (t <= 1) {
    const epsTop = -epsUd + t * (epsUd + epsCu2);
    return { epsTop, kappa: (epsTop + epsUd) / dBar };
  }
  if (t <= 2) {
    const epsEnd = (epsCu2 * (h / 2 + g.barYMin)) / h;
    const epsBar = -epsUd + (t - 1) * (epsEnd + epsUd);
    return { epsTop: epsCu2, kappa: (epsCu2 - epsBar) / dBar };
  }
  const epsBottom = (t - 2) * epsC2;
  const pivotFromBottom = (epsC2 / epsCu2) * h;
  const kappa = (epsC2 - epsBottom) / pivotFromBottom;
  return { epsTop: epsC2 + kappa * (h - pivotFromBottom), kappa };
};

/**
 * Stopping rule on t ∈ [0, 3]: the bracket of 36 halvings, 3/2^36 ≈ 4.4e-11 (the fixed 36 bisection steps of
 * earlier versions, written as a width so that the root module can report convergence).
 */
const T_LIMITS: BisectionLimits = { xAbsolute: 3 / 2 ** 36, xRelative: 0, maxIterations: 64 };

/**
 * Moment resistance M_Rd at the design axial force N_Ed: bisection on the ultimate plane parameter until
 * N_R = N_Ed (N_R grows monotonically with t).
 * @param g geometry @param m materials @param As [m²] @param NEd compression positive [kN]
 * @returns M_Rd [kNm] and the plane, or null when N_Ed is outside [N_Rd,tension, N_Rd,compression]
 * @see docs/sources/engine.md §E4.2 steps 3–4; numerics/roots.ts (bisection)
 */
export const momentResistance = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: SquareMeter,
  NEd: KiloNewton,
): Readonly<{ MRd: KiloNewtonMeter; plane: Readonly<StrainPlane> }> | null => {
  const key = `${exact(m.fcd)}|${exact(m.fyd)}|${exact(m.Es)}|${exact(As)}|${exact(NEd)}`;
  let known = RESISTANCES.get(g);
  if (known === undefined) {
    known = new Map();
    RESISTANCES.set(g, known);
  } else {
    const hit = known.get(key);
    if (hit !== undefined) return hit;
  }
  const root = bisect((t) => sectionForces(g, m, As, ultimatePlane(g, t)).N - NEd, 0, 3, T_LIMITS);
  const result =
    root.status === 'converged' ? resistanceAt(g, m, As, ultimatePlane(g, root.x)) : null;
  if (known.size >= RESISTANCES_PER_GEOMETRY) known.clear();
  known.set(key, result);
  return result;
};

const resistanceAt = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: SquareMeter,
  plane: StrainPlane,
): Readonly<{ MRd: KiloNewtonMeter; plane: Readonly<StrainPlane> }> =>
  Object.freeze({ MRd: sectionForces(g, m, As, plane).M, plane: Object.freeze(plane) });

/**
 * Results of `momentResistance` (read-only, shared) by geometry object (geometries are read-only and memoised,
 * section-geometry.ts), then by the exact values of f_cd, f_yd, E_s, A_s and N_Ed — everything the result depends
 * on. The design strains of a load row ask for the same (A_s, N_Ed) as other rows of the same pile type and axial
 * load: 536 different of 1,500 on the 1,000-row bench, each about 42 section evaluations (ADR 0204).
 */
const RESISTANCES = new WeakMap<
  SectionGeometry,
  Map<string, Readonly<{ MRd: KiloNewtonMeter; plane: Readonly<StrainPlane> }> | null>
>();
/** Entries per geometry before its map is emptied (bounds the memory of a long-running server). */
const RESISTANCES_PER_GEOMETRY = 4096;

/** The value as exact text (shortest round trip; −0 kept apart from 0, as the results may differ in sign). */
const exact = (x: number): string => (Object.is(x, -0) ? '-0' : String(x));
