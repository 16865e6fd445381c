import type { RowValueTrace } from '../input/row-values';
import type { CurveKind, TableFamily } from '../axial/pile-family';
import type { GroupRule } from '../axial/group';
import type { QTrace, SoilKind } from '../axial/layer-values';
import type { IterationStep, LengthLimit } from '../axial/required-length';
import type { EngineIssue } from '../issues/issue';
import type { PfahlTyp } from '../input/pile-types';
import type { LoadCaseResult } from '../loadcases/row-result';

/** Axial results of one load point in WIRE units (m, m NHN, kN, %, cm, kN/m, m³); null = not calculated. */
export type AxialPileResult = {
  Pname: string;
  rowIndex: number;
  /** R_s,k per pile incl. group factor [kN]. */
  Rs_k: number | null;
  /** R_b,k = R_b(s_g) per pile incl. group factor [kN]. */
  Rb_k: number | null;
  /** R_c,d = (R_s,k + R_b,k) / γ_Druck [kN]. */
  R_d: number | null;
  /** Tension R_t,d = R_s,t,k / γ_Zug [kN]. */
  R_d_Min: number | null;
  /** E_d / R_d [%] (per pile). */
  EzuR: number | null;
  /** |E_d,min| / R_d_Min [%] for tension (0 without tension). */
  EzuRMin: number | null;
  /** Length after toe coordination [m] (null when no length satisfies the checks). */
  laenge_mit: number | null;
  /** Required length of the row alone [m]. */
  laenge_ohne: number | null;
  /** laenge_mit − laenge_ohne [m]. */
  delta_Laenge: number | null;
  /** Toe level = SollPfahlOberKante − IstLaenge [m NHN]. */
  Soll_UK_Pfahl: number | null;
  /** AEHoehe − Soll_UK_Pfahl [m]. */
  BohrLaenge: number | null;
  /** BohrLaenge × PfahlAnzahl [m]. */
  GesamtBohrLaenge: number | null;
  /** Settlement under E_k per pile [cm]. */
  Setzung: number | null;
  /** Secant stiffness E_k / s [kN/m]. */
  Federsteifigkeit: number | null;
  /** Group number of rows sharing one verification. */
  Nachweisgruppe: number | null;
  /** Contiguous embedment into IstEindringRelevant layers above the toe [m]. */
  EindringTiefe: number | null;
  /** π D² / 4 × IstLaenge per pile [m³]. */
  PfahlVolumen: number | null;
  /** Pile length used for all results [m] (laenge_mit, or the best length reached). */
  IstLaenge: number | null;
  issues: EngineIssue[];
  trace: AxialPileTrace | null;
};

/** Per-layer trace (q values in kN/m² as in the EA tables; levels m NHN; forces kN). */
export type LayerTrace = {
  rowIndex: number;
  top: number;
  bottom: number;
  kind: SoilKind;
  /** Shaft length in this layer at IstLaenge [m]. */
  shaftLength: number;
  skin: QTrace;
  skinStar: QTrace | null;
  base: QTrace[];
  /** R_s,k,i = π·D·share·η_G·q_s·length [kN] (0 in a `tauNk` layer). */
  Rs_i: number;
  /** Driven: R_s,k,i* at s_sg* [kN]. */
  RsStar_i: number | null;
  /** Negative skin friction τ_n,k of the layer [kN/m²] (0 = none; > 0: no positive skin friction here). */
  tauNk: number;
};

/** Full calculation trace of one load point. */
export type AxialPileTrace = {
  PfahlTyp: PfahlTyp;
  tableFamily: TableFamily;
  mapping: string;
  curveKind: CurveKind;
  inputs: {
    /** entered `SollDurchmesser` [m] and its meaning: diameter D, or side length a of a square `c` pile */
    size: number;
    sizeMeaning: 'diameter' | 'side';
    /** D of the D-based rules (s/D, s_g, 3·D) [m]: D, square equal-area D_eq = 2a/√π (ADR 0130) */
    D: number;
    A_b: number;
    perimeter: number;
    top: number;
    skinStartLevel: number;
    skinShare: number;
    gammaDruck: number;
    gammaZug: number;
    loadSource: string;
    /** True when the main load is tension, verified against R_t,d (ADR 0131). */
    isMainTension: boolean;
    G: number | null;
    Q: number | null;
    /** Loads per pile [kN]. */
    Ek: number;
    Ed: number;
    EkMin: number;
    EdMin: number;
    utilisationLimitPercent: number;
    allowedSettlementCm: number;
    requiredEmbedment: number;
    Lmin: number;
    Lmax: number;
    limit: LengthLimit;
    drillLevel: number;
  };
  group: GroupRule;
  /** Row values with a project counterpart: value used (calculation units: m, settlement m) and source (ADR 0132). */
  rowValues: RowValueTrace[];
  layers: LayerTrace[];
  toe: { layerRowIndex: number; qbUsed: number[]; sRel: number[]; isAveraged: boolean };
  /** Drag force F_n [kN] of `tauNk` layers and the loads per pile including it (docs/sources/engine.md §E6.4 [U]). */
  negativeSkinFriction: { Fn: number; EkWithFn: number; EdWithFn: number };
  /** Curve: s in cm, forces in kN. */
  curve: {
    ssgCm: number;
    sgCm: number;
    isSsgCapped: boolean;
    points: { sCm: number; Rs: number; Rb: number; R: number }[];
  } | null;
  iteration: { steps: number; mode: 'summary' | 'full'; trace: IterationStep[] };
  toeCoordination: {
    toeAlone: number | null;
    toeCoordinated: number | null;
    governedBy: string | null;
  };
};

/** Used q values per layer for one soil profile [MN/m², like the wire]. */
export type SoilProfileUsage = {
  name: string;
  /** Pile type the values are reported for (first row using the profile), null when unused. */
  PfahlTyp: PfahlTyp | null;
  soil_layers: {
    rowIndex: number;
    usedQsk: number | null;
    usedQbk002: number | null;
    usedQbk003: number | null;
    usedQbk01: number | null;
  }[];
};

/** Result of `calculateProject`. */
export type ProjectResult = {
  engineVersion: string;
  piles: AxialPileResult[];
  soil_profiles: SoilProfileUsage[];
  /** Project-level issues (settings, profiles, layers, load cases, unreadable input). */
  issues: EngineIssue[];
  /**
   * Horizontal load cases (docs/calculation-internal.md): per case and row the lateral analysis and the section design, in
   * wire units (mm, kNm, kN, cm², cm²/m, ‰, m NHN). Empty when skipped (`horizontalLoadCases: 'skip'`),
   * when the project has none or when the input is unreadable. Input issues of a row are on that row.
   * @see docs/calculation.md (load cases)
   */
  horizontal_loadcases: LoadCaseResult[];
  /**
   * True for the stored (compact) form: no per-pile `trace`, no per-row `distribution` and `trace`; they are
   * computed on demand for one load point (`calculatePileDetail`, ADR 0170).
   */
  isCompact?: true;
};

/** Options of `calculateProject`. */
export type CalculateOptions = {
  /** Iteration trace detail; default 'summary' (cheap). */
  iterationTrace?: 'summary' | 'full';
  /** Horizontal load cases: 'calculate' (default) or 'skip' (axial results only, faster). */
  horizontalLoadCases?: 'calculate' | 'skip';
  /**
   * Calculate only the load rows naming the load point at this index (the others are empty rows without
   * issues): the on-demand detail of one load point (ADR 0170). Default: every row.
   */
  loadRowsOf?: number;
  /**
   * The stored form directly (ADR 0170, 0209): the same result as `compactResult(calculateProject(input))`, but the
   * load rows' distributions, section designs and traces are never built (the same numbers, less memory and time).
   */
  compact?: boolean;
};
