// Public exports of the axial engine (input model, tables, axial procedures, project calculation).
export { ENGINE_VERSION } from './version';
export * from './units/units';
export * from './issues/issue';
export * from './input/index';
export * from './tables/index';
export { PILE_FAMILIES } from './axial/pile-family';
export type { PileFamily, TableFamily, CurveKind } from './axial/pile-family';
export type { QTrace, SoilKind } from './axial/layer-values';
export type { IterationStep, LengthLimit } from './axial/required-length';
export type { GroupRule } from './axial/group';
export { buildCurve, settlementFor, skinLimitSettlement, springStiffness } from './axial/curve';
export type { CurvePoint, ResistanceCurve } from './axial/curve';
export { groupRule } from './axial/group';
export { coordinateToes } from './axial/toe-coordination';
export * from './project/index';
