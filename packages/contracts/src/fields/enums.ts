/**
 * Enumerations of the wire format (docs/sources/legacy-format.md §L2.5, §L2.10). Labels are language-neutral short
 * texts for docs and logs; the UI translates `field.<key>.option.<value>`.
 */

/** Pile type codes as piles store and send them (`PfahlTyp`, `StandardPfahlTyp`). */
export const PILE_TYPE_OPTIONS = [
  { value: 'js', label: 'Jac-S' },
  { value: 'jo', label: 'Jac-O' },
  { value: 'jb', label: 'Jac-B' },
  { value: 'jv', label: 'Jac-V' },
  { value: 'bp', label: 'Bohrpfahl' },
  { value: 'a', label: 'Atlas' },
  { value: 'f', label: 'Fundex' },
  { value: 'v', label: 'VGS' },
  { value: 'c', label: 'Betonfertigrammpfahl' },
  { value: 'r', label: 'Stahlrohrrammpfahl' },
  { value: 'fv', label: 'Fundex (fv)' },
  { value: 'fdp', label: 'Atlas-FDP' },
] as const;
export type PileTypeCode = (typeof PILE_TYPE_OPTIONS)[number]['value'];

/** Pile type ids as soil profiles store and send them (`pfahlTyp`, lower-case p). */
export const PILE_TYPE_ID_OPTIONS = [
  { value: 0, label: 'js' },
  { value: 1, label: 'jo' },
  { value: 2, label: 'jb' },
  { value: 3, label: 'jv' },
  { value: 4, label: 'bp' },
  { value: 5, label: 'a' },
  { value: 6, label: 'f' },
  { value: 7, label: 'v' },
  { value: 14, label: 'c' },
  { value: 15, label: 'r' },
  { value: 16, label: 'fv' },
  { value: 17, label: 'fdp' },
] as const;

/** Driven pile types: their `qsk` is sent as `qskStern` (docs/sources/legacy-format.md §L4.2 step 3). */
export const DRIVEN_PILE_TYPES: readonly PileTypeCode[] = ['c', 'r'];

/**
 * Concrete strength classes by characteristic cylinder strength f_ck [N/mm²] (EN 206 / EN 1992-1-1).
 * The predecessor offered 25, 30, 35 and labelled 35 "C35/40", a class that does not exist: f_ck = 35
 * is C35/45, so its code 35 is read as C35/45 (ADR 0054).
 */
export const CONCRETE_CLASS_OPTIONS = [
  { value: 20, label: 'C20/25' },
  { value: 25, label: 'C25/30' },
  { value: 30, label: 'C30/37' },
  { value: 35, label: 'C35/45' },
  { value: 40, label: 'C40/50' },
  { value: 45, label: 'C45/55' },
  { value: 50, label: 'C50/60' },
] as const;

/** Codes the predecessor knew (`BetonZyl` 25/30/35); its files only ever contain these. */
export const LEGACY_CONCRETE_CODES: readonly number[] = [25, 30, 35];

export const NORM_OPTIONS = [
  { value: 0, label: 'DIN 1054' },
  { value: 1, label: 'EA-Pfähle' },
] as const;

export const TOE_INFLUENCE_OPTIONS = [
  { value: 0, label: 'Ohne' },
  { value: 1, label: 'AA' },
  { value: 2, label: 'RR' },
] as const;

export const INCREASE_SCOPE_OPTIONS = [
  { value: 0, label: 'alle' },
  { value: 1, label: 'qc und cu' },
  { value: 2, label: 'nein' },
] as const;

/** Structural steel grades of steel pipe piles (`StahlsorteRohr`); f_y for t ≤ 40 mm in the engine. */
/**
 * Reinforcing steel grade (`Stahlsorte`): the engine implements B500B only (DIN 488 / EN 1992-1-1 Annex C,
 * f_yk = 500 N/mm², class B; packages/engine/src/section/materials.ts), which is also the predecessor's only
 * value (docs/sources/legacy-format.md §L2.5). Any other text was accepted before and silently calculated as
 * B500B; now it is refused at the field, like every free-text field that is really an enumeration.
 */
export const REINFORCING_STEEL_GRADE_OPTIONS = [{ value: 'B500B', label: 'B500B' }] as const;

export const PIPE_STEEL_GRADE_OPTIONS = [
  { value: 'S235', label: 'S235' },
  { value: 'S275', label: 'S275' },
  { value: 'S355', label: 'S355' },
] as const;

/**
 * Manufacture of steel pipes (`StahlrohrHerstellung`): selects the flexural buckling curve of EN 1993-1-1 Table 6.2
 * (hot finished → a, cold formed → c) in the engine (ADR 0103).
 */
export const PIPE_MANUFACTURE_OPTIONS = [
  { value: 'kaltgefertigt', label: 'kaltgefertigt' },
  { value: 'warmgefertigt', label: 'warmgefertigt' },
] as const;
