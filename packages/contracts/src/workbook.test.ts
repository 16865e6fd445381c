import { describe, expect, expectTypeOf, it } from 'vitest';
import { defaultsOf } from './fields';
import {
  WorkbookSchema,
  createWorkbookSchema,
  findPlanLimitViolations,
  findWorkbookRuleViolations,
  formatIssuePath,
  toErrorDetails,
} from './workbook';
import type { HorizontalLoad, PileRow, ProjectSettings, SoilLayer, Workbook } from './workbook';

const pile = (Pname: string, extra: Record<string, unknown> = {}) => ({
  Pname,
  PfahlTyp: 'bp',
  AEHoehe: 151,
  SollPfahlOberKante: 156.76,
  Rechtswert: -595.19,
  Hochwert: 696.898,
  SollDurchmesser: 1.2,
  AlternativeCharakteristischeLastZ: 400,
  AlternativeDesignLastZ: 500,
  BodenProfil: 'BP 1',
  ...extra,
});
const layer = (endKote: number | null, extra: Record<string, unknown> = {}) => ({
  endKote,
  bodenArt: 'Sand',
  ...extra,
});

/** A valid workbook like the predecessor's "Project 25" (legacy screenshots). */
const workbook = () => ({
  version: 3,
  settings: { ...defaultsOf('settings'), name: 'Project 25' },
  piles: [pile('101'), pile('102'), pile('103')],
  soil_profiles: [
    {
      name: 'BP 1',
      grundwasserStand: 151,
      startKote: 158,
      soil_layers: [layer(152.65), layer(150), layer(130)],
    },
  ],
  horizontal_loadcases: [
    {
      name: 'Lastkombination auf Einzelpfahl',
      horizontal_loads: [{ Pname: '101', gkz: 300, qkz: 100 }],
    },
  ],
});

const details = (input: unknown, schema = WorkbookSchema) => {
  const result = schema.safeParse(input);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('WorkbookSchema', () => {
  it('accepts a valid workbook and fills the defaults', () => {
    const parsed = WorkbookSchema.parse(workbook());
    expect(parsed.piles[0]).toMatchObject({
      PfahlAnzahl: 1,
      PfahlAchsAbstandxD: 3,
      prozentualerMantelAnteil: 100,
      Rs_k: null,
    });
    expect(parsed.soil_profiles[0]?.pfahlTyp).toBe(4);
    expect(parsed.soil_profiles[0]?.soil_layers[0]).toMatchObject({
      qc: null,
      deltaVonPhi: 0.67,
      MaxElementWeite: 10,
    });
    expect(parsed.horizontal_loadcases[0]?.horizontal_loads[0]).toMatchObject({
      Hgkx: 0,
      pAnOberkante: 1.9,
    });
    expect(parsed.settings).toMatchObject({ name: 'Project 25', MaxLaengs: 20, Norm: 1 });
  });

  it('marks a cell error with its wire path and code', () => {
    const input = workbook();
    input.piles.push(pile('104'), pile('105', { SollDurchmesser: -1 }));
    expect(details(input)).toEqual([
      { path: 'piles[4].SollDurchmesser', code: 'TOO_SMALL', params: { min: 0 } },
    ]);
  });

  it('refuses a duplicate Pname with NOT_UNIQUE on the later row', () => {
    const input = workbook();
    input.piles.push(pile(' 102 '));
    expect(details(input)).toEqual([
      { path: 'piles[3].Pname', code: 'NOT_UNIQUE', params: { firstIndex: 1 } },
    ]);
  });

  it('refuses a layer whose endKote lies above the layer before', () => {
    const input = workbook();
    input.soil_profiles[0]!.soil_layers = [layer(152.65), layer(150), layer(151), layer(130)];
    expect(details(input)).toEqual([
      {
        path: 'soil_profiles[0].soil_layers[2].endKote',
        code: 'TOO_BIG',
        params: { max: 150, rule: 'LAYER_ORDER' },
      },
    ]);
  });

  it('refuses a first layer whose endKote lies above the startKote, and allows equal levels', () => {
    const input = workbook();
    input.soil_profiles[0]!.soil_layers = [layer(160), layer(160), layer(null), layer(140)];
    expect(details(input)).toEqual([
      {
        path: 'soil_profiles[0].soil_layers[0].endKote',
        code: 'TOO_BIG',
        params: { max: 158, rule: 'LAYER_ORDER' },
      },
    ]);
  });

  it('refuses duplicate soil-profile and load-case names', () => {
    const input = workbook();
    input.soil_profiles.push({ ...input.soil_profiles[0]! });
    input.horizontal_loadcases.push({
      name: 'Lastkombination auf Einzelpfahl',
      horizontal_loads: [],
    });
    expect(details(input)).toEqual([
      { path: 'soil_profiles[1].name', code: 'NOT_UNIQUE', params: { firstIndex: 0 } },
      { path: 'horizontal_loadcases[1].name', code: 'NOT_UNIQUE', params: { firstIndex: 0 } },
    ]);
  });

  it('refuses a Pname twice in one load case', () => {
    const input = workbook();
    input.horizontal_loadcases[0]!.horizontal_loads.push(
      { Pname: '102', gkz: 1, qkz: 1 },
      { Pname: '102', gkz: 1, qkz: 1 },
    );
    expect(details(input)).toEqual([
      {
        path: 'horizontal_loadcases[0].horizontal_loads[2].Pname',
        code: 'NOT_UNIQUE',
        params: { firstIndex: 1 },
      },
    ]);
  });

  it('refuses references to unknown soil profiles and piles', () => {
    const input = workbook();
    input.piles[2] = pile('103', { BodenProfil: 'BP 2' });
    input.horizontal_loadcases[0]!.horizontal_loads.push({ Pname: '999', gkz: 1, qkz: 1 });
    expect(details(input)).toEqual([
      {
        path: 'piles[2].BodenProfil',
        code: 'INVALID_VALUE',
        params: { rule: 'UNKNOWN_SOIL_PROFILE' },
      },
      {
        path: 'horizontal_loadcases[0].horizontal_loads[1].Pname',
        code: 'INVALID_VALUE',
        params: { rule: 'UNKNOWN_PILE' },
      },
    ]);
  });

  it('skips the reference check when asked (autosave of a half-typed grid)', () => {
    const input = workbook();
    input.piles[2] = pile('103', { BodenProfil: 'BP 2' });
    expect(details(input, createWorkbookSchema({ checkReferences: false }))).toEqual([]);
  });

  it('limits a Free plan to 2 soil layers per profile', () => {
    const free = createWorkbookSchema({ plan: 'Free' });
    expect(details(workbook(), free)).toEqual([
      {
        path: 'soil_profiles[0].soil_layers',
        code: 'TOO_BIG',
        params: { max: 2, rule: 'PLAN_LAYER_LIMIT' },
      },
    ]);
    expect(details(workbook(), createWorkbookSchema({ plan: 'Paid' }))).toEqual([]);
  });

  it('lists the Free plan limits (layers per profile, step width) for the import preview', () => {
    const input = { ...workbook(), settings: { ...workbook().settings, Schrittweite: 0.5 } };
    expect(findPlanLimitViolations(input, 'Free')).toEqual([
      {
        path: ['settings', 'Schrittweite'],
        code: 'TOO_SMALL',
        params: { min: 1, rule: 'PLAN_STEP_WIDTH' },
      },
      {
        path: ['soil_profiles', 0, 'soil_layers'],
        code: 'TOO_BIG',
        params: { max: 2, rule: 'PLAN_LAYER_LIMIT' },
      },
    ]);
    expect(findPlanLimitViolations(input, 'Trial')).toEqual([]);
    expect(findPlanLimitViolations(input, 'Paid')).toEqual([]);
    const within = { ...workbook(), settings: { ...workbook().settings, Schrittweite: 1 } };
    within.soil_profiles[0]!.soil_layers.splice(2);
    expect(findPlanLimitViolations(within, 'Free')).toEqual([]);
  });

  it('reports cell errors and cross-row errors of one workbook together', () => {
    const input = workbook();
    input.piles.push(pile('101', { PfahlAnzahl: 2.5, PfahlTyp: 'xx', SollDurchmesser: 'abc' }));
    input.soil_profiles[0]!.soil_layers[1] = layer(150, {
      bodenSchichtColor: 'red',
      FuszAbsetzbar: 'ja',
    });
    expect(details(input)).toEqual([
      { path: 'piles[3].PfahlTyp', code: 'INVALID_VALUE' },
      { path: 'piles[3].PfahlAnzahl', code: 'NOT_AN_INTEGER' },
      { path: 'piles[3].SollDurchmesser', code: 'INVALID_TYPE' },
      { path: 'soil_profiles[0].soil_layers[1].bodenSchichtColor', code: 'INVALID_VALUE' },
      { path: 'soil_profiles[0].soil_layers[1].FuszAbsetzbar', code: 'INVALID_TYPE' },
      { path: 'piles[3].Pname', code: 'NOT_UNIQUE', params: { firstIndex: 0 } },
    ]);
  });

  it('refuses a project name over 40 characters and missing top-level lists', () => {
    const input = { ...workbook(), settings: { name: 'x'.repeat(41) } } as Record<string, unknown>;
    delete input.piles;
    expect(details(input)).toEqual([
      { path: 'settings.name', code: 'TOO_LONG', params: { max: 40 } },
      { path: 'piles', code: 'REQUIRED' },
    ]);
  });

  it('refuses a missing or negative version', () => {
    expect(details({ ...workbook(), version: undefined })).toEqual([
      { path: 'version', code: 'REQUIRED' },
    ]);
    expect(details({ ...workbook(), version: -1 })).toEqual([
      { path: 'version', code: 'TOO_SMALL', params: { min: 0 } },
    ]);
  });

  it('infers the wire types from the catalogue', () => {
    expectTypeOf<PileRow['SollDurchmesser']>().toEqualTypeOf<number | null>();
    expectTypeOf<PileRow['AlternativeCharakteristischeMinLastZ']>().toEqualTypeOf<number>();
    expectTypeOf<PileRow['PfahlTyp']>().toEqualTypeOf<
      'js' | 'jo' | 'jb' | 'jv' | 'bp' | 'a' | 'f' | 'v' | 'c' | 'r' | 'fv' | 'fdp' | null
    >();
    expectTypeOf<ProjectSettings['BetonZyl']>().toEqualTypeOf<20 | 25 | 30 | 35 | 40 | 45 | 50>();
    expectTypeOf<ProjectSettings['default_company_info']>().toEqualTypeOf<boolean>();
    expectTypeOf<SoilLayer['FuszAbsetzbar']>().toEqualTypeOf<boolean>();
    expectTypeOf<HorizontalLoad['Eps0']>().toEqualTypeOf<number | null>();
    expectTypeOf<Workbook['soil_profiles'][number]['soil_layers']>().toEqualTypeOf<SoilLayer[]>();
  });
});

describe('findWorkbookRuleViolations', () => {
  it('reads partially invalid input without throwing', () => {
    expect(findWorkbookRuleViolations(null)).toEqual([]);
    expect(
      findWorkbookRuleViolations({ piles: 'x', soil_profiles: [null, { soil_layers: 5 }] }),
    ).toEqual([]);
  });
});

describe('formatIssuePath', () => {
  it('writes wire paths with indices in brackets', () => {
    expect(formatIssuePath(['soil_profiles', 0, 'soil_layers', 2, 'endKote'])).toBe(
      'soil_profiles[0].soil_layers[2].endKote',
    );
    expect(formatIssuePath([])).toBe('');
  });
});

describe('free-text settings that are enumerations', () => {
  it('refuses a reinforcing steel grade the engine does not verify (was any text, calculated as B500B)', () => {
    const ok = WorkbookSchema.safeParse(workbook());
    expect(ok.success).toBe(true);
    for (const grade of ['B500A', 'BSt 500 S', 'b500b ', '']) {
      const bad = workbook();
      const result = WorkbookSchema.safeParse({
        ...bad,
        settings: { ...bad.settings, Stahlsorte: grade },
      });
      expect(result.success, grade).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('settings.Stahlsorte');
    }
  });
});
