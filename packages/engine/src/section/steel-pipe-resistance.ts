/**
 * Cross-section resistance of a steel pipe pile: shear and the reduced yield strength it leaves (6.2.6, 6.2.8,
 * 6.2.10) and the N–M interaction of the ring (6.2.9).
 */
import { bisect, type BisectionLimits } from '../numerics/roots';
import type { KiloNewton, KiloNewtonMeter } from '../units/units';

/**
 * Shear utilisation and the reduction of the yield strength for bending and axial force with shear.
 * η_V = |V_Ed|/V_pl,Rd (6.2.6(1)); ρ = 0 for η_V ≤ 0.5 (6.2.8(2)), else ρ = (2·η_V − 1)² (6.2.8(3); the same ρ in
 * 6.2.10(3) for N + M + V), capped at 1 (at η_V ≥ 1 no yield strength is left for N and M).
 * @param VEd [kN] @param VplRd [kN]
 * @see EN 1993-1-1:2005 6.2.6, 6.2.8(2)–(3), 6.2.10(2)–(3); ADR 0104
 */
export const pipeShearReduction = (
  VEd: KiloNewton,
  VplRd: KiloNewton,
): { etaV: number; rho: number } => {
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
 * @param NRd [kN] @param MRd [kNm] @param NEd [kN] @param MEd [kNm]
 * @returns utilisation [-] and M_N,Rd ≥ 0 [kNm] (null for class 3)
 * @see numerics/roots.ts (bisection)
 */
export const pipeSectionUtilisation = (
  sectionClass: 1 | 2 | 3,
  NRd: KiloNewton,
  MRd: KiloNewtonMeter,
  NEd: KiloNewton,
  MEd: KiloNewtonMeter,
): { eta: number; MNRd: KiloNewtonMeter | null } => {
  const n = Math.abs(NEd) / NRd;
  const m = Math.abs(MEd) / MRd;
  if (sectionClass === 3) return { eta: n + m, MNRd: null };
  const MNRd = (MRd * Math.max(0, 1 - n ** 1.7)) as KiloNewtonMeter;
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
 * @param NRd [kN] @param MRd [kNm] @param rho [-] @param NEd [kN] @param MEd [kNm]
 * @returns η and M_N,V,Rd [kNm]; eta null when ρ = 1 and N or M ≠ 0 (no N–M resistance left)
 */
export const pipeSectionUtilisationWithShear = (
  sectionClass: 1 | 2 | 3,
  NRd: KiloNewton,
  MRd: KiloNewtonMeter,
  rho: number,
  NEd: KiloNewton,
  MEd: KiloNewtonMeter,
): { eta: number | null; MNRd: KiloNewtonMeter | null } => {
  const k = 1 - rho;
  if (k > 0) {
    return pipeSectionUtilisation(
      sectionClass,
      (k * NRd) as KiloNewton,
      (k * MRd) as KiloNewtonMeter,
      NEd,
      MEd,
    );
  }
  const isUnloaded = NEd === 0 && MEd === 0;
  return { eta: isUnloaded ? 0 : null, MNRd: sectionClass === 3 ? null : (0 as KiloNewtonMeter) };
};
