/**
 * The steel pipe pile check (EN 1993-1-1): validates the wall and corrosion, then combines the section
 * (`steel-pipe-section.ts`), the cross-section resistance with shear (`steel-pipe-resistance.ts`) and flexural
 * buckling (`steel-pipe-buckling.ts`) for N_Ed,max and N_Ed,min into one result with its issues and trace.
 */
import { structuralIssue, type StructuralIssue, type TraceEntry } from '../lateral/issue';
import {
  C_MY,
  DEFAULT_PIPE_MANUFACTURE,
  GAMMA_M1,
  pipeBuckling,
  pipeBucklingCurveReason,
  type PipeManufacture,
  type SteelPipeBuckling,
} from './steel-pipe-buckling';
import { pipeSectionUtilisationWithShear, pipeShearReduction } from './steel-pipe-resistance';
import {
  corrodedPipe,
  GAMMA_M0,
  PIPE_STEEL,
  pipeClass,
  pipeSection,
  type PipeSteelGrade,
} from './steel-pipe-section';
import type { KiloNewton, KiloNewtonMeter, Meter } from '../units/units';

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
  D: Meter;
  t: Meter;
  grade: PipeSteelGrade;
  NEdMax: KiloNewton;
  NEdMin: KiloNewton;
  MEd: KiloNewtonMeter;
  VEd: KiloNewton;
  bucklingLength: Meter;
  manufacture?: PipeManufacture;
  corrosion?: Meter;
}): { result: SteelPipeCheck | null; issues: StructuralIssue[]; trace: TraceEntry[] } => {
  const manufacture = args.manufacture ?? DEFAULT_PIPE_MANUFACTURE;
  const c = args.corrosion ?? (0 as Meter);
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
  const NRd = (s.A * f) as KiloNewton;
  const MRd = ((sectionClass === 3 ? s.Wel : s.Wpl) * f) as KiloNewtonMeter;
  const VRd = (((2 * s.A) / Math.PI) * (f / Math.sqrt(3))) as KiloNewton;
  const { etaV, rho } = pipeShearReduction(args.VEd, VRd);
  const M = Math.abs(args.MEd) as KiloNewtonMeter;
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
