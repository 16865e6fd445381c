/** Report texts in German (default) and English, and number formatting per language. */
import type { SettingsGroup } from '@pfahlplaner/contracts';

export type ReportLang = 'de' | 'en';

const DE = {
  defaultTitle: 'Nachweis der äußeren Standsicherheit',
  project: 'Projekt',
  projectNumber: 'Projekt-Nr.',
  address: 'Adresse',
  calculation: 'Berechnung',
  engineVersion: 'Rechenkern',
  calculatedAt: 'Berechnet am',
  loadPointCount: 'Anzahl Lastpunkte',
  inputSummary: 'Berechnungsgrundlagen',
  warnings: 'Hinweise und Warnungen',
  noWarnings: 'Keine Hinweise.',
  overview: 'Übersicht der Lastpunkte',
  perPile: 'Kräfte und Widerstände je Einzelpfahl.',
  verification: 'Nachweis Lastpunkt',
  inputs: 'Eingaben',
  results: 'Ergebnisse',
  layers: 'Bodenschichten und verwendete Bodenkennwerte',
  baseResistance: 'Spitzendruck',
  curve: 'Widerstands-Setzungs-Linie',
  profile: 'Bodenprofil mit Pfahl (maßstäblich)',
  internal: 'Innere Tragfähigkeit',
  loadCase: 'Lastfall',
  reinforcement: 'Bewehrung',
  notCalculated: 'nicht berechnet',
  yes: 'ja',
  no: 'nein',
  page: 'Seite',
  of: 'von',
  source: 'Quelle',
  sourceTable: 'Tabelle',
  sourceOverride: 'Eingabe',
  sourceNone: '–',
  averaged: 'gemittelt',
  kind: { cohesive: 'bindig', 'non-cohesive': 'nichtbindig', none: '–' },
  severity: { error: 'Fehler', warning: 'Warnung', info: 'Hinweis' },
  general: 'Projekt',
  pileType: 'Pfahltyp',
  tableFamily: 'Tabellen',
  loadSource: 'Lastquelle',
  groupRule: 'Gruppenwirkung',
  lengthLimit: 'Längenbegrenzung',
  depth: 'Tiefe',
  resistance: 'Widerstand',
  settlement: 'Setzung',
  groundwater: 'GW',
  permissible: 'zul.',
  noHorizontal: 'Keine Horizontallasten für diesen Lastpunkt.',
  groups: {
    standard: 'Norm',
    pileLengths: 'Pfahllängen',
    permissibleLimits: 'Zulässige Grenzwerte',
    partialFactors: 'Teilsicherheitsbeiwerte',
    pileFootSteps: 'Pfahlfußabtreppung',
    general: 'Allgemein',
    minimumValues: 'Mindestwerte',
    increaseFactors: 'Erhöhungen (EA-Pfähle Spannweiten)',
    crossSection: 'Querschnitt und Bewehrung',
  } as Partial<Record<SettingsGroup, string>>,
};

const EN: typeof DE = {
  defaultTitle: 'Verification of external bearing capacity',
  project: 'Project',
  projectNumber: 'Project no.',
  address: 'Address',
  calculation: 'Calculation',
  engineVersion: 'Engine',
  calculatedAt: 'Calculated at',
  loadPointCount: 'Number of load points',
  inputSummary: 'Basis of calculation',
  warnings: 'Notes and warnings',
  noWarnings: 'No notes.',
  overview: 'Overview of load points',
  perPile: 'Forces and resistances per single pile.',
  verification: 'Verification load point',
  inputs: 'Inputs',
  results: 'Results',
  layers: 'Soil layers and soil parameters used',
  baseResistance: 'Base resistance',
  curve: 'Resistance–settlement curve',
  profile: 'Soil profile with pile (to scale)',
  internal: 'Internal capacity',
  loadCase: 'Load case',
  reinforcement: 'Reinforcement',
  notCalculated: 'not calculated',
  yes: 'yes',
  no: 'no',
  page: 'Page',
  of: 'of',
  source: 'Source',
  sourceTable: 'table',
  sourceOverride: 'input',
  sourceNone: '–',
  averaged: 'averaged',
  kind: { cohesive: 'cohesive', 'non-cohesive': 'non-cohesive', none: '–' },
  severity: { error: 'Error', warning: 'Warning', info: 'Note' },
  general: 'Project',
  pileType: 'Pile type',
  tableFamily: 'Tables',
  loadSource: 'Load source',
  groupRule: 'Group effect',
  lengthLimit: 'Length limit',
  depth: 'Depth',
  resistance: 'Resistance',
  settlement: 'Settlement',
  groundwater: 'GW',
  permissible: 'perm.',
  noHorizontal: 'No horizontal loads for this load point.',
  groups: {
    standard: 'Standard',
    pileLengths: 'Pile lengths',
    permissibleLimits: 'Permissible limits',
    partialFactors: 'Partial factors',
    pileFootSteps: 'Pile toe steps',
    general: 'General',
    minimumValues: 'Minimum values',
    increaseFactors: 'Increases (EA-Pfähle ranges)',
    crossSection: 'Cross section and reinforcement',
  },
};

export const TEXTS = { de: DE, en: EN } as const;
export type Texts = typeof DE;

/** Short explanations of the engine's issue codes that a checking engineer meets most. */
const ISSUE_TEXTS: Record<string, { de: string; en: string }> = {
  TABLE_VALUE_UNVERIFIED: { de: 'Tabellenwert nicht verifiziert', en: 'Table value not verified' },
  PILE_TYPE_TABLES_UNVERIFIED: {
    de: 'Tabellen des Pfahltyps nicht verifiziert',
    en: 'Tables of the pile type not verified',
  },
  CURVE_RULE_UNVERIFIED: {
    de: 'Regel der Widerstands-Setzungs-Linie nicht verifiziert',
    en: 'Curve rule not verified',
  },
  LOAD_EXCEEDS_RESISTANCE: {
    de: 'Einwirkung größer als Widerstand',
    en: 'Action exceeds resistance',
  },
  REQUIRED_LENGTH_NOT_FOUND: {
    de: 'Keine Pfahllänge erfüllt die Nachweise',
    en: 'No pile length satisfies the checks',
  },
  LAYER_VALUES_MISSING: { de: 'Bodenkennwerte fehlen', en: 'Soil parameters missing' },
  PILE_TYPE_REQUIRES_LAYER_VALUES: {
    de: 'Pfahltyp verlangt eingegebene Bodenkennwerte',
    en: 'Pile type needs input soil parameters',
  },
  EQUIVALENT_DIAMETER_ASSUMED: {
    de: 'Äquivalenter Durchmesser angenommen',
    en: 'Equivalent diameter assumed',
  },
  GROUP_RULE_PRODUCT: { de: 'Gruppenfaktor als Produkt angesetzt', en: 'Group factor as product' },
  GROUP_LOAD_SHARED: {
    de: 'Last auf die Pfähle der Gruppe verteilt',
    en: 'Load shared by the group piles',
  },
  LOAD_FROM_LOADCASE: { de: 'Last aus Lastfall übernommen', en: 'Load taken from load case' },
  TOE_INFLUENCE_MODE_UNVERIFIED: {
    de: 'Fußbeeinflussung nicht verifiziert',
    en: 'Toe influence mode not verified',
  },
  TENSION_NO_RESISTANCE: { de: 'Kein Zugwiderstand', en: 'No tension resistance' },
  SECTION_CAPACITY_EXCEEDED: {
    de: 'Querschnittstragfähigkeit überschritten',
    en: 'Section capacity exceeded',
  },
  LATERAL_SUBGRADE_RULE_UNVERIFIED: {
    de: 'Bettungsansatz nicht verifiziert',
    en: 'Subgrade rule not verified',
  },
};

/** Readable text of an issue: explanation (when known), code and parameters. */
export const issueText = (
  entry: { code: string; params?: Readonly<Record<string, unknown>> },
  lang: ReportLang,
): string => {
  const known = ISSUE_TEXTS[entry.code]?.[lang];
  const params = Object.entries(entry.params ?? {})
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(
      ([key, value]) =>
        `${key} = ${typeof value === 'number' ? formatNumber(value, 3, lang, true) : String(value)}`,
    )
    .join(', ');
  return `${known ? `${known} ` : ''}[${entry.code}]${params ? ` (${params})` : ''}`;
};

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A number in the report's language: decimal comma in German, point in English.
 * @param trim drop trailing zeros (for settings and parameters); otherwise fixed decimals (tables)
 */
export const formatNumber = (
  value: number | null | undefined,
  decimals: number,
  lang: ReportLang,
  trim = false,
): string => {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const key = `${lang}:${decimals}:${trim}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
      minimumFractionDigits: trim ? 0 : decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, format);
  }
  const text = format.format(value);
  return text === '-0' || /^-0[.,]0*$/.test(text) ? text.slice(1) : text;
};

/** Date and time of a calculation in the report's language (UTC, ISO input). */
export const formatDateTime = (iso: string, lang: ReportLang): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date)} UTC`;
};
