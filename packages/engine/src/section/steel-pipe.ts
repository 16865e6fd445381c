import { bisect, type BisectionLimits } from '../numerics/roots';
import { structuralIssue, type StructuralIssue, type TraceEntry } from '../lateral/issue';

/**
 * Yield strength f_y of the structural steels of steel pipe piles for nominal thickness t ≤ 40 mm
 * [N/mm²] and the modulus E. @see EN 1993-1-1:2005 Table 3.1 (EN 10025-2 grades), 3.2.6 (E = 210 000)
 */
export const PIPE_STEEL = {
  source: 'EN 1993-1-1:2005 Table 3.1 (t ≤ 40 mm), 3.2.6',
  fy: { S235: 235, S275: 275, S355: 355 },
  E: 210000,
  /** thickness limit of the Table 3.1 values used here [m] */ tMax: 0.04,
} as const;

export type PipeSteelGrade = keyof typeof PIPE_STEEL.fy;

/** Partial factor γ_M0 (recommended value, EN 1993-1-1 6.1 Note 2B; German NA value not checked [U]). */
export const GAMMA_M0 = 1.0;

/**
 * Partial factor γ_M1 for member (buckling) resistances. EN 1993-1-1 6.1 Note 2B recommends 1.00; the German
 * NA (DIN EN 1993-1-1/NA) sets 1.10 as far as we know — that text was not available [U]. The larger value is
 * used (conservative) and printed with every check (ADR 0029).
 */
export const GAMMA_M1 = 1.1;

/**
 * Imperfection factors α of the flexural buckling curves. @see EN 1993-1-1:2005 6.3.1.2 Table 6.1
 * (a0 0.13, a 0.21, b 0.34, c 0.49, d 0.76; also printed by Dlubal's knowledge base and steelcalculator.app)
 */
export const BUCKLING_IMPERFECTION = { a0: 0.13, a: 0.21, b: 0.34, c: 0.49, d: 0.76 } as const;

/** Manufacture of the tube, which selects the buckling curve. */
export type PipeManufacture = 'hot-finished' | 'cold-formed';

/**
 * Buckling curve of a circular hollow section: hot finished → curve a (S235 … S420; a0 only for S460, which is not
 * offered by `StahlsorteRohr`), cold formed → curve c. @see EN 1993-1-1:2005 Table 6.2 ("hollow sections").
 * The manufacture comes from the project setting `StahlrohrHerstellung` (ADR 0103); its default is cold formed
 * (spirally or longitudinally welded pipe piles to EN 10219 are cold formed; curve c is the lower of the two, so the
 * default is on the safe side for a hot-finished tube to EN 10210 too) — ADR 0029.
 */
export const pipeBucklingCurve = (manufacture: PipeManufacture): 'a' | 'c' =>
  manufacture === 'hot-finished' ? 'a' : 'c';

/** Default manufacture (ADR 0029, 0103): cold formed, buckling curve c. */
export const DEFAULT_PIPE_MANUFACTURE: PipeManufacture = 'cold-formed';

/** Why the curve was chosen, for the trace and the report (EN 1993-1-1 Table 6.2, row "hollow sections"). */
export const pipeBucklingCurveReason = (manufacture: PipeManufacture): string =>
  manufacture === 'hot-finished'
    ? 'EN 1993-1-1 Table 6.2, hollow section hot finished (S235–S420) → curve a'
    : 'EN 1993-1-1 Table 6.2, hollow section cold formed → curve c';

/**
 * Equivalent uniform moment factor C_my of the interaction factor k_yy. Table B.3 gives C_m ≤ 1.0 for every
 * moment diagram it covers (0.6 + 0.4ψ ≥ 0.4 for linear diagrams, 0.9 for sway buckling modes); the moment
 * distribution of an embedded pile over the buckling length is not one of the tabulated shapes, so the upper
 * bound 1.0 is used. @see EN 1993-1-1:2005 Annex B, Table B.3; ADR 0029
 */
export const C_MY = 1.0;

/** Section properties of a circular hollow section. */
export type PipeSection = {
  /** outside diameter D, wall thickness t [m] */ D: number;
  t: number;
  /** area [m²], second moment of area [m⁴], elastic / plastic modulus [m³] */ A: number;
  I: number;
  Wel: number;
  Wpl: number;
};

/**
 * Outside diameter and wall thickness left after a uniform corrosion loss c taken off the OUTER surface:
 * D_net = D − 2c, t_net = t − c. The value of c is the engineer's, from EN 1993-5:2007 4.4 for the design working
 * life and the soil (the engine holds no table). Taking the whole loss off the outside gives smaller A, I and W than
 * taking it off the inside (the ring's mean diameter D − t falls by c instead of rising by c), so a loss of both faces
 * entered as one sum is on the safe side — ADR 0103.
 * @param D outside diameter [m] @param t nominal wall thickness [m] @param c thickness loss [m], 0 ≤ c < t
 */
export const corrodedPipe = (D: number, t: number, c: number): { D: number; t: number } => ({
  D: D - 2 * c,
  t: t - c,
});

/**
 * Properties of a circular hollow section: A = π/4·(D² − d²), I = π/64·(D⁴ − d⁴), W_el = 2I/D,
 * W_pl = (D³ − d³)/6 with d = D − 2t (exact for a thin or thick ring).
 */
export const pipeSection = (D: number, t: number): PipeSection => {
  const d = D - 2 * t;
  const I = (Math.PI / 64) * (D ** 4 - d ** 4);
  return {
    D,
    t,
    A: (Math.PI / 4) * (D * D - d * d),
    I,
    Wel: (2 * I) / D,
    Wpl: (D ** 3 - d ** 3) / 6,
  };
};

/**
 * Cross-section class of a tubular section in bending and/or compression: d/t ≤ 50ε² class 1, ≤ 70ε²
 * class 2, ≤ 90ε² class 3, else 4; ε = √(235/f_y). @see EN 1993-1-1:2005 Table 5.2 (sheet 3)
 */
export const pipeClass = (D: number, t: number, fy: number): 1 | 2 | 3 | 4 => {
  const e2 = 235 / fy;
  const r = D / t;
  return r <= 50 * e2 ? 1 : r <= 70 * e2 ? 2 : r <= 90 * e2 ? 3 : 4;
};

/** Flexural buckling of the pile member (EN 1993-1-1 6.3.1, 6.3.3 with Annex B). */
export type SteelPipeBuckling = {
  /** buckling length L_cr = `einzelKnickLaenge` [m] */ Lcr: number;
  /** radius of gyration i = √(I/A) [m] */ i: number;
  /** non-dimensional slenderness λ̄ = L_cr/(i·λ_1), λ_1 = π·√(E/f_y) [-] */ lambdaBar: number;
  curve: 'a' | 'c';
  /** imperfection factor α (Table 6.1) [-] */ alpha: number;
  /** reduction factor χ (Eq. 6.49) [-] */ chi: number;
  /** N_b,Rd = χ·A·f_y/γ_M1 [kN] */ NbRd: number;
  /** interaction factor k_yy (Table B.1) [-] */ kyy: number;
  /** N_Ed/N_b,Rd + k_yy·M_Ed/(M_Rk/γ_M1) (Eq. 6.61) [-] */ utilisation: number;
  /** elastic critical force N_cr = π²·E·I/L_cr² [kN] */ Ncr: number;
  /**
   * λ̄ ≤ 0.2 or N_Ed/N_cr ≤ 0.04: buckling effects may be ignored, only the cross-section checks apply
   * (6.3.1.2(4)); the member utilisation is then reported but does not govern
   */
  isNegligible: boolean;
};

/** Result of the steel pipe check (kN, kNm, m, -). */
export type SteelPipeCheck = {
  grade: PipeSteelGrade;
  fy: number;
  /** manufacture of the tube (setting `StahlrohrHerstellung`); selects the buckling curve (Table 6.2) */
  manufacture: PipeManufacture;
  /** wall thickness as entered (`Wanddicke`, nominal) [m] */ t: number;
  /** corrosion loss of wall thickness taken off the outer surface (`StahlrohrKorrosionMm`) [m] */
  corrosion: number;
  /** outside diameter D − 2c and wall thickness t − c of the section checked [m] */ DNet: number;
  tNet: number;
  /** class of the net section (Table 5.2); class 4 gives no result (SECTION_STEEL_PIPE_CLASS4) */
  sectionClass: 1 | 2 | 3;
  /** N_pl,Rd = A·f_y/γ_M0 [kN] */ NRd: number;
  /** M_c,Rd = W_pl·f_y/γ_M0 (class 1, 2) or W_el·f_y/γ_M0 (class 3) [kNm] */ MRd: number;
  /** V_pl,Rd = A_v·(f_y/√3)/γ_M0, A_v = 2A/π [kN] */ VRd: number;
  /** |V_Ed|/V_pl,Rd (6.2.6) [-] */ utilisationShear: number;
  /**
   * ρ of 6.2.8(3)/6.2.10(3): 0 for |V_Ed| ≤ 0.5·V_pl,Rd, else (2|V_Ed|/V_pl,Rd − 1)², at most 1; the N–M check uses
   * (1 − ρ)·f_y on the whole ring [-]
   */
  rho: number;
  /**
   * governing utilisation [-]: the largest of the cross-section check (6.2.8–6.2.10), the shear check (6.2.6) and,
   * when a buckling length is set and N_Ed is compression, the member check (6.3.3); null when the section has no
   * N–M resistance left (|V_Ed| > V_pl,Rd, or ρ = 1 with N or M) — not designable, SECTION_STEEL_SHEAR_RESISTANCE_EXCEEDED
   */
  utilisation: number | null;
  /**
   * cross-section N–M utilisation of the governing combination with (1 − ρ)·f_y (6.2.9.1 class 1, 2; 6.2.9.2 class 3)
   * [-]; null when not designable (see `utilisation`)
   */
  utilisationSection: number | null;
  /** M_N,V,Rd = (1 − ρ)·M_pl,Rd·(1 − n_V^1.7), n_V = |N_Ed|/((1 − ρ)·N_pl,Rd), of the governing combination (class 1, 2; null for class 3 or not designable) [kNm] */
  MNRd: number | null;
  NEdUsed: number;
  MEdUsed: number;
  VEdUsed: number;
  /** flexural buckling check of the governing compression combination, null without a buckling length */
  buckling: SteelPipeBuckling | null;
};

/**
 * Shear utilisation and the reduction of the yield strength for bending and axial force with shear.
 * η_V = |V_Ed|/V_pl,Rd (6.2.6(1)); ρ = 0 for η_V ≤ 0.5 (6.2.8(2)), else ρ = (2·η_V − 1)² (6.2.8(3); the same ρ in
 * 6.2.10(3) for N + M + V), capped at 1 (at η_V ≥ 1 no yield strength is left for N and M).
 * @see EN 1993-1-1:2005 6.2.6, 6.2.8(2)–(3), 6.2.10(2)–(3); ADR 0104
 */
export const pipeShearReduction = (VEd: number, VplRd: number): { etaV: number; rho: number } => {
  const etaV = Math.abs(VEd) / VplRd;
  return { etaV, rho: etaV <= 0.5 ? 0 : Math.min(1, (2 * etaV - 1) ** 2) };
};

/** Stopping rule of the bisection on the radial factor s: relative bracket width 1e-15 (about 50 halvings). */
const S_LIMITS: BisectionLimits = { xAbsolute: 0, xRelative: 1e-15, maxIterations: 100 };

/**
 * Cross-section utilisation under N and M (M = resultant; the ring is axisymmetric), n = |N_Ed|/N_pl,Rd,
 * m = M_Ed/M_c,Rd.
 * Class 1, 2: M_Ed ≤ M_N,Rd = M_pl,Rd·(1 − n^1.7), i.e. m + n^1.7 ≤ 1 — the circular-hollow-section expression
 * of EN 1993-1-1 6.2.9.1 as corrected by EN 1993-1-1:2005/AC:2009 (quoted so by SCIA Engineer's code-check
 * help, https://help.scia.net/19.1/en/pvt/steelcodechecktb/en/bending_and_axial_force.htm; the corrigendum text
 * itself was not read [U]). The utilisation is the radial one, η = 1/s with s·m + (s·n)^1.7 = 1 (the factor s
 * on both actions that reaches the interaction curve): η ≤ 1 exactly when M_Ed ≤ M_N,Rd, η = n for pure axial
 * force, η = m for pure bending, and η grows continuously with |N| and M (also beyond n = 1, where
 * M_Ed/M_N,Rd would be infinite) — ADR 0029. η is homogeneous of degree 1 in (n, m): resistances scaled by
 * (1 − ρ) give η/(1 − ρ).
 * Class 3: σ_x,Ed = N/A + M/W_el ≤ f_y/γ_M0, i.e. η = n + m (6.2.9.2, linear, already radial).
 * @returns utilisation [-] and M_N,Rd ≥ 0 [kNm] (null for class 3)
 * @see numerics/roots.ts (bisection)
 */
export const pipeSectionUtilisation = (
  sectionClass: 1 | 2 | 3,
  NRd: number,
  MRd: number,
  NEd: number,
  MEd: number,
): { eta: number; MNRd: number | null } => {
  const n = Math.abs(NEd) / NRd;
  const m = Math.abs(MEd) / MRd;
  if (sectionClass === 3) return { eta: n + m, MNRd: null };
  const MNRd = MRd * Math.max(0, 1 - n ** 1.7);
  if (n === 0 || m === 0) return { eta: Math.max(n, m), MNRd };
  // s·m + (s·n)^1.7 increases with s; the root lies in [1/(m + n), min(1/m, 1/n)] (since (s·n)^1.7 ≤ s·n there).
  // x is the best estimate in every status (a rounding-level sign at an end gives the nearer end).
  const s = bisect(
    (x) => x * m + (x * n) ** 1.7 - 1,
    1 / (m + n),
    Math.min(1 / m, 1 / n),
    S_LIMITS,
  );
  return { eta: 1 / s.x, MNRd };
};

/**
 * Cross-section N–M check with shear: the interaction of 6.2.9 evaluated with the reduced yield strength (1 − ρ)·f_y.
 * EN 1993-1-1 6.2.8(3) and 6.2.10(3) reduce f_y "for the shear area" (A_v = 2A/π for a CHS, 6.2.6(3)g); a ring has no
 * distinct web, so the reduction is applied to the WHOLE ring: N_V,Rd = (1 − ρ)·N_pl,Rd, M_V,Rd = (1 − ρ)·M_c,Rd.
 * That gives resistances no larger than a reduction of only the shear area (conservative) and does not depend on the
 * direction of V relative to M — ADR 0104. Flexural buckling (6.3) is not reduced (EN 1993-1-1 has no V term there).
 * @returns η and M_N,V,Rd; eta null when ρ = 1 and N or M ≠ 0 (no N–M resistance left)
 */
export const pipeSectionUtilisationWithShear = (
  sectionClass: 1 | 2 | 3,
  NRd: number,
  MRd: number,
  rho: number,
  NEd: number,
  MEd: number,
): { eta: number | null; MNRd: number | null } => {
  const k = 1 - rho;
  if (k > 0) return pipeSectionUtilisation(sectionClass, k * NRd, k * MRd, NEd, MEd);
  const isUnloaded = NEd === 0 && MEd === 0;
  return { eta: isUnloaded ? 0 : null, MNRd: sectionClass === 3 ? null : 0 };
};

/**
 * Flexural buckling of the pipe pile under compression with bending (member not susceptible to torsional
 * deformation; the resultant moment acts about one principal axis of the axisymmetric ring, so Eq. 6.61 with
 * χ_LT = 1 and k_yz·M_z = 0 governs; Eq. 6.62 has k_zy = 0.6·k_yy ≤ k_yy and the same χ).
 * λ̄ = L_cr/(i·λ_1), λ_1 = π·√(E/f_y) (6.3.1.3 Eq. 6.50); Φ = 0.5·[1 + α(λ̄ − 0.2) + λ̄²],
 * χ = 1/(Φ + √(Φ² − λ̄²)) ≤ 1 (6.3.1.2 Eq. 6.49); N_b,Rd = χ·A·f_y/γ_M1 (Eq. 6.47);
 * k_yy = C_my·(1 + (λ̄ − 0.2)·n) ≤ C_my·(1 + 0.8·n) for class 1, 2 (not below C_my here, conservative) and C_my·(1 + 0.6·λ̄·n) ≤ C_my·(1 + 0.6·n)
 * for class 3, n = N_Ed/(χ·N_Rk/γ_M1) (Annex B Table B.1); N_Ed/(χ·N_Rk/γ_M1) + k_yy·M_Ed/(M_Rk/γ_M1) ≤ 1.
 * Buckling may be ignored for λ̄ ≤ 0.2 or N_Ed/N_cr ≤ 0.04 (6.3.1.2(4)), N_cr = π²EI/L_cr² (`isNegligible`).
 * @param NEd compression positive [kN] (> 0) @param MEd [kNm] @param Lcr [m]
 * @see EN 1993-1-1:2005 6.3.1.1–6.3.1.3, Table 6.1, Table 6.2, 6.3.3(4) Eq. (6.61), Annex B Tables B.1, B.3
 */
export const pipeBuckling = (args: {
  section: PipeSection;
  sectionClass: 1 | 2 | 3;
  fy: number;
  NEd: number;
  MEd: number;
  Lcr: number;
  manufacture: PipeManufacture;
}): SteelPipeBuckling => {
  const { section: s, fy } = args;
  const i = Math.sqrt(s.I / s.A);
  const lambda1 = Math.PI * Math.sqrt(PIPE_STEEL.E / fy);
  const lambdaBar = args.Lcr / (i * lambda1);
  const curve = pipeBucklingCurve(args.manufacture);
  const alpha = BUCKLING_IMPERFECTION[curve];
  const phi = 0.5 * (1 + alpha * (lambdaBar - 0.2) + lambdaBar * lambdaBar);
  const chi = Math.min(1, 1 / (phi + Math.sqrt(phi * phi - lambdaBar * lambdaBar)));
  const NRk = s.A * fy * 1000;
  const Ncr = (Math.PI ** 2 * PIPE_STEEL.E * 1000 * s.I) / (args.Lcr * args.Lcr);
  const MRk = (args.sectionClass === 3 ? s.Wel : s.Wpl) * fy * 1000;
  const NbRd = (chi * NRk) / GAMMA_M1;
  const n = Math.max(args.NEd, 0) / NbRd;
  const kyy =
    args.sectionClass === 3
      ? C_MY * (1 + 0.6 * Math.min(lambdaBar, 1) * n)
      : C_MY * (1 + Math.min(Math.max(lambdaBar - 0.2, 0), 0.8) * n);
  return {
    Lcr: args.Lcr,
    i,
    lambdaBar,
    curve,
    alpha,
    chi,
    NbRd,
    kyy,
    utilisation: n + (kyy * Math.abs(args.MEd)) / (MRk / GAMMA_M1),
    Ncr,
    isNegligible: lambdaBar <= 0.2 || args.NEd / Ncr <= 0.04,
  };
};

/**
 * Section check of a steel pipe pile (circular hollow section, UNFILLED — a concrete filling would make it a composite
 * member to EN 1994-1-1, which is not covered: the steel tube alone is checked, ADR 0105) under N, the resultant
 * bending moment (axisymmetric section) and V, for both N_Ed,max and N_Ed,min:
 * 1. corrosion loss c off the outer surface, D_net = D − 2c, t_net = t − c (EN 1993-5 4.4 value, ADR 0103); every
 *    property below is of the net section; f_y by the nominal thickness t ≤ 40 mm (Table 3.1);
 * 2. class of the net section (Table 5.2); class 4 (d/t > 90ε²) is outside EN 1993-1-1 (shell buckling, EN 1993-1-6):
 *    error SECTION_STEEL_PIPE_CLASS4, no result, no capacity;
 * 3. shear V_Ed ≤ V_pl,Rd (6.2.6) and ρ (6.2.8(3), 6.2.10(3)); V_Ed > V_pl,Rd: error, not designable;
 * 4. cross-section N–M interaction (6.2.9) with (1 − ρ)·f_y on the whole ring (ADR 0104);
 * 5. when `bucklingLength` > 0 and N_Ed is compression, flexural buckling with the N–M member interaction
 *    (6.3.1, 6.3.3, Annex B), curve by the manufacture (Table 6.2).
 * @param args D, t (nominal) [m], grade, design forces [kN, kNm], buckling length [m], manufacture (default cold
 *   formed), corrosion loss [m] (default 0)
 * @returns check with issues and trace
 * @see EN 1993-1-1:2005 6.2.3–6.2.6, 6.2.8–6.2.10, 6.3.1, 6.3.3, Annex B, Tables 5.2, 6.2; EN 1993-5:2007 4.4;
 *   ADR 0028, 0029, 0103–0105
 */
export const checkSteelPipe = (args: {
  D: number;
  t: number;
  grade: PipeSteelGrade;
  NEdMax: number;
  NEdMin: number;
  MEd: number;
  VEd: number;
  bucklingLength: number;
  manufacture?: PipeManufacture;
  corrosion?: number;
}): { result: SteelPipeCheck | null; issues: StructuralIssue[]; trace: TraceEntry[] } => {
  const manufacture = args.manufacture ?? DEFAULT_PIPE_MANUFACTURE;
  const c = args.corrosion ?? 0;
  const issues: StructuralIssue[] = [
    structuralIssue('SECTION_STEEL_PIPE_INTERPRETATION', 'warning', {
      grade: args.grade,
      gammaM0: GAMMA_M0,
      gammaM1: GAMMA_M1,
      corrosion: c * 1000,
    }),
  ];
  const fy = PIPE_STEEL.fy[args.grade];
  if (!(args.t > 0) || 2 * args.t >= args.D) {
    issues.push(
      structuralIssue(
        'SECTION_STEEL_WALL_THICKNESS_INVALID',
        'error',
        { t: args.t * 1000 },
        'Wanddicke',
      ),
    );
    return { result: null, issues, trace: [] };
  }
  if (args.t > PIPE_STEEL.tMax) {
    issues.push(
      structuralIssue(
        'SECTION_STEEL_WALL_THICKNESS_INVALID',
        'error',
        { t: args.t * 1000, max: 40 },
        'Wanddicke',
      ),
    );
    return { result: null, issues, trace: [] };
  }
  if (!(c >= 0) || c >= args.t) {
    issues.push(
      structuralIssue(
        'SECTION_STEEL_CORROSION_EXCEEDS_WALL',
        'error',
        { corrosion: c * 1000, t: args.t * 1000 },
        'StahlrohrKorrosionMm',
      ),
    );
    return { result: null, issues, trace: [] };
  }
  const net = corrodedPipe(args.D, args.t, c);
  const s = pipeSection(net.D, net.t);
  const sectionClass = pipeClass(net.D, net.t, fy);
  const trace: TraceEntry[] = [
    { name: 't', value: args.t, unit: 'm', source: 'Wanddicke (nominal)' },
    {
      name: 'corrosion',
      value: c,
      unit: 'm',
      source: 'StahlrohrKorrosionMm, off the outer surface (EN 1993-5 4.4 value, ADR 0103)',
    },
    { name: 'Dnet', value: net.D, unit: 'm', source: 'D − 2·corrosion' },
    { name: 'tnet', value: net.t, unit: 'm', source: 't − corrosion' },
    { name: 'A', value: s.A, unit: 'm²', source: 'π/4·(D² − d²), net section' },
    { name: 'Wpl', value: s.Wpl, unit: 'm³', source: '(D³ − d³)/6, net section' },
    { name: 'Wel', value: s.Wel, unit: 'm³', source: '2I/D, net section' },
    { name: 'fy', value: fy, unit: 'N/mm²', source: `${PIPE_STEEL.source}, nominal t` },
    {
      name: 'class',
      value: sectionClass,
      unit: '-',
      source: 'EN 1993-1-1 Table 5.2 (d/t of the net section, ε²)',
    },
  ];
  if (sectionClass === 4) {
    issues.push(
      structuralIssue(
        'SECTION_STEEL_PIPE_CLASS4',
        'error',
        { Dt: net.D / net.t, limit: 90 * (235 / fy) },
        'Wanddicke',
      ),
    );
    return { result: null, issues, trace };
  }
  const f = (fy * 1000) / GAMMA_M0;
  const NRd = s.A * f;
  const MRd = (sectionClass === 3 ? s.Wel : s.Wpl) * f;
  const VRd = ((2 * s.A) / Math.PI) * (f / Math.sqrt(3));
  const { etaV, rho } = pipeShearReduction(args.VEd, VRd);
  const M = Math.abs(args.MEd);
  const combos = [args.NEdMax, args.NEdMin].map((N) => {
    const cs = pipeSectionUtilisationWithShear(sectionClass, NRd, MRd, rho, N, M);
    const buckling =
      args.bucklingLength > 0 && N > 0
        ? pipeBuckling({
            section: s,
            sectionClass,
            fy,
            NEd: N,
            MEd: M,
            Lcr: args.bucklingLength,
            manufacture,
          })
        : null;
    const eta =
      cs.eta === null || etaV > 1
        ? null
        : Math.max(cs.eta, etaV, buckling && !buckling.isNegligible ? buckling.utilisation : 0);
    return { N, cs, buckling, eta };
  });
  // not designable (null) governs over any number
  const worse = (a: number | null, b: number | null) => b === null || (a !== null && b > a);
  const governing = combos.reduce((a, b) => (worse(a.eta, b.eta) && a.eta !== null ? b : a));
  const governingSection = combos.reduce((a, b) =>
    worse(a.cs.eta, b.cs.eta) && a.cs.eta !== null ? b : a,
  );
  const governingBuckling = combos.reduce<SteelPipeBuckling | null>(
    (a, x) => (x.buckling && (!a || x.buckling.utilisation > a.utilisation) ? x.buckling : a),
    null,
  );
  const isDesignable = governing.eta !== null;
  if (!isDesignable) {
    issues.push(
      structuralIssue('SECTION_STEEL_SHEAR_RESISTANCE_EXCEEDED', 'error', {
        VEd: Math.abs(args.VEd),
        VplRd: VRd,
        utilisation: etaV,
      }),
    );
  } else if (rho > 0) {
    issues.push(
      structuralIssue('SECTION_STEEL_SHEAR_YIELD_REDUCED', 'info', {
        VEd: Math.abs(args.VEd),
        VplRd: VRd,
        rho,
      }),
    );
  }
  const sectionEta = governingSection.cs.eta;
  if (sectionEta !== null && sectionEta > 1) {
    issues.push(
      structuralIssue('SECTION_CAPACITY_EXCEEDED', 'error', {
        NEd: governingSection.N,
        MEd: M,
        utilisation: sectionEta,
      }),
    );
  }
  if (governingBuckling) {
    issues.push(
      structuralIssue(
        'SECTION_STEEL_BUCKLING_CURVE_ASSUMED',
        'info',
        {
          curve: governingBuckling.curve,
          alpha: governingBuckling.alpha,
          lambdaBar: governingBuckling.lambdaBar,
          chi: governingBuckling.chi,
          Cmy: C_MY,
        },
        'einzelKnickLaenge',
      ),
    );
    if (!governingBuckling.isNegligible && governingBuckling.utilisation > 1) {
      issues.push(
        structuralIssue(
          'SECTION_STEEL_BUCKLING_RESISTANCE_EXCEEDED',
          'error',
          {
            NbRd: governingBuckling.NbRd,
            utilisation: governingBuckling.utilisation,
            l0: args.bucklingLength,
          },
          'einzelKnickLaenge',
        ),
      );
    }
  }
  trace.push(
    { name: 'NplRd', value: NRd, unit: 'kN', source: 'EN 1993-1-1 6.2.3/6.2.4: A·fy/γM0' },
    {
      name: 'McRd',
      value: MRd,
      unit: 'kNm',
      source: `EN 1993-1-1 6.2.5: ${sectionClass === 3 ? 'Wel' : 'Wpl'}·fy/γM0`,
    },
    { name: 'VplRd', value: VRd, unit: 'kN', source: 'EN 1993-1-1 6.2.6: (2A/π)·fy/√3/γM0' },
    { name: 'etaV', value: etaV, unit: '-', source: 'EN 1993-1-1 6.2.6(1): |VEd|/Vpl,Rd' },
    {
      name: 'rho',
      value: rho,
      unit: '-',
      source:
        'EN 1993-1-1 6.2.8(2)–(3), 6.2.10(3): 0 for VEd ≤ 0.5·Vpl,Rd, else (2VEd/Vpl,Rd − 1)² ≤ 1; (1 − ρ)·fy on the whole ring (ADR 0104)',
    },
    ...(governingSection.cs.MNRd !== null
      ? [
          {
            name: 'MNRd',
            value: governingSection.cs.MNRd,
            unit: 'kNm',
            source: 'EN 1993-1-1 6.2.9.1 (+AC:2009), CHS: (1 − ρ)·Mpl,Rd·(1 − nV^1.7)',
          },
        ]
      : []),
    {
      name: 'etaSection',
      value: sectionEta ?? 'not designable (ρ = 1)',
      unit: '-',
      source:
        sectionClass === 3
          ? 'EN 1993-1-1 6.2.9.2 with (1 − ρ)·fy: |N|/NV,Rd + M/MV,el,Rd'
          : 'EN 1993-1-1 6.2.9.1 (+AC:2009) with (1 − ρ)·fy: 1/s with s·m + (s·n)^1.7 = 1 (radial)',
    },
    ...(governingBuckling
      ? [
          {
            name: 'curve',
            value: governingBuckling.curve,
            unit: '-',
            source: `${pipeBucklingCurveReason(manufacture)} (setting StahlrohrHerstellung, ADR 0103)`,
          },
          {
            name: 'lambdaBar',
            value: governingBuckling.lambdaBar,
            unit: '-',
            source: 'EN 1993-1-1 6.3.1.3: Lcr/(i·λ1), λ1 = π√(E/fy)',
          },
          {
            name: 'chi',
            value: governingBuckling.chi,
            unit: '-',
            source: `EN 1993-1-1 6.3.1.2 Eq. (6.49), curve ${governingBuckling.curve} (Table 6.2), α = ${governingBuckling.alpha}`,
          },
          {
            name: 'NbRd',
            value: governingBuckling.NbRd,
            unit: 'kN',
            source: 'EN 1993-1-1 6.3.1.1 Eq. (6.47): χ·A·fy/γM1',
          },
          {
            name: 'kyy',
            value: governingBuckling.kyy,
            unit: '-',
            source: 'EN 1993-1-1 Annex B Table B.1, Cmy = 1.0 (Table B.3 upper bound)',
          },
          {
            name: 'etaMember',
            value: governingBuckling.utilisation,
            unit: '-',
            source: 'EN 1993-1-1 6.3.3(4) Eq. (6.61), χLT = 1 (no shear reduction in 6.3)',
          },
        ]
      : []),
    {
      name: 'eta',
      value: governing.eta ?? 'not designable',
      unit: '-',
      source: 'max(section with ρ, shear, member)',
    },
  );
  return {
    result: {
      grade: args.grade,
      fy,
      manufacture,
      t: args.t,
      corrosion: c,
      DNet: net.D,
      tNet: net.t,
      sectionClass,
      NRd,
      MRd,
      VRd,
      utilisationShear: etaV,
      rho,
      utilisation: governing.eta,
      utilisationSection: sectionEta,
      MNRd: governingSection.cs.MNRd,
      NEdUsed: governing.N,
      MEdUsed: M,
      VEdUsed: Math.abs(args.VEd),
      buckling: governingBuckling,
    },
    issues,
    trace,
  };
};
