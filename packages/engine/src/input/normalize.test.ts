import { describe, expect, it } from 'vitest';
import { normalizeProject } from './normalize';

const minimal = { settings: {}, piles: [], soil_profiles: [], horizontal_loadcases: [] };

describe('normalizeProject', () => {
  it('applies the documented defaults and converts wire units once', () => {
    const { project, issues } = normalizeProject(minimal);
    const s = project.settings;
    expect(issues).toEqual([]);
    expect(s.Schrittweite).toBe(0.1);
    expect(s.zulaessigeSetzungCm).toBeCloseTo(0.02, 12); // 2 cm → 0.02 m
    expect(s.AbtreppungsWinkelRad).toBeCloseTo(Math.PI / 4, 12); // 45° → π/4
    expect(s.AuslastungProzent).toBe(1); // 100 % → 1
    expect(s.MantelErhoehungProzent).toBeCloseTo(0.15, 12);
    expect(s.MaxLaengs).toBeCloseTo(0.02, 12); // 20 mm → 0.02 m
    expect(s.MvonMaxfuerSchub).toBeCloseTo(0.5, 12);
    expect([s.gammaDruck, s.gammaZug, s.gammaStaendig, s.gammaVeraenderlich]).toEqual([
      1.4, 1.5, 1.35, 1.5,
    ]);
    expect(s.useErhoehung).toBe(2);
  });

  it('steel pipe settings: manufacture (default cold formed) and corrosion loss mm → m (ADR 0103)', () => {
    const d = normalizeProject(minimal).project.settings;
    expect(d.StahlrohrHerstellung).toBe('kaltgefertigt');
    expect(d.StahlrohrKorrosionMm).toBe(0);
    const ok = normalizeProject({
      ...minimal,
      settings: { StahlrohrHerstellung: 'warmgefertigt', StahlrohrKorrosionMm: 1.5 },
    });
    expect(ok.issues).toEqual([]);
    expect(ok.project.settings.StahlrohrHerstellung).toBe('warmgefertigt');
    expect(ok.project.settings.StahlrohrKorrosionMm).toBeCloseTo(0.0015, 15);
    const bad = normalizeProject({
      ...minimal,
      settings: { StahlrohrHerstellung: 'hot', StahlrohrKorrosionMm: -1 },
    });
    expect(bad.project.settings.StahlrohrHerstellung).toBe('kaltgefertigt');
    expect(bad.project.settings.StahlrohrKorrosionMm).toBe(0);
    expect(bad.issues.map((i) => [i.code, i.field])).toEqual([
      ['INVALID_VALUE', 'StahlrohrHerstellung'],
      ['TOO_SMALL', 'StahlrohrKorrosionMm'],
    ]);
    const big = normalizeProject({ ...minimal, settings: { StahlrohrKorrosionMm: 41 } });
    expect(big.issues.map((i) => i.code)).toEqual(['TOO_BIG']);
    expect(big.project.settings.StahlrohrKorrosionMm).toBeCloseTo(0.041, 15);
  });

  it('accepts every concrete code C20/25 to C50/60 and rejects others with an issue', () => {
    const ok = normalizeProject({ ...minimal, settings: { BetonZyl: 40 } });
    expect(ok.project.settings.BetonZyl).toBe(40);
    expect(ok.issues).toEqual([]);
    const bad = normalizeProject({ ...minimal, settings: { BetonZyl: 33 } });
    expect(bad.project.settings.BetonZyl).toBe(25);
    expect(bad.issues.map((i) => i.field)).toContain('BetonZyl');
  });

  it('defaults the lateral element length to 10 cm', () => {
    const { project } = normalizeProject({
      ...minimal,
      soil_profiles: [
        { name: 'P', startKote: 10, soil_layers: [{ endKote: 0, bodenArt: 'Sand' }] },
      ],
    });
    expect(project.soil_profiles[0]!.soil_layers[0]!.MaxElementWeite).toBeCloseTo(0.1, 12);
  });

  it('converts cuk and qc from MN/m² to kN/m² and layer overrides ×1000', () => {
    const { project } = normalizeProject({
      ...minimal,
      soil_profiles: [
        {
          name: 'P',
          startKote: 10,
          soil_layers: [
            {
              endKote: 5,
              cuk: 0.1,
              qc: 'NaN',
              qsk: 0.05,
              ESoben: 30,
              MaxElementWeite: 10,
              phi: 30,
            },
          ],
        },
      ],
    });
    const layer = project.soil_profiles[0]!.soil_layers[0]!;
    expect(layer.cuk).toBeCloseTo(100, 9); // 0.1 MN/m² = 100 kN/m² (EA cohesive tables are headed in kN/m²)
    expect(layer.qc).toBeNull(); // legacy literal "NaN" = not given
    expect(layer.qsk).toBeCloseTo(50, 9);
    expect(layer.ESoben).toBeCloseTo(30000, 9);
    expect(layer.MaxElementWeite).toBeCloseTo(0.1, 12); // 10 cm
    expect(layer.phi).toBeCloseTo(Math.PI / 6, 12);
    expect(project.soil_profiles[0]!.isValid).toBe(true);
  });

  it('converts the row percentage and settlement', () => {
    const { project } = normalizeProject({
      ...minimal,
      piles: [{ Pname: 'A', prozentualerMantelAnteil: 80, einzelzulaessigeSetzungCm: 3 }],
    });
    expect(project.piles[0]!.prozentualerMantelAnteil).toBeCloseTo(0.8, 12);
    expect(project.piles[0]!.einzelzulaessigeSetzungCm).toBeCloseTo(0.03, 12);
    expect(project.piles[0]!.PfahlTyp).toBe('bp');
  });

  it.each([
    [null, 'PROJECT_NOT_AN_OBJECT'],
    ['text', 'PROJECT_NOT_AN_OBJECT'],
    [{ settings: {} }, 'PROJECT_KEY_MISSING'],
  ])('marks %j as unreadable', (input, code) => {
    const r = normalizeProject(input);
    expect(r.isReadable).toBe(false);
    expect(r.issues.map((i) => i.code)).toContain(code);
  });

  it.each([
    [{ Pname: 'A', SollDurchmesser: -0.5 }, 'TOO_SMALL', 'SollDurchmesser'],
    [{ Pname: 'A', PfahlTyp: 'zz' }, 'UNKNOWN_PILE_TYPE', 'PfahlTyp'],
    [{ Pname: 'A', SollDurchmesser: 'abc' }, 'INVALID_TYPE', 'SollDurchmesser'],
    [{ Pname: 'A', SollPfahlOberKante: null }, 'REQUIRED', 'SollPfahlOberKante'],
    [{ Pname: 'A', PfahlAnzahl: 2.5 }, 'INVALID_VALUE', 'PfahlAnzahl'],
  ])('reports bad pile input %j as %s on %s', (pile, code, field) => {
    const { issues } = normalizeProject({ ...minimal, piles: [pile] });
    expect(issues).toContainEqual(
      expect.objectContaining({ code, field, rowIndex: 0, path: `piles[0].${field}` }),
    );
  });

  it('reports layers out of order and invalidates the profile', () => {
    const { project, issues } = normalizeProject({
      ...minimal,
      soil_profiles: [{ name: 'P', startKote: 10, soil_layers: [{ endKote: 5 }, { endKote: 7 }] }],
    });
    expect(issues).toContainEqual(
      expect.objectContaining({
        code: 'LAYERS_OUT_OF_ORDER',
        path: 'soil_profiles[0].soil_layers[1].endKote',
      }),
    );
    expect(project.soil_profiles[0]!.isValid).toBe(false);
  });

  it.each([
    ['between two layers', 100, [90, 90, 80], 1],
    ['as the first layer (endKote = startKote)', 100, [100, 90], 0],
    ['as the last layer', 100, [90, 80, 80], 2],
  ])('accepts a zero-thickness layer %s with an info (ADR 0017)', (_n, startKote, levels, zero) => {
    const { project, issues } = normalizeProject({
      ...minimal,
      soil_profiles: [
        { name: 'P', startKote, soil_layers: levels.map((endKote) => ({ endKote })) },
      ],
    });
    expect(project.soil_profiles[0]!.isValid).toBe(true);
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'LAYER_ZERO_THICKNESS',
        severity: 'info',
        path: `soil_profiles[0].soil_layers[${zero}].endKote`,
      }),
    ]);
  });

  it('refuses a profile whose layers all have zero thickness', () => {
    const { project, issues } = normalizeProject({
      ...minimal,
      soil_profiles: [{ name: 'P', startKote: 100, soil_layers: [{ endKote: 100 }] }],
    });
    expect(project.soil_profiles[0]!.isValid).toBe(false);
    expect(issues).toContainEqual(
      expect.objectContaining({ code: 'PROFILE_WITHOUT_LAYERS', severity: 'error' }),
    );
  });

  it('flags legacy metre values in millimetre settings', () => {
    const { issues } = normalizeProject({ ...minimal, settings: { MaxLaengs: 0.016 } });
    expect(issues).toContainEqual(
      expect.objectContaining({ code: 'LEGACY_UNIT_SUSPECTED', field: 'MaxLaengs' }),
    );
  });
});
