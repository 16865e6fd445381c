import { describe, expect, it } from 'vitest';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
import {
  canonicalJson,
  defaultSettings,
  inputHashOf,
  stripResults,
  toWireWorkbook,
  validateWorkbook,
} from '#app/modules/projects/workbook';
import { runCalculation } from '#app/modules/calculation/run-calculation';

const stored = () =>
  stripResults(validateWorkbook(exampleWorkbook('Hash'), { plan: 'Paid', checkReferences: true }));

describe('workbook helpers', () => {
  it('writes canonical JSON with sorted keys at every level', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], e: undefined })).toBe(
      '{"a":[{"c":"x","d":null}],"b":1}',
    );
  });

  it('hashes inputs only: key order, project data and PDF options do not matter, a cell does', () => {
    const a = stored();
    const reverse = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reverse)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reverse(x)]),
            )
          : v;
    const reordered = reverse(a) as typeof a;
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(a));
    expect(inputHashOf(reordered)).toBe(inputHashOf(a));
    const renamed = {
      ...a,
      settings: { ...a.settings, name: 'Anders', companyAltName: 'X', seitenStartNummer: 7 },
    };
    expect(inputHashOf(renamed)).toBe(inputHashOf(a));
    const changed = { ...a, settings: { ...a.settings, gammaDruck: 1.5 } };
    expect(inputHashOf(changed)).not.toBe(inputHashOf(a));
    const cell = stored();
    cell.piles[0]!.SollDurchmesser = 1.25;
    expect(inputHashOf(cell)).not.toBe(inputHashOf(a));
  });

  it('never stores results and fills them back by row', () => {
    const a = stored();
    expect(Object.keys(a.piles[0]!)).not.toContain('R_d');
    const result = runCalculation(a);
    const wire = toWireWorkbook(a, 3, result);
    expect(wire.version).toBe(3);
    expect(wire.piles[1]!.R_d).toBe(result.piles[1]!.R_d);
    expect(wire.soil_profiles[0]!.soil_layers[2]!.usedQsk).toBe(
      result.soil_profiles[0]!.soil_layers[2]!.usedQsk,
    );
    expect(wire.horizontal_loadcases[0]!.horizontal_loads[0]!.wOben).toBe(
      result.horizontal_loadcases[0]!.horizontal_loads[0]!.wOben,
    );
    expect(inputHashOf(stripResults(wire))).toBe(inputHashOf(a));
    expect(toWireWorkbook(a, 3, null).piles[1]!.R_d).toBeNull();
  });

  it('gives new Free projects a step width of 1.0 m and others the model default', () => {
    expect(defaultSettings('X', 'Free').Schrittweite).toBe(1);
    expect(defaultSettings('X', 'Paid').Schrittweite).toBe(0.1);
  });
});
