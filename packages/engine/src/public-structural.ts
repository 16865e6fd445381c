// Public exports of the lateral analysis and the cross-section (internal capacity) design.
export { STRUCTURAL_ISSUE_CODES } from './lateral/issue';
export type { StructuralIssue, StructuralIssueCode, TraceEntry } from './lateral/issue';
export { solveWinklerBeam } from './lateral/beam-fe';
export type { BeamMesh, BeamSolution, HeadLoad } from './lateral/beam-fe';
export { analysePileLateral } from './lateral/pile-lateral';
export type { LateralDistribution, LateralResult } from './lateral/pile-lateral';
export type { LateralLayer, LateralModel } from './lateral/mesh';
export type { LateralLoads } from './lateral/lateral-analysis';
export { designSection } from './section/design-section';
export { checkSteelPipe } from './section/steel-pipe';
export type { SteelPipeCheck } from './section/steel-pipe';
export { pipeClass, pipeSection, PIPE_STEEL } from './section/steel-pipe-section';
export type { PipeSection, PipeSteelGrade } from './section/steel-pipe-section';
export { biaxialExponent, equivalentMoment, BIAXIAL_EXPONENT_TABLE } from './section/biaxial';
export type { SectionDesignInput, SectionDesignResult } from './section/design-section';
export { CONCRETE_CLASSES, concreteClassFromCode } from './section/materials';
export type { ConcreteClass } from './section/materials';
export type { BarLayout } from './section/bar-layout';
export type { ShearResult } from './section/shear';
export type { LinkLayout } from './section/links';
export {
  calculateHorizontalLoadCases,
  calculateProjectLoadCases,
} from './loadcases/calculate-horizontal-loadcases';
export type {
  AxialDataForLateral,
  HorizontalOptions,
  ProjectIndex,
} from './loadcases/calculate-row';
export type {
  HorizontalLoadCaseResult,
  HorizontalLoadRowResult,
  LoadCaseResult,
} from './loadcases/row-result';
