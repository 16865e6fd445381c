/**
 * One horizontal load row: checks the load point's inputs, combines the actions (G/Q, inclination, imperfections),
 * runs the lateral analysis and hands the result to the section design of the pile's family (`row-section.ts`).
 */
import type { NormalizedHorizontalLoad, NormalizedPile, NormalizedProject } from '../input/types';
import { structuralIssue, type StructuralIssue, type TraceEntry } from '../lateral/issue';
import type { LateralScheme } from '../lateral/lateral-analysis';
import { analysePileLateral } from '../lateral/pile-lateral';
import { concreteClassFromCode, steelGradeIssues } from '../section/materials';
import { lateralLevels, stiffnessInputIssue } from './lateral-levels';
import {
  buildLateralModel,
  grossBendingStiffness,
  sectionKindOf,
  steelPipeBendingStiffness,
} from './pile-model';
import { addImperfections, combineActions, type PileAxis, type RowActions } from './resolve-loads';
import { compactRow, emptyRow, type HorizontalLoadRowResult } from './row-result';
import { concreteRow, steelPipeRow } from './row-section';
import type { KiloNewton, KiloNewtonMeter, Meter } from '../units/units';

/**
 * The axial data the horizontal calculation needs per load point (AxialPileResult satisfies it: a wire type, plain
 * numbers; `indexProject` tags the toe level).
 */
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
  /**
   * false: the row in its stored (compact) form (`compactRow`), and the lateral analysis builds no distribution
   * (ADR 0209); default true
   */
  detail?: boolean;
};

/** Load points and toe levels [m NHN] by Pname (the first row of a name, as the axial results). */
export type ProjectIndex = {
  piles: ReadonlyMap<string, NormalizedPile>;
  toes: ReadonlyMap<string, Meter | null>;
};

export const indexProject = (
  project: NormalizedProject,
  axial: readonly AxialDataForLateral[],
): ProjectIndex => {
  const piles = new Map<string, NormalizedPile>();
  for (const p of project.piles) if (!piles.has(p.Pname)) piles.set(p.Pname, p);
  const toes = new Map<string, Meter | null>();
  // the wire result's toe level [m NHN], tagged once here
  for (const a of axial) if (!toes.has(a.Pname)) toes.set(a.Pname, a.Soll_UK_Pfahl as Meter | null);
  return { piles, toes };
};

/** G/Q actions per pile of a row [kN, kNm]; vertical loads fall back to the pile's alternative design loads. */
const rowActions = (
  row: NormalizedHorizontalLoad,
  pile: NormalizedPile,
  issues: StructuralIssue[],
): RowActions => {
  const n = Math.max(pile.PfahlAnzahl, 1);
  const zero = 0 as KiloNewton;
  let G = row.gkz;
  const Q = row.qkz ?? zero;
  if (G === null && row.qkz === null) {
    G = pile.AlternativeCharakteristischeLastZ;
    issues.push(structuralIssue('LOADCASE_AXIAL_LOAD_MISSING', 'warning', { used: G ?? 0 }, 'gkz'));
  }
  // per pile: a force stays a force, a moment a moment
  const force = (total: KiloNewton) => (total / n) as KiloNewton;
  const moment = (total: KiloNewtonMeter) => (total / n) as KiloNewtonMeter;
  return {
    G: {
      N: force(G ?? zero),
      Hx: force(row.Hgkx),
      Hy: force(row.Hgky),
      Mx: moment(row.Mgkx),
      My: moment(row.Mgky),
    },
    Q: {
      N: force(Q),
      Hx: force(row.Hqkx),
      Hy: force(row.Hqky),
      Mx: moment(row.Mqkx),
      My: moment(row.Mqky),
    },
  };
};

const pileAxis = (pile: NormalizedPile): PileAxis => ({
  inclination: pile.einzelNeigungMproM,
  direction: pile.einzelNeigungsRichtung,
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
): HorizontalLoadRowResult =>
  options.detail === false
    ? compactRow(calculateRowWith(project, row, index, options))
    : calculateRowWith(project, row, index, options);

const calculateRowWith = (
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
    Math.min(levels.groundLevel, pile.SollPfahlOberKante) as Meter,
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
  const lateral = analysePileLateral(
    model,
    actions.characteristic,
    design,
    options.lateralScheme,
    options.detail !== false,
  );
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
    return steelPipeRow(
      row,
      lateral.result,
      { D, wall: wall!, actions, e, isHeadFixed, project, pile },
      issues,
      trace,
    );
  }
  return concreteRow(
    row,
    lateral.result,
    { kind, D, concrete: concrete.concrete, actions, e, isHeadFixed, project, pile },
    issues,
    trace,
  );
};
