/**
 * The result of one horizontal load row and its shaping: the row type with the wire names, the empty row (every
 * value null) and the lateral fields copied from the pile analysis.
 */
import type { NormalizedHorizontalLoad } from '../input/types';
import type { EngineIssue } from '../issues/issue';
import type { StructuralIssue, TraceEntry } from '../lateral/issue';
import type { LateralDistribution, LateralResult } from '../lateral/pile-lateral';
import type { SectionDesignResult } from '../section/design-section';
import type { SteelPipeCheck } from '../section/steel-pipe';
import type { SectionKind } from './pile-model';

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

/** Results of one load case as part of `ProjectResult` (the engine's one-call result). */
export type LoadCaseResult = HorizontalLoadCaseResult;

/** A row without results: every value null, with the issues that say why (or none). */
export const emptyRow = (
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

/**
 * A row in the stored (compact) form (ADR 0170): without the distribution, the section design and the trace, which
 * are recomputed for one load point on demand. Everything else (values, issues, the steel pipe check) is kept.
 */
export const compactRow = (r: HorizontalLoadRowResult): HorizontalLoadRowResult => ({
  ...r,
  distribution: null,
  section: null,
  trace: [],
});

/** The lateral analysis fields of a row (wire names of §L2.9) and the distribution along the pile. */
export const lateralFields = (r: LateralResult) => ({
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
