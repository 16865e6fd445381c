import { compactRow } from '../loadcases/row-result';
import type { ProjectResult } from './result-types';

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
      horizontal_loads: c.horizontal_loads.map(compactRow),
    })),
    isCompact: true,
  };
}
