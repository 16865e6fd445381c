/**
 * `SollDurchmesser` is the diameter D, except for precast square piles (type `c`), where it is the side
 * length a (engine ADR 0130: A = a², U = 4a, D_eq = 1.128·a). The grid marks such cells ("a =" before the
 * value, tooltip) so that the column reads as side length for these rows.
 */
export const isSideLengthCell = (
  entity: string,
  key: string,
  row: Record<string, unknown> | undefined,
): boolean => entity === 'pile' && key === 'SollDurchmesser' && row?.PfahlTyp === 'c';
