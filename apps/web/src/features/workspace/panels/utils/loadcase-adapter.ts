import type { HorizontalLoadCase } from '@pfahlplaner/contracts';
import type {
  HorizontalLoadCaseResult,
  HorizontalLoadRowResult,
  ProjectResult,
} from '@pfahlplaner/engine';

/**
 * The load-case results of a project result, or null when it has none: not calculated yet, or an
 * axial-only result (the live preview skips the load cases).
 */
export const loadCaseResults = (
  result: Pick<ProjectResult, 'horizontal_loadcases'> | null,
): HorizontalLoadCaseResult[] | null =>
  result !== null && result.horizontal_loadcases.length > 0 ? result.horizontal_loadcases : null;

/** The result of one load case, matched by its (unique) name. */
export const findLoadCaseResult = (
  result: Pick<ProjectResult, 'horizontal_loadcases'> | null,
  loadCase: Pick<HorizontalLoadCase, 'name'>,
): HorizontalLoadCaseResult | null =>
  loadCaseResults(result)?.find((c) => c.name === loadCase.name) ?? null;

/** The result row of the selected load point in a load case (first row with that Pname). */
export const findLoadRowResult = (
  caseResult: HorizontalLoadCaseResult | null,
  Pname: string | null,
): HorizontalLoadRowResult | null =>
  Pname === null ? null : (caseResult?.horizontal_loads.find((r) => r.Pname === Pname) ?? null);

/** Points of one quantity along the pile (level on y), for the force diagrams. */
export const distributionSeries = (
  row: HorizontalLoadRowResult,
  key: 'wx' | 'wy' | 'Mx' | 'My' | 'Qx' | 'Qy',
): { x: number; y: number }[] => {
  const d = row.distribution;
  if (d === null) return [];
  return d.level.map((level, i) => ({ x: d[key][i] ?? Number.NaN, y: level }));
};
