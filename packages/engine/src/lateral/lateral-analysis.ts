import { createWinklerSystem, type BeamSolution, type WinklerSystem } from './beam-fe';
import { structuralIssue, type StructuralIssue } from './issue';
import type { LateralMesh } from './mesh';
import { createPlasticSystem, type PlasticState, type PlasticSystem } from './plastic-newton';
import type { KiloNewton, KiloNewtonMeter, Meter } from '../units/units';

/**
 * Head load of one bending direction in calculation units: transverse force H [kN] and moment M [kNm]. A branded
 * `HeadLoad` (beam-fe.ts, whose solver reads plain numbers): it is passed on to the FE systems unchanged.
 */
export type LateralHeadLoad = { H: KiloNewton; M: KiloNewtonMeter };

/**
 * Head loads of both bending directions. Direction x: force Hx with the moment My that bends in x;
 * direction y: Hy with Mx. Positive moments increase the deflection of positive forces.
 */
export type LateralLoads = { x: LateralHeadLoad; y: LateralHeadLoad };

/** Solution of both directions plus the state of the passive-pressure iteration. */
export type LateralSolution = {
  x: BeamSolution;
  y: BeamSolution;
  /** final factor on k per element end (1 = unreduced), index 2e top, 2e+1 bottom */
  springFactor: Float64Array;
  iterations: number;
  isConverged: boolean;
  /** the Newton state (absent when the secant iteration solved it) */ state?: PlasticState;
};

/** Iteration limits of the secant iteration of the passive-pressure limitation (ADR 0022). */
const MAX_ITERATIONS = 60;
const TOLERANCE = 1e-4;

/** How the passive-pressure limitation is solved: Newton with the secant iteration as fallback (default, ADR 0165), or the secant iteration alone (kept for comparison in tests and the bench). */
export type LateralScheme = 'newton' | 'secant';

/**
 * Buffers one analysis may write its solution into instead of allocating (ADR 0204): the Newton state and the
 * nodal results of x and y. A solution written there is valid until the next analysis with the same buffers.
 */
export type LateralWork = { state: Float64Array; x: Float64Array; y: Float64Array };

/**
 * The FE systems of one pile (mesh, EI, head restraint), shared by its analyses and cached per pile, and the
 * buffers of the characteristic and the design analysis of one load (`analysePileLateral` reads both solutions
 * before it returns, and the engine runs one analysis at a time).
 */
export type LateralSystem = {
  winkler: WinklerSystem;
  plastic: PlasticSystem | null;
  work: [LateralWork, LateralWork];
};

/** Builds the systems of a mesh; the Newton system only when some spring is limited. */
export const createLateralSystem = (
  mesh: LateralMesh,
  EI: number,
  isHeadFixed: boolean,
  diameter: Meter,
): LateralSystem => {
  const plastic = mesh.passiveLimit.some(Number.isFinite)
    ? createPlasticSystem(mesh, EI, isHeadFixed, diameter)
    : null;
  const n = mesh.depth.length;
  const work = (): LateralWork => ({
    state: new Float64Array(plastic?.stateLength ?? 0),
    x: new Float64Array(5 * n),
    y: new Float64Array(5 * n),
  });
  return { winkler: createWinklerSystem(mesh, EI, isHeadFixed), plastic, work: [work(), work()] };
};

/**
 * Target secant factor per element end: where the elastic reaction k·|w| exceeds the limit p_lim,
 * k is reduced to p_lim/|w| (elastic–perfectly-plastic spring, secant iteration as GGU-LATPILE reduces ks).
 * @param ux DOF vector of direction x ([w0, θ0, w1, …]) @param uy DOF vector of direction y
 */
const targetFactors = (mesh: LateralMesh, ux: Float64Array, uy: Float64Array): Float64Array => {
  const n = mesh.kTop.length;
  const f = new Float64Array(2 * n).fill(1);
  for (let e = 0; e < n; e++) {
    for (let end = 0; end < 2; end++) {
      const node = e + end;
      const k = end === 0 ? mesh.kTop[e]! : mesh.kBottom[e]!;
      const w = Math.sqrt(ux[2 * node]! ** 2 + uy[2 * node]! ** 2);
      const pElastic = k * w;
      const limit = mesh.passiveLimit[2 * e + end]!;
      if (pElastic > limit) f[2 * e + end] = limit / pElastic;
    }
  }
  return f;
};

/**
 * Solves the pile for both directions by the secant iteration (the scheme of ADR 0022, the fallback of
 * solveLateral); with limited springs (finite passive limits) the secant stiffness
 * is iterated until the reduction factors change by less than 1e-4 (isotropic: the limit applies to the
 * resultant deflection √(wx² + wy²)). The iterations solve for the displacements only; the internal
 * forces are recovered once, from the accepted solution.
 * @param mesh mesh with k and passive limits @param EI [kNm²] @param isHeadFixed head restraint
 * @param loads head loads (design or characteristic)
 * @param system the FE system of mesh, EI and isHeadFixed (pass one to share it between analyses)
 * @returns solution, or null when unstable
 * @see docs/sources/engine.md §E5.4 (GGU-LATPILE: local limit (ks·w)d ≤ e_ph,k, iterative ks reduction);
 *   §E5.1, §E5.3 (biaxial combination)
 */
export const solveLateralSecant = (
  mesh: LateralMesh,
  EI: number,
  isHeadFixed: boolean,
  loads: LateralLoads,
  system: WinklerSystem = createWinklerSystem(mesh, EI, isHeadFixed),
  limits: { tolerance: number; maxIterations: number } = {
    tolerance: TOLERANCE,
    maxIterations: MAX_ITERATIONS,
  },
): LateralSolution | null => {
  const hasLimits = mesh.passiveLimit.some(Number.isFinite);
  let factor: Float64Array = new Float64Array(2 * mesh.kTop.length).fill(1);
  const accept = (
    u: Float64Array[],
    iterations: number,
    isConverged: boolean,
  ): LateralSolution => ({
    x: system.recover(u[0]!, factor),
    y: system.recover(u[1]!, factor),
    springFactor: factor,
    iterations,
    isConverged,
  });
  for (let it = 1; it <= limits.maxIterations; it++) {
    const u = system.solveDisplacements([loads.x, loads.y], factor);
    if (u === null) return null;
    if (!hasLimits) return accept(u, it, true);
    const target = targetFactors(mesh, u[0]!, u[1]!);
    let change = 0;
    // damping after 20 iterations against oscillation of springs that unload again
    const relax = it > 20 ? 0.5 : 1;
    for (let i = 0; i < target.length; i++) {
      const next = factor[i]! + relax * (target[i]! - factor[i]!);
      change = Math.max(change, Math.abs(next - factor[i]!));
      target[i] = next;
    }
    if (change < limits.tolerance) return accept(u, it, true);
    if (target.every((v) => v === 0)) return null;
    factor = target;
  }
  const last = system.solveDisplacements([loads.x, loads.y], factor);
  if (last === null) return null;
  return accept(last, limits.maxIterations, false);
};

/**
 * Solves the pile for both directions with the passive-pressure limitation: Newton's method (ADR 0165,
 * plastic-newton.ts) converged to a factor change of 1e-7, or a predicted one of 1e-11 (ADR 0191); when Newton
 * fails (singular, divergent or not converged in 30 steps) the secant iteration decides, with its coded outcomes
 * (mechanism, non-convergence). Without limits one linear solve.
 * @param mesh mesh with k and passive limits @param EI [kNm²] @param isHeadFixed head restraint
 * @param loads head loads @param system the pile's systems (createLateralSystem)
 * @param scheme 'secant' forces the secant iteration (comparison only)
 * @param start Newton start: the converged state of other loads on the same system (else elastic)
 * @param work buffers the Newton solution is written into (else new arrays)
 * @returns solution, or null when unstable
 */
export const solveLateral = (
  mesh: LateralMesh,
  EI: number,
  isHeadFixed: boolean,
  loads: LateralLoads,
  system: LateralSystem,
  scheme: LateralScheme = 'newton',
  start?: PlasticState,
  work?: LateralWork,
): LateralSolution | null => {
  if (system.plastic !== null && scheme === 'newton') {
    const s = system.plastic.solve(loads.x, loads.y, start, work?.state);
    if (s !== null) {
      return {
        state: s,
        x: system.winkler.recover(s.ux, s.factor, work?.x),
        y: system.winkler.recover(s.uy, s.factor, work?.y),
        springFactor: s.factor,
        iterations: s.iterations,
        isConverged: true,
      };
    }
  }
  return solveLateralSecant(mesh, EI, isHeadFixed, loads, system.winkler);
};

/** Partial factor on the passive earth resistance, BS-P. @see docs/sources/engine.md §E5.4 (1.40 from recollection) [U] */
export const GAMMA_EP = 1.4;

/**
 * Resultant check of the mobilised soil reaction in front of the pile (from OKBodenBiegung to the first
 * change of sign of the deflection, projected on the head deflection direction):
 * Σ p_d·Δz ≤ Σ e_ph,k·D·Δz / γ_Ep.
 * @returns issues (warning when exceeded)
 * @see docs/sources/engine.md §E5.4 (GGU-LATPILE: resultant Σ(ks·w)d ≤ E_ph,k/γ_Ep)
 */
export const checkPassiveResultant = (mesh: LateralMesh, s: LateralSolution): StructuralIssue[] => {
  const ux = s.x.w[0]!;
  const uy = s.y.w[0]!;
  const norm = Math.hypot(ux, uy);
  if (norm === 0) return [];
  let reaction = 0;
  let resistance = 0;
  let isInFront = false;
  const proj = (i: number) => (s.x.w[i]! * ux + s.y.w[i]! * uy) / norm;
  for (let e = 0; e < mesh.kTop.length; e++) {
    const L = mesh.depth[e + 1]! - mesh.depth[e]!;
    const hasSoil = mesh.kTop[e]! > 0 || mesh.kBottom[e]! > 0;
    if (!hasSoil) continue;
    if (proj(e + 1) <= 0) break;
    isInFront = true;
    const p1 = mesh.kTop[e]! * s.springFactor[2 * e]! * proj(e);
    const p2 = mesh.kBottom[e]! * s.springFactor[2 * e + 1]! * proj(e + 1);
    reaction += ((p1 + p2) / 2) * L;
    resistance += ((mesh.passiveLimit[2 * e]! + mesh.passiveLimit[2 * e + 1]!) / 2) * L;
  }
  if (!isInFront || !Number.isFinite(resistance) || reaction <= resistance / GAMMA_EP) return [];
  return [
    structuralIssue('LATERAL_PASSIVE_RESULTANT_EXCEEDED', 'warning', {
      reaction,
      resistance,
      gammaEp: GAMMA_EP,
    }),
  ];
};
