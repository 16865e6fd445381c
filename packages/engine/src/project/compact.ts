import type { HorizontalLoadRowResult } from '../loadcases/row-result';
import { calculateProject } from './calculate-project';
import type { AxialPileResult } from './result-types';

/** The full result of one load point: its axial result with the trace and its load rows with distributions. */
export type PileDetail = {
  pile: AxialPileResult;
  /** Every load row naming the load point: load-case index, row index and the full row result. */
  loads: { loadCase: number; row: number; result: HorizontalLoadRowResult }[];
};

/**
 * The detail of the load point at `pileIndex`, computed on demand: the axial part of the whole project (toe
 * coordination and Nachweisgruppen depend on the other rows; ~20 ms for 1,000 load points) and the lateral
 * analysis of this load point's load rows only. Null when the index is out of range or the input is
 * unreadable.
 * @see ADR 0170
 */
export function calculatePileDetail(input: unknown, pileIndex: number): PileDetail | null {
  const result = calculateProject(input, { loadRowsOf: pileIndex });
  const pile = result.piles[pileIndex];
  if (pile === undefined) return null;
  const loads: PileDetail['loads'] = [];
  result.horizontal_loadcases.forEach((c, loadCase) =>
    c.horizontal_loads.forEach((r, row) => {
      if (r.Pname === pile.Pname) loads.push({ loadCase, row, result: r });
    }),
  );
  return { pile, loads };
}
