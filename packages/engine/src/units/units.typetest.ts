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
import type { NormalizedHorizontalLoad, NormalizedSoilProfile } from '../input/types';
import { dragForce, failedBeforeSettlement, type PileContext } from '../axial/evaluate';
import { integralTo, layerIndexAt, profileBottom, type ProfileModel } from '../axial/profile-model';
import { lateralLevels } from '../loadcases/lateral-levels';
import { steelPipeBendingStiffness } from '../loadcases/pile-model';
import { fullyCompressedLevel } from '../loadcases/reinforcement-length';
import { addImperfections, resolveToPileAxes } from '../loadcases/resolve-loads';
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

// Section design (ADR 0205, addendum 2026-11-27): geometry in m, areas in m², stresses in kN/m², N in kN, M in kNm.
declare const areaM2: SquareMeter;
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
