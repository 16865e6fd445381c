import { describe, expect, it } from 'vitest';
import { calculationState, notFreshCode } from '#app/modules/projects/calculation-state';

describe('calculationState: the one freshness rule', () => {
  const stamp = { input_hash: 'h1', engine_version: '1.0.0' };

  it('is missing without a stored calculation', () => {
    expect(calculationState(null, 'h1', '1.0.0')).toEqual({ state: 'missing' });
    expect(notFreshCode({ state: 'missing' })).toBe('CALCULATION_MISSING');
  });

  it('is fresh for the same inputs and engine', () => {
    expect(calculationState(stamp, 'h1', '1.0.0')).toEqual({ state: 'fresh' });
  });

  it('is stale for other inputs, and names inputs first when the engine differs too', () => {
    expect(calculationState(stamp, 'h2', '1.0.0')).toEqual({ state: 'stale', reason: 'inputs' });
    expect(calculationState(stamp, 'h2', '2.0.0')).toEqual({ state: 'stale', reason: 'inputs' });
    expect(notFreshCode({ state: 'stale', reason: 'inputs' })).toBe('CALCULATION_STALE');
  });

  it('is stale with reason engine when only the engine version differs', () => {
    expect(calculationState(stamp, 'h1', '2.0.0')).toEqual({ state: 'stale', reason: 'engine' });
    expect(notFreshCode({ state: 'stale', reason: 'engine' })).toBe('CALCULATION_ENGINE_CHANGED');
  });
});
