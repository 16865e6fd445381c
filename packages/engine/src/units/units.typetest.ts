// Compile-time proof that unit mixing does not type-check (run by `tsc --noEmit -p packages/engine`).
import type {
  Centimeter,
  Degree,
  KiloNewton,
  KiloNewtonPerSquareMeter,
  Meter,
  MegaNewtonPerSquareMeter,
  Millimeter,
} from './units';
import { cmToM, degToRad, m, mmToM, mnToKpa } from './units';
import {
  buildCurve,
  settlementFor,
  skinLimitSettlement,
  springStiffness,
  type CurvePoint,
} from '../axial/curve';
import { findRequiredLength } from '../axial/required-length';
import { coordinateToes } from '../axial/toe-coordination';
import { lineSpringModulus } from '../lateral/subgrade';

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

// The procedures of the resistance–settlement curve take branded values (ADR 0205): a settlement
// limit in cm, a diameter in cm or a force where a length is meant do not compile.
declare const curvePoints: readonly CurvePoint[];
// @ts-expect-error the cap of s_sg is in cm: a metre value is refused
export const capInMetres = skinLimitSettlement(force, lengthM);
// @ts-expect-error the diameter of the curve is in m: a centimetre value is refused
export const diameterInCm = buildCurve('bored', lengthCm, force, force, [], []);
// @ts-expect-error the load of the settlement is in kN: a length is refused
export const lengthAsLoad = settlementFor(curvePoints, lengthM);
// @ts-expect-error a settlement in cm is not the settlement in m the stiffness is computed from
export const stiffnessFromCm = springStiffness(curvePoints, force, lengthCm);
export const okSettlement: Meter | null = settlementFor(curvePoints, force);
export const okCap = skinLimitSettlement(force, lengthCm).s satisfies Meter;
declare const context: Parameters<typeof findRequiredLength>[0];
// @ts-expect-error the step of the length iteration (`Schrittweite`) is in m: a centimetre value is refused
export const stepInCm = findRequiredLength(context, lengthM, lengthM, lengthCm, 'summary');
export const okSearch = findRequiredLength(context, lengthM, lengthM, lengthM, 'summary');
declare const angleDeg: Degree;
// @ts-expect-error the stepping angle of the toe coordination is in rad: a degree value is refused
export const angleInDegrees = coordinateToes([], lengthM, lengthM, angleDeg, true);
export const okToes = coordinateToes([], lengthM, lengthM, degToRad(angleDeg), true);
// @ts-expect-error the stiffness modulus of the subgrade is in kN/m²: the wire's MN/m² must be converted first
export const modulusInMn = lineSpringModulus(qcWire, lengthM, true);
export const okModulus = lineSpringModulus(mnToKpa(qcWire), lengthM, true);
