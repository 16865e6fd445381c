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

/** Result of the steel pipe check (kN, kNm, -). */
export type SteelPipeCheck = {
  grade: PipeSteelGrade;
  fy: number;
  sectionClass: 1 | 2 | 3 | 4;
  /** N_pl,Rd = A·f_y/γ_M0 [kN] */ NRd: number;
  /** M_c,Rd = W_pl·f_y/γ_M0 (class 1, 2) or W_el·f_y/γ_M0 (class 3) [kNm] */ MRd: number;
  /** V_pl,Rd = A_v·(f_y/√3)/γ_M0, A_v = 2A/π [kN] */ VRd: number;
  /** |N_Ed|/N_Rd + M_Ed/M_Rd of the governing combination [-] */ utilisation: number;
  NEdUsed: number;
  MEdUsed: number;
};

/**
 * Section check of a steel pipe pile (circular hollow section, unfilled) under N and the resultant bending
 * moment (axisymmetric section): linear interaction |N_Ed|/N_Rd + M_Ed/M_Rd ≤ 1 for both N_Ed,max and
 * N_Ed,min, the conservative summation allowed for all classes 1–3; shear V_Ed ≤ V_pl,Rd.
 * @param args D, t [m], grade, design forces [kN, kNm] @returns check with issues and trace
 * @see EN 1993-1-1:2005 6.2.1(7) Eq. (6.2), 6.2.3, 6.2.4, 6.2.5, 6.2.6(3)g, 6.2.8, Table 5.2; ADR 0028
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
}): { result: SteelPipeCheck | null; issues: InternalIssue[]; trace: TraceEntry[] } => {
  const issues: InternalIssue[] = [
    internalIssue('SECTION_STEEL_PIPE_INTERPRETATION', 'warning', {
      grade: args.grade,
      gammaM0: GAMMA_M0,
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
  if (args.bucklingLength > 0) {
    issues.push(
      internalIssue(
        'SECTION_STEEL_BUCKLING_NOT_CHECKED',
        'warning',
        { l0: args.bucklingLength },
        'einzelKnickLaenge',
      ),
    );
  }
  const f = (fy * 1000) / GAMMA_M0;
  const NRd = s.A * f;
  const MRd = (sectionClass === 3 ? s.Wel : s.Wpl) * f;
  const VRd = ((2 * s.A) / Math.PI) * (f / Math.sqrt(3));
  const M = Math.abs(args.MEd);
  const combos = [args.NEdMax, args.NEdMin].map((N) => ({ N, eta: Math.abs(N) / NRd + M / MRd }));
  const governing = combos.reduce((a, b) => (b.eta > a.eta ? b : a));
  if (governing.eta > 1) {
    issues.push(
      internalIssue('SECTION_CAPACITY_EXCEEDED', 'error', {
        NEd: governing.N,
        MEd: M,
        utilisation: governing.eta,
      }),
    );
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
    { name: 'eta', value: governing.eta, unit: '-', source: 'EN 1993-1-1 6.2.1(7) Eq. (6.2)' },
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
      NEdUsed: governing.N,
      MEdUsed: M,
    },
    issues,
    trace,
  };
};
