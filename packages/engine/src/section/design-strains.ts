import { illinois, type IllinoisLimits } from '../numerics/roots';
import { MATERIAL_CONSTANTS, type DesignMaterials } from './materials';
import type { SectionGeometry } from './section-geometry';
import type { StrainPlane } from './strain-compatibility';

/**
 * Solver for the strain plane of the design state (N = N_Ed, M = M_Ed for a given A_s), used for `Eps0`/`Eps1`.
 *
 * The equations are those of `sectionForces` (plane sections, parabola–rectangle concrete without tension,
 * bilinear steel, displaced concrete at the bars; EN 1992-1-1 6.1(2), 3.1.7, 3.2.7). Only the numerical method
 * is chosen here (ADR 0100):
 * 1. start value on the curve N = N_Ed: κ₀ = κ_u·M_Ed/M_Rd (κ_u = curvature of the ultimate plane at N_Ed),
 *    ε_top from the one-dimensional equation N(ε_top, κ₀) = N_Ed (bracketed, always solvable);
 * 2. Newton's method on (ε_top, κ) with the exact tangent of the discretised section (one pass gives N, M and
 *    the four derivatives), safeguarded by a backtracking line search on the scaled residual and κ ≥ 0;
 * 3. if Newton stalls (kinks of the material laws), the nested bracketed solution (outer κ, inner ε_top, both
 *    by the Illinois variant of regula falsi, numerics/roots.ts, on a bracket that always contains the root).
 * Both converge to |N − N_Ed| ≤ 1e-10·(|N_Ed| + A_c·f_cd) and |M − M_Ed| ≤ 1e-10·(M_Ed + A_c·f_cd·h).
 */

/** Relative residual tolerance of the design-state solution (see the module comment). */
export const STRAIN_TOLERANCE = 1e-10;

/** Work array: N, M, ∂N/∂ε, ∂N/∂κ, ∂M/∂ε, ∂M/∂κ. */
type Tangent = Float64Array;

/**
 * N and M of a strain plane and their exact derivatives with respect to ε_top and κ, in one pass over the
 * strips and bars. N and M are summed in the same order and with the same expressions as `sectionForces`.
 * @param out receives [N, M, ∂N/∂ε, ∂N/∂κ, ∂M/∂ε, ∂M/∂κ] [kN, kNm, kN, kN·m, kNm, kNm·m]
 * @see EN 1992-1-1 3.1.7 Eq. (3.17) (dσ_c/dε = 2f_cd(1 − ε/ε_c2)/ε_c2 for 0 < ε < ε_c2), 3.2.7 (E_s below f_yd)
 */
export const forcesAndTangent = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: number,
  plane: StrainPlane,
  out: Tangent,
): void => {
  const { epsC2 } = MATERIAL_CONSTANTS;
  const half = g.h / 2;
  const fcd = m.fcd;
  const fyd: number = m.fyd;
  const Es = m.Es;
  const { epsTop, kappa } = plane;
  let N = 0;
  let M = 0;
  let dNe = 0;
  let dNk = 0;
  let dMe = 0;
  let dMk = 0;
  for (let i = 0; i < g.stripY.length; i++) {
    const y = g.stripY[i]!;
    const a = g.stripArea[i]!;
    const eps = epsTop - kappa * (half - y);
    let s = 0;
    let t = 0;
    if (eps > 0) {
      if (eps >= epsC2) s = fcd;
      else {
        const r = 1 - eps / epsC2;
        s = fcd * (1 - r * r);
        t = (2 * fcd * r) / epsC2;
      }
    }
    const f = s * a;
    N += f;
    M += f * y;
    const ta = t * a;
    const dy = y - half;
    dNe += ta;
    dNk += ta * dy;
    dMe += ta * y;
    dMk += ta * y * dy;
  }
  for (let j = 0; j < g.barY.length; j++) {
    const y = g.barY[j]!;
    const eps = epsTop - kappa * (half - y);
    const ss = Math.max(-fyd, Math.min(fyd, Es * eps));
    const ts = Es * eps > -fyd && Es * eps < fyd ? Es : 0;
    let sc = 0;
    let tc = 0;
    if (eps > 0) {
      if (eps >= epsC2) sc = fcd;
      else {
        const r = 1 - eps / epsC2;
        sc = fcd * (1 - r * r);
        tc = (2 * fcd * r) / epsC2;
      }
    }
    const a = As * g.barShare[j]!;
    const f = (ss - sc) * a;
    N += f;
    M += f * y;
    const ta = (ts - tc) * a;
    const dy = y - half;
    dNe += ta;
    dNk += ta * dy;
    dMe += ta * y;
    dMk += ta * y * dy;
  }
  out[0] = N;
  out[1] = M;
  out[2] = dNe;
  out[3] = dNk;
  out[4] = dMe;
  out[5] = dMk;
};

const NEWTON_ITERATIONS = 40;
const LINE_SEARCH_HALVINGS = 30;
const BRACKET_ITERATIONS = 200;

type Problem = {
  g: SectionGeometry;
  m: DesignMaterials;
  As: number;
  NEd: number;
  MEd: number;
  tolN: number;
  tolM: number;
  /** Illinois stopping rules for ε_top (inner) and κ (outer): |ΔN| ≤ 0.1·tolN, |ΔM| ≤ 0.1·tolM, width 1e-16. */
  epsLimits: IllinoisLimits;
  kappaLimits: IllinoisLimits;
  work: Tangent;
};

const merit = (p: Problem): number => {
  const rN = (p.work[0]! - p.NEd) / p.tolN;
  const rM = (p.work[1]! - p.MEd) / p.tolM;
  return rN * rN + rM * rM;
};

const isConverged = (p: Problem): boolean =>
  Math.abs(p.work[0]! - p.NEd) <= p.tolN && Math.abs(p.work[1]! - p.MEd) <= p.tolM;

/**
 * ε_top with N(ε_top, κ) = N_Ed for a fixed κ ≥ 0: Illinois regula falsi on the bracket
 * [−0.05, 0.01 + κ·h] (whole section beyond the steel yield strain in tension … whole section beyond ε_c2 in
 * compression, so N runs from −A_s·f_yd to A_c·f_cd + A_s·(f_yd − f_cd)); N is non-decreasing in ε_top, so
 * without a sign change the nearer end is the answer (N_Ed beyond the axial resistance). Leaves N, M of the
 * returned plane in p.work.
 */
const epsTopForN = (p: Problem, kappa: number): number => {
  const root = illinois(
    (epsTop) => {
      forcesAndTangent(p.g, p.m, p.As, { epsTop, kappa }, p.work);
      return p.work[0]! - p.NEd;
    },
    -0.05,
    0.01 + kappa * p.g.h,
    p.epsLimits,
  );
  // after iterating, f was last evaluated at x; an end (no sign change, f = 0 there) is evaluated again
  return root.iterations === 0 ? evaluate(p, root.x, kappa) : root.x;
};

const evaluate = (p: Problem, epsTop: number, kappa: number): number => {
  forcesAndTangent(p.g, p.m, p.As, { epsTop, kappa }, p.work);
  return epsTop;
};

/** Safeguarded Newton on (ε_top, κ); null when the line search fails or the iteration limit is reached. */
const newton = (p: Problem, start: StrainPlane): StrainPlane | null => {
  let e = start.epsTop;
  let k = start.kappa;
  forcesAndTangent(p.g, p.m, p.As, { epsTop: e, kappa: k }, p.work);
  let phi = merit(p);
  for (let it = 0; it < NEWTON_ITERATIONS; it++) {
    if (isConverged(p)) return { epsTop: e, kappa: k };
    const [N, M, a, b, c, d] = p.work as unknown as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const rN = N - p.NEd;
    const rM = M - p.MEd;
    const det = a * d - b * c;
    if (!(Math.abs(det) > 0) || !Number.isFinite(det)) return null;
    const de = -(d * rN - b * rM) / det;
    const dk = -(a * rM - c * rN) / det;
    let lambda = 1;
    let accepted = false;
    for (let h = 0; h < LINE_SEARCH_HALVINGS; h++) {
      const e1 = e + lambda * de;
      const k1 = Math.max(0, k + lambda * dk);
      forcesAndTangent(p.g, p.m, p.As, { epsTop: e1, kappa: k1 }, p.work);
      const phi1 = merit(p);
      if (phi1 < (1 - 1e-4 * lambda) * phi || isConverged(p)) {
        e = e1;
        k = k1;
        phi = phi1;
        accepted = true;
        break;
      }
      lambda /= 2;
    }
    if (!accepted) return null;
  }
  return isConverged(p) ? { epsTop: e, kappa: k } : null;
};

/**
 * Nested bracketed solution: κ ∈ [0, κ_u] by Illinois regula falsi on M(κ) − M_Ed along the curve
 * N = N_Ed (M grows with κ up to the ultimate plane), ε_top by `epsTopForN`.
 */
const bracketed = (p: Problem, kappaMax: number): StrainPlane => {
  let lastKappa = Number.NaN;
  let lastEpsTop = Number.NaN;
  const root = illinois(
    (kappa) => {
      lastKappa = kappa;
      lastEpsTop = epsTopForN(p, kappa);
      return p.work[1]! - p.MEd;
    },
    0,
    Math.max(kappaMax, 0),
    p.kappaLimits,
  );
  const kappa = root.x;
  return { epsTop: kappa === lastKappa ? lastEpsTop : epsTopForN(p, kappa), kappa };
};

const problem = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: number,
  NEd: number,
  MEd: number,
): Problem => {
  const tolN = STRAIN_TOLERANCE * (Math.abs(NEd) + g.area * m.fcd);
  const tolM = STRAIN_TOLERANCE * (MEd + g.area * m.fcd * g.h);
  return {
    g,
    m,
    As,
    NEd,
    MEd,
    tolN,
    tolM,
    epsLimits: {
      fAbsolute: tolN * 0.1,
      xAbsolute: 1e-16,
      xRelative: 0,
      maxIterations: BRACKET_ITERATIONS,
    },
    kappaLimits: {
      fAbsolute: tolM * 0.1,
      xAbsolute: 1e-16,
      xRelative: 1e-16,
      maxIterations: BRACKET_ITERATIONS,
    },
    work: new Float64Array(6),
  };
};

/**
 * The fallback stage alone (exported for its tests): nested bracketed solution on κ ∈ [0, κ_max].
 * @returns strain plane with N = N_Ed, M = M_Ed
 */
export const bracketedDesignPlane = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: number,
  NEd: number,
  MEd: number,
  kappaMax: number,
): StrainPlane => bracketed(problem(g, m, As, NEd, MEd), kappaMax);

/**
 * Strain plane with N = N_Ed and M = M_Ed (0 ≤ M_Ed ≤ M_Rd(N_Ed)) for the given A_s (see the module comment).
 * @param ultimate ultimate plane at N_Ed and its moment M_Rd (from `momentResistance`)
 * @returns the plane; never NaN (the bracketed stage always returns a plane inside the bracket)
 * @see EN 1992-1-1 6.1(2) (strain compatibility); ADR 0100
 */
export const solveDesignPlane = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: number,
  NEd: number,
  MEd: number,
  ultimate: { MRd: number; plane: StrainPlane },
): StrainPlane => {
  const p = problem(g, m, As, NEd, MEd);
  const kappaU = Math.max(ultimate.plane.kappa, 0);
  const k0 = ultimate.MRd > 0 ? kappaU * Math.min(1, MEd / ultimate.MRd) : 0;
  const e0 = epsTopForN(p, k0);
  return newton(p, { epsTop: e0, kappa: k0 }) ?? bracketed(p, kappaU);
};
