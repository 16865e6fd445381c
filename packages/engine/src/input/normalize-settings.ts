import type { EngineIssue } from '../issues/issue';
import type { Centimeter, Degree, Millimeter, Percent } from '../units/units';
import { cmToM, degToRad, m, mmToM, percentToFraction } from '../units/units';
import { isPfahlTyp } from './pile-types';
import { RowReader } from './reader';
import type { NormalizedSettings } from './types';

/**
 * Concrete codes accepted in `BetonZyl`: f_ck of C20/25 … C50/60 (EN 1992-1-1 Table 3.1). The predecessor offered
 * only 25/30/35; its label "C35/40" for 35 is read as C35/45 by the section design (warning there).
 * @see docs/adr/0054 (field catalogue), docs/sources/legacy-format.md §L2.5
 */
export const CONCRETE_CODES = [20, 25, 30, 35, 40, 45, 50] as const;

const pct = (value: number) => percentToFraction(value as Percent);

/** Flags values that look like the legacy `reset-default-settings` metre/fraction drift (docs/sources/legacy-format.md §L10). */
function flagLegacyDrift(r: RowReader, wire: { mm: Record<string, number>; schub: number }): void {
  for (const [field, value] of Object.entries(wire.mm)) {
    if (value > 0 && value < 1) {
      r.report('LEGACY_UNIT_SUSPECTED', 'warning', field, { value, expectedUnit: 'mm' });
    }
  }
  if (wire.schub > 0 && wire.schub <= 1) {
    r.report('LEGACY_UNIT_SUSPECTED', 'warning', 'MvonMaxfuerSchub', {
      value: wire.schub,
      expectedUnit: '%',
    });
  }
}

/**
 * Normalises the project settings (wire units → calculation units, defaults applied).
 * @param raw wire `settings` object (may be partial)
 * @returns settings in calculation units
 * @see docs/sources/legacy-format.md §L2.5 (fields, model defaults), §L4.3 (conversions), §L10 (reset drift, not copied)
 */
export function normalizeSettings(
  raw: Readonly<Record<string, unknown>>,
  issues: EngineIssue[],
): NormalizedSettings {
  const r = new RowReader(raw, 'settings', undefined, issues);
  const text = (field: string, fallback = '') => r.str(field, fallback);
  const flag = (field: string, fallback: number) => r.oneOf(field, [0, 1], fallback);
  const mmWire = {
    MaxLaengs: r.positive('MaxLaengs', 20, { allowZero: true }),
    MaxBuegel: r.positive('MaxBuegel', 10, { allowZero: true }),
    MinLaengsAbstand: r.positive('MinLaengsAbstand', 100, { allowZero: true }),
    Betondeckung: r.positive('Betondeckung', 100, { allowZero: true }),
  };
  const schub = r.positive('MvonMaxfuerSchub', 50, { allowZero: true });
  const standardType = r.str('StandardPfahlTyp', 'bp');
  if (!isPfahlTyp(standardType)) {
    r.report('UNKNOWN_PILE_TYPE', 'error', 'StandardPfahlTyp', { value: standardType });
  }
  const settings: NormalizedSettings = {
    name: text('name'),
    projektLocation: text('projektLocation'),
    projektStreet: text('projektStreet'),
    projektPostalCode: text('projektPostalCode'),
    companyAltName: text('companyAltName'),
    companyAltLocation: text('companyAltLocation'),
    companyAltStreet: text('companyAltStreet'),
    companyAltPostalCode: text('companyAltPostalCode'),
    companyAltEmail: text('companyAltEmail'),
    companyAltPhone: text('companyAltPhone'),
    companyAltFax: text('companyAltFax'),
    companyAltLogo: text('companyAltLogo'),
    default_company_info: r.bool('default_company_info', true),
    Schrittweite: m(r.positive('Schrittweite', 0.1)),
    runHorBemessung: r.bool('runHorBemessung', false),
    bemesseHorizontal: r.bool('bemesseHorizontal', true),
    AchsabstandGleicherTiefe: m(r.positive('AchsabstandGleicherTiefe', 0, { allowZero: true })),
    AuslastungProzent: pct(r.positive('AuslastungProzent', 100)),
    Beeinflussungsweite: m(r.positive('Beeinflussungsweite', 20, { allowZero: true })),
    EAErhoehungProzent: pct(clampPercent(r, 'EAErhoehungProzent', r.num('EAErhoehungProzent', 0))),
    Exzentrizitaet: m(r.num('Exzentrizitaet', 0.1)),
    FuszBeeinfluszung: r.oneOf('FuszBeeinfluszung', [0, 1, 2] as const, 0),
    MindestEinbindung: m(r.positive('MindestEinbindung', 2.5, { allowZero: true })),
    zulaessigeSetzungCm: cmToM(r.positive('zulaessigeSetzungCm', 2) as Centimeter),
    BetonZyl: r.oneOf('BetonZyl', CONCRETE_CODES, 25),
    MaxLaenge: m(r.positive('MaxLaenge', 100)),
    MantelErhoehungProzent: pct(r.num('MantelErhoehungProzent', 15)),
    FuszErhoehungProzent: pct(r.num('FuszErhoehungProzent', 15)),
    useErhoehung: r.oneOf('useErhoehung', [0, 1, 2] as const, 2),
    Knicklaenge: m(r.positive('Knicklaenge', 0, { allowZero: true })),
    SpitzendruckMittelung: r.bool('SpitzendruckMittelung', false),
    MindestPfahllaenge: m(r.positive('MindestPfahllaenge', 3)),
    Norm: r.oneOf('Norm', [0, 1] as const, 1),
    gammaDruck: r.positive('gammaDruck', 1.4),
    gammaZug: r.positive('gammaZug', 1.5),
    ksNichtReduzieren: r.bool('ksNichtReduzieren', true),
    gegenRaeumlichenEP: r.bool('gegenRaeumlichenEP', true),
    KopfEingespannt: r.bool('KopfEingespannt', false),
    StahlsorteRohr: pipeGrade(r),
    StahlrohrHerstellung: pipeManufacture(r),
    StahlrohrKorrosionMm: mmToM(pipeCorrosion(r) as Millimeter),
    gammaStaendig: r.positive('gammaStaendig', 1.35),
    gammaVeraenderlich: r.positive('gammaVeraenderlich', 1.5),
    WinkelAusProfilen: r.bool('WinkelAusProfilen', true),
    AbtreppungsWinkelRad: degToRad(angle(r) as Degree),
    qskQcAb0: r.bool('qskQcAb0', false),
    qbkQcAb0: r.bool('qbkQcAb0', false),
    qskCukAb0: r.bool('qskCukAb0', false),
    qbkCukAb0: r.bool('qbkCukAb0', false),
    MaxLaengs: mmToM(mmWire.MaxLaengs as Millimeter),
    MaxBuegel: mmToM(mmWire.MaxBuegel as Millimeter),
    MinLaengsAbstand: mmToM(mmWire.MinLaengsAbstand as Millimeter),
    Betondeckung: mmToM(mmWire.Betondeckung as Millimeter),
    MvonMaxfuerSchub: pct(schub),
    MindestEindringung: m(r.positive('MindestEindringung', 0.75, { allowZero: true })),
    Stahlsorte: text('Stahlsorte', 'B500B'),
    StandardPfahlTyp: isPfahlTyp(standardType) ? standardType : 'bp',
    falsermInner: r.num('falsermInner', 1),
    nameAnlageAuszen: text('nameAnlageAuszen'),
    seitenBezeichnung: text('seitenBezeichnung', 'Seite'),
    seitenStartNummer: r.num('seitenStartNummer', 1),
    SeiteVonSeiten: flag('SeiteVonSeiten', 1),
    erstelleUebersichtAuszen: flag('erstelleUebersichtAuszen', 1),
    UebersichtQuer: flag('UebersichtQuer', 1),
    erstelleEinzelnachweise: flag('erstelleEinzelnachweise', 1),
    zeichneNachweislinien: flag('zeichneNachweislinien', 1),
    UKKotenInTabelle: flag('UKKotenInTabelle', 1),
    erstellegrafikAuszen: flag('erstellegrafikAuszen', 1),
    erstellegrafikInnen: flag('erstellegrafikInnen', 1),
  };
  flagLegacyDrift(r, { mm: mmWire, schub });
  return settings;
}

/** The EA experience range position is a percentage between 0 and 100. */
function clampPercent(r: RowReader, field: string, value: number): number {
  if (value < 0 || value > 100) {
    r.report(value < 0 ? 'TOO_SMALL' : 'TOO_BIG', 'error', field, { value, min: 0, max: 100 });
    return 0;
  }
  return value;
}

/** Stepping angle in degrees, 0 < α ≤ 90. */
function angle(r: RowReader): number {
  const value = r.num('AbtreppungsWinkelRad', 45);
  if (value <= 0 || value > 90) {
    r.report('INVALID_VALUE', 'error', 'AbtreppungsWinkelRad', {
      value,
      min: 0,
      max: 90,
      unit: 'deg',
    });
    return 45;
  }
  return value;
}

/** Manufacture of steel pipe piles: 'warmgefertigt' or 'kaltgefertigt' (default, buckling curve c; ADR 0103). */
function pipeManufacture(r: RowReader): 'warmgefertigt' | 'kaltgefertigt' {
  const value = r.str('StahlrohrHerstellung', 'kaltgefertigt');
  if (value === 'warmgefertigt' || value === 'kaltgefertigt') return value;
  r.report('INVALID_VALUE', 'error', 'StahlrohrHerstellung', {
    value,
    allowed: 'kaltgefertigt,warmgefertigt',
  });
  return 'kaltgefertigt';
}

/**
 * Corrosion loss of steel pipe walls [mm], 0 ≤ value ≤ 40 (the largest wall thickness of the check); default 0.
 * Whether it is below the wall thickness is a row check of the load cases (ADR 0103).
 */
function pipeCorrosion(r: RowReader): number {
  const value = r.positive('StahlrohrKorrosionMm', 0, { allowZero: true });
  // kept as given: no wall of the check (t ≤ 40 mm) is thicker, so every steel pipe row fails its own check too
  if (value > 40) r.report('TOO_BIG', 'error', 'StahlrohrKorrosionMm', { value, max: 40 });
  return value;
}

/** Steel grade of steel pipe piles: S235, S275 or S355 (default S355, ADR 0028). */
function pipeGrade(r: RowReader): 'S235' | 'S275' | 'S355' {
  const value = r.str('StahlsorteRohr', 'S355');
  if (value === 'S235' || value === 'S275' || value === 'S355') return value;
  r.report('INVALID_VALUE', 'error', 'StahlsorteRohr', { value, allowed: 'S235,S275,S355' });
  return 'S355';
}
