/**
 * Flexural buckling of a steel pipe pile: γ_M1, the buckling curve by the manufacture of the tube and the member
 * check under compression with bending (EN 1993-1-1 6.3.1, 6.3.3, Annex B).
 */
import { PIPE_STEEL, type PipeSection } from './steel-pipe-section';
import type { KiloNewton, KiloNewtonMeter, Meter } from '../units/units';

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

/**
 * Flexural buckling of the pipe pile under compression with bending (member not susceptible to torsional
 * deformation; the resultant moment acts about one principal axis of the axisymmetric ring, so Eq. 6.61 with
 * χ_LT = 1 and k_yz·M_z = 0 governs; Eq. 6.62 has k_zy = 0.6·k_yy ≤ k_yy and the same χ).
 * λ̄ = L_cr/(i·λ_1), λ_1 = π·√(E/f_y) (6.3.1.3 Eq. 6.50); Φ = 0.5·[1 + α(λ̄ − 0.2) + λ̄²],
 * χ = 1/(Φ + √(Φ² − λ̄²)) ≤ 1 (6.3.1.2 Eq. 6.49); N_b,Rd = χ·A·f_y/γ_M1 (Eq. 6.47);
 * k_yy = C_my·(1 + (λ̄ − 0.2)·n) ≤ C_my·(1 + 0.8·n) for class 1, 2 (not below C_my here, conservative) and C_my·(1 + 0.6·λ̄·n) ≤ C_my·(1 + 0.6·n)
 * for class 3, n = N_Ed/(χ·N_Rk/γ_M1) (Annex B Table B.1); N_Ed/(χ·N_Rk/γ_M1) + k_yy·M_Ed/(M_Rk/γ_M1) ≤ 1.
 * Buckling may be ignored for λ̄ ≤ 0.2 or N_Ed/N_cr ≤ 0.04 (6.3.1.2(4)), N_cr = π²EI/L_cr² (`isNegligible`).
 * @param NEd compression positive [kN] (> 0) @param MEd [kNm] @param Lcr [m] @param fy [N/mm²] (table value)
 * @see EN 1993-1-1:2005 6.3.1.1–6.3.1.3, Table 6.1, Table 6.2, 6.3.3(4) Eq. (6.61), Annex B Tables B.1, B.3
 */
export const pipeBuckling = (args: {
  section: PipeSection;
  sectionClass: 1 | 2 | 3;
  fy: number;
  NEd: KiloNewton;
  MEd: KiloNewtonMeter;
  Lcr: Meter;
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
