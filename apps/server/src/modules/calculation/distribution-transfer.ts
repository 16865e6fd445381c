import type { LateralDistribution } from '@pfahlplaner/engine';
import type { TaskResult } from './run-calculation';

/**
 * The w/M/Q distributions along the piles are most of a full result's bytes (43 MB of 1,000 load points with a
 * load row each). Posted from the calculation worker as arrays of numbers, the structured clone copies and
 * re-creates every number on the main thread; as Float64Arrays whose buffers are *transferred*, the main thread
 * only takes over the memory (measured for ADR 0198: 264 ms against 50 ms for the 43 MB result). The worker
 * packs them (`packDistributions`), the pool unpacks them into plain arrays again (`unpackDistributions`), so
 * everything after the pool sees the engine's own types. Both change the result in place: it is the worker's
 * own object, or the message the pool has just received.
 */

type Packed = Record<keyof LateralDistribution, Float64Array | number[]>;
type Row = { distribution: LateralDistribution | Packed | null };

/** Every load row of a task result: the rows of all load cases (project) or of one load point (detail). */
const rowsOf = (result: TaskResult): Row[] => {
  if (result === null) return [];
  if ('piles' in result) return result.horizontal_loadcases.flatMap((c) => c.horizontal_loads);
  return result.loads.map((load) => load.result);
};

/** Replaces each distribution's arrays by Float64Arrays; returns their buffers, to be transferred. */
export const packDistributions = (result: TaskResult): ArrayBuffer[] => {
  const buffers: ArrayBuffer[] = [];
  for (const row of rowsOf(result)) {
    const distribution = row.distribution as LateralDistribution | null;
    if (distribution === null) continue;
    const packed = {} as Packed;
    for (const key of Object.keys(distribution) as (keyof LateralDistribution)[]) {
      const list = distribution[key];
      // only lists of numbers: anything else (never produced by the engine) would not survive as a double
      if (!list.every((v) => typeof v === 'number')) {
        packed[key] = list;
        continue;
      }
      const values = Float64Array.from(list);
      buffers.push(values.buffer);
      packed[key] = values;
    }
    row.distribution = packed;
  }
  return buffers;
};

/** Turns the Float64Arrays of `packDistributions` back into arrays of numbers (same values, bit for bit). */
export const unpackDistributions = (result: TaskResult): void => {
  for (const row of rowsOf(result)) {
    const packed = row.distribution;
    if (packed === null) continue;
    const plain = {} as LateralDistribution;
    for (const key of Object.keys(packed) as (keyof LateralDistribution)[]) {
      const values = packed[key];
      plain[key] = values instanceof Float64Array ? Array.from(values) : values;
    }
    row.distribution = plain;
  }
};
