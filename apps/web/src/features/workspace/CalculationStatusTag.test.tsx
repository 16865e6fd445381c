// @vitest-environment jsdom
import type { CalculationInfo } from '@pfahlplaner/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { CalculationStatusTag } from './CalculationStatusTag';

afterEach(() => cleanup());

const info = (over: Partial<CalculationInfo>): CalculationInfo => ({
  engine_version: '0.3.0',
  calculated_at: '2026-11-23T10:00:00.000Z',
  input_hash: 'a'.repeat(64),
  project_version: 3,
  server: 'local',
  stale: true,
  stale_reason: 'engine',
  current_engine_version: '0.4.0',
  ...over,
});

describe('CalculationStatusTag', () => {
  it('names both engine versions when the results are stale only because the engine changed', () => {
    renderPage(<CalculationStatusTag mode="stale" info={info({})} untouched />);
    expect(screen.getByTestId('calc-state-stale').textContent).toBe(
      'Ergebnisse der Engine 0.3.0 – bitte mit 0.4.0 neu berechnen',
    );
  });

  it('says only "stale" once the inputs changed, or when the inputs were the reason', () => {
    renderPage(<CalculationStatusTag mode="stale" info={info({})} untouched={false} />);
    expect(screen.getByTestId('calc-state-stale').textContent).toBe('Ergebnisse veraltet');
    cleanup();
    renderPage(
      <CalculationStatusTag mode="stale" info={info({ stale_reason: 'inputs' })} untouched />,
    );
    expect(screen.getByTestId('calc-state-stale').textContent).toBe('Ergebnisse veraltet');
  });

  it.each([
    ['fresh', 'calc-state-fresh', 'Ergebnisse aktuell'],
    ['preview', 'calc-state-preview', 'Vorschau'],
    ['none', 'calc-state-none', 'Nicht berechnet'],
  ] as const)('shows %s', (mode, testId, text) => {
    renderPage(<CalculationStatusTag mode={mode} info={null} untouched />);
    expect(screen.getByTestId(testId).textContent).toBe(text);
  });
});
