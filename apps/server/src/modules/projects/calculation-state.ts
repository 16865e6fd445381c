import { ENGINE_VERSION } from '@pfahlplaner/engine';

/**
 * The state of a project's stored calculation, as data (ADR 0107; issue "one place per rule"):
 * - `missing`: no calculation stored;
 * - `stale`: stored, but made for other inputs (`inputs`) or by another engine version (`engine`);
 * - `fresh`: made for the current inputs by the engine this server runs.
 * This is the only place where freshness is decided; callers choose what each state means for them
 * (exports carry results only when fresh, the PDF report refuses with the coded reason).
 */
export type CalculationState =
  { state: 'missing' } | { state: 'stale'; reason: StaleReason } | { state: 'fresh' };

export type StaleReason = 'inputs' | 'engine';

/** What the freshness rule needs of a stored calculation. */
export type CalculationStamp = { input_hash: string; engine_version: string };

/**
 * Freshness of a stored calculation against the project's current input hash. Inputs are checked first:
 * when both differ, the user has to calculate again for their own change, which is the reason to name.
 */
export const calculationState = (
  stamp: CalculationStamp | null,
  currentInputHash: string,
  engineVersion: string = ENGINE_VERSION,
): CalculationState => {
  if (stamp === null) return { state: 'missing' };
  if (stamp.input_hash !== currentInputHash) return { state: 'stale', reason: 'inputs' };
  if (stamp.engine_version !== engineVersion) return { state: 'stale', reason: 'engine' };
  return { state: 'fresh' };
};

/** The coded 409 a caller that needs fresh results answers for a state that is not fresh. */
export const notFreshCode = (
  state: Exclude<CalculationState, { state: 'fresh' }>,
): 'CALCULATION_MISSING' | 'CALCULATION_STALE' | 'CALCULATION_ENGINE_CHANGED' =>
  state.state === 'missing'
    ? 'CALCULATION_MISSING'
    : state.reason === 'inputs'
      ? 'CALCULATION_STALE'
      : 'CALCULATION_ENGINE_CHANGED';
