/**
 * Coded issues of the engine (CONTRIBUTING.md): domain problems are data, never exceptions or NaN.
 * Text is chosen by the web's i18n layer from `code`; `params` carries the numbers to show.
 */
export type Severity = 'error' | 'warning' | 'info';

/** Issue codes produced by the input normalisation and the axial calculation. */
export const AXIAL_ISSUE_CODES = [
  // input normalisation
  'PROJECT_NOT_AN_OBJECT',
  'PROJECT_KEY_MISSING',
  'REQUIRED',
  'INVALID_TYPE',
  'INVALID_VALUE',
  'TOO_SMALL',
  'TOO_BIG',
  'UNKNOWN_PILE_TYPE',
  'UNKNOWN_SOIL_PROFILE',
  'DUPLICATE_NAME',
  'LAYERS_OUT_OF_ORDER',
  'LAYER_ZERO_THICKNESS',
  'LAYER_ABOVE_PROFILE_TOP',
  'PROFILE_WITHOUT_LAYERS',
  'PROFILE_INVALID',
  'LAYER_QC_AND_CUK',
  'LEGACY_UNIT_SUSPECTED',
  'UNIT_ASSUMED',
  // tables and pile types
  'TABLE_VALUE_UNVERIFIED',
  'TABLE_ABOVE_RANGE_CLAMPED',
  'PILE_TYPE_TABLES_UNVERIFIED',
  'PILE_TYPE_REQUIRES_LAYER_VALUES',
  'LAYER_VALUES_MISSING',
  'ETA_OUT_OF_VALIDITY',
  // retired in engine 0.5.0 (ADR 0130), no longer produced; kept so that stored results of 0.4.0 still read
  'EQUIVALENT_DIAMETER_ASSUMED',
  'CURVE_RULE_UNVERIFIED',
  'SSG_EXCEEDS_SG',
  'BASE_AVERAGING_ZONE_UNVERIFIED',
  'BASE_AVERAGING_ZONE_TRUNCATED',
  'BEARING_LAYER_THIN_BELOW_TOE',
  'NEGATIVE_SKIN_FRICTION_UNVERIFIED',
  'UPLIFT_CONE_NOT_COVERED',
  // loads and checks
  'LOAD_MISSING',
  'LOAD_FROM_LOADCASE',
  'LOAD_TENSION_FROM_LOADCASE',
  'LOAD_MAIN_TENSION',
  'LOAD_SIGN_MISMATCH',
  'LOAD_EXCEEDS_RESISTANCE',
  'TENSION_NO_RESISTANCE',
  'PILE_TOP_BELOW_PROFILE',
  'REQUIRED_LENGTH_NOT_FOUND',
  'MIN_LENGTH_BELOW_PROFILE',
  // groups and toe coordination
  'GROUP_RULE_PRODUCT',
  'GROUP_ANALYSIS_REQUIRED',
  'GROUP_LOAD_SHARED',
  'TOE_COORDINATION_SKIPPED',
  'TOE_COORDINATION_CLAMPED',
  'TOE_COORDINATION_CHECK_FAILED',
  'TOE_INFLUENCE_MODE_UNVERIFIED',
] as const;

export type AxialIssueCode = (typeof AXIAL_ISSUE_CODES)[number];

/** Parameter values of an issue (shown by the UI next to the translated text). */
export type IssueParams = Readonly<Record<string, string | number | boolean | null>>;

/**
 * One coded issue.
 * @property field wire name of the offending field (e.g. `SollDurchmesser`)
 * @property path full wire path (e.g. `soil_profiles[0].soil_layers[2].endKote`)
 * @property rowIndex index of the row within its collection (piles, layers, …)
 */
export type EngineIssue<C extends string = AxialIssueCode> = {
  code: C;
  severity: Severity;
  field?: string;
  path?: string;
  rowIndex?: number;
  params: IssueParams;
};

/** Thrown only when an internal invariant is broken (a bug), never for bad input. */
export class EngineInvariantError extends Error {
  override name = 'EngineInvariantError';
}

/** Throws EngineInvariantError when `condition` is false. */
export function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new EngineInvariantError(message);
}

/** Builds an issue with empty params by default. */
export const issue = (
  code: AxialIssueCode,
  severity: Severity,
  extra: Omit<EngineIssue, 'code' | 'severity' | 'params'> & { params?: IssueParams } = {},
): EngineIssue => ({ code, severity, ...extra, params: extra.params ?? {} });
