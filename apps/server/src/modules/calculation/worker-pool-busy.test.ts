import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '#app/lib/app-error';
import type { CalculationPool } from '#app/modules/calculation/worker-pool';
import {
  CALCULATION_BUSY_RETRY_SECONDS,
  createCalculationPool,
} from '#app/modules/calculation/worker-pool';
import { largeWorkbook } from '#app/modules/projects/fixtures';

/**
 * Answers under load (issue "Hardening"): the pool used to queue calculations without end. With one worker
 * and room for two waiting, the fourth of four simultaneous calculations is refused at once with the coded
 * 503 and Retry-After; the three accepted ones all finish.
 */
describe('calculation pool under a flood of requests', () => {
  let pool: CalculationPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('refuses beyond the queue bound with CALCULATION_BUSY and finishes what it accepted', async () => {
    pool = createCalculationPool(1, 2);
    const input = largeWorkbook('Last', 200);
    const runs = Array.from({ length: 4 }, () =>
      pool!.run(input).then(
        () => 'done',
        (e: unknown) => e,
      ),
    );
    const outcomes = await Promise.all(runs);
    expect(outcomes.slice(0, 3)).toEqual(['done', 'done', 'done']);
    const refused = outcomes[3];
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('CALCULATION_BUSY');
    expect((refused as AppError).headers['retry-after']).toBe(
      String(CALCULATION_BUSY_RETRY_SECONDS),
    );
  });
});
