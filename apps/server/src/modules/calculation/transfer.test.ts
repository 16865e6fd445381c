import { calculatePileDetail } from '@pfahlplaner/engine';
import type { LateralDistribution } from '@pfahlplaner/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { largeWorkbookWithLoadRows } from '#app/modules/projects/fixtures';
import { runCalculation } from './run-calculation';
import type { FullProjectResult } from './run-calculation';
import { packForTransfer, unpackTransferred } from './transfer';
import { createCalculationPool } from './worker-pool';

const distributions = (result: FullProjectResult): LateralDistribution[] =>
  result.horizontal_loadcases.flatMap((c) =>
    c.horizontal_loads.flatMap((r) => (r.distribution ? [r.distribution] : [])),
  );

describe('transport of results between threads (issue 23, ADR 0198)', () => {
  const pool = createCalculationPool(1);
  afterAll(async () => {
    await pool.close();
  });

  it('answers the full result the engine computes in-process, distributions as arrays', async () => {
    const input = largeWorkbookWithLoadRows('Transfer', 40);
    const direct = runCalculation(input);
    // The case under test: every load row carries a distribution (else nothing would be packed).
    expect(distributions(direct)).toHaveLength(40 * direct.horizontal_loadcases.length);
    const answered = await pool.run(input, 'full');
    expect(answered).toStrictEqual(direct);
    for (const d of distributions(answered)) expect(Array.isArray(d.M)).toBe(true);
  });

  it('answers the detail of one load point as the engine computes it', async () => {
    const input = largeWorkbookWithLoadRows('Transfer', 40);
    const direct = calculatePileDetail(input, 7);
    // Load point 8 has its row in the load case, and the row a distribution.
    expect(direct?.loads.length).toBeGreaterThan(0);
    expect(direct?.loads[0]?.result.distribution).not.toBeNull();
    expect(await pool.pileDetail(input, 7)).toStrictEqual(direct);
    expect(await pool.pileDetail(input, 40)).toBeNull();
  });

  it('packs every distribution array into a transferable Float64Array and restores it exactly', () => {
    const result = runCalculation(largeWorkbookWithLoadRows('Transfer', 3));
    const row = result.horizontal_loadcases[0]!.horizontal_loads[0]!;
    // Values a float64 must carry unchanged: -0, NaN, tiny and huge numbers; and an array two keys share.
    const special = [-0, Number.NaN, 5e-324, 1.7976931348623157e308, 0.1 + 0.2];
    const shared = [...row.distribution!.M.slice(0, -special.length), ...special];
    row.distribution = { ...row.distribution!, M: shared, Q: shared };
    const expected = structuredClone(result);
    const { value, transfer } = packForTransfer(result);
    const packedRow = (value as FullProjectResult).horizontal_loadcases[0]!.horizontal_loads[0]!;
    expect(packedRow.distribution!.M).toBeInstanceOf(Float64Array);
    expect(packedRow.distribution!.Q).toBe(packedRow.distribution!.M);
    expect(row.distribution.M).toBe(shared); // the engine's objects are unchanged
    const received = structuredClone(value, { transfer });
    expect(transfer.every((buffer) => buffer.byteLength === 0)).toBe(true); // moved, not copied
    const unpacked = unpackTransferred(received) as FullProjectResult;
    expect(unpacked).toStrictEqual(expected);
    const back = unpacked.horizontal_loadcases[0]!.horizontal_loads[0]!.distribution!;
    expect(Object.is(back.M.at(-special.length), -0)).toBe(true);
    expect(back.Q).toBe(back.M);
  });
});
