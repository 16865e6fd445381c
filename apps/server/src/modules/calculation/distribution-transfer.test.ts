import {
  calculatePileDetail,
  calculateProject,
  type LateralDistribution,
} from '@pfahlplaner/engine';
import { describe, expect, it } from 'vitest';
import { largeWorkbook } from '#app/modules/projects/fixtures';
import { packDistributions, unpackDistributions } from './distribution-transfer';
import type { TaskResult } from './run-calculation';

const distributionsOf = (result: TaskResult): LateralDistribution[] => {
  if (result === null) return [];
  const rows =
    'piles' in result
      ? result.horizontal_loadcases.flatMap((c) => c.horizontal_loads)
      : result.loads.map((l) => l.result);
  return rows.flatMap((r) => (r.distribution ? [r.distribution] : []));
};

/** Every number of every distribution, compared with Object.is (so -0 against 0 and NaN count too). */
const sameBits = (a: LateralDistribution[], b: LateralDistribution[]) => {
  expect(a.length).toBe(b.length);
  a.forEach((d, i) => {
    for (const key of Object.keys(d) as (keyof LateralDistribution)[]) {
      expect(Array.isArray(d[key]), key).toBe(true);
      expect(d[key].length, key).toBe(b[i]![key].length);
      expect(
        d[key].every((v, j) => Object.is(v, b[i]![key][j])),
        key,
      ).toBe(true);
    }
  });
};

describe('distributions between the calculation worker and the pool (ADR 0198)', () => {
  const input = largeWorkbook('Verteilungen', 6, 1);

  it('moves the full result’s distributions as transferred buffers and gives back the same numbers', () => {
    const result = calculateProject(input);
    const reference = distributionsOf(calculateProject(input));
    expect(reference.length).toBeGreaterThan(0); // the fixture has load rows with distributions
    // a -0 and a NaN, which a conversion through JSON or a check with === would not keep apart
    result.horizontal_loadcases[0]!.horizontal_loads[0]!.distribution!.Qx[0] = -0;
    reference[0]!.Qx[0] = -0;

    const transfer = packDistributions(result);
    expect(transfer.length).toBe(reference.length * 12); // twelve lists per distribution
    const received = structuredClone(result, { transfer });
    // transferred, not copied: the sender's buffers are detached
    expect(transfer.every((buffer) => buffer.byteLength === 0)).toBe(true);
    unpackDistributions(received);
    sameBits(distributionsOf(received), reference);
    // everything but the distributions is untouched
    expect({ ...received, horizontal_loadcases: [] }).toEqual({
      ...calculateProject(input),
      horizontal_loadcases: [],
    });
  });

  it('does the same for one load point’s detail, and leaves a compact result alone', () => {
    const detail = calculatePileDetail(input, 0);
    const reference = distributionsOf(calculatePileDetail(input, 0));
    expect(reference.length).toBeGreaterThan(0);
    const received = structuredClone(detail, { transfer: packDistributions(detail) });
    unpackDistributions(received);
    sameBits(distributionsOf(received), reference);

    expect(packDistributions(null)).toEqual([]);
  });

  it('keeps a list that is not all numbers as it is instead of turning its entries into doubles', () => {
    const result = calculateProject(input);
    const distribution = result.horizontal_loadcases[0]!.horizontal_loads[0]!.distribution!;
    (distribution.p as unknown[])[0] = null;
    const transfer = packDistributions(result);
    const received = structuredClone(result, { transfer });
    unpackDistributions(received);
    const back = received.horizontal_loadcases[0]!.horizontal_loads[0]!.distribution!;
    expect(back.p[0]).toBeNull();
    expect(back.w).toEqual(distribution.w); // the other lists went through as doubles
  });
});
