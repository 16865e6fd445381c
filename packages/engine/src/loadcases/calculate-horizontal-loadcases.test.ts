import { describe, expect, it } from 'vitest';
import { normalizeProject } from '../input/normalize';
import { calculateHorizontalLoadCases } from './calculate-horizontal-loadcases';
import { addImperfections, resolveToPileAxes } from './resolve-loads';
import { fullyCompressedLevel } from './reinforcement-length';

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
  it('uses a square section for precast piles and refuses steel pipes', () => {
    const c = run({}, {}, { PfahlTyp: 'c', SollDurchmesser: 0.4 })[0]!.horizontal_loads[0]!;
    expect(c.issues.map((i) => i.code)).toContain('SECTION_SQUARE_BIAXIAL_LINEAR');
    const r = run({}, {}, { PfahlTyp: 'r' })[0]!.horizontal_loads[0]!;
    expect(r.issues[0]!.code).toBe('SECTION_STEEL_PIPE_NOT_SUPPORTED');
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

describe('resolveToPileAxes', () => {
  it('keeps the global axes for a vertical pile', () => {
    const r = resolveToPileAxes(
      { N: 100, Hx: 10, Hy: 20, Mx: 5, My: 7 },
      { inclination: 0, direction: 1 },
    );
    expect(r).toEqual({ N: 100, loads: { x: { H: 10, M: 7 }, y: { H: 20, M: 5 } } });
  });
  it('resolves a 4:1 raked pile: N = V·cos α + H·sin α, H⊥ = H·cos α − V·sin α', () => {
    const a = Math.atan(0.25);
    const r = resolveToPileAxes(
      { N: 1000, Hx: 100, Hy: 0, Mx: 0, My: 0 },
      { inclination: 0.25, direction: 0 },
    );
    expect(r.N).toBeCloseTo(1000 * Math.cos(a) + 100 * Math.sin(a), 9);
    expect(r.loads.x.H).toBeCloseTo(100 * Math.cos(a) - 1000 * Math.sin(a), 9);
  });
});

describe('addImperfections', () => {
  it('adds N·i and N·e in the direction of the head action', () => {
    const r = addImperfections({ x: { H: 30, M: 0 }, y: { H: 40, M: 0 } }, 1000, 0.1, 0.02, false);
    expect(r.x.H).toBeCloseTo(30 + 20 * 0.6, 9);
    expect(r.y.M).toBeCloseTo(100 * 0.8, 9);
  });
});

describe('fullyCompressedLevel', () => {
  it('returns the level below the deepest point with |M| > N(z)·D/8', () => {
    const level = [100, 99, 98, 97, 96];
    // N(z) = 800·(1 − s/4) → N·core = 80, 60, 40, 20, 0 kNm
    expect(fullyCompressedLevel(level, [100, 50, 10, 0.5, 0], 800, 0.1)).toBe(99);
    expect(fullyCompressedLevel(level, [100, 70, 30, 5, 0], 800, 0.1)).toBe(98);
    expect(fullyCompressedLevel(level, [100, 50, 10, 0.5, 0], -10, 0.1)).toBe(96);
  });
});
