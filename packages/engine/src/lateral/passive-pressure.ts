import type {
  KiloNewtonPerCubicMeter,
  KiloNewtonPerSquareMeter,
  Meter,
  Radiant,
} from '../units/units';

/**
 * Plane (two-dimensional) passive earth pressure coefficient for a vertical wall, horizontal ground and
 * no wall friction (Rankine): K_ph = tan²(45° + φ/2). Wall friction δ (`deltaVonPhi`) is deliberately not
 * used: it is the smallest plane coefficient and so the conservative interim value.
 * @param phi friction angle φ [rad] @returns K_ph [-]
 * @see W. J. M. Rankine (1857); docs/sources/engine.md §E5.4 (interim: plane pressure × pile width, conservative)
 */
export const passiveCoefficient = (phi: Radiant): number =>
  Math.tan(Math.PI / 4 + Math.max(phi, 0) / 2) ** 2;

/**
 * Plane passive earth pressure e_ph = σ'v·K_ph + 2·c·√K_ph (Rankine with cohesion; undrained φ = 0:
 * σv + 2·c_u). Interim limit for the soil reaction in place of the DIN 4085 spatial resistance, which was
 * not available (docs/sources/engine.md §E5.4; searched again on 2026-11-23 for DIN 4085:2011/2017 6.5, Weißenbach / EAB
 * EB 19 — no citable formula found, ADR 0102) — it underestimates the 3D resistance of a single pile.
 * @param verticalStress effective vertical stress σ'v [kN/m²] @param phi φ [rad] @param cohesion c (cuEP) [kN/m²]
 * @returns e_ph,k [kN/m²]
 * @see Rankine (1857); Bell (1915) for the cohesion term; docs/sources/engine.md §E5.4
 */
export const passivePressure = (
  verticalStress: KiloNewtonPerSquareMeter,
  phi: Radiant,
  cohesion: KiloNewtonPerSquareMeter,
): KiloNewtonPerSquareMeter => {
  const Kph = passiveCoefficient(phi);
  return (Math.max(verticalStress, 0) * Kph +
    2 * Math.max(cohesion, 0) * Math.sqrt(Kph)) as KiloNewtonPerSquareMeter;
};

/** Soil layer data needed for the vertical stress: levels [m NHN], unit weights [kN/m³]. */
export type StressLayer = {
  topLevel: Meter;
  bottomLevel: Meter;
  gammaBoden: KiloNewtonPerCubicMeter;
  gammaStrichBoden: KiloNewtonPerCubicMeter;
};

/**
 * Effective vertical stress σ'v at `level` below the ground in front of the pile (`groundLevel` =
 * OKBodenBiegung): Σ γ·h above the groundwater level, Σ γ'·h below it.
 * @param level [m NHN] @param groundLevel [m NHN] @param groundwaterLevel [m NHN] @param layers ordered top-down
 * @returns σ'v [kN/m²]
 * @see DIN 4085 / any soil mechanics text: σ'v = Σ γᵢ·hᵢ (γ' below groundwater) [U — classical]
 */
export const effectiveVerticalStress = (
  level: Meter,
  groundLevel: Meter,
  groundwaterLevel: Meter,
  layers: readonly StressLayer[],
): KiloNewtonPerSquareMeter => {
  let sigma = 0;
  for (const layer of layers) {
    const upper = Math.min(layer.topLevel, groundLevel);
    const lower = Math.max(layer.bottomLevel, level);
    if (upper <= lower) continue;
    const dry = Math.max(0, upper - Math.max(lower, groundwaterLevel));
    sigma += dry * layer.gammaBoden + (upper - lower - dry) * layer.gammaStrichBoden;
  }
  return sigma as KiloNewtonPerSquareMeter;
};
