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

/** Maximum reinforcement ratio A_s,max = 0.09·A_c (including laps). @see German NA to EC2 9.5.2(3) [U] */
export const AS_MAX_RATIO = 0.09;

/** True when (N_Ed, M_Ed) lies inside the interaction diagram of the section with A_s. */
export const isInside = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: number,
  NEd: number,
  MEd: number,
): boolean => {
  const r = momentResistance(g, m, As, NEd);
  return r !== null && r.MRd >= Math.abs(MEd);
};

/**
 * Required total longitudinal reinforcement by bisection on A_s (the interaction diagram of a
 * symmetric section grows with A_s) to 0.001 cm², on the sampled ultimate planes (interaction-grid.ts).
 * @param g geometry @param m materials @param NEd compression positive [kN] @param MEd [kNm]
 * @param grid sampled ultimate planes of g and m (pass one to share it between load combinations)
 * @returns A_s,req [m²], or null when even A_s,max = 0.09·A_c is not enough
 * @see calculation-reference §4.2 step 4; EN 1992-1-1 6.1
 */
export const requiredReinforcement = (
  g: SectionGeometry,
  m: DesignMaterials,
  NEd: number,
  MEd: number,
  grid: InteractionGrid = buildInteractionGrid(g, m),
): number | null => {
  const inside = (As: number) => {
    const MRd = gridMomentResistance(grid, As, NEd);
    return MRd !== null && MRd >= Math.abs(MEd);
  };
  if (inside(0)) return 0;
  let hi = AS_MAX_RATIO * g.area;
  if (!inside(hi)) return null;
  let lo = 0;
  while (hi - lo > 1e-7) {
    const mid = (lo + hi) / 2;
    if (inside(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
};

const BISECTIONS = 40;

/**
 * Strain plane of the design state: (ε_top, κ) with N = N_Ed and M = |M_Ed| for the given A_s, by
 * nested bisection (κ from 0 to the ultimate curvature at N_Ed; ε_top for N at fixed κ).
 * @param g geometry @param m materials @param As [m²] @param NEd [kN] @param MEd [kNm]
 * @returns concrete edge strain and strain of the lowest bar (compression positive) [-], or null when
 *   the point lies outside the diagram
 * @see EN 1992-1-1 6.1(2) (strain compatibility)
 */
export const designStrains = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: number,
  NEd: number,
  MEd: number,
): { epsConcrete: number; epsSteel: number; plane: StrainPlane } | null => {
  const ultimate = momentResistance(g, m, As, NEd);
  if (ultimate === null || ultimate.MRd < Math.abs(MEd)) return null;
  const target = Math.abs(MEd);
  const plane =
    newtonPlane(g, m, As, NEd, target, ultimate.plane) ??
    bisectionPlane(g, m, As, NEd, target, ultimate.plane.kappa);
  return {
    epsConcrete: plane.epsTop,
    epsSteel: plane.epsTop - plane.kappa * (g.h / 2 - g.barYMin),
    plane,
  };
};

/** Newton iteration on (ε_top, κ) with a finite-difference Jacobian; null when it does not converge. */
const newtonPlane = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: number,
  NEd: number,
  MEd: number,
  start: StrainPlane,
): StrainPlane | null => {
  let p = { epsTop: start.epsTop * 0.5, kappa: start.kappa * 0.5 };
  const tolN = 1e-6 * (Math.abs(NEd) + g.area * m.fcd);
  const tolM = 1e-6 * (MEd + g.area * m.fcd * g.h);
  for (let it = 0; it < 50; it++) {
    const f = sectionForces(g, m, As, p);
    const rN = f.N - NEd;
    const rM = f.M - MEd;
    if (Math.abs(rN) < tolN && Math.abs(rM) < tolM) return p;
    const he = 1e-7;
    const hk = 1e-7 / g.h;
    const fe = sectionForces(g, m, As, { epsTop: p.epsTop + he, kappa: p.kappa });
    const fk = sectionForces(g, m, As, { epsTop: p.epsTop, kappa: p.kappa + hk });
    const [a, b, c, d] = [
      (fe.N - f.N) / he,
      (fk.N - f.N) / hk,
      (fe.M - f.M) / he,
      (fk.M - f.M) / hk,
    ];
    const det = a * d - b * c;
    if (!(Math.abs(det) > 0)) return null;
    p = { epsTop: p.epsTop - (d * rN - b * rM) / det, kappa: p.kappa - (a * rM - c * rN) / det };
    if (!Number.isFinite(p.epsTop) || !Number.isFinite(p.kappa)) return null;
  }
  return null;
};

/** Nested bisection (κ outside, ε_top inside) — robust fallback of newtonPlane. */
const bisectionPlane = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: number,
  NEd: number,
  MEd: number,
  kappaMax: number,
): StrainPlane => {
  const planeFor = (kappa: number): StrainPlane => {
    let lo = -0.05;
    let hi = 0.01 + kappa * g.h;
    for (let i = 0; i < BISECTIONS; i++) {
      const mid = (lo + hi) / 2;
      if (sectionForces(g, m, As, { epsTop: mid, kappa }).N < NEd) lo = mid;
      else hi = mid;
    }
    return { epsTop: (lo + hi) / 2, kappa };
  };
  let lo = 0;
  let hi = Math.max(kappaMax, 0);
  for (let i = 0; i < BISECTIONS; i++) {
    const mid = (lo + hi) / 2;
    if (sectionForces(g, m, As, planeFor(mid)).M < MEd) lo = mid;
    else hi = mid;
  }
  return planeFor((lo + hi) / 2);
};

/** Axial resistances N_Rd of pure tension and pure compression [kN]. @see EN 1992-1-1 6.1(5) */
export const axialResistances = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: number,
): { tension: number; compression: number } => ({
  tension: sectionForces(g, m, As, ultimatePlane(g, 0)).N,
  compression: sectionForces(g, m, As, ultimatePlane(g, 3)).N,
});
