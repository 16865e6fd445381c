import { describe, expect, it } from 'vitest';
import { exampleResult, exampleWorkbook } from '../dev/example-data';
import { baseColumns, hasUnverifiedValues, layerRows, qSource } from './trace-rows';

const workbook = exampleWorkbook();
const result = exampleResult(workbook);
const pile101 = result.piles[0]!;

describe('layerRows', () => {
  it('lists every layer of load point 101 with the q values the engine used', () => {
    const rows = layerRows(pile101.trace!, workbook.soil_profiles[0]!);
    expect(rows.map((r) => [r.number, r.name, r.kind])).toEqual([
      [1, 'A, U, T, U+T', 'none'],
      [2, 'lehm', 'cohesive'],
      [3, 'Kies und Sand', 'non-cohesive'],
    ]);
    // Layer 2: c_u,k = 100 kN/m² → EA Tab. 5.15 skin 38.89, Tab. 5.14 base 350/450/800 kN/m².
    expect(rows[1]!.qs.used).toBeCloseTo(38.889, 3);
    expect(rows[1]!.qb.map((c) => c?.used)).toEqual([350, 450, 800]);
    expect(rows[1]!.qs.source).toMatchObject({
      kind: 'table',
      tableId: 'EA-5.15',
      isVerified: true,
    });
    expect(rows[2]!.isToeLayer).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.Rs_i, 0)).toBeCloseTo(pile101.Rs_k!, 6);
  });

  it('reads the base columns s/D of a bored pile', () => {
    expect(baseColumns(pile101.trace!)).toEqual([0.02, 0.03, 0.1]);
  });

  it('works without the profile (no layer names)', () => {
    expect(layerRows(pile101.trace!, null)[0]!.name).toBe('');
  });
});

describe('qSource', () => {
  it('marks unverified table cells and user inputs', () => {
    const skin = pile101.trace!.layers[1]!.skin;
    expect(qSource({ ...skin, lookup: { ...skin.lookup!, tag: 'U' } })).toMatchObject({
      isVerified: false,
    });
    expect(qSource({ ...skin, source: 'override' })).toEqual({ kind: 'override' });
    expect(qSource({ ...skin, source: 'none', lookup: null })).toEqual({ kind: 'none' });
  });
});

describe('hasUnverifiedValues', () => {
  it('is false for the verified example and true once a cell is unverified', () => {
    const rows = layerRows(pile101.trace!, null);
    expect(hasUnverifiedValues(rows)).toBe(false);
    const first = rows[1]!;
    const changed = [
      {
        ...first,
        qs: {
          ...first.qs,
          source: { kind: 'table' as const, tableId: 'x', isVerified: false, description: null },
        },
      },
    ];
    expect(hasUnverifiedValues(changed)).toBe(true);
  });
});
