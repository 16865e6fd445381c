import { internalIssue, type InternalIssue, type TraceEntry } from '../lateral/issue';

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
 * Buckling curve of a circular hollow section: hot finished → curve a (S235 … S420; a0 only for S460, not offered
 * here), cold formed → curve c. @see EN 1993-1-1:2005 Table 6.2 ("hollow sections"). Default of the engine:
 * cold formed (spirally or longitudinally welded pipe piles to EN 10219 are cold formed; curve c is the lower
 * of the two, so the default is on the safe side for a hot-finished tube too) — ADR 0029.
 */
export const pipeBucklingCurve = (manufacture: PipeManufacture): 'a' | 'c' =>
  manufacture === 'hot-finished' ? 'a' : 'c';

/** Default manufacture (ADR 0029): cold formed, buckling curve c. */
export const DEFAULT_PIPE_MANUFACTURE: PipeManufacture = 'cold-formed';

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

/** Result of the steel pipe check (kN, kNm, -). */
export type SteelPipeCheck = {
  grade: PipeSteelGrade;
  fy: number;
  sectionClass: 1 | 2 | 3 | 4;
  /** N_pl,Rd = A·f_y/γ_M0 [kN] */ NRd: number;
  /** M_c,Rd = W_pl·f_y/γ_M0 (class 1, 2) or W_el·f_y/γ_M0 (class 3) [kNm] */ MRd: number;
  /** V_pl,Rd = A_v·(f_y/√3)/γ_M0, A_v = 2A/π [kN] */ VRd: number;
  /**
   * governing utilisation [-]: the larger of the cross-section check (6.2.9) and, when a buckling length is set
   * and N_Ed is compression, the member check (6.3.3)
   */
  utilisation: number;
  /** cross-section utilisation of the governing combination (6.2.9.1 class 1, 2; 6.2.9.2 class 3) [-] */
  utilisationSection: number;
  /** M_N,Rd = M_pl,Rd·(1 − n^1.7) of the governing combination (class 1, 2; null for class 3) [kNm] */
  MNRd: number | null;
  NEdUsed: number;
  MEdUsed: number;
  /** flexural buckling check of the governing compression combination, null without a buckling length */
  buckling: SteelPipeBuckling | null;
};

/**
 * Cross-section utilisation under N and M (M = resultant; the ring is axisymmetric), n = |N_Ed|/N_pl,Rd,
 * m = M_Ed/M_c,Rd.
 * Class 1, 2: M_Ed ≤ M_N,Rd = M_pl,Rd·(1 − n^1.7), i.e. m + n^1.7 ≤ 1 — the circular-hollow-section expression
 * of EN 1993-1-1 6.2.9.1 as corrected by EN 1993-1-1:2005/AC:2009 (quoted so by SCIA Engineer's code-check
 * help, https://help.scia.net/19.1/en/pvt/steelcodechecktb/en/bending_and_axial_force.htm; the corrigendum text
 * itself was not read [U]). The utilisation is the radial one, η = 1/s with s·m + (s·n)^1.7 = 1 (the factor s
 * on both actions that reaches the interaction curve): η ≤ 1 exactly when M_Ed ≤ M_N,Rd, η = n for pure axial
 * force, η = m for pure bending, and η grows continuously with |N| and M (also beyond n = 1, where
 * M_Ed/M_N,Rd would be infinite) — ADR 0029.
 * Class 3: σ_x,Ed = N/A + M/W_el ≤ f_y/γ_M0, i.e. η = n + m (6.2.9.2, linear, already radial).
 * @returns utilisation [-] and M_N,Rd ≥ 0 [kNm] (null for class 3)
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
  // s·m + (s·n)^1.7 increases with s; the root lies in [1/(m + n), min(1/m, 1/n)] (since (s·n)^1.7 ≤ s·n there)
  let lo = 1 / (m + n);
  let hi = Math.min(1 / m, 1 / n);
  for (let i = 0; i < 100 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (mid * m + (mid * n) ** 1.7 < 1) lo = mid;
    else hi = mid;
  }
  return { eta: 2 / (lo + hi), MNRd };
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
 * Section check of a steel pipe pile (circular hollow section, unfilled) under N and the resultant bending
 * moment (axisymmetric section) for both N_Ed,max and N_Ed,min: cross-section N–M interaction (6.2.9), shear
 * V_Ed ≤ V_pl,Rd (6.2.6), and — when `bucklingLength` > 0 and N_Ed is compression — flexural buckling with the
 * N–M member interaction (6.3.1, 6.3.3, Annex B).
 * @param args D, t [m], grade, design forces [kN, kNm], buckling length [m], manufacture (default cold formed)
 * @returns check with issues and trace
 * @see EN 1993-1-1:2005 6.2.3–6.2.6, 6.2.9, 6.3.1, 6.3.3, Annex B, Table 5.2; ADR 0028, ADR 0029
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
}): { result: SteelPipeCheck | null; issues: InternalIssue[]; trace: TraceEntry[] } => {
  const manufacture = args.manufacture ?? DEFAULT_PIPE_MANUFACTURE;
  const issues: InternalIssue[] = [
    internalIssue('SECTION_STEEL_PIPE_INTERPRETATION', 'warning', {
      grade: args.grade,
      gammaM0: GAMMA_M0,
      gammaM1: GAMMA_M1,
    }),
  ];
  const fy = PIPE_STEEL.fy[args.grade];
  if (!(args.t > 0) || 2 * args.t >= args.D) {
    issues.push(
      internalIssue(
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
      internalIssue(
        'SECTION_STEEL_WALL_THICKNESS_INVALID',
        'error',
        { t: args.t * 1000, max: 40 },
        'Wanddicke',
      ),
    );
    return { result: null, issues, trace: [] };
  }
  const s = pipeSection(args.D, args.t);
  const sectionClass = pipeClass(args.D, args.t, fy);
  const trace: TraceEntry[] = [
    { name: 'A', value: s.A, unit: 'm²', source: 'π/4·(D² − d²)' },
    { name: 'Wpl', value: s.Wpl, unit: 'm³', source: '(D³ − d³)/6' },
    { name: 'Wel', value: s.Wel, unit: 'm³', source: '2I/D' },
    { name: 'fy', value: fy, unit: 'N/mm²', source: PIPE_STEEL.source },
    { name: 'class', value: sectionClass, unit: '-', source: 'EN 1993-1-1 Table 5.2 (d/t, ε²)' },
  ];
  if (sectionClass === 4) {
    issues.push(
      internalIssue('SECTION_STEEL_PIPE_CLASS4', 'error', { Dt: args.D / args.t }, 'Wanddicke'),
    );
    return { result: null, issues, trace };
  }
  const f = (fy * 1000) / GAMMA_M0;
  const NRd = s.A * f;
  const MRd = (sectionClass === 3 ? s.Wel : s.Wpl) * f;
  const VRd = ((2 * s.A) / Math.PI) * (f / Math.sqrt(3));
  const M = Math.abs(args.MEd);
  const combos = [args.NEdMax, args.NEdMin].map((N) => {
    const cs = pipeSectionUtilisation(sectionClass, NRd, MRd, N, M);
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
    return {
      N,
      cs,
      buckling,
      eta: Math.max(cs.eta, buckling && !buckling.isNegligible ? buckling.utilisation : 0),
    };
  });
  const governing = combos.reduce((a, b) => (b.eta > a.eta ? b : a));
  const governingBuckling = combos.reduce<SteelPipeBuckling | null>(
    (a, c) => (c.buckling && (!a || c.buckling.utilisation > a.utilisation) ? c.buckling : a),
    null,
  );
  const governingSection = combos.reduce((a, b) => (b.cs.eta > a.cs.eta ? b : a));
  if (governingSection.cs.eta > 1) {
    issues.push(
      internalIssue('SECTION_CAPACITY_EXCEEDED', 'error', {
        NEd: governingSection.N,
        MEd: M,
        utilisation: governingSection.cs.eta,
      }),
    );
  }
  if (governingBuckling) {
    issues.push(
      internalIssue(
        'SECTION_STEEL_BUCKLING_CURVE_ASSUMED',
        'info',
        {
          manufacture,
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
        internalIssue(
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
  if (Math.abs(args.VEd) > VRd) {
    issues.push(
      internalIssue('SECTION_SHEAR_CAPACITY_EXCEEDED', 'error', { VEd: args.VEd, VRdmax: VRd }),
    );
  } else if (Math.abs(args.VEd) > 0.5 * VRd) {
    issues.push(
      internalIssue('SECTION_STEEL_SHEAR_INTERACTION', 'error', { VEd: args.VEd, VplRd: VRd }),
    );
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
    ...(governingSection.cs.MNRd !== null
      ? [
          {
            name: 'MNRd',
            value: governingSection.cs.MNRd,
            unit: 'kNm',
            source: 'EN 1993-1-1 6.2.9.1 (+AC:2009), CHS: Mpl,Rd·(1 − n^1.7)',
          },
        ]
      : []),
    {
      name: 'etaSection',
      value: governingSection.cs.eta,
      unit: '-',
      source:
        sectionClass === 3
          ? 'EN 1993-1-1 6.2.9.2: |N|/Npl,Rd + M/Mel,Rd'
          : 'EN 1993-1-1 6.2.9.1 (+AC:2009): 1/s with s·m + (s·n)^1.7 = 1 (radial)',
    },
    ...(governingBuckling
      ? [
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
            source: 'EN 1993-1-1 6.3.3(4) Eq. (6.61), χLT = 1',
          },
        ]
      : []),
    { name: 'eta', value: governing.eta, unit: '-', source: 'max(section, member)' },
  );
  return {
    result: {
      grade: args.grade,
      fy,
      sectionClass,
      NRd,
      MRd,
      VRd,
      utilisation: governing.eta,
      utilisationSection: governingSection.cs.eta,
      MNRd: governingSection.cs.MNRd,
      NEdUsed: governing.N,
      MEdUsed: M,
      buckling: governingBuckling,
    },
    issues,
    trace,
  };
};
