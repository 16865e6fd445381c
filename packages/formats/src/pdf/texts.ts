/** Report texts in German (default) and English, and number formatting per language. */
import type { SettingsGroup } from '@pfahlplaner/contracts';
import {
  engineIssueText,
  FIELD_TEXTS,
  fillIssueText,
  ISSUE_PARAMS_IN_WORDS,
  issueParamWord,
} from '@pfahlplaner/contracts';

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

/**
 * A parameter value of an issue in the report's language: numbers with a decimal comma in German (up to
 * three decimals, four significant digits below 1), booleans as yes/no, text as it is.
 */
export const formatIssueParam = (value: string | number | boolean, lang: ReportLang): string => {
  if (typeof value === 'boolean') return TEXTS[lang][value ? 'yes' : 'no'];
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && magnitude < 1) {
    return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
      maximumSignificantDigits: 4,
    }).format(value);
  }
  return formatNumber(value, 3, lang, true);
};

/**
 * Readable text of an engine issue in the report's language: the sentence of the one issue-text table
 * (contracts ENGINE_ISSUE_TEXTS, the same the web shows) with its numbers formatted in that language,
 * then in brackets the field and the parameters the sentence does not mention, then the code.
 * Codes without a sentence (not engine codes) print the code and every parameter.
 */
export const issueText = (
  entry: {
    code: string;
    field?: string;
    params?: Readonly<Record<string, string | number | boolean | null | undefined>>;
  },
  lang: ReportLang,
): string => {
  const params = entry.params ?? {};
  // identifiers (which limit, which check) in words (contracts ISSUE_PARAM_WORDS, as the web shows them)
  const format = (value: string | number | boolean, key = '') =>
    issueParamWord(key, value, lang) ?? formatIssueParam(value, lang);
  const template = engineIssueText(entry.code, lang);
  const inWords: readonly string[] = template
    ? (ISSUE_PARAMS_IN_WORDS[entry.code as keyof typeof ISSUE_PARAMS_IN_WORDS] ?? [])
    : [];
  const filled = template ? fillIssueText(template, params, format) : { text: '', used: [] };
  const extra = Object.entries(params)
    .filter(([key, value]) => !filled.used.includes(key) && value !== null && value !== undefined)
    .filter(([key]) => !inWords.includes(key))
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key} = ${format(value as string | number | boolean)}`);
  const label = entry.field ? FIELD_TEXTS[lang][entry.field]?.label : undefined;
  const details = [...(label ? [label] : []), ...extra].join('; ');
  return [filled.text, details ? `(${details})` : '', `[${entry.code}]`]
    .filter((part) => part !== '')
    .join(' ');
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
