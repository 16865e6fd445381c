import type { KiloNewtonPerSquareMeter, Meter } from '../units/units';

/**
 * Line-spring modulus k = ks·D of a pile from the soil's oedometric (stiffness) modulus Es.
 * Rule: ks = Es / D_ref with D_ref = min(D, 1 m) when `ksNichtReduzieren` is true (default), so ks is not
 * reduced further for piles wider than 1 m; D_ref = D when false (ks = Es/D for every diameter).
 * With D ≤ 1 m this gives k = Es.
 * @param Es stiffness modulus [kN/m²] @param diameter pile diameter (width) D [m]
 * @param ksNichtReduzieren see above (interpretation: docs/adr/0021-subgrade-modulus-rule.md)
 * @returns k [kN/m² = kN/m per m of pile]
 * @see docs/sources/engine.md §E5.1 (ks = Es/D, D ≤ 1 m, attributed to EA-Pfähle) [U]
 */
export const lineSpringModulus = (
  Es: KiloNewtonPerSquareMeter,
  diameter: Meter,
  ksNichtReduzieren: boolean,
): KiloNewtonPerSquareMeter => {
  const referenceWidth = ksNichtReduzieren ? Math.min(diameter, 1) : diameter;
  return ((Math.max(Es, 0) / referenceWidth) * diameter) as KiloNewtonPerSquareMeter;
};
