import type { DesignMaterials } from './materials';
import type { KiloNewton, KiloNewtonMeter, Meter, SquareMeter } from '../units/units';

/**
 * Second-order moment by the nominal-curvature method when the slenderness exceeds the limit:
 * λ = l0/i, λ_lim = 20·A·B·C/√n (A = 0.7, B = 1.1, C = 0.7, n = N_Ed/(A_c·f_cd));
 * M2 = N_Ed·e2, e2 = (1/r)·l0²/10, 1/r = K_r·K_φ·ε_yd/(0.45·d) with K_r = K_φ = 1 (conservative).
 * @param l0 buckling length (einzelKnickLaenge) [m] @param radiusOfGyration i [m] @param NEd compression [kN]
 * @param Ac [m²] @param d effective depth [m] @param m materials
 * @returns λ, λ_lim and M2 [kNm] (0 when not slender or without compression)
 * @see EN 1992-1-1 5.8.3.1 (Eq. 5.13N), 5.8.8.2–5.8.8.3 (Eq. 5.33–5.34) [U — German NA not checked]
 */
export const secondOrderMoment = (
  l0: Meter,
  radiusOfGyration: Meter,
  NEd: KiloNewton,
  Ac: SquareMeter,
  d: Meter,
  m: DesignMaterials,
): { lambda: number; lambdaLim: number; M2: KiloNewtonMeter } => {
  if (l0 <= 0 || NEd <= 0) return { lambda: 0, lambdaLim: Infinity, M2: 0 as KiloNewtonMeter };
  const lambda = l0 / radiusOfGyration;
  const n = NEd / (Ac * m.fcd);
  const lambdaLim = (20 * 0.7 * 1.1 * 0.7) / Math.sqrt(n);
  if (lambda <= lambdaLim) return { lambda, lambdaLim, M2: 0 as KiloNewtonMeter };
  const curvature = m.fyd / m.Es / (0.45 * d);
  return { lambda, lambdaLim, M2: ((NEd * curvature * (l0 * l0)) / 10) as KiloNewtonMeter };
};
