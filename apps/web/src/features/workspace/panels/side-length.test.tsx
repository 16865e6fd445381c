// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/AppProviders';
import { isSideLengthCell } from '../../grid/size-meaning';
import { exampleResult, exampleWorkbook } from './dev/example-data';
import { PileDetailPanel } from './PileDetailPanel';

// ADR 0130: for a precast square pile (type c) SollDurchmesser is the side length a.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const workbook = exampleWorkbook();
const result = exampleResult(workbook);
// the expected numbers below are written with the decimal point (German defaults to the comma, ADR 0140)
const show = (element: ReactElement) => {
  localStorage.setItem('pp.decimalSeparator', 'point');
  return render(<AppProviders queryClient={createQueryClient()}>{element}</AppProviders>);
};

afterEach(() => cleanup());

describe('side length of precast square piles', { timeout: 60_000 }, () => {
  it('marks only the SollDurchmesser cells of type c rows in the grid', () => {
    expect(isSideLengthCell('pile', 'SollDurchmesser', { PfahlTyp: 'c' })).toBe(true);
    expect(isSideLengthCell('pile', 'SollDurchmesser', { PfahlTyp: 'bp' })).toBe(false);
    expect(isSideLengthCell('pile', 'PfahlAnzahl', { PfahlTyp: 'c' })).toBe(false);
  });

  it('shows the side length a and D_eq = 1.128·a in the detail of load point 104 (c, a = 0.45 m)', () => {
    const index = workbook.piles.findIndex((p) => p.Pname === '104');
    expect(workbook.piles[index]!.PfahlTyp).toBe('c');
    show(
      <PileDetailPanel
        pile={workbook.piles[index]!}
        profile={workbook.soil_profiles.find((p) => p.name === workbook.piles[index]!.BodenProfil)!}
        settings={workbook.settings}
        result={result.piles[index]!}
        isPreview={false}
      />,
    );
    expect(screen.getByText('Kantenlänge a (Typ c, quadratisch)')).toBeTruthy();
    expect(screen.getByText('0.450 m')).toBeTruthy();
    // D_eq = 2·0.45/√π = 0.5078 m; base area a² = 0.2025 m²; perimeter 4a = 1.800 m
    expect(screen.getByText('0.508 m')).toBeTruthy();
    expect(screen.getByText('0.2025 m²')).toBeTruthy();
    expect(screen.getByText('1.800 m')).toBeTruthy();
    expect(screen.queryByText('Durchmesser D')).toBeNull();
  });
});
