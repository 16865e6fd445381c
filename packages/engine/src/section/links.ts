import type { Meter, SquareMeterPerMeter } from '../units/units';

/** Chosen transverse reinforcement (links / spiral as two-legged stirrups). */
export type LinkLayout = {
  /** link diameter [m] */ diameter: Meter;
  /** spacing [m] */ spacing: Meter;
  /** provided A_sw/s (both legs) [m²/m] */ provided: SquareMeterPerMeter;
  text: string;
};

const LINK_DIAMETERS = [0.006, 0.008, 0.01, 0.012, 0.014, 0.016] as const;

/**
 * Chooses the smallest link diameter (≥ max(6 mm, Ø_l/4), ≤ MaxBuegel) and its spacing
 * s = min(2·A_link/(A_sw/s), s_max) rounded down to 1 cm, s_max = min(12·Ø_l, D, 0.30 m).
 * @param required A_sw/s [m²/m] @param barDiameter Ø_l [m] @param maxDiameter MaxBuegel [m] @param size D [m]
 * @param minDiameter smallest link diameter to consider [m] (the cage iteration of designSection, ADR 0134)
 * @returns layout or null when MaxBuegel is below the minimum diameter
 * @see EN 1992-1-1 9.5.3(1), 9.5.3(3) with German NA (12·Ø_l) [U]
 */
export const chooseLinks = (
  required: SquareMeterPerMeter,
  barDiameter: Meter,
  maxDiameter: Meter,
  size: Meter,
  minDiameter = 0 as Meter,
): LinkLayout | null => {
  const sMax = Math.min(12 * barDiameter, size, 0.3);
  for (const diameter of LINK_DIAMETERS) {
    const d = diameter as Meter;
    if (d < Math.max(0.006, barDiameter / 4, minDiameter) - 1e-9 || d > maxDiameter + 1e-9) {
      continue;
    }
    const legs = 2 * ((Math.PI * d * d) / 4);
    const s = Math.floor(Math.min(required > 0 ? legs / required : sMax, sMax) * 100 + 1e-9) / 100;
    if (s < 0.05) continue;
    return {
      diameter: d,
      spacing: s as Meter,
      provided: (legs / s) as SquareMeterPerMeter,
      text: `Ø ${Math.round(d * 1000)} / ${Math.round(s * 100)} cm`,
    };
  }
  return null;
};
