/**
 * The horizontal load cases of a project: every row of every case is calculated (`calculate-row.ts`) or given an
 * empty row that says why not, and the row issues get their wire paths.
 */
import type { NormalizedHorizontalLoad, NormalizedProject } from '../input/types';
import type { EngineIssue } from '../issues/issue';
import { structuralIssue } from '../lateral/issue';
import {
  calculateRow,
  indexProject,
  type AxialDataForLateral,
  type HorizontalOptions,
} from './calculate-row';
import { emptyRow, type HorizontalLoadCaseResult, type LoadCaseResult } from './row-result';

/**
 * Horizontal load cases of a project: every row of every case is checked for the load point it names
 * (lateral analysis + internal capacity).
 * @param project normalised project @param axial toe level per load point (e.g. `ProjectResult.piles`)
 * @param options head restraint (default: the project setting)
 * @returns results per load case and row
 * @see docs/sources/engine.md §E4, §E5, §E6.1; docs/calculation-structural.md
 */
export const calculateHorizontalLoadCases = (
  project: NormalizedProject,
  axial: readonly AxialDataForLateral[],
  options: HorizontalOptions = {},
): HorizontalLoadCaseResult[] => {
  const index = indexProject(project, axial);
  return project.horizontal_loadcases.map((c) => ({
    rowIndex: c.rowIndex,
    name: c.name,
    horizontal_loads: c.horizontal_loads.map((row) =>
      project.settings.bemesseHorizontal
        ? calculateRow(project, row, index, options)
        : emptyRow(row, null, [
            structuralIssue('LOADCASE_HORIZONTAL_DESIGN_OFF', 'info', {}, 'bemesseHorizontal'),
          ]),
    ),
  }));
};

const ROW_PATH = /^horizontal_loadcases\[(\d+)\]\.horizontal_loads\[(\d+)\]/;

/**
 * The load-case part of `calculateProject`: moves the input issues of every load row from the project
 * issues to that row (a row with an input error is not calculated), calculates the other rows and gives
 * every row issue its wire path (`horizontal_loadcases[i].horizontal_loads[j]`) and row index.
 * @param project normalised project @param axial axial results of the same run (toe levels)
 * @param projectIssues project-level issues of the normalisation @param only when given, only the rows it
 *   accepts are calculated (the others are empty rows without issues: the on-demand detail of one load point,
 *   ADR 0170) @param detail false: the rows in their stored (compact) form (`compactRow`, ADR 0209)
 * @returns load-case results and the remaining project issues
 */
export const calculateProjectLoadCases = (
  project: NormalizedProject,
  axial: readonly AxialDataForLateral[],
  projectIssues: readonly EngineIssue[],
  only?: (row: NormalizedHorizontalLoad) => boolean,
  detail = true,
): { horizontal_loadcases: LoadCaseResult[]; issues: EngineIssue[] } => {
  const rowInput = new Map<string, EngineIssue[]>();
  const remaining: EngineIssue[] = [];
  for (const x of projectIssues) {
    const match = ROW_PATH.exec(x.path ?? '');
    if (match === null) remaining.push(x);
    else {
      const key = `${match[1]}/${match[2]}`;
      rowInput.set(key, [...(rowInput.get(key) ?? []), x]);
    }
  }
  const index = indexProject(project, axial);
  const horizontal_loadcases = project.horizontal_loadcases.map((c, ci) => ({
    rowIndex: c.rowIndex,
    name: c.name,
    horizontal_loads: c.horizontal_loads.map((row, ri) => {
      const input = rowInput.get(`${ci}/${ri}`) ?? [];
      const result = !project.settings.bemesseHorizontal
        ? emptyRow(row, null, [
            structuralIssue('LOADCASE_HORIZONTAL_DESIGN_OFF', 'info', {}, 'bemesseHorizontal'),
          ])
        : input.some((x) => x.severity === 'error')
          ? emptyRow(row, null, [structuralIssue('LOADCASE_ROW_INPUT_INVALID', 'error', {})])
          : only !== undefined && !only(row)
            ? emptyRow(row, null, [])
            : calculateRow(project, row, index, { detail });
      const path = `horizontal_loadcases[${ci}].horizontal_loads[${ri}]`;
      const own = result.issues.map((x) => ({
        ...x,
        path: x.field === undefined ? path : `${path}.${x.field}`,
        rowIndex: ri,
      }));
      return { ...result, issues: [...input, ...own] };
    }),
  }));
  return { horizontal_loadcases, issues: remaining };
};
