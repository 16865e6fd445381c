import { assert } from '../issues/issue';
import type { RangeTable, Verification } from './types';

/** How the value was obtained from the table. */
export type LookupKind =
  'node' | 'interpolated' | 'below-zero' | 'below-from-origin' | 'above-clamped';

/** Result of one table lookup (before applying the EA experience range). */
export type RangeLookup = {
  tableId: string;
  row: string;
  /** Input value [kN/m²]. */
  x: number;
  kind: LookupKind;
  /** Column nodes used (x values) [kN/m²]; empty below the table without the from-origin switch. */
  nodes: number[];
  lower: number;
  upper: number;
  /** Worst verification of the cells and rules used ('U' if any is unverified). */
  tag: Verification;
};

const worst = (...tags: Verification[]): Verification => (tags.includes('U') ? 'U' : 'S');

/**
 * Looks up a range (lower/upper) in an EA table with linear interpolation between columns.
 * Below the first column: zero (layer not load bearing), or with `belowFromOrigin` linear from (0, 0)
 * to the first column. Above the last column: the last value (rule tagged per table).
 * @param table EA table  @param row row key  @param x q_c or c_u,k [kN/m²]
 * @see docs/sources/engine.md §E1.1 rules 3–4 [S8] [P]
 */
export function lookupRange(
  table: RangeTable,
  row: string,
  x: number,
  belowFromOrigin: boolean,
): RangeLookup {
  const cellsOfRow = table.rows[row];
  assert(
    cellsOfRow !== undefined && cellsOfRow.length === table.axisValues.length,
    `table ${table.id} has no row ${row}`,
  );
  const xs = table.axisValues;
  const base = { tableId: table.id, row, x };
  const first = cellsOfRow[0]!;
  const x0 = xs[0]!;
  if (x < x0) {
    if (!belowFromOrigin) {
      return { ...base, kind: 'below-zero', nodes: [], lower: 0, upper: 0, tag: 'S' };
    }
    const t = x / x0;
    return {
      ...base,
      kind: 'below-from-origin',
      nodes: [0, x0],
      lower: t * first.lower,
      upper: t * first.upper,
      tag: first.tag,
    };
  }
  const last = xs.length - 1;
  if (x >= xs[last]!) {
    const cell = cellsOfRow[last]!;
    const isNode = x === xs[last];
    return {
      ...base,
      kind: isNode ? 'node' : 'above-clamped',
      nodes: [xs[last]!],
      lower: cell.lower,
      upper: cell.upper,
      tag: isNode ? cell.tag : worst(cell.tag, table.aboveLastRule),
    };
  }
  let i = 0;
  while (x >= xs[i + 1]!) i += 1;
  const a = cellsOfRow[i]!;
  if (x === xs[i]) {
    return { ...base, kind: 'node', nodes: [xs[i]!], lower: a.lower, upper: a.upper, tag: a.tag };
  }
  const b = cellsOfRow[i + 1]!;
  const t = (x - xs[i]!) / (xs[i + 1]! - xs[i]!);
  return {
    ...base,
    kind: 'interpolated',
    nodes: [xs[i]!, xs[i + 1]!],
    lower: a.lower + t * (b.lower - a.lower),
    upper: a.upper + t * (b.upper - a.upper),
    tag: worst(a.tag, b.tag),
  };
}

/**
 * Position in the EA experience range: q = lower + p·(upper − lower).
 * @param p 0 = lower, 1 = upper (`EAErhoehungProzent` / 100)
 * @see docs/sources/engine.md §E1.1 rule 5 [P][D]
 */
export const withinRange = (lookup: Pick<RangeLookup, 'lower' | 'upper'>, p: number): number =>
  lookup.lower + p * (lookup.upper - lookup.lower);
