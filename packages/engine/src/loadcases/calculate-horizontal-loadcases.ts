import type { NormalizedHorizontalLoad, NormalizedPile, NormalizedProject } from '../input/types';
import type { EngineIssue } from '../issues/issue';
import { structuralIssue, type StructuralIssue, type TraceEntry } from '../lateral/issue';
import type { LateralScheme } from '../lateral/lateral-analysis';
import {
  analysePileLateral,
  type LateralDistribution,
  type LateralResult,
} from '../lateral/pile-lateral';
import { designSection, type SectionDesignResult } from '../section/design-section';
import { concreteClassFromCode, designMaterials, steelGradeIssues } from '../section/materials';
import {
  buildLateralModel,
  grossBendingStiffness,
  sectionKindOf,
  steelPipeBendingStiffness,
  type SectionKind,
} from './pile-model';
import { checkSteelPipe, type SteelPipeCheck } from '../section/steel-pipe';
import { anchorageLength, fullyCompressedLevel } from './reinforcement-length';
import { lateralLevels, stiffnessInputIssue } from './lateral-levels';
import { addImperfections, combineActions, type PileAxis, type RowActions } from './resolve-loads';

/** The axial data the horizontal calculation needs per load point (AxialPileResult satisfies it). */
export type AxialDataForLateral = {
  Pname: string;
  /** toe level [m NHN] */ Soll_UK_Pfahl: number | null;
};

/** Options of the horizontal calculation. */
export type HorizontalOptions = {
  /** pile head fixed against rotation; default: the project setting `KopfEingespannt` */ isHeadFixed?: boolean;
  /**
   * solver of the passive-pressure limitation: 'newton' (default, ADR 0165) or 'secant' (the former scheme,
   * kept so that the bench and the tests can compare both in one run)
   */
  lateralScheme?: LateralScheme;
};

/** Result of one load row (wire names of docs/sources/legacy-format.md §L2.9; null where not computed). */
export type HorizontalLoadRowResult = {
  rowIndex: number;
  Pname: string;
  wxOben: number | null;
  wyOben: number | null;
  wOben: number | null;
  MxMax: number | null;
  MyMax: number | null;
  MMax: number | null;
  QxMax: number | null;
  QyMax: number | null;
  QMax: number | null;
  MdKopf: number | null;
  MdKopfx: number | null;
  MdKopfy: number | null;
  wStrichKopf: number | null;
  wStrichKopfx: number | null;
  wStrichKopfy: number | null;
  AsLaengsCalc: number | null;
  AsLaengsMin: number | null;
  AsLaengs: number | null;
  BewTyp: string | null;
  AsQuerCalc: number | null;
  AsSchubMin: number | null;
  AsQuer: number | null;
  Eps0: number | null;
  Eps1: number | null;
  /** level below which the section is fully compressed [m NHN] */ KoteUeberdrueckt: number | null;
  /** reinforcement (cage) length [m] */ BewBZWLieferlaenge: number | null;
  distribution: LateralDistribution | null;
  section: SectionDesignResult | null;
  /**
   * section family of the load point's pile type (null when the pile or its inputs are missing): `steel-pipe` rows
   * have `steel` (null when no capacity can be given, e.g. class 4 — the row's issues say why) and no reinforcement
   */
  sectionKind: SectionKind | null;
  /** steel pipe piles (r): EN 1993-1-1 section check instead of the reinforced-concrete design */
  steel: SteelPipeCheck | null;
  /** issues of the row: its input issues (normalisation codes) and the lateral / section codes */
  issues: (StructuralIssue | EngineIssue)[];
  trace: TraceEntry[];
};

/** Results of one load case. */
export type HorizontalLoadCaseResult = {
  rowIndex: number;
  name: string;
  horizontal_loads: HorizontalLoadRowResult[];
};

/** Load points and toe levels by Pname (the first row of a name, as the axial results). */
export type ProjectIndex = {
  piles: ReadonlyMap<string, NormalizedPile>;
  toes: ReadonlyMap<string, number | null>;
};

const indexProject = (
  project: NormalizedProject,
  axial: readonly AxialDataForLateral[],
): ProjectIndex => {
  const piles = new Map<string, NormalizedPile>();
  for (const p of project.piles) if (!piles.has(p.Pname)) piles.set(p.Pname, p);
  const toes = new Map<string, number | null>();
  for (const a of axial) if (!toes.has(a.Pname)) toes.set(a.Pname, a.Soll_UK_Pfahl);
  return { piles, toes };
};

const emptyRow = (
  row: NormalizedHorizontalLoad,
  sectionKind: SectionKind | null,
  issues: StructuralIssue[],
): HorizontalLoadRowResult => ({
  rowIndex: row.rowIndex,
  Pname: row.Pname,
  sectionKind,
  wxOben: null,
  wyOben: null,
  wOben: null,
  MxMax: null,
  MyMax: null,
  MMax: null,
  QxMax: null,
  QyMax: null,
  QMax: null,
  MdKopf: null,
  MdKopfx: null,
  MdKopfy: null,
  wStrichKopf: null,
  wStrichKopfx: null,
  wStrichKopfy: null,
  AsLaengsCalc: null,
  AsLaengsMin: null,
  AsLaengs: null,
  BewTyp: null,
  AsQuerCalc: null,
  AsSchubMin: null,
  AsQuer: null,
  Eps0: null,
  Eps1: null,
  KoteUeberdrueckt: null,
  BewBZWLieferlaenge: null,
  distribution: null,
  section: null,
  steel: null,
  issues,
  trace: [],
});

/** G/Q actions per pile of a row; vertical loads fall back to the pile's alternative design loads. */
const rowActions = (
  row: NormalizedHorizontalLoad,
  pile: NormalizedPile,
  issues: StructuralIssue[],
): RowActions => {
  const n = Math.max(pile.PfahlAnzahl, 1);
  let G = row.gkz;
  const Q = row.qkz ?? 0;
  if (G === null && row.qkz === null) {
    G = pile.AlternativeCharakteristischeLastZ;
    issues.push(structuralIssue('LOADCASE_AXIAL_LOAD_MISSING', 'warning', { used: G ?? 0 }, 'gkz'));
  }
  return {
    G: { N: (G ?? 0) / n, Hx: row.Hgkx / n, Hy: row.Hgky / n, Mx: row.Mgkx / n, My: row.Mgky / n },
    Q: { N: Q / n, Hx: row.Hqkx / n, Hy: row.Hqky / n, Mx: row.Mqkx / n, My: row.Mqky / n },
  };
};

const pileAxis = (pile: NormalizedPile): PileAxis => ({
  inclination: pile.einzelNeigungMproM,
  direction: pile.einzelNeigungsRichtung,
});

const lateralFields = (r: LateralResult) => ({
  wxOben: r.wxOben,
  wyOben: r.wyOben,
  wOben: r.wOben,
  MxMax: r.MxMax,
  MyMax: r.MyMax,
  MMax: r.MMax,
  QxMax: r.QxMax,
  QyMax: r.QyMax,
  QMax: r.QMax,
  MdKopf: r.MdKopf,
  MdKopfx: r.MdKopfx,
  MdKopfy: r.MdKopfy,
  wStrichKopf: r.wStrichKopf,
  wStrichKopfx: r.wStrichKopfx,
  wStrichKopfy: r.wStrichKopfy,
  distribution: r.distribution,
});

/**
 * Lateral analysis and section design of one load row.
 * @see docs/calculation-structural.md §4 (procedure, every output field)
 */
export const calculateRow = (
  project: NormalizedProject,
  row: NormalizedHorizontalLoad,
  index: ProjectIndex,
  options: HorizontalOptions,
): HorizontalLoadRowResult => {
  const issues: StructuralIssue[] = [];
  const pile = index.piles.get(row.Pname);
  if (!pile) {
    return emptyRow(row, null, [
      structuralIssue('LOADCASE_PILE_NOT_FOUND', 'error', { Pname: row.Pname }, 'Pname'),
    ]);
  }
  const profile = project.soil_profiles.find((p) => p.name === pile.BodenProfil && p.isValid);
  const toe = index.toes.get(row.Pname) ?? null;
  const D = pile.SollDurchmesser;
  if (!profile || D === null || D <= 0 || pile.SollPfahlOberKante === null) {
    return emptyRow(row, null, [
      structuralIssue('LOADCASE_PILE_INPUT_MISSING', 'error', { Pname: row.Pname }),
    ]);
  }
  if (toe === null) {
    return emptyRow(row, null, [
      structuralIssue('LOADCASE_AXIAL_RESULT_MISSING', 'error', { Pname: row.Pname }),
    ]);
  }
  const kind = sectionKindOf(pile);
  const wall = pile.Wanddicke;
  const s = project.settings;
  if (kind === 'steel-pipe' && (wall === null || 2 * wall >= D)) {
    return emptyRow(row, kind, [
      wall === null
        ? structuralIssue(
            'SECTION_STEEL_WALL_THICKNESS_MISSING',
            'error',
            { PfahlTyp: 'r' },
            'Wanddicke',
          )
        : structuralIssue(
            'SECTION_STEEL_WALL_THICKNESS_INVALID',
            'error',
            { t: wall * 1000 },
            'Wanddicke',
          ),
    ]);
  }
  // the corrosion loss must leave a wall (ADR 0103); no lateral analysis without a section
  if (kind === 'steel-pipe' && s.StahlrohrKorrosionMm >= wall!) {
    return emptyRow(row, kind, [
      structuralIssue(
        'SECTION_STEEL_CORROSION_EXCEEDS_WALL',
        'error',
        { corrosion: s.StahlrohrKorrosionMm * 1000, t: wall! * 1000 },
        'StahlrohrKorrosionMm',
      ),
    ]);
  }
  if (pile.PfahlTyp !== null && pile.PfahlTyp.startsWith('j')) {
    issues.push(
      structuralIssue(
        'SECTION_PILE_TYPE_ASSUMED_CAST_IN_PLACE',
        'warning',
        { PfahlTyp: pile.PfahlTyp },
        'PfahlTyp',
      ),
    );
  }
  const concrete = concreteClassFromCode(pile.BetonZyl);
  if (kind !== 'steel-pipe') issues.push(...concrete.issues, ...steelGradeIssues(s.Stahlsorte));
  const isHeadFixed = options.isHeadFixed ?? s.KopfEingespannt;
  const axis = pileAxis(pile);
  if (axis.inclination > 0) {
    issues.push(
      structuralIssue('LOADCASE_INCLINED_PILE_RESOLVED', 'info', {
        inclination: axis.inclination,
        direction: axis.direction,
      }),
    );
  }
  const actions = combineActions(
    rowActions(row, pile, issues),
    axis,
    s.gammaStaendig,
    s.gammaVeraenderlich,
  );
  if (actions.hasOppositeTransverseParts) {
    issues.push(structuralIssue('LOADCASE_OPPOSITE_SIGN_ACTIONS', 'warning', {}));
  }
  const e = pile.einzelExzentrizitaet; // row value (0 included), else Exzentrizitaet (ADR 0132)
  const design = addImperfections(
    actions.design,
    actions.NEdMax,
    e,
    pile.einzelSchiefStellungMProM,
    isHeadFixed,
  );
  const EI =
    kind === 'steel-pipe'
      ? steelPipeBendingStiffness(D, wall!, s.StahlrohrKorrosionMm)
      : grossBendingStiffness(kind, D, concrete.concrete);
  // empty levels take the defaults of ADR 0144; a bedding without any E_s is named, not solved
  const levels = lateralLevels(row, profile, pile.SollPfahlOberKante);
  issues.push(...levels.issues);
  const stiffness = stiffnessInputIssue(
    profile,
    Math.min(levels.groundLevel, pile.SollPfahlOberKante),
    toe,
  );
  if (stiffness) issues.push(stiffness);
  if (stiffness?.severity === 'error') {
    return { ...emptyRow(row, kind, issues), trace: levels.trace };
  }
  const model = buildLateralModel(project, pile, profile, {
    headLevel: pile.SollPfahlOberKante,
    toeLevel: toe,
    EI,
    isHeadFixed,
    groundLevel: levels.groundLevel,
    groundwaterLevel: levels.groundwaterLevel,
  });
  const lateral = analysePileLateral(model, actions.characteristic, design, options.lateralScheme);
  issues.push(...lateral.issues);
  const trace: TraceEntry[] = [
    ...levels.trace,
    ...lateral.trace,
    {
      name: 'NEd,max',
      value: actions.NEdMax,
      unit: 'kN',
      source:
        'γG·G (G > 0, else 1.0·G) + γQ·Q (Q > 0, else 0) (docs/sources/engine.md §E2.3, EN 1990 Table A1.2(B))',
    },
    {
      name: 'NEd,min',
      value: actions.NEdMin,
      unit: 'kN',
      source: '1.0·G (G > 0, else γG·G) + γQ·Q (Q < 0, else 0) (EN 1990 Table A1.2(B))',
    },
    {
      name: 'e',
      value: e,
      unit: 'm',
      source: `einzelExzentrizitaet / Exzentrizitaet: ${pile.rowValues.find((v) => v.field === 'einzelExzentrizitaet')?.source ?? 'row'}`,
    },
  ];
  if (!lateral.result) return { ...emptyRow(row, kind, issues), trace };
  if (kind === 'steel-pipe') {
    const headMoment = isHeadFixed ? Math.max(actions.NEdMax, 0) * e : 0;
    const steel = checkSteelPipe({
      D,
      t: wall!,
      grade: s.StahlsorteRohr,
      NEdMax: actions.NEdMax,
      NEdMin: actions.NEdMin,
      MEd: lateral.result.MMax + headMoment,
      VEd: lateral.result.QMax,
      bucklingLength: pile.einzelKnickLaenge,
      manufacture: s.StahlrohrHerstellung === 'warmgefertigt' ? 'hot-finished' : 'cold-formed',
      corrosion: s.StahlrohrKorrosionMm,
    });
    return {
      ...emptyRow(row, kind, [...issues, ...steel.issues]),
      ...lateralFields(lateral.result),
      steel: steel.result,
      trace: [...trace, ...steel.trace],
    };
  }
  return finishRow(
    row,
    lateral.result,
    { kind, D, concrete: concrete.concrete, actions, e, isHeadFixed, project, pile },
    issues,
    trace,
  );
};

const finishRow = (
  row: NormalizedHorizontalLoad,
  lat: LateralResult,
  c: {
    kind: ReturnType<typeof sectionKindOf>;
    D: number;
    concrete: ReturnType<typeof concreteClassFromCode>['concrete'];
    actions: ReturnType<typeof combineActions>;
    e: number;
    isHeadFixed: boolean;
    project: NormalizedProject;
    pile: NormalizedPile;
  },
  issues: StructuralIssue[],
  trace: TraceEntry[],
): HorizontalLoadRowResult => {
  const s = c.project.settings;
  const isCircle = c.kind === 'circle-cast-in-place';
  const pile = c.pile;
  // fixed head: N_Ed·e goes to the section (ADR 0023)
  const headMoment = c.isHeadFixed ? Math.max(c.actions.NEdMax, 0) * c.e : 0;
  const section = designSection({
    shape: isCircle ? 'circle' : 'square',
    nominalSize: c.D,
    isUncasedCastInPlace: isCircle,
    minimumRules: isCircle ? 'bored' : 'precast',
    concrete: c.concrete,
    cover: s.Betondeckung,
    maxBarDiameter: s.MaxLaengs,
    maxLinkDiameter: s.MaxBuegel,
    minClearSpacing: s.MinLaengsAbstand,
    shearAslShare: s.MvonMaxfuerSchub,
    NEdMax: c.actions.NEdMax,
    NEdMin: c.actions.NEdMin,
    MEd: lat.MMax + headMoment,
    VEd: lat.QMax,
    bucklingLength: pile.einzelKnickLaenge,
    ...(isCircle
      ? {}
      : {
          biaxial: { Mx: lat.distribution.Mx, My: lat.distribution.My, extra: headMoment },
        }),
  });
  issues.push(...section.issues);
  if (!isCircle) {
    issues.push(
      structuralIssue('SECTION_SQUARE_BIAXIAL_LOAD_CONTOUR', 'info', {
        a: section.result?.biaxialExponent ?? null,
        MEq: section.result?.MEdUsed ?? null,
      }),
    );
  }
  issues.push(
    structuralIssue('SECTION_INTERPRETATION_UNVERIFIED', 'warning', {
      MvonMaxfuerSchub: s.MvonMaxfuerSchub,
      Betondeckung: s.Betondeckung,
    }),
  );
  const sec = section.result;
  const level = lat.distribution.level;
  const kote = fullyCompressedLevel(
    level,
    lat.distribution.M,
    c.actions.NEdMin,
    isCircle ? c.D / 8 : c.D / 6,
  );
  const head = level[0]!;
  const toe = level[level.length - 1]!;
  const materials = designMaterials(c.concrete, 1);
  const lbd = anchorageLength(sec?.bars?.diameter ?? s.MaxLaengs, materials);
  const cage = Math.min(head - toe, head - kote + lbd);
  return {
    ...emptyRow(row, c.kind, issues),
    ...lateralFields(lat),
    AsLaengsCalc: sec?.AsLaengsCalc ?? null,
    AsLaengsMin: sec?.AsLaengsMin ?? null,
    AsLaengs: sec?.AsLaengs ?? null,
    BewTyp: sec?.BewTyp ?? null,
    AsQuerCalc: sec?.AsQuerCalc ?? null,
    AsSchubMin: sec?.AsSchubMin ?? null,
    AsQuer: sec?.AsQuer ?? null,
    Eps0: sec?.Eps0 ?? null,
    Eps1: sec?.Eps1 ?? null,
    KoteUeberdrueckt: kote,
    BewBZWLieferlaenge: cage,
    section: sec,
    trace: [
      ...trace,
      ...section.trace,
      { name: 'lbd', value: lbd, unit: 'm', source: 'EC2 8.4.3 (8.3)' },
    ],
  };
};

/**
 * Horizontal load cases of a project: every row of every case is checked for the load point it names
 * (lateral analysis + internal capacity).
 * @param project normalised project @param axial toe level per load point (e.g. `ProjectResult.piles`)
 * @param options head restraint (default: the project setting)
 * @returns results per load case and row
 * @see docs/sources/engine.md §E4, §E5, §E6.1; docs/calculation-structural.md
 */
export const calculateHorizontalLoadCases = (
  project: NormalizedProject,
  axial: readonly AxialDataForLateral[],
  options: HorizontalOptions = {},
): HorizontalLoadCaseResult[] => {
  const index = indexProject(project, axial);
  return project.horizontal_loadcases.map((c) => ({
    rowIndex: c.rowIndex,
    name: c.name,
    horizontal_loads: c.horizontal_loads.map((row) =>
      project.settings.bemesseHorizontal
        ? calculateRow(project, row, index, options)
        : emptyRow(row, null, [
            structuralIssue('LOADCASE_HORIZONTAL_DESIGN_OFF', 'info', {}, 'bemesseHorizontal'),
          ]),
    ),
  }));
};

/** Results of one load case as part of `ProjectResult` (the engine's one-call result). */
export type LoadCaseResult = HorizontalLoadCaseResult;

const ROW_PATH = /^horizontal_loadcases\[(\d+)\]\.horizontal_loads\[(\d+)\]/;

/**
 * The load-case part of `calculateProject`: moves the input issues of every load row from the project
 * issues to that row (a row with an input error is not calculated), calculates the other rows and gives
 * every row issue its wire path (`horizontal_loadcases[i].horizontal_loads[j]`) and row index.
 * @param project normalised project @param axial axial results of the same run (toe levels)
 * @param projectIssues project-level issues of the normalisation @param only when given, only the rows it
 *   accepts are calculated (the others are empty rows without issues: the on-demand detail of one load point,
 *   ADR 0170) @returns load-case results and the remaining project issues
 */
export const calculateProjectLoadCases = (
  project: NormalizedProject,
  axial: readonly AxialDataForLateral[],
  projectIssues: readonly EngineIssue[],
  only?: (row: NormalizedHorizontalLoad) => boolean,
): { horizontal_loadcases: LoadCaseResult[]; issues: EngineIssue[] } => {
  const rowInput = new Map<string, EngineIssue[]>();
  const remaining: EngineIssue[] = [];
  for (const x of projectIssues) {
    const match = ROW_PATH.exec(x.path ?? '');
    if (match === null) remaining.push(x);
    else {
      const key = `${match[1]}/${match[2]}`;
      rowInput.set(key, [...(rowInput.get(key) ?? []), x]);
    }
  }
  const index = indexProject(project, axial);
  const horizontal_loadcases = project.horizontal_loadcases.map((c, ci) => ({
    rowIndex: c.rowIndex,
    name: c.name,
    horizontal_loads: c.horizontal_loads.map((row, ri) => {
      const input = rowInput.get(`${ci}/${ri}`) ?? [];
      const result = !project.settings.bemesseHorizontal
        ? emptyRow(row, null, [
            structuralIssue('LOADCASE_HORIZONTAL_DESIGN_OFF', 'info', {}, 'bemesseHorizontal'),
          ])
        : input.some((x) => x.severity === 'error')
          ? emptyRow(row, null, [structuralIssue('LOADCASE_ROW_INPUT_INVALID', 'error', {})])
          : only !== undefined && !only(row)
            ? emptyRow(row, null, [])
            : calculateRow(project, row, index, {});
      const path = `horizontal_loadcases[${ci}].horizontal_loads[${ri}]`;
      const own = result.issues.map((x) => ({
        ...x,
        path: x.field === undefined ? path : `${path}.${x.field}`,
        rowIndex: ri,
      }));
      return { ...result, issues: [...input, ...own] };
    }),
  }));
  return { horizontal_loadcases, issues: remaining };
};
