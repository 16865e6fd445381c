// Compile-time proof that unit mixing does not type-check (run by `tsc --noEmit -p packages/engine`).
import type {
  Centimeter,
  Degree,
  Fraction,
  KiloNewton,
  KiloNewtonMeter,
  KiloNewtonPerCubicMeter,
  KiloNewtonPerSquareMeter,
  Meter,
  MegaNewtonPerSquareMeter,
  Millimeter,
  Radiant,
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
import type { NormalizedHorizontalLoad, NormalizedSoilProfile } from '../input/types';
import { dragForce, failedBeforeSettlement, type PileContext } from '../axial/evaluate';
import { integralTo, layerIndexAt, profileBottom, type ProfileModel } from '../axial/profile-model';
import { lateralLevels } from '../loadcases/lateral-levels';
import { steelPipeBendingStiffness } from '../loadcases/pile-model';
import { fullyCompressedLevel } from '../loadcases/reinforcement-length';
import { addImperfections, resolveToPileAxes } from '../loadcases/resolve-loads';

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

// The rest of axial/ (ADR 0205, addendum 2026-11-27): the profile model's levels are in m, its q values in kN/m²;
// the evaluation's levels, embedment and loads keep their units.
declare const profileModel: ProfileModel;
declare const pileContext: PileContext;
declare const unitWeights: readonly KiloNewtonPerCubicMeter[];
declare const stresses: readonly KiloNewtonPerSquareMeter[];
declare const ratio: Fraction;
// @ts-expect-error a layer level is in m NHN: a centimetre value is refused
export const levelInCm = layerIndexAt(profileModel, lengthCm);
export const okLevel = layerIndexAt(profileModel, lengthM);
// @ts-expect-error the q values of the shaft integral are stresses [kN/m²]: unit weights [kN/m³] are refused
export const weightAsStress = integralTo(profileModel, [], unitWeights, lengthM);
export const okIntegral = integralTo(profileModel, [], stresses, lengthM);
// @ts-expect-error the toe level of the drag force is a level in m: a force is refused
export const forceAsLevel = dragForce(pileContext, force);
// @ts-expect-error the embedment is in m: a centimetre value is refused
export const embedmentInCm = failedBeforeSettlement(pileContext, 0, lengthCm, ratio, ratio);
export const okChecks = failedBeforeSettlement(pileContext, 0, lengthM, ratio, ratio);
// @ts-expect-error a profile bottom level [m] is not a stress
export const levelAsStress: KiloNewtonPerSquareMeter = profileBottom(profileModel);

// loadcases/: loads in kN and kNm, eccentricities and levels in m, the pile axis' direction in rad.
declare const moment: KiloNewtonMeter;
declare const radians: Radiant;
declare const headLoads: Parameters<typeof addImperfections>[0];
declare const loadRow: NormalizedHorizontalLoad;
declare const soilProfile: NormalizedSoilProfile;
// @ts-expect-error the eccentricity e of N_Ed·e is in m: a centimetre value is refused
export const eccentricityInCm = addImperfections(headLoads, force, lengthCm, 0, false);
// @ts-expect-error N_Ed of the imperfection loads is a force: a moment is refused
export const momentAsForce = addImperfections(headLoads, moment, lengthM, 0, false);
export const okImperfections = addImperfections(headLoads, force, lengthM, 0, false);
const part = { N: force, Hx: force, Hy: force, Mx: moment, My: moment };
const axis = { inclination: 0, direction: radians };
// @ts-expect-error the axial force of a load row is in kN: a moment in kNm is refused
export const momentAsAxial = resolveToPileAxes({ ...part, N: moment }, axis);
// @ts-expect-error the rake direction is in rad: a degree value is refused
export const rakeInDegrees = resolveToPileAxes(part, { inclination: 0, direction: angleDeg });
export const okAxes = resolveToPileAxes(part, axis);
// @ts-expect-error the pile head level of the lateral levels is in m NHN: a centimetre value is refused
export const headInCm = lateralLevels(loadRow, soilProfile, lengthCm);
export const okLevels = lateralLevels(loadRow, soilProfile, lengthM);
// @ts-expect-error N_Ed,min of the fully compressed level is a force: a moment is refused
export const momentAsNormalForce = fullyCompressedLevel([], [], moment, lengthM);
// @ts-expect-error the corrosion loss of a steel pipe is in m: the wire's millimetres must be converted first
export const corrosionInMm = steelPipeBendingStiffness(lengthM, lengthM, lengthMm);
export const okStiffness = steelPipeBendingStiffness(lengthM, lengthM, mmToM(lengthMm));
