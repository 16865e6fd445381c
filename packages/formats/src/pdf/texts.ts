/** Report texts (the tables in texts-de.ts / texts-en.ts), issue sentences and number formatting per language. */
import {
  engineIssueText,
  FIELD_TEXTS,
  fillIssueText,
  SETTINGS_FIELDS,
} from '@pfahlplaner/contracts';
import { paramInWords } from './issue-words';
import { DE, type Texts } from './texts-de';
import { EN } from './texts-en';

export type ReportLang = 'de' | 'en';
export type { Texts };

export const TEXTS: Readonly<Record<ReportLang, Texts>> = { de: DE, en: EN };

const SETTING_KEYS: ReadonlySet<string> = new Set(SETTINGS_FIELDS.map((field) => field.key));

/** `{{name}}` placeholders of a text filled in. */
export const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');

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
 * The sentence of an engine issue in the report's language, as a checking engineer reads it: the text of
 * the one issue-text table (contracts ENGINE_ISSUE_TEXTS, the same the web shows) with its numbers
 * formatted in that language, plus the field it concerns and the value and limits the sentence does not
 * state (in words: Wert, Minimum, Maximum), and the labels of other parameters that are catalogue fields.
 * Never the code and never a parameter's program name (other parameters are left out: they are in the
 * calculation trace).
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
  // identifiers (which limit, which check, table ids, pile types) in words (issue-words.ts)
  const format = (value: string | number | boolean, key: string) =>
    formatIssueParam(paramInWords(key, value, lang), lang);
  const template = engineIssueText(entry.code, lang);
  const filled = template ? fillIssueText(template, params, format) : { text: '', used: [] };
  const words = TEXTS[lang].paramWords as Readonly<Record<string, string>>;
  const extra = Object.entries(params)
    .filter(([key]) => !filled.used.includes(key) && words[key] !== undefined)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${words[key]} = ${format(value as string | number | boolean, key)}`);
  const label = entry.field ? FIELD_TEXTS[lang][entry.field]?.label : undefined;
  // parameters that are project settings (the settings a rule reads) by their label, without the
  // value: the value is printed with the field's unit in Anhang A (the engine's raw value may be in other units)
  const fields = Object.keys(params)
    .filter((key) => !filled.used.includes(key) && words[key] === undefined && key !== entry.field)
    .filter((key) => SETTING_KEYS.has(key))
    .flatMap((key) => FIELD_TEXTS[lang][key]?.label ?? []);
  const details = [...(label ? [label] : []), ...fields, ...extra].join('; ');
  return [filled.text || TEXTS[lang].issueFallback, details ? `(${details})` : '']
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
