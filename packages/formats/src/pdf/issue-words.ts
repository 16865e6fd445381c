/**
 * Parameter values of engine issues in words of the report's language. The engine keeps program tokens
 * (`profileBottom`, `uls-compression`, table ids, pile type codes, its mapping prose in English); a
 * checking engineer reads words and the standard's table. Used by `issueText` before the sentence is filled.
 */
import { FIELD_TEXTS, issueParamWord } from '@pfahlplaner/contracts';
import { citation } from './citations';
import type { ReportLang } from './texts';

type Words = Readonly<Record<string, { de: string; en: string }>>;

const MAPPING: Words = {
  fundex: {
    de: 'Tabellen 5.12 bis 5.15 der EA-Pfähle 2012 für Bohrpfähle, als Produktannahme für Fundex-Pfähle (keine EA-Tabellen für Schraubpfähle), mit den eingestellten Erhöhungen',
    en: 'EA-Pfähle 2012 Tables 5.12 to 5.15 for bored piles, as a product assumption for Fundex piles (no EA tables for screw piles), with the increases set',
  },
  userValues: {
    de: 'keine öffentliche EA-Tabelle; Werte q_s,k und q_b,k je Schicht aus der Eingabe',
    en: 'no public EA table; values q_s,k and q_b,k per layer from the input',
  },
};

/** Pile-type mapping prose of the engine (PILE_FAMILIES[..].mapping) in words. */
const mappingWords = (value: string, lang: ReportLang): string => {
  if (/bored-pile tables 5\.12/i.test(value)) return MAPPING.fundex![lang];
  if (/no public EA table/i.test(value)) return MAPPING.userValues![lang];
  return citation(value, lang);
};

/** A parameter value in words, or the value itself when it is not a program token. */
export function paramInWords(
  key: string,
  value: string | number | boolean,
  lang: ReportLang,
): string | number | boolean {
  if (typeof value !== 'string') return value;
  switch (key) {
    case 'limit':
    case 'failedCheck':
      // the one table of the web and the report (contracts engine-issue-params.ts)
      return issueParamWord(key, value, lang) ?? value;
    case 'mapping':
      return mappingWords(value, lang);
    case 'table':
      return citation(value, lang);
    case 'PfahlTyp':
      return FIELD_TEXTS[lang].PfahlTyp?.option?.[value] ?? value;
    case 'rule':
      return value.replace(/<=/g, '≤').replace(/\bmin\(/g, 'min(');
    default:
      return value;
  }
}
