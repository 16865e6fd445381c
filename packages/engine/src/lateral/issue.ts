import type { EngineIssue, IssueParams, Severity } from '../issues/issue';

/** Issue codes of the lateral analysis, the section design and the horizontal load cases. */
export const STRUCTURAL_ISSUE_CODES = [
  // lateral analysis
  'LATERAL_SUBGRADE_RULE_UNVERIFIED',
  'LATERAL_KS_REDUCED_FOR_DIAMETER',
  'LATERAL_ELEMENT_LENGTH_RAISED',
  'LATERAL_NO_SOIL_SUPPORT',
  'LATERAL_PASSIVE_PRESSURE_INTERIM',
  'LATERAL_PASSIVE_ITERATION_NOT_CONVERGED',
  'LATERAL_PASSIVE_RESISTANCE_EXCEEDED',
  'LATERAL_PASSIVE_RESULTANT_EXCEEDED',
  'LATERAL_DEFLECTION_LARGE',
  'LATERAL_GROSS_STIFFNESS_USED',
  'LATERAL_SHORT_PILE',
  // section design
  'CONCRETE_CLASS_MAPPED',
  'CONCRETE_CLASS_UNKNOWN',
  'STEEL_GRADE_ASSUMED',
  'SECTION_CAPACITY_EXCEEDED',
  'SECTION_DIAMETER_REDUCED',
  'SECTION_KF_APPLIED',
  'SECTION_BAR_LAYOUT_NOT_FOUND',
  'SECTION_MIN_REINFORCEMENT_GOVERNS',
  'SECTION_SHEAR_CAPACITY_EXCEEDED',
  'SECTION_SLENDER_SECOND_ORDER',
  'SECTION_SQUARE_BIAXIAL_LOAD_CONTOUR',
  'SECTION_PILE_TYPE_ASSUMED_CAST_IN_PLACE',
  'SECTION_STEEL_PIPE_INTERPRETATION',
  'SECTION_STEEL_WALL_THICKNESS_MISSING',
  'SECTION_STEEL_WALL_THICKNESS_INVALID',
  'SECTION_STEEL_PIPE_CLASS4',
  // no longer emitted since ADR 0029 (buckling is checked); kept so stored results of engine ≤ 0.2 translate
  'SECTION_STEEL_BUCKLING_NOT_CHECKED',
  'SECTION_STEEL_BUCKLING_CURVE_ASSUMED',
  'SECTION_STEEL_BUCKLING_RESISTANCE_EXCEEDED',
  // no longer emitted since engine 0.4.0 (6.2.8 is applied, ADR 0104); kept so stored results of engine ≤ 0.3 translate
  'SECTION_STEEL_SHEAR_INTERACTION',
  'SECTION_STEEL_SHEAR_YIELD_REDUCED',
  'SECTION_STEEL_SHEAR_RESISTANCE_EXCEEDED',
  'SECTION_STEEL_CORROSION_EXCEEDS_WALL',
  'SECTION_INTERPRETATION_UNVERIFIED',
  // load cases
  'LOADCASE_PILE_NOT_FOUND',
  'LOADCASE_PILE_INPUT_MISSING',
  'LOADCASE_AXIAL_RESULT_MISSING',
  'LOADCASE_AXIAL_LOAD_MISSING',
  'LOADCASE_INCLINED_PILE_RESOLVED',
  'LOADCASE_OPPOSITE_SIGN_ACTIONS',
  'LOADCASE_HORIZONTAL_DESIGN_OFF',
  'LOADCASE_ROW_INPUT_INVALID',
  'LOADCASE_GROUND_LEVEL_ASSUMED',
  'LOADCASE_GROUNDWATER_ASSUMED',
  'LOADCASE_SOIL_STIFFNESS_MISSING',
  'LOADCASE_SOIL_STIFFNESS_PARTLY_MISSING',
] as const;

export type StructuralIssueCode = (typeof STRUCTURAL_ISSUE_CODES)[number];

/** Coded domain issue of the lateral / section / load-case procedures. @see CONTRIBUTING.md (engine: domain problems are coded issues, never exceptions) */
export type StructuralIssue = EngineIssue<StructuralIssueCode>;

/** Builds an issue; `field` is the wire name of the field concerned. */
export const structuralIssue = (
  code: StructuralIssueCode,
  severity: Severity,
  params: IssueParams = {},
  field?: string,
): StructuralIssue =>
  field === undefined ? { code, severity, params } : { code, severity, field, params };

/** One traced intermediate value: wire or symbol name, value, unit and the source of its formula. */
export type TraceEntry = {
  name: string;
  value: number | string | boolean;
  unit: string;
  source: string;
};
