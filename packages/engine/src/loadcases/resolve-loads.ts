import type { HeadLoad } from '../lateral/beam-fe';
import type { LateralHeadLoad, LateralLoads } from '../lateral/lateral-analysis';
import { axialActionRange } from '../loads/axial-actions';
import { kN, kNm } from '../units/units';

/** Characteristic G and Q parts of one load row per pile, global axes (kN, kNm; compression positive). */
export type RowActions = {
  G: { N: number; Hx: number; Hy: number; Mx: number; My: number };
  Q: { N: number; Hx: number; Hy: number; Mx: number; My: number };
};

/** Pile axis: inclination n = einzelNeigungMproM (horizontal m per vertical m) and direction β [rad] from x. */
export type PileAxis = { inclination: number; direction: number };

/** Actions in the pile's local axes: axial force N and head loads of the two bending directions. */
export type LocalActions = { N: number; loads: { x: HeadLoad; y: HeadLoad } };

/**
 * Resolves global actions into the pile axes. Axis a = (sin α·u, cos α) with tan α = n, u = (cos β, sin β);
 * transverse t1 = (cos α·u, −sin α), t2 = v = (−sin β, cos β). N = F·a, H1 = F·t1, H2 = F·v; the bending
 * moment vector keeps its part perpendicular to the axis (M1 = m·u, M2 = (m·v)·cos α; torsion ignored).
 * Moments are taken in the "bending direction" sense: My bends in x (with Hx), Mx bends in y (with Hy).
 * For a vertical pile the local axes are x and y.
 * @param a actions (one part) @param axis pile axis @returns local actions
 * @see docs/sources/engine.md §E6.1 (loads resolved into axial and transverse components) [D]
 */
export const resolveToPileAxes = (a: RowActions['G'], axis: PileAxis): LocalActions => {
  const alpha = Math.atan(Math.max(axis.inclination, 0));
  const beta = alpha === 0 ? 0 : axis.direction;
  const [ux, uy] = [Math.cos(beta), Math.sin(beta)];
  const [vx, vy] = [-uy, ux];
  const hu = a.Hx * ux + a.Hy * uy;
  const mu = a.My * ux + a.Mx * uy;
  const mv = a.My * vx + a.Mx * vy;
  return {
    N: Math.sin(alpha) * hu + Math.cos(alpha) * a.N,
    loads: {
      x: { H: Math.cos(alpha) * hu - Math.sin(alpha) * a.N, M: mu },
      y: { H: a.Hx * vx + a.Hy * vy, M: mv * Math.cos(alpha) },
    },
  };
};

const combine = (g: HeadLoad, q: HeadLoad, fg: number, fq: number): LateralHeadLoad => ({
  H: kN(fg * g.H + fq * q.H),
  M: kNm(fg * g.M + fq * q.M),
});

/**
 * Characteristic (G + Q) and design (γG·G + γQ·Q) local head actions, superposed in the linear model; the axial
 * force by `axialActionRange` (each part unfavourable or favourable: N_Ed,max, N_Ed,min, N_k,max — for G, Q ≥ 0
 * γG·G + γQ·Q, 1.0·G, G + Q). `hasOppositeTransverseParts` flags a transverse component whose G and Q parts
 * have opposite signs: the design head load then adds both as unfavourable (the favourable combination is
 * not searched; warning LOADCASE_OPPOSITE_SIGN_ACTIONS, ADR 0131).
 * @param actions G/Q parts @param axis pile axis @param gammaG γ_G @param gammaQ γ_Q
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
    NEdMax: axial.Edmax,
    NEdMin: axial.Edmin,
    NEk: axial.Ekmax,
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
 * @param isHeadFixed head restraint @returns loads with imperfections
 * @see EN 1992-1-1 5.2(7) (imperfection as transverse force H_i = θ_i·N); legacy Exzentrizitaet [P]
 */
export const addImperfections = (
  loads: LateralLoads,
  NEd: number,
  e: number,
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
