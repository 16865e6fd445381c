/**
 * Columns whose value names a row elsewhere in the project (a load point's `BodenProfil` names a soil
 * profile): the names the column may take, by wire name. A value is always one of the names; typed or
 * pasted text is matched to a name, never stored as a new one (ADR 0181).
 */
export type ColumnChoices = Readonly<Record<string, readonly string[]>>;

const fold = (text: string) => text.trim().toLocaleLowerCase();

/**
 * The name that `text` means: the name written exactly so (surrounding spaces ignored), else the one name
 * that differs only in upper/lower case; null when none or more than one fits. A prefix never matches
 * ("BP 1" is not "BP 10"): an unknown name is refused, not guessed.
 */
export const matchChoice = (choices: readonly string[], text: string): string | null => {
  const wanted = text.trim();
  const exact = choices.find((name) => name.trim() === wanted);
  if (exact !== undefined) return exact;
  const folded = choices.filter((name) => fold(name) === fold(wanted));
  return folded.length === 1 ? folded[0]! : null;
};

/** The names that contain `query` (any case), in their order; all names for an empty query. */
export const filterChoices = (choices: readonly string[], query: string): string[] => {
  const wanted = fold(query);
  return wanted === '' ? [...choices] : choices.filter((name) => fold(name).includes(wanted));
};

/**
 * True when a stored value names none of the choices as the calculation reads it (trimmed, exact case);
 * empty is no reference and is allowed.
 */
export const isUnknownChoice = (choices: readonly string[], value: unknown): boolean =>
  typeof value === 'string' &&
  value.trim() !== '' &&
  !choices.some((name) => name.trim() === value.trim());
