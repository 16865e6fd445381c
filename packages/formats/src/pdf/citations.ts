/**
 * Sources as a checking engineer cites them. The engine's trace names each table value's source with the
 * research notes of its authors (help pages, web addresses, tags like `[S12]`); the report prints only the
 * standard or recommendation with its table (EA-Pfähle 2012, Tab. 5.13) and says plainly where a table
 * number could not be checked against the printed book. Nothing here changes a value.
 */
import type { ReportLang } from './texts';

type Citation = { de: string; en: string };

/** EA-Pfähle 2012, bored piles: Tab. 5.12 q_b,k / 5.13 q_s,k non-cohesive, 5.14 q_b,k / 5.15 q_s,k cohesive. */
const BORED: Readonly<Record<string, Citation>> = {
  '5.12': {
    de: 'EA-Pfähle 2012, Tab. 5.12 (Spitzendruck q_b,k, Bohrpfähle, nichtbindiger Boden)',
    en: 'EA-Pfähle 2012, Table 5.12 (base resistance q_b,k, bored piles, non-cohesive soil)',
  },
  '5.13': {
    de: 'EA-Pfähle 2012, Tab. 5.13 (Mantelreibung q_s,k, Bohrpfähle, nichtbindiger Boden)',
    en: 'EA-Pfähle 2012, Table 5.13 (shaft friction q_s,k, bored piles, non-cohesive soil)',
  },
  '5.14': {
    de: 'EA-Pfähle 2012, Tab. 5.14 (Spitzendruck q_b,k, Bohrpfähle, bindiger Boden)',
    en: 'EA-Pfähle 2012, Table 5.14 (base resistance q_b,k, bored piles, cohesive soil)',
  },
  '5.15': {
    de: 'EA-Pfähle 2012, Tab. 5.15 (Mantelreibung q_s,k, Bohrpfähle, bindiger Boden)',
    en: 'EA-Pfähle 2012, Table 5.15 (shaft friction q_s,k, bored piles, cohesive soil)',
  },
};

const DRIVEN: Citation = {
  de: 'EA-Pfähle 2012, Abschnitt 5.4, Erfahrungswerte für Fertigrammpfähle (Tabellennummer am gedruckten Werk nicht geprüft)',
  en: 'EA-Pfähle 2012, section 5.4, empirical values for precast driven piles (table number not checked against the printed book)',
};

const UNKNOWN: Citation = {
  de: 'EA-Pfähle 2012, Abschnitt 5.4, Erfahrungswerte',
  en: 'EA-Pfähle 2012, section 5.4, empirical values',
};

/** The citation of a table source of the engine trace (`QTrace.tableSource`, `AxialPileTrace.mapping`). */
export function citation(source: string, lang: ReportLang): string {
  const number = /Tab\.\s*(5\.1[2-5])/.exec(source)?.[1];
  if (number && BORED[number]) return BORED[number][lang];
  if (/driven/i.test(source)) return DRIVEN[lang];
  return UNKNOWN[lang];
}

const TABLE_WORD: Readonly<Record<ReportLang, string>> = { de: 'Tab.', en: 'Table' };

const DRIVEN_SHORT: Citation = {
  de: 'EA-Pfähle 2012, 5.4 (Rammpfähle)',
  en: 'EA-Pfähle 2012, 5.4 (driven piles)',
};

/** The short citation of a table source for a table cell: "EA-Pfähle 2012, Tab. 5.13". */
export function shortCitation(source: string, lang: ReportLang): string {
  const number = /Tab\.\s*(5\.1[2-5])/.exec(source)?.[1];
  if (number) return `EA-Pfähle 2012, ${TABLE_WORD[lang]} ${number}`;
  if (/driven/i.test(source)) return DRIVEN_SHORT[lang];
  return 'EA-Pfähle 2012, 5.4';
}
