/**
 * Pile type codes of the wire format (`PfahlTyp`).
 * @see docs/sources/legacy-format.md §L2.10 (enumeration of the predecessor, ids and names)
 */
export const PILE_TYPE_CODES = [
  'js',
  'jo',
  'jb',
  'jv',
  'bp',
  'a',
  'f',
  'v',
  'c',
  'r',
  'fv',
  'fdp',
] as const;
export type PfahlTyp = (typeof PILE_TYPE_CODES)[number];

/** Legacy soil-profile pile type ids (`pfahlTyp` on soil profiles) → code. @see docs/sources/legacy-format.md §L2.10 */
export const PILE_TYPE_BY_ID: Readonly<Record<number, PfahlTyp>> = {
  0: 'js',
  1: 'jo',
  2: 'jb',
  3: 'jv',
  4: 'bp',
  5: 'a',
  6: 'f',
  7: 'v',
  14: 'c',
  15: 'r',
  16: 'fv',
  17: 'fdp',
};

/** True when `code` is a known pile type code. */
export const isPfahlTyp = (code: string): code is PfahlTyp =>
  (PILE_TYPE_CODES as readonly string[]).includes(code);
