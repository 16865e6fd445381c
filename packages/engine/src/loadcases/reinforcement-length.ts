import { fctm, type DesignMaterials } from '../section/materials';
import type { KiloNewton, Meter } from '../units/units';

/** Share of MMax below which the decaying moment tail is ignored for KoteUeberdrueckt [D]. */
export const NEGLIGIBLE_MOMENT_SHARE = 0.01;

/**
 * Level below which the section stays fully compressed (state I, gross section): |M(z)| ≤ N(z)·W/A,
 * core radius W/A = D/8 (circle) or b/6 (square), with N(z) = N_Ed,min·(1 − s/L) decreasing linearly to 0
 * at the toe (conservative stand-in for the skin-friction transfer). Moments below 1 % of MMax are ignored.
 * @param level node levels [m NHN] @param M moments [kNm] (the lateral distribution's plain arrays)
 * @param NEdMin [kN] @param core W/A [m]
 * @returns KoteUeberdrueckt [m NHN] (toe level when the section is never fully compressed)
 * @see docs/calculation-structural.md §4.2 [D]
 */
export const fullyCompressedLevel = (
  level: readonly number[],
  M: readonly number[],
  NEdMin: KiloNewton,
  core: Meter,
): Meter => {
  const head = level[0]! as Meter;
  const toe = level[level.length - 1]! as Meter;
  // max |M| (−∞ for no nodes) without a copy of M and a spread call (ADR 0204)
  let MMax = -Infinity;
  for (let i = 0; i < M.length; i++) MMax = Math.max(MMax, Math.abs(M[i]!));
  let deepest = -1;
  for (let i = 0; i < level.length; i++) {
    const N = Math.max(NEdMin, 0) * (1 - (head - level[i]!) / (head - toe));
    const m = Math.abs(M[i]!);
    if (m > NEGLIGIBLE_MOMENT_SHARE * MMax && m > N * core) deepest = i;
  }
  if (NEdMin <= 0) return toe;
  return deepest < 0 ? head : (level[Math.min(deepest + 1, level.length - 1)]! as Meter);
};

/**
 * Basic anchorage length l_b,rqd = (Ø/4)·(f_yd/f_bd), f_bd = 2.25·η1·η2·f_ctd, f_ctd = α_ct·0.7·f_ctm/γ_c
 * with η1 = η2 = 1 (good bond, Ø ≤ 32 mm) and α_ct = 0.85 (German NA).
 * @param diameter Ø [m] @param m materials @returns l_b,rqd [m]
 * @see EN 1992-1-1 8.4.2 (Eq. 8.2), 8.4.3 (Eq. 8.3), 3.1.6(2) with NA α_ct = 0.85 [U]
 */
export const anchorageLength = (diameter: Meter, m: DesignMaterials): Meter => {
  const fctd = (0.85 * 0.7 * fctm(m.concrete.fck)) / 1.5;
  const fbd = 2.25 * fctd * 1000;
  return ((diameter / 4) * (m.fyd / fbd)) as Meter;
};
