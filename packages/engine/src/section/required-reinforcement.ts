import { bisect, type BisectionLimits } from '../numerics/roots';
import { solveDesignPlane } from './design-strains';
import {
  buildInteractionGrid,
  gridMomentResistance,
  type InteractionGrid,
} from './interaction-grid';
import type { DesignMaterials } from './materials';
import type { SectionGeometry } from './section-geometry';
import {
  momentResistance,
  sectionForces,
  ultimatePlane,
  type StrainPlane,
} from './strain-compatibility';
import type { KiloNewton, KiloNewtonMeter, SquareMeter } from '../units/units';

/** Maximum reinforcement ratio A_s,max = 0.09·A_c (including laps). @see German NA to EC2 9.5.2(3) [U] */
export const AS_MAX_RATIO = 0.09;

/** True when (N_Ed, M_Ed) lies inside the interaction diagram of the section with A_s. */
export const isInside = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: SquareMeter,
  NEd: KiloNewton,
  MEd: KiloNewtonMeter,
): boolean => {
  const r = momentResistance(g, m, As, NEd);
  return r !== null && r.MRd >= Math.abs(MEd);
};

/**
 * Stopping rule of the bisection on A_s: bracket width 1e-7 m² = 0.001 cm² (from A_s,max ≤ 0.09·A_c this takes
 * about 20 halvings; the limit of 100 is never reached for a real section).
 */
export const AS_LIMITS: BisectionLimits = { xAbsolute: 1e-7, xRelative: 0, maxIterations: 100 };

/**
 * Required total longitudinal reinforcement by bisection on A_s (the interaction diagram of a
 * symmetric section grows with A_s) to 0.001 cm², on the sampled ultimate planes (interaction-grid.ts).
 * @param g geometry @param m materials @param NEd compression positive [kN] @param MEd [kNm]
 * @param grid sampled ultimate planes of g and m (pass one to share it between load combinations)
 * @returns A_s,req [m²], or null when even A_s,max = 0.09·A_c is not enough
 * @see docs/sources/engine.md §E4.2 step 4; EN 1992-1-1 6.1; numerics/roots.ts (bisection)
 */
export const requiredReinforcement = (
  g: SectionGeometry,
  m: DesignMaterials,
  NEd: KiloNewton,
  MEd: KiloNewtonMeter,
  grid: InteractionGrid = buildInteractionGrid(g, m),
): SquareMeter | null => {
  // the root search runs on plain numbers (ADR 0205); each trial A_s is tagged where it is passed on [m²]
  const inside = (As: number) => {
    const MRd = gridMomentResistance(grid, As as SquareMeter, NEd);
    return MRd !== null && MRd >= Math.abs(MEd);
  };
  if (inside(0)) return 0 as SquareMeter;
  const AsMax = AS_MAX_RATIO * g.area;
  if (!inside(AsMax)) return null;
  // `above` is inside the diagram in every status (a bracket end where the predicate holds)
  return bisect((As) => (inside(As) ? 1 : -1), 0, AsMax, AS_LIMITS).above as SquareMeter;
};

/**
 * Strain plane of the design state: (ε_top, κ) with N = N_Ed and M = |M_Ed| for the given A_s
 * (safeguarded Newton with a bracketed fallback, `design-strains.ts`, ADR 0100).
 * @param g geometry @param m materials @param As [m²] @param NEd [kN] @param MEd [kNm]
 * @returns concrete edge strain and strain of the lowest bar (compression positive) [-], or null when
 *   the point lies outside the diagram
 * @see EN 1992-1-1 6.1(2) (strain compatibility)
 */
export const designStrains = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: SquareMeter,
  NEd: KiloNewton,
  MEd: KiloNewtonMeter,
): { epsConcrete: number; epsSteel: number; plane: StrainPlane } | null => {
  const ultimate = momentResistance(g, m, As, NEd);
  if (ultimate === null || ultimate.MRd < Math.abs(MEd)) return null;
  const plane = solveDesignPlane(g, m, As, NEd, Math.abs(MEd), ultimate);
  return {
    epsConcrete: plane.epsTop,
    epsSteel: plane.epsTop - plane.kappa * (g.h / 2 - g.barYMin),
    plane,
  };
};

/** Axial resistances N_Rd of pure tension and pure compression [kN]. @see EN 1992-1-1 6.1(5) */
export const axialResistances = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: SquareMeter,
): { tension: KiloNewton; compression: KiloNewton } => ({
  tension: sectionForces(g, m, As, ultimatePlane(g, 0)).N,
  compression: sectionForces(g, m, As, ultimatePlane(g, 3)).N,
});
