import { describe, expect, it } from 'vitest';
import { normalizeProject } from '../input/normalize';
import { calculateProject } from '../project/calculate-project';
import { calculateHorizontalLoadCases } from './calculate-horizontal-loadcases';
import { addImperfections, resolveToPileAxes } from './resolve-loads';
import { fullyCompressedLevel } from './reinforcement-length';
import { kN, kNm, m, rad } from '../units/units';

/** Wire project: D = 0.8 m bored pile, head 100.0, Es 20 → 60 MN/m² sand down to 70 m NHN. */
const wire = (
  row: Record<string, unknown> = {},
  settings: Record<string, unknown> = {},
  pile: Record<string, unknown> = {},
) => ({
  settings: { gegenRaeumlichenEP: false, ...settings },
  soil_profiles: [
    {
      name: 'P',
      startKote: 100,
      grundwasserStand: 95,
      soil_layers: [
        { endKote: 90, qc: 15, phi: 32.5, ESoben: 20, ESunten: 40, MaxElementWeite: 10 },
        { endKote: 70, qc: 20, phi: 35, ESoben: 60, ESunten: 60, MaxElementWeite: 10 },
      ],
    },
  ],
  piles: [
    {
      Pname: 'A',
      PfahlTyp: 'bp',
      SollPfahlOberKante: 100,
      AEHoehe: 100,
      SollDurchmesser: 0.8,
      BodenProfil: 'P',
      ...pile,
    },
  ],
  horizontal_loadcases: [
    {
      name: 'LK 1',
      horizontal_loads: [
        {
          Pname: 'A',
          gkz: 1000,
          qkz: 500,
          Hgkx: 60,
          Hqkx: 40,
          Hgky: 0,
          Hqky: 30,
          OKBodenBiegung: 100,
          Grundwasser: 95,
          ...row,
        },
      ],
    },
  ],
});
const run = (...args: Parameters<typeof wire>) =>
  calculateHorizontalLoadCases(normalizeProject(wire(...args)).project, [
    { Pname: 'A', Soll_UK_Pfahl: 80 },
  ]);

describe('calculateHorizontalLoadCases', () => {
  it('computes every wire output of the row', () => {
    const r = run()[0]!.horizontal_loads[0]!;
    for (const key of [
      'wxOben',
      'wyOben',
      'wOben',
      'MxMax',
      'MyMax',
      'MMax',
      'QxMax',
      'QyMax',
      'QMax',
      'MdKopf',
      'wStrichKopf',
      'AsLaengsCalc',
      'AsLaengs',
      'AsQuerCalc',
      'AsQuer',
      'Eps0',
      'Eps1',
      'KoteUeberdrueckt',
      'BewBZWLieferlaenge',
    ] as const) {
      expect(Number.isFinite(r[key]), key).toBe(true);
    }
    expect(r.BewTyp).toMatch(/Ø/);
    expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
  });
  it('applies the partial factors: Q at the head = √((1.35·60 + 1.5·40 + N·i)² + (1.5·30)²) without imperfection force', () => {
    const r = run()[0]!.horizontal_loads[0]!;
    expect(r.QxMax).toBeCloseTo(1.35 * 60 + 1.5 * 40, 6);
    expect(r.QyMax).toBeCloseTo(1.5 * 30, 6);
    // characteristic deflection under G + Q is smaller than the design deflection would be
    expect(r.wxOben!).toBeGreaterThan(0);
  });
  it('reports a missing axial result and an unknown pile as errors', () => {
    const project = normalizeProject(wire()).project;
    expect(calculateHorizontalLoadCases(project, [])[0]!.horizontal_loads[0]!.issues[0]!.code).toBe(
      'LOADCASE_AXIAL_RESULT_MISSING',
    );
    const other = normalizeProject(wire({ Pname: 'B' })).project;
    expect(calculateHorizontalLoadCases(other, [])[0]!.horizontal_loads[0]!.issues[0]!.code).toBe(
      'LOADCASE_PILE_NOT_FOUND',
    );
  });
  it('uses a square section for precast piles and the EN 1993 check for steel pipes', () => {
    const c = run({}, {}, { PfahlTyp: 'c', SollDurchmesser: 0.4 })[0]!.horizontal_loads[0]!;
    expect(c.issues.map((i) => i.code)).toContain('SECTION_SQUARE_BIAXIAL_LOAD_CONTOUR');
    const r = run({}, {}, { PfahlTyp: 'r' })[0]!.horizontal_loads[0]!;
    expect(r.issues[0]!.code).toBe('SECTION_STEEL_WALL_THICKNESS_MISSING');
    const pipe = run({}, {}, { PfahlTyp: 'r', Wanddicke: 16 })[0]!.horizontal_loads[0]!;
    expect(pipe.steel!.sectionClass).toBe(3); // D/t = 800/16 = 50 > 70ε² = 46.3 (S355)
    expect(pipe.AsLaengs).toBeNull();
    expect(pipe.MMax!).toBeGreaterThan(0);
    // the check uses the lateral design moment: η = |N|/N_Rd + MMax/M_Rd (no N·e at a free head)
    expect(pipe.steel!.utilisation).toBeCloseTo(
      Math.abs(pipe.steel!.NEdUsed) / pipe.steel!.NRd + pipe.MMax! / pipe.steel!.MRd,
      9,
    );
    expect(pipe.sectionKind).toBe('steel-pipe');
    expect(c.sectionKind).toBe('square-precast');
  });
  it('steel pipes: the settings StahlrohrHerstellung and StahlrohrKorrosionMm reach the check (ADR 0103)', () => {
    const pile = { PfahlTyp: 'r', Wanddicke: 16, einzelKnickLaenge: 12 };
    const cold = run({}, {}, pile)[0]!.horizontal_loads[0]!;
    expect(cold.sectionKind).toBe('steel-pipe');
    expect(cold.steel!.manufacture).toBe('cold-formed');
    expect(cold.steel!.buckling!.curve).toBe('c');
    const hot = run({}, { StahlrohrHerstellung: 'warmgefertigt' }, pile)[0]!.horizontal_loads[0]!;
    expect(hot.steel!.manufacture).toBe('hot-finished');
    expect(hot.steel!.buckling!.curve).toBe('a');
    expect(hot.steel!.buckling!.chi).toBeGreaterThan(cold.steel!.buckling!.chi);
    expect(hot.MMax).toBe(cold.MMax); // the manufacture does not change the lateral analysis
    // 2 mm off the outside: D 796 × 14 mm (d/t = 56.9, class 3); the lateral analysis uses E·I of that ring
    const corr = run({}, { StahlrohrKorrosionMm: 2 }, pile)[0]!.horizontal_loads[0]!;
    expect(corr.steel!.DNet).toBeCloseTo(0.796, 12);
    expect(corr.steel!.tNet).toBeCloseTo(0.014, 12);
    expect(corr.steel!.corrosion).toBeCloseTo(0.002, 12);
    const ei = corr.trace.find((x) => x.name === 'EI')!.value as number;
    // I = π/64·(0.796⁴ − 0.768⁴) = π/64·(0.4014692 − 0.3478924) = π/64·0.0535769 = 2.62999e-3 m⁴
    expect(ei / 210e6).toBeCloseTo(2.62999e-3, 7);
    expect(corr.steel!.NRd).toBeLessThan(cold.steel!.NRd);
    expect(corr.steel!.utilisation!).toBeGreaterThan(cold.steel!.utilisation!);
  });
  it('steel pipes: a corrosion loss not below the wall thickness is a row error without results', () => {
    const r = run({}, { StahlrohrKorrosionMm: 16 }, { PfahlTyp: 'r', Wanddicke: 16 })[0]!
      .horizontal_loads[0]!;
    expect(r.issues).toEqual([
      expect.objectContaining({
        code: 'SECTION_STEEL_CORROSION_EXCEEDS_WALL',
        severity: 'error',
        field: 'StahlrohrKorrosionMm',
        params: { corrosion: 16, t: 16 },
      }),
    ]);
    expect(r.sectionKind).toBe('steel-pipe');
    expect(r.steel).toBeNull();
    expect(r.MMax).toBeNull();
  });
  it('steel pipes: class 4 keeps the lateral results but gives no steel capacity and no reinforcement', () => {
    // D 800 × 10 mm S355: d/t = 80 > 59.6
    const r = run({}, {}, { PfahlTyp: 'r', Wanddicke: 10 })[0]!.horizontal_loads[0]!;
    expect(r.issues.map((i) => i.code)).toContain('SECTION_STEEL_PIPE_CLASS4');
    expect(r.sectionKind).toBe('steel-pipe');
    expect(r.steel).toBeNull();
    expect(r.AsLaengs).toBeNull();
    expect(r.MMax!).toBeGreaterThan(0);
  });
  it('warns about the legacy concrete class "C35/40"', () => {
    const r = run({}, { BetonZyl: 35 }, { BetonZyl: 35 })[0]!.horizontal_loads[0]!;
    expect(r.issues.map((i) => i.code)).toContain('CONCRETE_CLASS_MAPPED');
  });
  it('limits the soil reaction when gegenRaeumlichenEP is on (more deflection)', () => {
    const off = run({ Hgkx: 200 })[0]!.horizontal_loads[0]!;
    const on = run({ Hgkx: 200 }, { gegenRaeumlichenEP: true })[0]!.horizontal_loads[0]!;
    expect(on.wOben!).toBeGreaterThanOrEqual(off.wOben!);
    expect(on.issues.map((i) => i.code)).toContain('LATERAL_PASSIVE_PRESSURE_INTERIM');
  });
});

describe('head restraint, rake and inclination tolerance from the wire fields', () => {
  it('fixes the head with the project setting KopfEingespannt (no head rotation, restraint moment)', () => {
    const free = run()[0]!.horizontal_loads[0]!;
    const fixed = run({}, { KopfEingespannt: true })[0]!.horizontal_loads[0]!;
    expect(Math.abs(fixed.wStrichKopf!)).toBeLessThan(1e-12);
    expect(fixed.MdKopf!).toBeGreaterThan(10);
    expect(fixed.wOben!).toBeLessThan(free.wOben!);
  });
  it('adds θ·N_Ed of einzelSchiefStellungMProM to the design head force', () => {
    const row = { Hgky: 0, Hqky: 0 };
    const base = run(row, {}, { einzelExzentrizitaet: 0 })[0]!.horizontal_loads[0]!;
    const tilted = run(row, {}, { einzelExzentrizitaet: 0, einzelSchiefStellungMProM: 0.01 })[0]!
      .horizontal_loads[0]!;
    // N_Ed = 1.35·1000 + 1.5·500 = 2100 kN → ΔH = 21 kN at the head
    expect(tilted.QxMax! - base.QxMax!).toBeCloseTo(21, 6);
  });
  it('resolves the loads of a raked pile (einzelNeigungMproM, einzelNeigungsRichtung in degrees)', () => {
    const raked = run(
      { Hgky: 0, Hqky: 0 },
      {},
      { einzelNeigungMproM: 0.25, einzelNeigungsRichtung: 0 },
    )[0]!.horizontal_loads[0]!;
    expect(raked.issues.map((i) => i.code)).toContain('LOADCASE_INCLINED_PILE_RESOLVED');
    const a = Math.atan(0.25);
    // transverse head force H⊥ = H·cos α − N·sin α (design values, no imperfection force)
    const H = 1.35 * 60 + 1.5 * 40;
    const N = 1.35 * 1000 + 1.5 * 500;
    expect(raked.QxMax).toBeCloseTo(Math.abs(H * Math.cos(a) - N * Math.sin(a)), 6);
    const sideways = run(
      { Hgky: 0, Hqky: 0 },
      {},
      { einzelNeigungMproM: 0.25, einzelNeigungsRichtung: 90 },
    )[0]!.horizontal_loads[0]!;
    // rake towards +y: Hx stays a full transverse force (local y = −x)
    expect(sideways.QyMax).toBeCloseTo(H, 6);
  });
  it('refuses a rake above 1 m/m and a direction of 360°', () => {
    const { issues } = normalizeProject(
      wire({}, {}, { einzelNeigungMproM: 2, einzelNeigungsRichtung: 360 }),
    );
    expect(issues.map((i) => `${i.code}:${i.field}`)).toEqual([
      'TOO_BIG:einzelNeigungMproM',
      'TOO_BIG:einzelNeigungsRichtung',
    ]);
  });
});

describe('calculateProject with load cases (one call)', () => {
  const project = (row: Record<string, unknown> = {}) => ({
    ...wire(row),
    piles: [
      { ...wire().piles[0], AlternativeCharakteristischeLastZ: 1000, AlternativeDesignLastZ: 1400 },
    ],
  });
  it('returns the load-case rows at the axial toe level of the same run', () => {
    const result = calculateProject(project());
    const row = result.horizontal_loadcases[0]!.horizontal_loads[0]!;
    const toe = result.piles[0]!.Soll_UK_Pfahl!;
    expect(row.distribution!.level.at(-1)).toBeCloseTo(toe, 9);
    const direct = calculateHorizontalLoadCases(normalizeProject(project()).project, result.piles);
    expect(row.MMax).toBe(direct[0]!.horizontal_loads[0]!.MMax);
    expect(
      row.issues.every((i) => i.path?.startsWith('horizontal_loadcases[0].horizontal_loads[0]')),
    ).toBe(true);
  });
  it('skips the load cases on request', () => {
    expect(
      calculateProject(project(), { horizontalLoadCases: 'skip' }).horizontal_loadcases,
    ).toEqual([]);
  });
  it('moves the input issues of a row to the row and does not calculate it', () => {
    const result = calculateProject(project({ Hgkx: 'sixty' }));
    const row = result.horizontal_loadcases[0]!.horizontal_loads[0]!;
    expect(row.issues.map((i) => i.code)).toEqual(['INVALID_TYPE', 'LOADCASE_ROW_INPUT_INVALID']);
    expect(row.issues[0]!.path).toBe('horizontal_loadcases[0].horizontal_loads[0].Hgkx');
    expect(row.MMax).toBeNull();
    expect(result.issues.some((i) => i.path?.startsWith('horizontal_loadcases'))).toBe(false);
  });
});

describe('resolveToPileAxes', () => {
  it('keeps the global axes for a vertical pile', () => {
    const r = resolveToPileAxes(
      { N: kN(100), Hx: kN(10), Hy: kN(20), Mx: kNm(5), My: kNm(7) },
      { inclination: 0, direction: rad(1) },
    );
    expect(r).toEqual({ N: 100, loads: { x: { H: 10, M: 7 }, y: { H: 20, M: 5 } } });
  });
  it('resolves a 4:1 raked pile: N = V·cos α + H·sin α, H⊥ = H·cos α − V·sin α', () => {
    const a = Math.atan(0.25);
    const r = resolveToPileAxes(
      { N: kN(1000), Hx: kN(100), Hy: kN(0), Mx: kNm(0), My: kNm(0) },
      { inclination: 0.25, direction: rad(0) },
    );
    expect(r.N).toBeCloseTo(1000 * Math.cos(a) + 100 * Math.sin(a), 9);
    expect(r.loads.x.H).toBeCloseTo(100 * Math.cos(a) - 1000 * Math.sin(a), 9);
  });
});

describe('addImperfections', () => {
  it('adds N·i and N·e in the direction of the head action', () => {
    const r = addImperfections(
      { x: { H: kN(30), M: kNm(0) }, y: { H: kN(40), M: kNm(0) } },
      kN(1000),
      m(0.1),
      0.02,
      false,
    );
    expect(r.x.H).toBeCloseTo(30 + 20 * 0.6, 9);
    expect(r.y.M).toBeCloseTo(100 * 0.8, 9);
  });
});

describe('fullyCompressedLevel', () => {
  it('returns the level below the deepest point with |M| > N(z)·D/8', () => {
    const level = [100, 99, 98, 97, 96];
    // N(z) = 800·(1 − s/4) → N·core = 80, 60, 40, 20, 0 kNm
    expect(fullyCompressedLevel(level, [100, 50, 10, 0.5, 0], kN(800), m(0.1))).toBe(99);
    expect(fullyCompressedLevel(level, [100, 70, 30, 5, 0], kN(800), m(0.1))).toBe(98);
    expect(fullyCompressedLevel(level, [100, 50, 10, 0.5, 0], kN(-10), m(0.1))).toBe(96);
  });
});
