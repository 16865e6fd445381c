/**
 * Sources as a checking engineer cites them: ONE table (`CITATIONS`) that maps every method and table the
 * report names to the standard or recommendation with its table number — the report takes every citation
 * from here (method sentences, layer table, issue sentences, Anhang B).
 *
 * Rule (ADR 0154): only numbers the engine's sources (docs/sources/engine.md §E1, §E2) confirm are printed
 * as confirmed. They give no equation or page number of EA-Pfähle or DIN 1054 for these, so none is printed.
 * A number the sources mark [U] (unverified) is printed with the words of `UNCHECKED`, never silently and
 * never as the tag. The engine's trace names where a value was read (help pages, web addresses, tags like
 * `[S12]` of §E9); none of that is printed. Nothing here changes a value.
 */
import type { ReportLang } from './texts';

type Words = { de: string; en: string };

export type CitationEntry = {
  /** Full citation (Anhang B, issue sentences). */
  full: Words;
  /** Short form for a table cell. */
  short: Words;
  /** False when the calculation reference marks the number [U]: printed with `UNCHECKED`. */
  checked: boolean;
};

export type CitationKey =
  | 'EA-bored'
  | 'EA-5.12'
  | 'EA-5.13'
  | 'EA-5.14'
  | 'EA-5.15'
  | 'EA-driven'
  | 'EA-other'
  | 'DIN1054-A2.1'
  | 'DIN1054-A2.3';

const bored = (table: string, de: string, en: string): CitationEntry => ({
  full: {
    de: `EA-Pfähle 2012, Tab. ${table} (${de})`,
    en: `EA-Pfähle 2012, Table ${table} (${en})`,
  },
  short: { de: `EA-Pfähle 2012, Tab. ${table}`, en: `EA-Pfähle 2012, Table ${table}` },
  checked: true,
});

/**
 * Every citation of the report. Sources of the numbers (docs/sources/engine.md):
 * - EA-Pfähle Tab. 5.12–5.15 (bored piles): table numbers confirmed by GGU [S1] (§E1.2); whether a VALUE is
 *   confirmed is the engine's per-cell tag (`QTrace.lookup.tag`), marked in the layer table.
 * - Driven-pile tables: reproduced by GEO5 without the EA table number (§E1.3) — no number is printed.
 * - DIN 1054 Tab. A 2.1 (γ_G, γ_Q) and A 2.3 (γ_t): named in §E2.3/§E2.4 but tagged [U] for the clause.
 */
export const CITATIONS: Readonly<Record<CitationKey, CitationEntry>> = {
  'EA-bored': {
    full: {
      de: 'EA-Pfähle 2012, Tab. 5.12 bis 5.15 (Bohrpfähle)',
      en: 'EA-Pfähle 2012, Tables 5.12 to 5.15 (bored piles)',
    },
    short: { de: 'EA-Pfähle 2012, Tab. 5.12–5.15', en: 'EA-Pfähle 2012, Tables 5.12–5.15' },
    checked: true,
  },
  'EA-5.12': bored(
    '5.12',
    'Spitzendruck q_b,k, Bohrpfähle, nichtbindiger Boden',
    'base resistance q_b,k, bored piles, non-cohesive soil',
  ),
  'EA-5.13': bored(
    '5.13',
    'Mantelreibung q_s,k, Bohrpfähle, nichtbindiger Boden',
    'shaft friction q_s,k, bored piles, non-cohesive soil',
  ),
  'EA-5.14': bored(
    '5.14',
    'Spitzendruck q_b,k, Bohrpfähle, bindiger Boden',
    'base resistance q_b,k, bored piles, cohesive soil',
  ),
  'EA-5.15': bored(
    '5.15',
    'Mantelreibung q_s,k, Bohrpfähle, bindiger Boden',
    'shaft friction q_s,k, bored piles, cohesive soil',
  ),
  'EA-driven': {
    full: {
      de: 'EA-Pfähle 2012, Erfahrungswerte für Fertigrammpfähle (die Tabellennummer ist in den zugänglichen Quellen nicht genannt)',
      en: 'EA-Pfähle 2012, empirical values for precast driven piles (the table number is not given in the sources available)',
    },
    short: { de: 'EA-Pfähle 2012, Rammpfähle', en: 'EA-Pfähle 2012, driven piles' },
    // no number is printed, so there is none to mark (the values' own tags are marked per layer)
    checked: true,
  },
  'EA-other': {
    full: { de: 'EA-Pfähle 2012, Erfahrungswerte', en: 'EA-Pfähle 2012, empirical values' },
    short: { de: 'EA-Pfähle 2012', en: 'EA-Pfähle 2012' },
    checked: true,
  },
  'DIN1054-A2.1': {
    full: { de: 'DIN 1054:2021, Tab. A 2.1', en: 'DIN 1054:2021, Table A 2.1' },
    short: { de: 'DIN 1054, Tab. A 2.1', en: 'DIN 1054, Table A 2.1' },
    checked: false,
  },
  'DIN1054-A2.3': {
    full: { de: 'DIN 1054:2021, Tab. A 2.3', en: 'DIN 1054:2021, Table A 2.3' },
    short: { de: 'DIN 1054, Tab. A 2.3', en: 'DIN 1054, Table A 2.3' },
    checked: false,
  },
};

/** The words that follow a citation whose number is not confirmed (never the tag `[U]`). */
export const UNCHECKED: Readonly<Record<ReportLang, string>> = {
  de: 'Nummer nicht am gedruckten Werk geprüft',
  en: 'number not checked against the printed edition',
};

/** A citation in full, with the words of `UNCHECKED` where the number is not confirmed. */
export const cite = (key: CitationKey, lang: ReportLang): string => {
  const entry = CITATIONS[key];
  return entry.checked ? entry.full[lang] : `${entry.full[lang]} (${UNCHECKED[lang]})`;
};

/** The citation key of a table source of the engine trace (`QTrace.tableSource`, a table id, a mapping). */
export const citationKeyOf = (source: string): CitationKey => {
  const number = /(?:Tab\.\s*|EA-)(5\.1[2-5])\b/.exec(source)?.[1];
  if (number) return `EA-${number}` as CitationKey;
  if (/driven/i.test(source)) return 'EA-driven';
  return 'EA-other';
};

/** The citation of a table source of the engine trace, in full. */
export function citation(source: string, lang: ReportLang): string {
  return cite(citationKeyOf(source), lang);
}

/** The short citation of a table source for a table cell: "EA-Pfähle 2012, Tab. 5.13". */
export function shortCitation(source: string, lang: ReportLang): string {
  return CITATIONS[citationKeyOf(source)].short[lang];
}
