import { calculateProject } from '@pfahlplaner/engine';
import { WorkbookSchema } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import { parseInputDatenXml } from '../src';
import { legacyExampleXml } from './fixtures';

// ADR 0132: an empty row value inherits the project value; an explicit one (0 included)
// wins. Predecessor files wrote a value into every row: they import as written, so they calculate with the
// values the predecessor's engine received.

describe('row values with a project counterpart through the workbook schema', () => {
  const workbook = (pile: Record<string, unknown>, settings: Record<string, unknown>) =>
    WorkbookSchema.parse({
      version: 0,
      settings: { name: 'P', MindestPfahllaenge: 3, Schrittweite: 0.5, ...settings },
      soil_profiles: [
        {
          name: 'S',
          startKote: 100,
          grundwasserStand: 95,
          soil_layers: [{ endKote: 80, qc: 15, FuszAbsetzbar: true, IstEindringRelevant: true }],
        },
      ],
      piles: [
        {
          Pname: 'A',
          PfahlTyp: 'bp',
          SollPfahlOberKante: 100,
          AEHoehe: 100,
          SollDurchmesser: 1.0,
          AlternativeCharakteristischeLastZ: 1000,
          AlternativeDesignLastZ: 1400,
          BodenProfil: 'S',
          ...pile,
        },
      ],
      horizontal_loadcases: [],
    });

  it('keeps a missing row value empty so that the project value acts', () => {
    // Before: the schema filled the model default 2.5 m into the row, so MindestEinbindung = 5 m never acted.
    // Sand from 100 m NHN, relevant: embedment = L; E_d = 1400 kN passes at 3.0 m (R_d = 2389.85 kN) → L = 5.0 m.
    const wb = workbook({}, { MindestEinbindung: 5, Exzentrizitaet: 0.05 });
    expect(wb.piles[0]!.einzelMindestEindringung).toBeNull();
    expect(wb.piles[0]!.einzelExzentrizitaet).toBeNull();
    expect(wb.piles[0]!.BetonZyl).toBeNull();
    const r = calculateProject(wb).piles[0]!;
    expect(r.laenge_ohne).toBe(5);
    expect(r.trace!.rowValues.find((v) => v.field === 'einzelMindestEindringung')).toMatchObject({
      value: 5,
      source: 'project',
    });
  });
});

describe('predecessor file (ADR 0132)', () => {
  it('imports and calculates with the same lengths as engine 0.4.0 for its bored piles', () => {
    // The predecessor's example (fixtures/calculation-input-example.xml): two bp load points, rows einzelMindestEindringung 3.0 m
    // (project MindestEinbindung 2.5), einzelzulaessigeSetzungCm 3.0 cm (project 2.0), E_d 500 / 960 kN on 4 piles.
    // Engine 0.4.0 gave laenge_ohne = laenge_mit = 3.0 m for both (its minimum length; recorded before the change).
    // Hand check of the embedment at L = 3.0 m: top 156.76, toe 153.76 m NHN in the first layer (158.0 → 152.65,
    // relevant) → embedment = 156.76 − 153.76 = 3.00 m ≥ the row's 3.0 m; with the project's 2.5 m also ≥.
    const { workbook } = parseInputDatenXml(legacyExampleXml());
    expect(workbook.piles.map((p) => [p.PfahlTyp, p.einzelMindestEindringung])).toEqual([
      ['bp', 3],
      ['bp', 3],
    ]);
    const result = calculateProject(workbook, { horizontalLoadCases: 'skip' });
    expect(result.piles.map((p) => [p.laenge_ohne, p.laenge_mit])).toEqual([
      [3, 3],
      [3, 3],
    ]);
    expect(result.piles[0]!.EindringTiefe).toBeCloseTo(3, 9);
    // the row values are the file's values, marked as row values
    const rowValues = result.piles[0]!.trace!.rowValues;
    expect(rowValues.find((v) => v.field === 'einzelMindestEindringung')).toMatchObject({
      value: 3,
      source: 'row',
    });
    expect(rowValues.find((v) => v.field === 'einzelzulaessigeSetzungCm')).toMatchObject({
      value: 0.03,
      source: 'row',
    });
  });

  it('lets a predecessor row embedment act as it did there (row 4.0 m → L = 4.0 m)', () => {
    // Same file, first row einzelMindestEindringung 4.0: embedment = L in the first layer → L = 4.0 m
    // (with the project's 2.5 m it would be 3.0 m).
    const xml = legacyExampleXml()
      .toString('utf8')
      .replace('<_einzelMindestEindringung>3.0<', '<_einzelMindestEindringung>4.0<');
    const { workbook } = parseInputDatenXml(Buffer.from(xml, 'utf8'));
    const result = calculateProject(workbook, { horizontalLoadCases: 'skip' });
    expect(result.piles[0]!.laenge_ohne).toBe(4);
    expect(result.piles[1]!.laenge_ohne).toBe(3);
  });
});
