import type { HorizontalLoadRowResult } from '../loadcases/row-result';
import { calculateProject } from './calculate-project';
import type { AxialPileResult, ProjectResult } from './result-types';

/**
 * The stored form of a result (ADR 0170): every number the lists, grids, exports and the calculation state
 * read, the issues and the soil-profile usage, but not the per-pile layer traces nor the per-row w/M/Q
 * distributions, section designs and traces (about 90 % of the bytes). Those are recomputed for one load point by
 * `calculatePileDetail`: the engine is deterministic, and a stored result is only used while the inputs'
 * hash and the engine version still match (ADR 0046, 0107), so the recomputed detail is the one the full
 * run produced.
 */
export function compactResult(result: ProjectResult): ProjectResult {
  return {
    engineVersion: result.engineVersion,
    piles: result.piles.map((p) => ({ ...p, trace: null })),
    soil_profiles: result.soil_profiles,
    issues: result.issues,
    horizontal_loadcases: result.horizontal_loadcases.map((c) => ({
      ...c,
      horizontal_loads: c.horizontal_loads.map((r) => ({
        ...r,
        distribution: null,
        section: null,
        trace: [],
      })),
    })),
    isCompact: true,
  };
}

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
