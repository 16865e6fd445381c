/**
 * The words of a list column, by what it names: a load point's `BodenProfil` names a soil profile
 * (ADR 0181), a load-case row's `Pname` a load point (ADR 0193). One place for the editor's list, the
 * cell's hint and the sentence of a refused name.
 */
const SOIL_PROFILE = {
  list: 'workspace.grid.choice.list',
  none: 'workspace.grid.choice.none',
  noMatch: 'workspace.grid.choice.noMatch',
  cellHint: 'workspace.grid.choice.cellHint',
  reference: 'workspace.grid.inputError.reference',
  referenceNone: 'workspace.grid.inputError.referenceNone',
} as const;

const LOAD_POINT = {
  list: 'workspace.grid.choiceLoadPoint.list',
  none: 'workspace.grid.choiceLoadPoint.none',
  noMatch: 'workspace.grid.choiceLoadPoint.noMatch',
  cellHint: 'workspace.grid.choiceLoadPoint.cellHint',
  reference: 'workspace.grid.choiceLoadPoint.reference',
  referenceNone: 'workspace.grid.choiceLoadPoint.referenceNone',
} as const;

/** The i18n keys of the list column `key` (wire name); a soil profile's words for any other column. */
export const choiceTextKeys = (key: string | undefined) =>
  key === 'Pname' ? LOAD_POINT : SOIL_PROFILE;
