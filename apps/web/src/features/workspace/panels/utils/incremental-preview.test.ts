import type { Workbook } from '@pfahlplaner/contracts';
import { calculateProject } from '@pfahlplaner/engine';

import { describe, expect, it } from 'vitest';
import { exampleWorkbook } from '../dev/example-data';
import { benchWorkbook } from './bench-project';
import { applyPreviewUpdate, computePreview, type PreviewCache } from './incremental-preview';

// The preview is axial only (load cases are left to the server calculation).
const AXIAL_ONLY = { horizontalLoadCases: 'skip' } as const;

/** Rounds every number to 9 significant digits (shortest-path sums may differ in the last bit). */
const rounded = (value: unknown): unknown =>
  typeof value === 'number'
    ? Number.isFinite(value)
      ? Number(value.toPrecision(9))
      : value
    : Array.isArray(value)
      ? value.map(rounded)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]))
        : value;

const editRow = (wb: Workbook, i: number, patch: Record<string, unknown>): Workbook => ({
  ...wb,
  piles: wb.piles.map((p, k) => (k === i ? { ...p, ...patch } : p)),
});

const start = (wb: Workbook) => computePreview(null, wb);

describe('computePreview', () => {
  it('calculates everything on the first run', () => {
    const wb = exampleWorkbook();
    const out = start(wb);
    expect(out.update.kind).toBe('full');
    expect(out.cache?.result).toEqual(calculateProject(wb, AXIAL_ONLY));
  });

  it.each([
    ['load raised', 0, { AlternativeCharakteristischeLastZ: 2600, AlternativeDesignLastZ: 3600 }],
    ['diameter changed', 2, { SollDurchmesser: 0.8 }],
    ['moved next to another pile', 6, { Rechtswert: -595.0, Hochwert: 697.0 }],
    ['input error', 3, { SollDurchmesser: -1 }],
    ['other profile', 1, { BodenProfil: 'BP 2' }],
  ])('patches only the affected rows and equals the full calculation (%s)', (_name, row, patch) => {
    const base = exampleWorkbook();
    const first = start(base);
    const edited = editRow(base, row, patch);
    const out = computePreview(first.cache, edited);
    expect(out.update.kind).toBe('patch');
    const shown = applyPreviewUpdate(first.cache!.result, out.update);
    expect(rounded(shown)).toEqual(rounded(calculateProject(edited, AXIAL_ONLY)));
  });

  it('equals the full calculation on a coordinated 120-row grid after deepening one toe', () => {
    const base = benchWorkbook(120);
    const first = start(base);
    let cache: PreviewCache = first.cache;
    let shown = first.update.kind === 'full' ? first.update.result : null;
    for (const [row, load] of [
      [45, 3200],
      [46, 900],
      [100, 4000],
    ] as const) {
      const edited = editRow(cache!.workbook, row, {
        AlternativeCharakteristischeLastZ: load,
        AlternativeDesignLastZ: load * 1.4,
      });
      const out = computePreview(cache, edited);
      expect(out.update.kind).toBe('patch');
      shown = applyPreviewUpdate(shown, out.update);
      cache = out.cache;
      expect(rounded(shown)).toEqual(rounded(calculateProject(edited, AXIAL_ONLY)));
    }
  });

  it('recalculates everything when settings, profiles, the row count or a name change', () => {
    const base = exampleWorkbook();
    const first = start(base);
    const cases: Workbook[] = [
      { ...base, settings: { ...base.settings, gammaDruck: 1.5 } },
      { ...base, soil_profiles: base.soil_profiles.slice(0, 1) },
      { ...base, piles: base.piles.slice(1) },
      editRow(base, 0, { Pname: '101a' }),
    ];
    for (const wb of cases) expect(computePreview(first.cache, wb).update.kind).toBe('full');
  });

  it('sends an empty patch when nothing changed', () => {
    const base = exampleWorkbook();
    const first = start(base);
    const out = computePreview(first.cache, { ...base, piles: base.piles.map((p) => ({ ...p })) });
    expect(out.update).toMatchObject({ kind: 'patch', piles: [] });
    expect(applyPreviewUpdate(first.cache!.result, out.update)).toBe(first.cache!.result);
  });
});
