import type { NormalizedSettings } from './types';

/** Where a row value used by the calculation came from (ADR 0132). */
export type ValueSource = 'row' | 'project' | 'default';

/**
 * Row fields with a project counterpart. One rule for every pair (ADR 0132): an empty row value inherits the
 * project value; an explicit row value, 0 included, wins. The project value is 'default' when the project
 * settings do not give it (the model default of docs/sources/legacy-format.md §L2.5 is used).
 * Exception `einzelzulaessigeSetzungCm`: 0 has always meant "not set" (§L2.6 default 0, the
 * predecessor and engine ≤ 0.4.0) and no pile can meet a settlement limit of 0, so 0 counts as empty.
 * `einzelAusnutzung` (meaning not documented, §L2.6) is not used by the engine and has no pair.
 */
export const ROW_PROJECT_PAIRS = [
  { row: 'einzelMindestEindringung', project: 'MindestEinbindung', isZeroUnset: false },
  { row: 'einzelzulaessigeSetzungCm', project: 'zulaessigeSetzungCm', isZeroUnset: true },
  { row: 'einzelExzentrizitaet', project: 'Exzentrizitaet', isZeroUnset: false },
  { row: 'einzelKnickLaenge', project: 'Knicklaenge', isZeroUnset: false },
  { row: 'einzelMaximaleBohrtiefe', project: 'MaxLaenge', isZeroUnset: false },
  { row: 'BetonZyl', project: 'BetonZyl', isZeroUnset: false },
] as const satisfies readonly {
  row: string;
  project: keyof NormalizedSettings;
  isZeroUnset: boolean;
}[];

/** Row field of a pair. */
export type PairedRowField = (typeof ROW_PROJECT_PAIRS)[number]['row'];

/** The value used for one paired field, in calculation units, and where it came from. */
export type RowValueTrace = {
  field: PairedRowField;
  projectField: string;
  value: number;
  source: ValueSource;
};

/**
 * Resolves one paired field: explicit row value (0 included, unless `isZeroUnset`) → 'row'; otherwise the
 * project value → 'project' when the settings give it, else 'default'.
 * @param rowValue row value in calculation units, null when empty @param projectValue project value (same units)
 * @param isProjectGiven true when the wire settings contain the project field
 */
export function resolvePaired(
  pair: (typeof ROW_PROJECT_PAIRS)[number],
  rowValue: number | null,
  projectValue: number,
  isProjectGiven: boolean,
): RowValueTrace {
  const isRow = rowValue !== null && !(pair.isZeroUnset && rowValue === 0);
  return {
    field: pair.row,
    projectField: pair.project,
    value: isRow ? rowValue : projectValue,
    source: isRow ? 'row' : isProjectGiven ? 'project' : 'default',
  };
}
