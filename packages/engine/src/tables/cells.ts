import type { KiloNewtonPerSquareMeter } from '../units/units';
import type { RangeCell, Verification } from './types';

/** MN/m² table heading → kN/m² axis value. */
export const mn = (value: number): KiloNewtonPerSquareMeter =>
  (value * 1000) as KiloNewtonPerSquareMeter;
/** kN/m² table heading. */
export const kpa = (value: number): KiloNewtonPerSquareMeter => value as KiloNewtonPerSquareMeter;
/** Builds cells from `[lower, upper]` pairs with one tag. */
export const cells = (
  tag: Verification,
  ...pairs: readonly (readonly [number, number])[]
): RangeCell[] => pairs.map(([lower, upper]) => ({ lower, upper, tag }));
