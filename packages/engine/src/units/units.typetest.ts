// Compile-time proof that unit mixing does not type-check (run by `tsc --noEmit -p packages/engine`).
import type {
  Centimeter,
  KiloNewton,
  KiloNewtonPerSquareMeter,
  Meter,
  MegaNewtonPerSquareMeter,
  Millimeter,
} from './units';
import { cmToM, m, mmToM } from './units';

declare const lengthM: Meter;
declare const lengthCm: Centimeter;
declare const lengthMm: Millimeter;
declare const force: KiloNewton;
declare const qcWire: MegaNewtonPerSquareMeter;

// @ts-expect-error a centimetre value is not a metre value
export const mixedLength: Meter = lengthCm;
// @ts-expect-error millimetres cannot be passed where centimetres are expected
export const wrongConversion: Meter = cmToM(lengthMm);
// @ts-expect-error a force is not a length
export const forceAsLength: Meter = force;
// @ts-expect-error wire MN/m² must be converted with mnToKpa before use as kN/m²
export const unconverted: KiloNewtonPerSquareMeter = qcWire;
// @ts-expect-error a plain number is not a metre value without the boundary tag m()
export const untagged: Meter = 1.5;

// Correct uses compile.
export const okLength: Meter = m(cmToM(lengthCm) + mmToM(lengthMm) + lengthM);
