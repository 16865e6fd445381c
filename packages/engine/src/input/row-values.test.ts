import { describe, expect, it } from 'vitest';
import { sandProject } from '../../test/helpers';
import { calculateProject } from '../project/calculate-project';

// ADR 0132: a row value with a project counterpart — empty inherits the project
// value, an explicit row value (0 included) wins; the trace names the source of every such value.
// Sand qc = 15 MN/m² from 100 to 80 m NHN, top 100, all layers IstEindringRelevant: embedment = L.

const first = (input: unknown) => calculateProject(input).piles[0]!;
const source = (r: ReturnType<typeof first>, field: string) =>
  r.trace!.rowValues.find((v) => v.field === field);

describe('row values and project settings (defect 3)', () => {
  it('lets an empty row embedment inherit the project MindestEinbindung', () => {
    // E_d = 1400 passes at 3.0 m (hand check 1); embedment = L must reach 5.0 m → L = 5.0 m.
    const r = first(sandProject({ einzelMindestEindringung: null }, { MindestEinbindung: 5 }));
    expect(r.laenge_ohne).toBe(5);
    expect(source(r, 'einzelMindestEindringung')).toEqual({
      field: 'einzelMindestEindringung',
      projectField: 'MindestEinbindung',
      value: 5,
      source: 'project',
    });
  });

  it('lets an explicit row value win, 0 included', () => {
    // row 0 m with project 5 m: no embedment requirement → the minimum length 3.0 m
    const r = first(sandProject({ einzelMindestEindringung: 0 }, { MindestEinbindung: 5 }));
    expect(r.laenge_ohne).toBe(3);
    expect(source(r, 'einzelMindestEindringung')).toMatchObject({ value: 0, source: 'row' });
  });

  it('uses the row settlement limit even when it is larger than the project value', () => {
    // Before: s_allow = min(row, project) = 1.0 cm. Now the row value 3.0 cm wins.
    const r = first(sandProject({ einzelzulaessigeSetzungCm: 3 }, { zulaessigeSetzungCm: 1 }));
    expect(r.trace!.inputs.allowedSettlementCm).toBe(3);
    expect(source(r, 'einzelzulaessigeSetzungCm')).toMatchObject({ source: 'row' });
    // empty or 0 (the predecessor's "not set") → the project value
    for (const row of [null, 0]) {
      const p = first(sandProject({ einzelzulaessigeSetzungCm: row }, { zulaessigeSetzungCm: 1 }));
      expect(p.trace!.inputs.allowedSettlementCm).toBe(1);
      expect(source(p, 'einzelzulaessigeSetzungCm')).toMatchObject({ source: 'project' });
    }
  });

  it('names the model default when neither row nor project give the value', () => {
    // MindestEinbindung not in the settings: model default 2.5 m (docs/sources/legacy-format.md §L2.5)
    const r = first(sandProject({}, {}));
    expect(source(r, 'einzelMindestEindringung')).toMatchObject({ value: 2.5, source: 'default' });
    expect(source(r, 'einzelMaximaleBohrtiefe')).toMatchObject({ value: 100, source: 'default' });
  });

  it('lets an explicit eccentricity 0 win over the project Exzentrizitaet (load cases)', () => {
    const run = (pile: Record<string, unknown>) => {
      const input = sandProject(
        { SollDurchmesser: 0.8, ...pile },
        { Exzentrizitaet: 0.05, gegenRaeumlichenEP: false },
        [
          {
            endKote: 80,
            qc: 15,
            phi: 32.5,
            ESoben: 40,
            ESunten: 40,
            MaxElementWeite: 10,
            FuszAbsetzbar: true,
            IstEindringRelevant: true,
          },
        ],
      );
      input.horizontal_loadcases = [
        {
          name: 'LF',
          horizontal_loads: [
            { Pname: 'A', gkz: 1000, qkz: 0, Hgkx: 20, OKBodenBiegung: 100, Grundwasser: 95 },
          ],
        },
      ] as never;
      const row = calculateProject(input).horizontal_loadcases[0]!.horizontal_loads[0]!;
      return row.trace.find((t) => t.name === 'e');
    };
    // Before: 0 fell back to the project value, and an empty row got the model default 0.1 m.
    expect(run({ einzelExzentrizitaet: 0 })).toMatchObject({ value: 0 });
    expect(run({ einzelExzentrizitaet: null })).toMatchObject({ value: 0.05 });
    expect(run({ einzelExzentrizitaet: 0.02 })).toMatchObject({ value: 0.02 });
  });
});
