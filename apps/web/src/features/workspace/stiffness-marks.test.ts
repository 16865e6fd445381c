import { WorkbookShapeSchema, type SoilProfile } from '@pfahlplaner/contracts';
import type { ProjectResult } from '@pfahlplaner/engine';
import { describe, expect, it } from 'vitest';
import { layerMarksOf, stiffnessFindings } from './stiffness-marks';

type Issue = { code: string; severity: 'error' | 'warning'; params: Record<string, string> };
const result = (rows: { Pname: string; issues: Issue[] }[]) =>
  ({
    horizontal_loadcases: [{ rowIndex: 0, name: 'LK 1', horizontal_loads: rows }],
  }) as unknown as Pick<ProjectResult, 'horizontal_loadcases'>;

const missing = (profile: string, layerNumbers: string, severity: 'error' | 'warning'): Issue => ({
  code:
    severity === 'error'
      ? 'LOADCASE_SOIL_STIFFNESS_MISSING'
      : 'LOADCASE_SOIL_STIFFNESS_PARTLY_MISSING',
  severity,
  params: { profile, layers: '…', layerNumbers },
});

const profiles = (): SoilProfile[] =>
  WorkbookShapeSchema.parse({
    version: 1,
    settings: { name: 'P' },
    piles: [],
    soil_profiles: [
      {
        name: 'BP 1',
        soil_layers: [
          { endKote: 150, bodenArt: 'Lehm' },
          { endKote: 140, bodenArt: 'Sand', ESoben: 0, ESunten: null },
          { endKote: 130, bodenArt: 'Mergel', ESoben: 80 },
        ],
      },
      { name: 'BP 2', soil_layers: [{ endKote: 150, bodenArt: 'Ton' }] },
    ],
    horizontal_loadcases: [],
  }).soil_profiles;

describe('E_s marks of the layer grid (ADR 0144)', () => {
  it('collects the layers per profile with the worst severity and the load points', () => {
    const found = stiffnessFindings(
      result([
        { Pname: 'P1', issues: [missing('BP 1', '1,2', 'warning')] },
        { Pname: 'P2', issues: [missing('BP 1', '2', 'error')] },
        { Pname: 'P3', issues: [{ code: 'LATERAL_SHORT_PILE', severity: 'warning', params: {} }] },
      ]),
    );
    expect([...found.get('BP 1')!]).toEqual([
      [0, { severity: 'warning', piles: ['P1'] }],
      [1, { severity: 'error', piles: ['P1', 'P2'] }],
    ]);
    expect(found.has('BP 2')).toBe(false);
  });

  it('marks both E_s cells and the row of a layer that still has no E_s, and drops a layer that has one now', () => {
    const found = stiffnessFindings(
      result([{ Pname: 'P1', issues: [missing('BP 1', '1,2,3', 'error')] }]),
    );
    const [bp1, bp2] = layerMarksOf(found, profiles(), (f) => `${f.severity}: ${f.piles.join()}`);
    expect([...bp1!.cells.keys()]).toEqual(['0|ESoben', '0|ESunten', '1|ESoben', '1|ESunten']);
    expect(bp1!.rows).toEqual([
      [{ severity: 'error', text: 'error: P1' }],
      [{ severity: 'error', text: 'error: P1' }],
      undefined,
    ]);
    expect(bp2!.cells.size).toBe(0);
  });

  it('marks nothing without a calculation', () => {
    const marks = layerMarksOf(stiffnessFindings(null), profiles(), () => '');
    expect(marks.map((m) => m.cells.size)).toEqual([0, 0]);
  });
});
