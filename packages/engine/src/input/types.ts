import type { RowValueTrace } from './row-values';
/**
 * Normalised project input: every wire field of docs/sources/legacy-format.md §L2.5–§L2.9 under its verbatim name,
 * converted ONCE to calculation units (m, kN, kN/m², kN/m³, kNm, rad, fractions) with defaults applied.
 *
 * Conventions (read before using a field):
 * - Percentages on the wire (`…Prozent`, `prozentualerMantelAnteil`, `MvonMaxfuerSchub`) are
 *   `Fraction`s here (wire value / 100); the name stays verbatim.
 * - Settlements on the wire in cm (`zulaessigeSetzungCm`, `einzelzulaessigeSetzungCm`) are `Meter` here.
 * - `AbtreppungsWinkelRad` holds degrees on the wire (§L2.5/§L10) and radians here.
 * - `null` means "not given" for fields without a documented default (e.g. `qc`, `cuk`, coordinates).
 * - Layer overrides `qsk`, `qbk002`, `qbk003`, `qbk01`, `qskStern`, `qskZug` keep the wire default 0,
 *   and 0 means "no override" (§L2.8).
 * Defaults: model defaults of §L2.5–§L2.9 (not the `reset` column, see §L10).
 */
import type {
  Fraction,
  KiloNewton,
  KiloNewtonMeter,
  KiloNewtonPerCubicMeter,
  KiloNewtonPerSquareMeter,
  Meter,
  Radiant,
} from '../units/units';
import type { PfahlTyp } from './pile-types';
import type { EngineIssue } from '../issues/issue';

/** Project settings (docs/sources/legacy-format.md §L2.5). */
export type NormalizedSettings = {
  name: string;
  projektLocation: string;
  projektStreet: string;
  projektPostalCode: string;
  companyAltName: string;
  companyAltLocation: string;
  companyAltStreet: string;
  companyAltPostalCode: string;
  companyAltEmail: string;
  companyAltPhone: string;
  companyAltFax: string;
  companyAltLogo: string;
  default_company_info: boolean;
  /** Step width of the length iteration [m]; default 0.1. */
  Schrittweite: Meter;
  runHorBemessung: boolean;
  bemesseHorizontal: boolean;
  /** Axis distance below which piles get the same toe level [m]; default 0 (off). */
  AchsabstandGleicherTiefe: Meter;
  /** Permissible utilisation E_d/R_d (wire %, default 100 %). */
  AuslastungProzent: Fraction;
  /** Radius within which toe levels are coordinated [m]; default 20. */
  Beeinflussungsweite: Meter;
  /** Position in the EA experience range: 0 = lower, 1 = upper value (wire %, default 0). */
  EAErhoehungProzent: Fraction;
  /** Eccentricity [m]; default 0.1 (used by the section design). */
  Exzentrizitaet: Meter;
  /** Toe influence mode: 0 = Ohne, 1 = AA, 2 = RR; default 0. */
  FuszBeeinfluszung: 0 | 1 | 2;
  /** Minimum embedment into load-bearing layers [m]; default 2.5 (DIN 4014 via GGU [S2]). */
  MindestEinbindung: Meter;
  /** Permissible settlement [m] (wire cm, default 2 cm). */
  zulaessigeSetzungCm: Meter;
  /** Concrete class code: 25 = C25/30, 30 = C30/37, 35 = C35/40 (sic, legacy); default 25. */
  BetonZyl: number;
  /** Maximum pile length ("Maximum drilling depth") [m]; default 100. */
  MaxLaenge: Meter;
  /** Skin-friction increase (wire %, default 15 %). */
  MantelErhoehungProzent: Fraction;
  /** Base-resistance increase (wire %, default 15 %). */
  FuszErhoehungProzent: Fraction;
  /** Where the increases apply: 0 = all layers, 1 = layers with qc/cu, 2 = none (default). */
  useErhoehung: 0 | 1 | 2;
  /** Buckling length [m]; default 0 (never sent to the legacy engine). */
  Knicklaenge: Meter;
  /** Average the base pressure over a zone around the toe; default false. */
  SpitzendruckMittelung: boolean;
  /** Minimum pile length [m]; default 3. */
  MindestPfahllaenge: Meter;
  /** 0 = DIN 1054, 1 = EA-Pfähle; default 1. */
  Norm: 0 | 1;
  /** Partial factor on compression resistance; default 1.4 [P]. */
  gammaDruck: number;
  /** Partial factor on tension resistance; default 1.5 [P]. */
  gammaZug: number;
  ksNichtReduzieren: boolean;
  gegenRaeumlichenEP: boolean;
  /** Pile head fixed against rotation in the lateral analysis; default false = free (ADR 0025). */
  KopfEingespannt: boolean;
  /** Structural steel grade of steel pipe piles; default S355 (ADR 0028). */
  StahlsorteRohr: 'S235' | 'S275' | 'S355';
  /**
   * Manufacture of steel pipe piles: hot finished → buckling curve a, cold formed → c (EN 1993-1-1 Table 6.2);
   * default 'kaltgefertigt' (ADR 0103).
   */
  StahlrohrHerstellung: 'warmgefertigt' | 'kaltgefertigt';
  /**
   * Corrosion loss of the wall thickness of steel pipe piles, taken off the outer surface (wire mm) [m]; default 0
   * (ADR 0103, value from EN 1993-5 4.4).
   */
  StahlrohrKorrosionMm: Meter;
  /** Partial factor on permanent actions; default 1.35 (EN 1997-1 A1). */
  gammaStaendig: number;
  /** Partial factor on variable actions; default 1.5 (EN 1997-1 A1). */
  gammaVeraenderlich: number;
  WinkelAusProfilen: boolean;
  /** Stepping angle of neighbouring toe levels [rad] (wire: DEGREES, default 45°). */
  AbtreppungsWinkelRad: Radiant;
  /** Interpolate skin friction from qc = 0 below the first table column; default false. */
  qskQcAb0: boolean;
  /** Interpolate base pressure from qc = 0 below the first table column; default false. */
  qbkQcAb0: boolean;
  /** Interpolate skin friction from cu = 0 below the first table column; default false. */
  qskCukAb0: boolean;
  /** Interpolate base pressure from cu = 0 below the first table column; default false. */
  qbkCukAb0: boolean;
  /** Max. longitudinal bar diameter [m] (wire mm, default 20 mm). */
  MaxLaengs: Meter;
  /** Max. stirrup diameter [m] (wire mm, default 10 mm). */
  MaxBuegel: Meter;
  /** Min. bar spacing [m] (wire mm, default 100 mm). */
  MinLaengsAbstand: Meter;
  /** Concrete cover [m] (wire mm, default 100 mm). */
  Betondeckung: Meter;
  /** Share of M_max used for shear (wire %, default 50 %). */
  MvonMaxfuerSchub: Fraction;
  /** Minimum penetration, project level [m]; default 0.75 (semantics unknown, not used by axial). */
  MindestEindringung: Meter;
  Stahlsorte: string;
  StandardPfahlTyp: PfahlTyp;
  falsermInner: number;
  nameAnlageAuszen: string;
  seitenBezeichnung: string;
  seitenStartNummer: number;
  SeiteVonSeiten: number;
  erstelleUebersichtAuszen: number;
  UebersichtQuer: number;
  erstelleEinzelnachweise: number;
  zeichneNachweislinien: number;
  UKKotenInTabelle: number;
  erstellegrafikAuszen: number;
  erstellegrafikInnen: number;
};

/** One load point row (docs/sources/legacy-format.md §L2.6). */
export type NormalizedPile = {
  /** Index of the row in the input `piles` array. */
  rowIndex: number;
  Pname: string;
  /** Known pile type code, or null when missing/unknown (an issue is recorded). */
  PfahlTyp: PfahlTyp | null;
  /** Number of piles at this load point; default 1. */
  PfahlAnzahl: number;
  /** Axis spacing as multiple of D; default 3. */
  PfahlAchsAbstandxD: number;
  /** Drilling (working) level [m NHN]. */
  AEHoehe: Meter | null;
  /** Pile top level [m NHN]. */
  SollPfahlOberKante: Meter | null;
  /** x coordinate [m]. */
  Rechtswert: Meter | null;
  /** y coordinate [m]. */
  Hochwert: Meter | null;
  /** Diameter D (equivalent diameter for non-circular sections) [m]. */
  SollDurchmesser: Meter | null;
  /** Characteristic axial load E_k [kN] (compression positive). */
  AlternativeCharakteristischeLastZ: KiloNewton | null;
  /** Design axial load E_d [kN]. */
  AlternativeDesignLastZ: KiloNewton | null;
  /** Smallest characteristic axial load [kN]; negative = tension; default 0. */
  AlternativeCharakteristischeMinLastZ: KiloNewton;
  /** Smallest design axial load [kN]; negative = tension; default 0. */
  AlternativeDesignMinLastZ: KiloNewton;
  /** Soil profile name (reference by name). */
  BodenProfil: string | null;
  /** Minimum embedment used for this row [m]: row value, else settings `MindestEinbindung` (ADR 0132). */
  einzelMindestEindringung: Meter;
  /** Permissible settlement used for this row [m] (wire cm): row value (0 = not set), else `zulaessigeSetzungCm`. */
  einzelzulaessigeSetzungCm: Meter;
  /** Skin-friction share (wire %, default 100 %). */
  prozentualerMantelAnteil: Fraction;
  /** Concrete class code used for this row: row value, else settings `BetonZyl`. */
  BetonZyl: number;
  einzelAusnutzung: number;
  /** Eccentricity used for this row [m]: row value (0 included), else settings `Exzentrizitaet`. */
  einzelExzentrizitaet: Meter;
  /** Buckling length used for this row [m]: row value, else settings `Knicklaenge`. */
  einzelKnickLaenge: Meter;
  /** Maximum drilling depth (AEHoehe − toe) used for this row [m]: row value, else settings `MaxLaenge`. */
  einzelMaximaleBohrtiefe: Meter;
  /** Each row value with a project counterpart: value used and its source (row / project / default), ADR 0132. */
  rowValues: RowValueTrace[];
  /** Rake n: horizontal m per vertical m (0 = vertical); default 0 (ADR 0025). */
  einzelNeigungMproM: number;
  /** Direction of the rake in plan from the x axis towards y (wire degrees) [rad]; default 0. */
  einzelNeigungsRichtung: Radiant;
  /** Unintended inclination (execution tolerance) [m/m]; default 0. */
  einzelSchiefStellungMProM: number;
  /** Wall thickness of a steel pipe pile (wire mm) [m]; null when not given (ADR 0028). */
  Wanddicke: Meter | null;
};

/** One soil layer (docs/sources/legacy-format.md §L2.8). Layer top = previous layer's `endKote` or the profile's `startKote`. */
export type NormalizedSoilLayer = {
  rowIndex: number;
  /** Layer bottom level [m NHN] (null only when missing; the profile is then invalid). */
  endKote: Meter | null;
  bodenArt: string;
  bodenSchichtColor: string;
  /** Cone resistance q_c [kN/m²] (wire MN/m² ×1000); null = not given. */
  qc: KiloNewtonPerSquareMeter | null;
  /** Undrained shear strength c_u,k [kN/m²] (wire MN/m² ×1000); null = not given. */
  cuk: KiloNewtonPerSquareMeter | null;
  /** Override q_s,k [kN/m²] (wire MN/m²); 0 = no override. */
  qsk: KiloNewtonPerSquareMeter;
  /** Override q_b,k at s/D = 0.02 [kN/m²]; 0 = no override. */
  qbk002: KiloNewtonPerSquareMeter;
  /** Override q_b,k at s/D = 0.03 (driven: 0.035) [kN/m²]; 0 = no override. */
  qbk003: KiloNewtonPerSquareMeter;
  /** Override q_b,k at s/D = 0.10 [kN/m²]; 0 = no override. */
  qbk01: KiloNewtonPerSquareMeter;
  /** Friction angle φ [rad] (wire degrees). */
  phi: Radiant;
  /** Toe may stand in this layer. */
  FuszAbsetzbar: boolean;
  /** Layer counts for the minimum embedment. */
  IstEindringRelevant: boolean;
  /** δ/φ ratio; default 0.67. */
  deltaVonPhi: number;
  /** Unit weight γ [kN/m³]; default 19. */
  gammaBoden: KiloNewtonPerCubicMeter;
  /** Buoyant unit weight γ' [kN/m³]; default 19 (sic, legacy). */
  gammaStrichBoden: KiloNewtonPerCubicMeter;
  /** Stiffness modulus at layer top [kN/m²] (wire MN/m² ×1000). */
  ESoben: KiloNewtonPerSquareMeter;
  /** Stiffness modulus at layer bottom [kN/m²] (wire MN/m² ×1000). */
  ESunten: KiloNewtonPerSquareMeter;
  /** Max. FE element length [m] (wire cm ×0.01, default 0.1 cm as in the legacy model). */
  MaxElementWeite: Meter;
  /** c_u for passive earth pressure [kN/m²] (wire MN/m² ×1000). */
  cuEP: KiloNewtonPerSquareMeter;
  /** Override q_s,k* (driven piles, at s_sg*) [kN/m²]; 0 = no override. */
  qskStern: KiloNewtonPerSquareMeter;
  /** Negative skin friction τ_n,k [kN/m²] (wire unit unknown; assumed MN/m² like qsk). */
  tauNk: KiloNewtonPerSquareMeter;
  /** Tension skin friction override [kN/m²] (wire unit unknown; assumed MN/m² like qsk); 0 = none. */
  qskZug: KiloNewtonPerSquareMeter;
};

/** One soil profile (docs/sources/legacy-format.md §L2.7). */
export type NormalizedSoilProfile = {
  rowIndex: number;
  name: string;
  /** Legacy pile type id (hidden); default 4 (bp). Not used by the calculation. */
  pfahlTyp: number;
  /** Groundwater level [m NHN]. */
  grundwasserStand: Meter | null;
  /** Top level of the profile (ground) [m NHN]. */
  startKote: Meter | null;
  soil_layers: NormalizedSoilLayer[];
  /** False when the profile cannot be used (missing startKote, layers out of order, …). */
  isValid: boolean;
};

/** One horizontal load row (docs/sources/legacy-format.md §L2.9). */
export type NormalizedHorizontalLoad = {
  rowIndex: number;
  Pname: string;
  /** Permanent axial load V_g,k,z [kN]. */
  gkz: KiloNewton | null;
  /** Variable axial load V_q,k,z [kN]. */
  qkz: KiloNewton | null;
  Hgkx: KiloNewton;
  Hqkx: KiloNewton;
  Hgky: KiloNewton;
  Hqky: KiloNewton;
  Mgkx: KiloNewtonMeter;
  Mqkx: KiloNewtonMeter;
  Mgky: KiloNewtonMeter;
  Mqky: KiloNewtonMeter;
  /** Ground level for bending [m NHN]; null = not entered (default from the pile and profile, ADR 0144). */
  OKBodenBiegung: Meter | null;
  /** Groundwater level [m NHN]; null = not entered (the profile's groundwater level, ADR 0144). */
  Grundwasser: Meter | null;
  /** Unknown legacy value (unit unknown); default 1.9. */
  pAnOberkante: number;
};

/** One horizontal load case (docs/sources/legacy-format.md §L2.9). */
export type NormalizedHorizontalLoadCase = {
  rowIndex: number;
  name: string;
  horizontal_loads: NormalizedHorizontalLoad[];
};

/** The whole normalised project. */
export type NormalizedProject = {
  settings: NormalizedSettings;
  piles: NormalizedPile[];
  soil_profiles: NormalizedSoilProfile[];
  horizontal_loadcases: NormalizedHorizontalLoadCase[];
};

/** Result of `normalizeProject`: the project plus every issue found while normalising. */
export type NormalizeResult = {
  project: NormalizedProject;
  issues: EngineIssue[];
  /** False when the input is not a project at all (not an object or top-level keys missing). */
  isReadable: boolean;
};
