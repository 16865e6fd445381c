// Compile-time proof that unit mixing does not type-check (run by `tsc --noEmit -p packages/engine`).
import type {
  Centimeter,
  Degree,
  KiloNewton,
  KiloNewtonMeter,
  KiloNewtonPerCubicMeter,
  KiloNewtonPerSquareMeter,
  Meter,
  MegaNewtonPerSquareMeter,
  Millimeter,
  Radiant,
  SquareMeter,
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
import type { LateralHeadLoad, LateralLoads } from '../lateral/lateral-analysis';
import type { LateralModel } from '../lateral/mesh';
import { effectiveVerticalStress, passivePressure } from '../lateral/passive-pressure';
import { analysePileLateral } from '../lateral/pile-lateral';
import { cageClearSpacing } from '../section/bar-layout';
import { designSection, type SectionDesignInput } from '../section/design-section';
import { concreteStress, type DesignMaterials } from '../section/materials';
import { boredPileMinimum, compressionMemberMinimum } from '../section/minimum-reinforcement';
import { requiredReinforcement } from '../section/required-reinforcement';
import { sectionGeometry, type SectionGeometry } from '../section/section-geometry';
import { designShear } from '../section/shear';
import { pipeSection } from '../section/steel-pipe-section';

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

// The procedures of the resistance–settlement curve take branded values (issue 22, ADR 0205): a settlement
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

// Section design (ADR 0205, addendum 2026-11-27): geometry in m, areas in m², stresses in kN/m², N in kN, M in kNm.
declare const areaM2: SquareMeter;
declare const moment: KiloNewtonMeter;
declare const stressKpa: KiloNewtonPerSquareMeter;
declare const sectionInput: SectionDesignInput;
declare const sectionMaterials: DesignMaterials;
declare const geometry: SectionGeometry;
// @ts-expect-error the cover (Betondeckung) of the section design is in m: the wire's millimetres are refused
export const coverInMm = designSection({ ...sectionInput, cover: lengthMm });
export const okCover = designSection({ ...sectionInput, cover: mmToM(lengthMm) });
const cageInMm = { cover: lengthMm, shape: 'circle' as const, outer: lengthM };
const cageBars = { count: 8, diameter: lengthM };
// @ts-expect-error the cover of the built cage is in m: millimetres are refused
export const cageCoverInMm = cageClearSpacing(cageInMm, lengthM, cageBars);
// @ts-expect-error an area is not a length: A_c cannot be passed as the section depth
export const areaAsDepth = sectionGeometry('circle', areaM2, lengthM);
// @ts-expect-error a length is not an area: a diameter cannot be passed as the required reinforcement
export const lengthAsArea = boredPileMinimum(lengthM);
export const okArea: SquareMeter = boredPileMinimum(geometry.area);
// @ts-expect-error f_cd of the stress–strain law is in kN/m²: a value in MN/m² (N/mm²) must be converted first
export const fcdInMn = concreteStress(0.001, qcWire);
export const okFcd: KiloNewtonPerSquareMeter = concreteStress(0.001, mnToKpa(qcWire));
// @ts-expect-error f_yd of the minimum reinforcement is in kN/m²: MN/m² is refused
export const fydInMn = compressionMemberMinimum(force, qcWire);
// @ts-expect-error a moment is not a force: M_Ed cannot be passed as the axial force N_Ed
export const momentAsForce = requiredReinforcement(geometry, sectionMaterials, moment, moment);
// @ts-expect-error a force is not a moment: N_Ed cannot be passed as M_Ed of the design
export const forceAsMoment = designSection({ ...sectionInput, MEd: force });
export const okRequired: SquareMeter | null = requiredReinforcement(
  geometry,
  sectionMaterials,
  force,
  moment,
);
// @ts-expect-error the steel pipe's wall thickness is in m: millimetres are refused
export const wallInMm = pipeSection(lengthM, lengthMm);
const shearWithStress = {
  VEd: force,
  NEd: force,
  bw: lengthM,
  d: lengthM,
  Ac: areaM2,
  Asl: stressKpa,
};
// @ts-expect-error the shear input's A_sl is an area in m²: a stress is refused
export const stressAsArea = designShear(shearWithStress, sectionMaterials);

// Lateral analysis (ADR 0205, addendum 2026-11-27): levels in m NHN, passive pressure in kN/m² from unit weights in
// kN/m³, head loads H in kN and M in kNm.
declare const lateralModel: LateralModel;
declare const headLoad: LateralHeadLoad;
declare const unitWeight: KiloNewtonPerCubicMeter;
declare const angle: Radiant;
// @ts-expect-error a mesh level (the ground level OKBodenBiegung) is in m NHN: a centimetre value is refused
export const groundLevelInCm: LateralModel = { ...lateralModel, groundLevel: lengthCm };
// @ts-expect-error the level of the effective vertical stress is in m: a centimetre value is refused
export const stressLevelInCm = effectiveVerticalStress(lengthCm, lengthM, lengthM, []);
// @ts-expect-error the passive pressure takes the vertical stress in kN/m²: a unit weight in kN/m³ is refused
export const weightAsStress = passivePressure(unitWeight, angle, stressKpa);
export const okPassive: KiloNewtonPerSquareMeter = passivePressure(
  effectiveVerticalStress(lengthM, lengthM, lengthM, []),
  angle,
  stressKpa,
);
// @ts-expect-error the friction angle of the passive pressure is in rad: degrees are refused
export const passiveAngleInDegrees = passivePressure(stressKpa, angleDeg, stressKpa);
const momentAsH = { x: { H: moment, M: moment }, y: headLoad };
// @ts-expect-error a head load's H is a force in kN: a moment in kNm is refused
export const headMomentAsForce = analysePileLateral(lateralModel, momentAsH, momentAsH);
const forceAsM = { x: { H: force, M: force }, y: headLoad };
// @ts-expect-error a head load's M is a moment in kNm: a force in kN is refused
export const headForceAsMoment = analysePileLateral(lateralModel, forceAsM, forceAsM);
export const okHeadLoads: LateralLoads = { x: { H: force, M: moment }, y: headLoad };
