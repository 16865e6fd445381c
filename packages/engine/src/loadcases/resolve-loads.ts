import type { LateralHeadLoad, LateralLoads } from '../lateral/lateral-analysis';
import { axialActionRange } from '../loads/axial-actions';
import {
  kN,
  kNm,
  type KiloNewton,
  type KiloNewtonMeter,
  type Meter,
  type Radiant,
} from '../units/units';

/** One part (G or Q) of a load row per pile, global axes: forces N, H [kN], moments M [kNm]; compression positive. */
export type RowActionPart = {
  N: KiloNewton;
  Hx: KiloNewton;
  Hy: KiloNewton;
  Mx: KiloNewtonMeter;
  My: KiloNewtonMeter;
};

/** Characteristic G and Q parts of one load row per pile, global axes (kN, kNm; compression positive). */
export type RowActions = { G: RowActionPart; Q: RowActionPart };

/**
 * Pile axis: inclination n = einzelNeigungMproM (horizontal m per vertical m, a plain slope) and direction β
 * [rad] from x.
 */
export type PileAxis = { inclination: number; direction: Radiant };

/**
 * Actions in the pile's local axes: axial force N [kN] and head loads of the two bending directions (H [kN],
 * M [kNm]; `LateralLoads` is the lateral analysis' type).
 */
export type LocalActions = { N: KiloNewton; loads: LateralLoads };

/**
 * Resolves global actions into the pile axes. Axis a = (sin α·u, cos α) with tan α = n, u = (cos β, sin β);
 * transverse t1 = (cos α·u, −sin α), t2 = v = (−sin β, cos β). N = F·a, H1 = F·t1, H2 = F·v; the bending
 * moment vector keeps its part perpendicular to the axis (M1 = m·u, M2 = (m·v)·cos α; torsion ignored).
 * Moments are taken in the "bending direction" sense: My bends in x (with Hx), Mx bends in y (with Hy).
 * For a vertical pile the local axes are x and y.
 * @param a actions (one part) @param axis pile axis @returns local actions
 * @see docs/sources/engine.md §E6.1 (loads resolved into axial and transverse components) [D]
 */
export const resolveToPileAxes = (a: RowActionPart, axis: PileAxis): LocalActions => {
  const alpha = Math.atan(Math.max(axis.inclination, 0));
  const beta = alpha === 0 ? 0 : axis.direction;
  const [ux, uy] = [Math.cos(beta), Math.sin(beta)];
  const [vx, vy] = [-uy, ux];
  const hu = a.Hx * ux + a.Hy * uy;
  const mu = a.My * ux + a.Mx * uy;
  const mv = a.My * vx + a.Mx * vy;
  // N [kN]; the head loads H [kN], M [kNm] of the lateral analysis
  return {
    N: kN(Math.sin(alpha) * hu + Math.cos(alpha) * a.N),
    loads: {
      x: { H: kN(Math.cos(alpha) * hu - Math.sin(alpha) * a.N), M: kNm(mu) },
      y: { H: kN(a.Hx * vx + a.Hy * vy), M: kNm(mv * Math.cos(alpha)) },
    },
  };
};

/** fg·g + fq·q of a head load (H [kN], M [kNm]); fg, fq: plain factors (1 or the partial factors γ). */
const combine = (
  g: LateralHeadLoad,
  q: LateralHeadLoad,
  fg: number,
  fq: number,
): LateralHeadLoad => ({
  H: kN(fg * g.H + fq * q.H),
  M: kNm(fg * g.M + fq * q.M),
});

/**
 * Characteristic (G + Q) and design (γG·G + γQ·Q) local head actions, superposed in the linear model; the axial
 * force by `axialActionRange` (each part unfavourable or favourable: N_Ed,max, N_Ed,min, N_k,max — for G, Q ≥ 0
 * γG·G + γQ·Q, 1.0·G, G + Q). `hasOppositeTransverseParts` flags a transverse component whose G and Q parts
 * have opposite signs: the design head load then adds both as unfavourable (the favourable combination is
 * not searched; warning LOADCASE_OPPOSITE_SIGN_ACTIONS, ADR 0131).
 * @param actions G/Q parts @param axis pile axis @param gammaG γ_G @param gammaQ γ_Q (partial factors: plain
 *   dimensionless numbers, ADR 0205) @returns head loads (H [kN], M [kNm]) and N_Ed,max, N_Ed,min, N_k [kN]
 * @see docs/sources/engine.md §E2.3 (γ_G = 1.35, γ_Q = 1.5), §E5.3 (load factors by superposition)
 */
export const combineActions = (
  actions: RowActions,
  axis: PileAxis,
  gammaG: number,
  gammaQ: number,
) => {
  const g = resolveToPileAxes(actions.G, axis);
  const q = resolveToPileAxes(actions.Q, axis);
  const axial = axialActionRange(g.N, q.N, gammaG, gammaQ);
  const opposite = (a: number, b: number) => a * b < 0;
  return {
    characteristic: {
      x: combine(g.loads.x, q.loads.x, 1, 1),
      y: combine(g.loads.y, q.loads.y, 1, 1),
    },
    design: {
      x: combine(g.loads.x, q.loads.x, gammaG, gammaQ),
      y: combine(g.loads.y, q.loads.y, gammaG, gammaQ),
    },
    // loads/axial-actions.ts keeps plain numbers [kN]
    NEdMax: axial.Edmax as KiloNewton,
    NEdMin: axial.Edmin as KiloNewton,
    NEk: axial.Ekmax as KiloNewton,
    hasOppositeTransverseParts:
      opposite(g.loads.x.H, q.loads.x.H) ||
      opposite(g.loads.x.M, q.loads.x.M) ||
      opposite(g.loads.y.H, q.loads.y.H) ||
      opposite(g.loads.y.M, q.loads.y.M),
  };
};

/**
 * Adds the imperfection loads of the pile to the design head loads, in the direction of the design head
 * action (unfavourable): transverse force N_Ed·i for the inclination tolerance i and (free head) moment
 * N_Ed·e for the eccentricity e. With a fixed head the moment N_Ed·e is added to M_Ed of the section instead.
 * @param loads design head loads @param NEd [kN] @param e eccentricity [m] @param i inclination tolerance [m/m]
 * (a plain slope) @param isHeadFixed head restraint @returns loads with imperfections (H [kN], M [kNm])
 * @see EN 1992-1-1 5.2(7) (imperfection as transverse force H_i = θ_i·N); legacy Exzentrizitaet [P]
 */
export const addImperfections = (
  loads: LateralLoads,
  NEd: KiloNewton,
  e: Meter,
  i: number,
  isHeadFixed: boolean,
): LateralLoads => {
  const n = Math.max(NEd, 0);
  let dx = loads.x.H + loads.x.M;
  let dy = loads.y.H + loads.y.M;
  const len = Math.hypot(dx, dy);
  [dx, dy] = len > 0 ? [dx / len, dy / len] : [1, 0];
  const M = isHeadFixed ? 0 : n * e;
  return {
    x: { H: kN(loads.x.H + n * i * dx), M: kNm(loads.x.M + M * dx) },
    y: { H: kN(loads.y.H + n * i * dy), M: kNm(loads.y.M + M * dy) },
  };
};
