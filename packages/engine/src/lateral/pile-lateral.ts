import type { BeamSolution } from './beam-fe';
import { structuralIssue, type StructuralIssue, type TraceEntry } from './issue';
import {
  checkPassiveResultant,
  solveLateral,
  type LateralLoads,
  type LateralScheme,
  type LateralSolution,
  type LateralWork,
} from './lateral-analysis';
import { ELEMENT_LENGTH_MIN, type LateralModel } from './mesh';
import { cachedPileSystem, type PileSystem } from './system-cache';
import type { Meter } from '../units/units';

/**
 * The design moments along the pile that the section design reads (biaxial check of square piles, the fully
 * compressed level and the cage length); one entry per FE node, top-down.
 */
export type LateralForces = {
  /** level [m NHN] */ level: number[];
  /** design bending moments [kNm]: Mx about the x axis (from Hy, Mx), My about the y axis (from Hx, My) */
  Mx: number[];
  My: number[];
  M: number[];
};

/** Distributions along the pile for diagrams; one entry per FE node, top-down. */
export type LateralDistribution = LateralForces & {
  /** depth below the pile head [m] */ depth: number[];
  /** deflections under characteristic loads [mm] */ wx: number[];
  wy: number[];
  w: number[];
  /** design shear forces [kN] in x and y direction and resultant */ Qx: number[];
  Qy: number[];
  Q: number[];
  /** resultant design soil reaction [kN/m] */ p: number[];
};

/** Lateral results of one pile under one load case row (wire output names, docs/sources/legacy-format.md §L2.9). */
export type LateralResult = {
  /** head deflection, characteristic loads [mm] */ wxOben: number;
  wyOben: number;
  wOben: number;
  /** max |design moment| [kNm] */ MxMax: number;
  MyMax: number;
  MMax: number;
  /** level of MMax [m NHN] */ levelMMax: number;
  /** max |design shear force| [kN] */ QxMax: number;
  QyMax: number;
  QMax: number;
  /** design head moment [kNm] (fixed head: restraint moment; free head: applied moment) */ MdKopf: number;
  MdKopfx: number;
  MdKopfy: number;
  /** head rotation dw/dz (z downward), characteristic loads [rad] */ wStrichKopf: number;
  wStrichKopfx: number;
  wStrichKopfy: number;
  /** the design moments along the pile (the arrays of `distribution` when it is built) */
  forces: LateralForces;
  /**
   * every distribution along the pile (diagrams, reports, the on-demand detail); null when the analysis was asked
   * for the summary only (`detail: false`: the stored compact result has no distributions, ADR 0170, 0209)
   */
  distribution: LateralDistribution | null;
  /** passive-pressure iterations of the design analysis */ iterations: number;
};

/** Deflection limit of the linear subgrade method [m]. @see docs/sources/engine.md §E5.1 (EA-Pfähle ≈ 2 cm) [U] */
export const LINEAR_DEFLECTION_LIMIT = 0.02 as Meter;

/** Deflection (as multiple of D) above which the limited system is treated as a failure mechanism [D]. */
export const MECHANISM_DEFLECTION_FACTOR = 1;

const maxAbs = (a: Float64Array): number => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]!));
  return m;
};
/** √(a² + b²) per entry, times `scale`. */
const hypotArray = (a: Float64Array, b: Float64Array, scale = 1): number[] => {
  const out = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = Math.sqrt(a[i]! * a[i]! + b[i]! * b[i]!) * scale;
  return out;
};
/** a·scale per entry as a plain array (scale 1: a copy). */
const scaled = (a: Float64Array, scale: number): number[] => {
  const out = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! * scale;
  return out;
};
/** Levels [m NHN] of the node depths below the head. */
const levelsOf = (headLevel: number, depth: Float64Array): number[] => {
  const out = new Array<number>(depth.length);
  for (let i = 0; i < depth.length; i++) out[i] = headLevel - depth[i]!;
  return out;
};

const forcesOf = (model: LateralModel, depth: Float64Array, d: LateralSolution): LateralForces => ({
  level: levelsOf(model.headLevel, depth),
  Mx: scaled(d.y.M, 1),
  My: scaled(d.x.M, 1),
  M: hypotArray(d.x.M, d.y.M),
});

const distribution = (
  forces: LateralForces,
  depth: Float64Array,
  ch: LateralSolution,
  d: LateralSolution,
): LateralDistribution => ({
  // the order of the fields as before `forces` was split off (the wire JSON keeps its key order)
  level: forces.level,
  depth: scaled(depth, 1),
  wx: scaled(ch.x.w, 1000),
  wy: scaled(ch.y.w, 1000),
  w: hypotArray(ch.x.w, ch.y.w, 1000),
  Mx: forces.Mx,
  My: forces.My,
  M: forces.M,
  Qx: scaled(d.x.Q, 1),
  Qy: scaled(d.y.Q, 1),
  Q: hypotArray(d.x.Q, d.y.Q),
  p: hypotArray(d.x.p, d.y.p),
});

/**
 * The largest resultant shear force [kN]: Math.max from −∞ (none: −∞) over √(Qx² + Qy²) per node, without a spread
 * call (ADR 0204) — the same numbers in the same order as the entries of the distribution's `Q` (hypotArray), so
 * the summary and the compact result do not need the distribution.
 */
const largestResultant = (a: Float64Array, b: Float64Array): number => {
  let m = -Infinity;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.sqrt(a[i]! * a[i]! + b[i]! * b[i]!));
  return m;
};

const summarise = (
  model: LateralModel,
  depth: Float64Array,
  ch: LateralSolution,
  d: LateralSolution,
  detail: boolean,
): LateralResult => {
  const forces = forcesOf(model, depth, d);
  const dist = detail ? distribution(forces, depth, ch, d) : null;
  const iMax = forces.M.reduce((best, v, i) => (v > forces.M[best]! ? i : best), 0);
  const head = (s: BeamSolution) => s.w[0]! * 1000;
  return {
    wxOben: head(ch.x),
    wyOben: head(ch.y),
    wOben: Math.hypot(head(ch.x), head(ch.y)),
    MxMax: maxAbs(d.y.M),
    MyMax: maxAbs(d.x.M),
    MMax: forces.M[iMax]!,
    levelMMax: forces.level[iMax]!,
    QxMax: maxAbs(d.x.Q),
    QyMax: maxAbs(d.y.Q),
    QMax: largestResultant(d.x.Q, d.y.Q),
    MdKopf: Math.hypot(d.x.M[0]!, d.y.M[0]!),
    MdKopfx: d.y.M[0]!,
    MdKopfy: d.x.M[0]!,
    wStrichKopf: Math.hypot(ch.x.theta[0]!, ch.y.theta[0]!),
    wStrichKopfx: ch.x.theta[0]!,
    wStrichKopfy: ch.y.theta[0]!,
    forces,
    distribution: dist,
    iterations: d.iterations,
  };
};

/** Linear case: one factorisation for all four load vectors; otherwise two iterated analyses. */
const solveBoth = (
  { mesh, system }: PileSystem,
  model: LateralModel,
  characteristic: LateralLoads,
  design: LateralLoads,
  scheme: LateralScheme,
): [LateralSolution | null, LateralSolution | null] => {
  if (system.plastic !== null) {
    const solve = (loads: LateralLoads, work: LateralWork, start?: LateralSolution | null) =>
      solveLateral(mesh, model.EI, model.isHeadFixed, loads, system, scheme, start?.state, work);
    // the design analysis starts Newton from the characteristic solution (same row: deterministic); both are
    // written into the system's buffers and read before analysePileLateral returns (ADR 0204)
    const ch = solve(characteristic, system.work[0]);
    return [ch, solve(design, system.work[1], ch)];
  }
  const u = system.winkler.solveDisplacements([
    characteristic.x,
    characteristic.y,
    design.x,
    design.y,
  ]);
  if (u === null) return [null, null];
  const [a, b] = system.work;
  const s = u.map((x, i) => system.winkler.recover(x, undefined, [a.x, a.y, b.x, b.y][i]));
  const springFactor = new Float64Array(2 * mesh.kTop.length).fill(1);
  const wrap = (x: BeamSolution, y: BeamSolution): LateralSolution => ({
    x,
    y,
    springFactor,
    iterations: 1,
    isConverged: true,
  });
  return [wrap(s[0]!, s[1]!), wrap(s[2]!, s[3]!)];
};

/**
 * Lateral analysis of one pile: deformations (wOben, wStrichKopf) under characteristic loads, internal
 * forces (M, Q, MdKopf) under design loads; both with the passive-pressure limitation when
 * `gegenRaeumlichenEP` is on.
 * Deflections of the solution are in m (the wire result converts them to mm).
 * @param model pile, soil and settings (calculation units) @param characteristic head loads G + Q [kN, kNm]
 * @param design head loads γG·G + γQ·Q (+ imperfections) [kN, kNm]
 * @param scheme solver of the passive-pressure limitation (default Newton with secant fallback, ADR 0165;
 *   'secant' only for comparison)
 * @param detail false: no `distribution` (the summary values and the design moments `forces` only; the same numbers)
 * @returns result (null when the pile cannot be analysed) with issues and trace
 * @see docs/sources/engine.md §E5; docs/calculation-structural.md §2
 */
export const analysePileLateral = (
  model: LateralModel,
  characteristic: LateralLoads,
  design: LateralLoads,
  scheme: LateralScheme = 'newton',
  detail = true,
): { result: LateralResult | null; issues: StructuralIssue[]; trace: TraceEntry[] } => {
  const pileSystem = cachedPileSystem(model);
  const { mesh } = pileSystem;
  const issues: StructuralIssue[] = [
    structuralIssue('LATERAL_SUBGRADE_RULE_UNVERIFIED', 'warning', {
      rule: model.ksNichtReduzieren ? 'ks=Es/min(D,1m)' : 'ks=Es/D',
    }),
    structuralIssue('LATERAL_GROSS_STIFFNESS_USED', 'info', { EI: model.EI }),
  ];
  if (mesh.wasElementLengthRaised) {
    issues.push(
      structuralIssue(
        'LATERAL_ELEMENT_LENGTH_RAISED',
        'warning',
        { min: ELEMENT_LENGTH_MIN },
        'MaxElementWeite',
      ),
    );
  }
  if (model.gegenRaeumlichenEP) {
    issues.push(
      structuralIssue('LATERAL_PASSIVE_PRESSURE_INTERIM', 'warning', {}, 'gegenRaeumlichenEP'),
    );
  }
  const trace: TraceEntry[] = [
    {
      name: 'EI',
      value: model.EI,
      unit: 'kNm²',
      source: 'EC2 Table 3.1 Ecm × gross I (docs/sources/engine.md §E4.6)',
    },
    {
      name: 'elements',
      value: mesh.kTop.length,
      unit: '-',
      source: 'docs/sources/engine.md §E5.3',
    },
  ];
  const hasSprings = mesh.kTop.some((k) => k > 0) || mesh.kBottom.some((k) => k > 0);
  const [ch, d] = hasSprings
    ? solveBoth(pileSystem, model, characteristic, design, scheme)
    : [null, null];
  // a deflection beyond one pile diameter means no equilibrium with the limited soil reaction (mechanism)
  const isMechanism = (s: LateralSolution | null) =>
    s !== null &&
    Math.max(maxAbs(s.x.w), maxAbs(s.y.w)) > MECHANISM_DEFLECTION_FACTOR * model.diameter;
  if (ch === null || d === null || isMechanism(ch) || isMechanism(d)) {
    const code =
      hasSprings && model.gegenRaeumlichenEP
        ? 'LATERAL_PASSIVE_RESISTANCE_EXCEEDED'
        : 'LATERAL_NO_SOIL_SUPPORT';
    issues.push(structuralIssue(code, 'error', {}));
    return { result: null, issues, trace };
  }
  if (!ch.isConverged || !d.isConverged) {
    issues.push(
      structuralIssue('LATERAL_PASSIVE_ITERATION_NOT_CONVERGED', 'error', {
        iterations: d.iterations,
      }),
    );
  }
  if (model.gegenRaeumlichenEP) issues.push(...checkPassiveResultant(mesh, d));
  const result = summarise(model, mesh.depth, ch, d, detail);
  if (result.wOben / 1000 > LINEAR_DEFLECTION_LIMIT) {
    issues.push(
      structuralIssue('LATERAL_DEFLECTION_LARGE', 'warning', {
        wOben: result.wOben,
        limit: LINEAR_DEFLECTION_LIMIT * 1000,
      }),
    );
  }
  trace.push({
    name: 'iterations',
    value: d.iterations,
    unit: '-',
    source: 'docs/sources/engine.md §E5.4 (secant ks reduction)',
  });
  return { result, issues, trace };
};
