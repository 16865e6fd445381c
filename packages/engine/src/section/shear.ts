import { fctm, MATERIAL_CONSTANTS, type DesignMaterials } from './materials';
import type { KiloNewton, Meter, SquareMeter, SquareMeterPerMeter } from '../units/units';

/** Inputs of the shear design of a circular (or square) pile section (calculation units). */
export type ShearInput = {
  /** V_Ed [kN] */ VEd: KiloNewton;
  /** N_Ed, compression positive [kN] (the smallest design value is used) */ NEd: KiloNewton;
  /** web width b_w = D (or side) [m] */ bw: Meter;
  /** effective depth d [m] */ d: Meter;
  /** gross area A_c [m²] */ Ac: SquareMeter;
  /** longitudinal tension reinforcement A_sl counted for V_Rd,c [m²] */ Asl: SquareMeter;
};

/** Shear design result. */
export type ShearResult = {
  /** V_Rd,c [kN] */ VRdc: KiloNewton;
  /** cot θ used */ cotTheta: number;
  /** V_Rd,max [kN] */ VRdmax: KiloNewton;
  /** required A_sw/s (both legs) [m²/m] */ AsQuerCalc: SquareMeterPerMeter;
  /** minimum A_sw/s [m²/m] */ AsSchubMin: SquareMeterPerMeter;
  isCapacityExceeded: boolean;
};

/**
 * Shear design to EN 1992-1-1 6.2 with German NA values: V_Rd,c (6.2.2 with C_Rd,c = 0.15/γ_c,
 * k1 = 0.12, v_min by NA), strut angle 1.0 ≤ cot θ ≤ (1.2 + 1.4σ_cd/f_cd)/(1 − V_Rd,cc/V_Ed) ≤ 3.0,
 * V_Rd,cc = 0.5·0.48·f_ck^(1/3)·(1 − 1.2σ_cd/f_cd)·b_w·z, A_sw/s = V_Ed/(z·f_ywd·cot θ), z = 0.9·d,
 * V_Rd,max = b_w·z·ν1·f_cd/(cot θ + tan θ), ν1 = 0.75·(1.1 − f_ck/500) ≤ 0.75; minimum
 * ρ_w,min = 0.16·f_ctm/f_yk (NA (9.5aDE)).
 * @param s inputs @param m materials @returns result in kN and m²/m
 * @see EN 1992-1-1 6.2.2, 6.2.3 with DIN EN 1992-1-1/NA (6.7aDE, 6.7bDE, 9.5aDE) [U]; docs/sources/engine.md §E4.4
 */
export const designShear = (s: ShearInput, m: DesignMaterials): ShearResult => {
  const fck = m.concrete.fck;
  const fcdMpa = m.fcd / 1000;
  const dMm = s.d * 1000;
  const k = Math.min(1 + Math.sqrt(200 / dMm), 2);
  const rho = Math.min(s.Asl / (s.bw * s.d), 0.02);
  const sigmaCp = Math.min(Math.max(s.NEd, 0) / s.Ac / 1000, 0.2 * fcdMpa);
  const kappa1 = dMm <= 600 ? 0.0525 : dMm >= 800 ? 0.0375 : 0.0525 - ((dMm - 600) / 200) * 0.015;
  const vMin = (kappa1 / MATERIAL_CONSTANTS.gammaC) * k ** 1.5 * Math.sqrt(fck);
  const vRdc =
    Math.max((0.15 / MATERIAL_CONSTANTS.gammaC) * k * (100 * rho * fck) ** (1 / 3), vMin) +
    0.12 * sigmaCp;
  const VRdc = vRdc * s.bw * s.d * 1000;
  const z = 0.9 * s.d;
  const sigmaCd = s.NEd / s.Ac / 1000;
  const VRdcc = 0.5 * 0.48 * fck ** (1 / 3) * (1 - (1.2 * sigmaCd) / fcdMpa) * s.bw * z * 1000;
  const upper = s.VEd > VRdcc ? (1.2 + (1.4 * sigmaCd) / fcdMpa) / (1 - VRdcc / s.VEd) : 3;
  let cotTheta = Math.min(Math.max(upper, 1), 3);
  const nu1 = 0.75 * Math.min(1.1 - fck / 500, 1);
  const vRdMax = (cot: number) => (s.bw * z * nu1 * m.fcd) / (cot + 1 / cot);
  // the steepest admissible strut (cot θ = 1) gives the largest V_Rd,max
  while (cotTheta > 1 && vRdMax(cotTheta) < s.VEd) cotTheta = Math.max(1, cotTheta - 0.05);
  const VRdmax = vRdMax(cotTheta);
  const AsQuerCalc = s.VEd > VRdc ? s.VEd / (z * m.fyd * cotTheta) : 0;
  const AsSchubMin = ((0.16 * fctm(fck)) / MATERIAL_CONSTANTS.fykB500) * s.bw;
  return {
    VRdc: VRdc as KiloNewton,
    cotTheta,
    VRdmax: VRdmax as KiloNewton,
    AsQuerCalc: AsQuerCalc as SquareMeterPerMeter,
    AsSchubMin: AsSchubMin as SquareMeterPerMeter,
    isCapacityExceeded: s.VEd > VRdmax,
  };
};
