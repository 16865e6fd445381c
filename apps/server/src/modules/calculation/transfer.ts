import type { LateralDistribution, PileDetail } from '@pfahlplaner/engine';
import type { TaskResult } from './run-calculation';

/**
 * How a worker's answer crosses the thread boundary (issue 23, ADR 0198): the structured clone of a full
 * result costs several times more for arrays of numbers than for Float64Arrays, and a Float64Array's buffer is
 * transferred instead of copied. The w/M/Q distributions of the load rows are most of a full result (8.9 of
 * 14.4 MB for 1,000 load points with a load row each), so the worker sends each of their arrays as a
 * transferred Float64Array and the main thread turns them back into arrays: the result is then the engine's
 * (a float64 holds every JS number exactly, -0 and NaN included).
 */

type Row = { distribution: LateralDistribution | null };
type Packed<T> = { value: T; transfer: ArrayBuffer[] };

const KEYS = [
  'level',
  'depth',
  'wx',
  'wy',
  'w',
  'Mx',
  'My',
  'M',
  'Qx',
  'Qy',
  'Q',
  'p',
] as const satisfies readonly (keyof LateralDistribution)[];

/** Maps every load row of a full result or of one load point's detail; other parts are kept as they are. */
const mapRows = (result: TaskResult, map: <R extends Row>(row: R) => R): TaskResult => {
  if (result === null) return null;
  if ('loads' in result) {
    const detail: PileDetail = result;
    return { ...detail, loads: detail.loads.map((l) => ({ ...l, result: map(l.result) })) };
  }
  return {
    ...result,
    horizontal_loadcases: result.horizontal_loadcases.map((c) => ({
      ...c,
      horizontal_loads: c.horizontal_loads.map(map),
    })),
  };
};

/**
 * In the worker: a copy of `result` whose distributions hold Float64Arrays, and their buffers to transfer.
 * The engine's objects are not changed (parts of them may be cached in the worker); an array shared by
 * several rows stays one Float64Array.
 */
export const packForTransfer = (result: TaskResult): Packed<TaskResult> => {
  const transfer: ArrayBuffer[] = [];
  const packed = new Map<readonly number[], Float64Array<ArrayBuffer>>();
  const pack = (array: number[]): Float64Array<ArrayBuffer> => {
    let typed = packed.get(array);
    if (typed === undefined) {
      typed = new Float64Array(array);
      packed.set(array, typed);
      transfer.push(typed.buffer);
    }
    return typed;
  };
  const value = mapRows(result, (row) => {
    const d = row.distribution;
    if (d === null) return row;
    const distribution = { ...d };
    for (const key of KEYS) (distribution as Record<string, unknown>)[key] = pack(d[key]);
    return { ...row, distribution };
  });
  return { value, transfer };
};

/** In the main thread: the inverse of `packForTransfer`, in place (the received clone is ours). */
export const unpackTransferred = (result: TaskResult): TaskResult => {
  const unpacked = new Map<Float64Array, number[]>();
  const unpack = (typed: Float64Array): number[] => {
    let array = unpacked.get(typed);
    if (array === undefined) {
      // An indexed copy: several times faster than Array.from's iterator on a typed array.
      array = new Array<number>(typed.length);
      for (let i = 0; i < typed.length; i += 1) array[i] = typed[i]!;
      unpacked.set(typed, array);
    }
    return array;
  };
  const each = (row: Row) => {
    const d = row.distribution as Record<string, unknown> | null;
    if (d === null) return;
    for (const key of KEYS) {
      const value = d[key];
      if (value instanceof Float64Array) d[key] = unpack(value);
    }
  };
  if (result === null) return null;
  if ('loads' in result) for (const l of result.loads) each(l.result);
  else for (const c of result.horizontal_loadcases) for (const r of c.horizontal_loads) each(r);
  return result;
};
