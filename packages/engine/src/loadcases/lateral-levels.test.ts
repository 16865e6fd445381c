import { describe, expect, it } from 'vitest';
import { normalizeProject } from '../input/normalize';
import { calculateHorizontalLoadCases } from './calculate-horizontal-loadcases';
import { lateralLevels, stiffnessInputIssue } from './lateral-levels';
import { m } from '../units/units';

/**
 * An inland site as an engineer's: ground +151.0 m NHN, groundwater +147.0 m NHN, pile head +150.0 m NHN (the cap
 * dug 1 m in), toe +138.0 m NHN. Soft loam to +145, sand to +130, marl below. D = 0.9 m bored pile.
 */
const layers = (es: [number, number][]) => [
  { endKote: 145, bodenArt: 'Lehm', cuk: 0.1, phi: 25, ESoben: es[0]![0], ESunten: es[0]![1] },
  { endKote: 130, bodenArt: 'Sand', qc: 15, phi: 32.5, ESoben: es[1]![0], ESunten: es[1]![1] },
  { endKote: 120, bodenArt: 'Mergel', qc: 20, phi: 30, ESoben: es[2]![0], ESunten: es[2]![1] },
];
const wire = (
  row: Record<string, unknown>,
  es: [number, number][] = [
    [8, 12],
    [40, 60],
    [80, 80],
  ],
  profile: Record<string, unknown> = {},
  head = 150,
) => ({
  settings: { gegenRaeumlichenEP: false },
  soil_profiles: [
    { name: 'BP 1', startKote: 151, grundwasserStand: 147, soil_layers: layers(es), ...profile },
  ],
  piles: [
    {
      Pname: 'A',
      PfahlTyp: 'bp',
      SollPfahlOberKante: head,
      AEHoehe: 151,
      SollDurchmesser: 0.9,
      BodenProfil: 'BP 1',
    },
  ],
  horizontal_loadcases: [
    {
      name: 'LK 1',
      horizontal_loads: [{ Pname: 'A', gkz: 1200, qkz: 300, Hgkx: 60, Hqkx: 30, ...row }],
    },
  ],
});
const normalized = (...args: Parameters<typeof wire>) => normalizeProject(wire(...args)).project;
const rowOf = (...args: Parameters<typeof wire>) =>
  calculateHorizontalLoadCases(normalized(...args), [{ Pname: 'A', Soll_UK_Pfahl: 138 }])[0]!
    .horizontal_loads[0]!;

describe('lateral levels of a load row (ADR 0144)', () => {
  it('a new load row has no level (the predecessor wrote 0 m NHN, 150 m below this pile head)', () => {
    const row = normalized({}).horizontal_loadcases[0]!.horizontal_loads[0]!;
    expect(row.OKBodenBiegung).toBeNull();
    expect(row.Grundwasser).toBeNull();
  });

  it('takes the lower of profile top (+151) and pile head (+150), and the profile groundwater (+147)', () => {
    const p = normalized({});
    const levels = lateralLevels(
      p.horizontal_loadcases[0]!.horizontal_loads[0]!,
      p.soil_profiles[0]!,
      m(150),
    );
    expect(levels.groundLevel).toBe(150);
    expect(levels.groundwaterLevel).toBe(147);
    expect(levels.issues.map((x) => [x.code, x.params.from, x.params.level])).toEqual([
      ['LOADCASE_GROUND_LEVEL_ASSUMED', 'pile_head', 150],
      ['LOADCASE_GROUNDWATER_ASSUMED', 'profile', 147],
    ]);
    expect(levels.trace.map((t) => t.value)).toEqual([150, 147]);
  });

  it('a pile standing out of the ground (head +152) is bedded from the profile top (+151)', () => {
    const p = normalized({}, undefined, {}, 152);
    const levels = lateralLevels(
      p.horizontal_loadcases[0]!.horizontal_loads[0]!,
      p.soil_profiles[0]!,
      m(152),
    );
    expect(levels.groundLevel).toBe(151);
    expect(levels.issues[0]!.params.from).toBe('profile_top');
  });

  it('without groundwater in the profile: at the ground level (lowest effective stress, safe side)', () => {
    const p = normalized({}, undefined, { grundwasserStand: null });
    const levels = lateralLevels(
      p.horizontal_loadcases[0]!.horizontal_loads[0]!,
      p.soil_profiles[0]!,
      m(150),
    );
    expect(levels.groundwaterLevel).toBe(150);
    expect(levels.issues[1]!.params.from).toBe('ground_level');
  });

  it('entered levels are kept as entered, 0 m NHN included (a coastal site), without an issue', () => {
    const p = normalized({ OKBodenBiegung: 0, Grundwasser: -1.5 });
    const levels = lateralLevels(
      p.horizontal_loadcases[0]!.horizontal_loads[0]!,
      p.soil_profiles[0]!,
      m(150),
    );
    expect([levels.groundLevel, levels.groundwaterLevel, levels.issues]).toEqual([0, -1.5, []]);
  });

  it('empty levels give the same numbers as the same levels typed in (second path through the solver)', () => {
    const assumed = rowOf({});
    const typed = rowOf({ OKBodenBiegung: 150, Grundwasser: 147 });
    expect(assumed.wOben).not.toBeNull();
    expect(assumed.wOben).toBe(typed.wOben);
    expect(assumed.MMax).toBe(typed.MMax);
    expect(assumed.AsLaengs).toBe(typed.AsLaengs);
    // the predecessor's 0 m NHN: the whole pile above ground, no bedding — no result
    expect(rowOf({ OKBodenBiegung: 0, Grundwasser: 0 }).wOben).toBeNull();
  });
});

describe('missing soil stiffness E_s (ADR 0144)', () => {
  it('no bedding layer with E_s: an error naming the profile and layers, the row not calculated', () => {
    const row = rowOf({}, [
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    const issue = row.issues.find((x) => x.code === 'LOADCASE_SOIL_STIFFNESS_MISSING');
    // pile +150 … +138: loam (+151…+145) and sand (+145…+130); the marl below the toe is not named
    expect(issue).toMatchObject({
      severity: 'error',
      params: { profile: 'BP 1', layers: '1 (Lehm), 2 (Sand)', count: 2, layerNumbers: '1,2' },
    });
    expect(row.wOben).toBeNull();
    expect(row.issues.some((x) => x.code === 'LATERAL_NO_SOIL_SUPPORT')).toBe(false);
  });

  it('some bedding layers without E_s: a warning naming them, the row calculated', () => {
    const row = rowOf({}, [
      [0, 0],
      [40, 60],
      [0, 0],
    ]);
    expect(row.issues.find((x) => x.code.startsWith('LOADCASE_SOIL_STIFFNESS'))).toMatchObject({
      code: 'LOADCASE_SOIL_STIFFNESS_PARTLY_MISSING',
      severity: 'warning',
      params: { layers: '1 (Lehm)', count: 1, layerNumbers: '1' },
    });
    expect(row.wOben).not.toBeNull();
  });

  it('names only the layers between the bedding top and the toe; an E_s at one end is enough', () => {
    const p = normalized({}, [
      [0, 5],
      [0, 0],
      [0, 0],
    ]);
    // from +144 (inside the sand) to the toe +138: only the sand beds the pile
    expect(stiffnessInputIssue(p.soil_profiles[0]!, m(144), m(138))?.params).toMatchObject({
      layers: '2 (Sand)',
      layerNumbers: '2',
    });
    // the loam's E_s bottom = 5 counts: from +150 the loam beds, the sand does not
    expect(stiffnessInputIssue(p.soil_profiles[0]!, m(150), m(138))?.code).toBe(
      'LOADCASE_SOIL_STIFFNESS_PARTLY_MISSING',
    );
  });
});
