/**
 * Section design of one load row after its lateral analysis: the EN 1993-1-1 check of a steel pipe pile or the
 * EC2 reinforced-concrete design of a cast-in-place or precast pile (with the fully compressed level and the cage
 * length).
 */
import type { NormalizedHorizontalLoad, NormalizedPile, NormalizedProject } from '../input/types';
import { structuralIssue, type StructuralIssue, type TraceEntry } from '../lateral/issue';
import type { LateralResult } from '../lateral/pile-lateral';
import { designSection } from '../section/design-section';
import { type concreteClassFromCode, designMaterials } from '../section/materials';
import { checkSteelPipe } from '../section/steel-pipe';
import type { sectionKindOf } from './pile-model';
import { anchorageLength, fullyCompressedLevel } from './reinforcement-length';
import type { combineActions } from './resolve-loads';
import { emptyRow, lateralFields, type HorizontalLoadRowResult } from './row-result';
import { kN, kNm, type KiloNewtonMeter, type Meter } from '../units/units';

/**
 * Steel pipe pile (r): the EN 1993-1-1 check under N_Ed,max/min, the largest moment of the lateral analysis (plus
 * N_Ed·e at a fixed head, ADR 0023) and the largest shear; no reinforcement. `c.D`, `c.wall`, `c.e` in m.
 */
export const steelPipeRow = (
  row: NormalizedHorizontalLoad,
  lat: LateralResult,
  c: {
    D: Meter;
    wall: Meter;
    actions: ReturnType<typeof combineActions>;
    e: Meter;
    isHeadFixed: boolean;
    project: NormalizedProject;
    pile: NormalizedPile;
  },
  issues: StructuralIssue[],
  trace: TraceEntry[],
): HorizontalLoadRowResult => {
  const s = c.project.settings;
  // N_Ed·e at a fixed head [kNm]
  const headMoment = (c.isHeadFixed ? Math.max(c.actions.NEdMax, 0) * c.e : 0) as KiloNewtonMeter;
  const steel = checkSteelPipe({
    D: c.D,
    t: c.wall,
    grade: s.StahlsorteRohr,
    NEdMax: c.actions.NEdMax,
    NEdMin: c.actions.NEdMin,
    MEd: kNm(lat.MMax + headMoment),
    VEd: kN(lat.QMax),
    bucklingLength: c.pile.einzelKnickLaenge,
    manufacture: s.StahlrohrHerstellung === 'warmgefertigt' ? 'hot-finished' : 'cold-formed',
    corrosion: s.StahlrohrKorrosionMm,
  });
  return {
    ...emptyRow(row, 'steel-pipe', [...issues, ...steel.issues]),
    ...lateralFields(lat),
    steel: steel.result,
    trace: [...trace, ...steel.trace],
  };
};

/**
 * Reinforced-concrete pile (cast in place or precast): EC2 section design, the level below which the section is
 * fully compressed and the cage length (that level plus the anchorage length, at most the pile length). `c.D`
 * (D or side a) and `c.e` in m.
 */
export const concreteRow = (
  row: NormalizedHorizontalLoad,
  lat: LateralResult,
  c: {
    kind: ReturnType<typeof sectionKindOf>;
    D: Meter;
    concrete: ReturnType<typeof concreteClassFromCode>['concrete'];
    actions: ReturnType<typeof combineActions>;
    e: Meter;
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
  // fixed head: N_Ed·e [kNm] goes to the section (ADR 0023)
  const headMoment = (c.isHeadFixed ? Math.max(c.actions.NEdMax, 0) * c.e : 0) as KiloNewtonMeter;
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
    MEd: kNm(lat.MMax + headMoment),
    VEd: kN(lat.QMax),
    bucklingLength: pile.einzelKnickLaenge,
    ...(isCircle
      ? {}
      : {
          biaxial: { Mx: lat.forces.Mx, My: lat.forces.My, extra: headMoment },
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
  const level = lat.forces.level;
  const kote = fullyCompressedLevel(
    level,
    lat.forces.M,
    c.actions.NEdMin,
    // core radius W/A [m]
    (isCircle ? c.D / 8 : c.D / 6) as Meter,
  );
  const head = level[0]!;
  const toe = level[level.length - 1]!;
  const materials = designMaterials(c.concrete, 1);
  // bar diameter of the layout [m], else MaxLaengs
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
