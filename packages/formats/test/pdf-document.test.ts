/**
 * The report read as a document (ADR 0151, 0152): the text of the generated PDF (poppler's pdftotext, page by
 * page) in German and English is checked for the order of the sections, the page numbers of the table of
 * contents against the pages the headings are really on, raw issue codes, program names, English words in
 * the German report (and German words in the English one), web addresses and research tags in the
 * sources, and the summary table against the engine's own results (formatted here by hand, not with the
 * report's number formatter).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_ISSUE_CODES, SETTINGS_FIELDS } from '@pfahlplaner/contracts';
import { renderReportPdf, type ReportInput } from '../src';
import { exampleWorkbook, resultOf } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'pfahlplaner-pdf-doc-'));

/** Pages of the PDF as text (pdftotext separates pages with a form feed). */
const pagesOf = (bytes: Uint8Array, name: string): string[] => {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('pdftotext', ['-layout', file, join(dir, `${name}.txt`)]);
  return readFileSync(join(dir, `${name}.txt`), 'utf8')
    .split('\f')
    .slice(0, -1);
};

const inputOf = (lang: 'de' | 'en', detail: ReportInput['detail']): ReportInput => {
  const workbook = exampleWorkbook();
  return {
    workbook,
    result: resultOf(workbook),
    calculation: { engine_version: '0.4.0', calculated_at: '2026-11-26T20:00:00Z' },
    company: { name: 'Demo Ingenieurbüro GmbH', addressLines: ['Musterstraße 1', '10115 Berlin'] },
    project: { name: 'Demoprojekt Bohrpfähle', number: '2026-17', address: null },
    lang,
    detail,
  };
};

/** A number as the engineer reads it: fixed decimals, German 1.234,5 or English 1,234.5 (by hand). */
const byHand = (value: number, decimals: number, lang: 'de' | 'en'): string => {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'de' ? '.' : ',');
  const sign = value < 0 && Number(value.toFixed(decimals)) !== 0 ? '-' : '';
  return sign + grouped + (fraction ? (lang === 'de' ? ',' : '.') + fraction : '');
};

const HEADINGS = {
  de: [
    'Inhalt',
    '1 Zusammenfassung',
    '2 Grundlagen',
    '3 Annahmen',
    '4 Baugrund',
    '5 Einwirkungen',
    '6 Nachweise',
    'Anhang A: Berechnungsparameter',
    'Anhang B: Quellenverzeichnis',
  ],
  en: [
    'Contents',
    '1 Summary',
    '2 Basis of design',
    '3 Assumptions',
    '4 Ground',
    '5 Actions',
    '6 Verifications',
    'Appendix A: Calculation parameters',
    'Appendix B: References',
  ],
};

// ("Pfähle" is not listed for English: it is part of the name of the recommendation, EA-Pfähle.)
// English words that a German report must not contain (words a checking engineer found in it, ADR 0152, and the engine's tokens).
const ENGLISH_WORDS = [
  'alternative',
  'single',
  'table',
  'tables',
  'bored',
  'driven',
  'pile',
  'piles',
  'load',
  'rule',
  'product',
  'convention',
  'increase',
  'value',
  'layer',
  'layers',
  'none',
  'true',
  'false',
  'the',
  'and',
  'of',
  'with',
  'not',
  'check',
  'curve',
  'group',
  'used',
  'settlement',
  'resistance',
  'compression',
  'tension',
  'shear',
  'length',
  'see',
  'notes',
  'page',
  'help',
  'verified',
];
const GERMAN_WORDS = [
  'Lastpunkt',
  'Pfahl',
  'Seite',
  'Nachweis',
  'Tragfähigkeit',
  'Baugrund',
  'Annahme',
  'Zusammenfassung',
  'Bemessung',
  'Schicht',
  'Setzung',
  'Widerstand',
  'nicht',
  'und',
  'der',
  'die',
  'das',
  'mit',
  'ja',
  'nein',
  'bindig',
  'Bohrpfahl',
  'Eingabe',
];

/** User data (names the user typed, in whatever language) is removed before the language check. */
const withoutUserData = (text: string, input: ReportInput): string => {
  const typed = [
    ...input.workbook.soil_profiles.flatMap((p) => [
      p.name,
      ...p.soil_layers.map((l) => l.bodenArt ?? ''),
    ]),
    ...(input.workbook.horizontal_loadcases ?? []).map((c) => c.name),
    input.project.name,
    input.company.name,
    ...input.company.addressLines,
  ].filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  return typed
    .sort((a, b) => b.length - a.length)
    .reduce((t, name) => t.split(name).join(' '), text);
};

describe.each(['de', 'en'] as const)('PDF report as a document (%s)', (lang) => {
  it('has the sections in order and a table of contents whose page numbers are where the headings are', async () => {
    const input = inputOf(lang, { mode: 'piles', piles: ['101', '104'] });
    Object.assign(input.workbook.settings, {
      berichtAuftraggeber: 'Stadtwerke Köln AöR',
      berichtPosition: 'Pos. 12',
      berichtAufsteller: 'Dipl.-Ing. Erika Muster',
      berichtRevision: 'B',
      berichtBaugrundgutachten: 'Geotechnischer Bericht Nr. 4711, Baugrund GmbH, 03.03.2026',
    });
    const pages = pagesOf(await renderReportPdf(input), `doc-${lang}`);
    // title page: project, client, item, revision, preparer with a field for date and signature
    for (const value of [
      'Demoprojekt Bohrpfähle',
      'Stadtwerke Köln AöR',
      'Pos. 12',
      'Dipl.-Ing. Erika Muster',
    ]) {
      expect(pages[0]).toContain(value);
    }
    expect(pages[0]).toMatch(/Revision\s+B/);
    expect(pages[0]).toContain(lang === 'de' ? 'Datum, Unterschrift' : 'Date, signature');
    // the geotechnical report is cited in the basis of design
    expect(pages.slice(2).join('\n')).toContain('Geotechnischer Bericht Nr. 4711');
    const headings = HEADINGS[lang];
    // section order: the first page each heading starts a line on, after the contents page
    const firstPage = (heading: string, from: number) =>
      pages.findIndex(
        (page, index) =>
          index >= from &&
          new RegExp(`^\\s*${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm').test(page),
      );
    const contentsPage = firstPage(headings[0]!, 0);
    expect(contentsPage).toBe(1); // page 2, after the title page
    const found = headings.slice(1).map((heading) => firstPage(heading, contentsPage + 1));
    expect(
      found.every((page) => page > contentsPage),
      JSON.stringify(found),
    ).toBe(true);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    // every line of the contents: "<heading> … <page>" and the heading is really on that page
    const tocLines = pages[contentsPage]!.split('\n')
      .map((line) => /^\s*(\S.*?\S)\s{2,}(\d+)\s*$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null);
    expect(tocLines.length).toBeGreaterThanOrEqual(headings.length - 1 + 2);
    for (const [, heading, page] of tocLines) {
      const index = Number(page) - 1;
      expect(pages[index], `${heading} on page ${page}`).toMatch(
        new RegExp(`^\\s*${heading!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'),
      );
    }
    expect(tocLines.map((m) => m[1])).toEqual(expect.arrayContaining(headings.slice(1)));
    // the detail the reader chose: 101 and 104 in full, no other load point
    const text = pages.join('\n');
    const verification = lang === 'de' ? 'Nachweis Lastpunkt' : 'Verification load point';
    expect(text).toContain(`${verification} 101`);
    expect(text).toContain(`${verification} 104`);
    expect(text).not.toContain(`${verification} 102`);
    // each detailed load point points to its assumptions in section 3 (by number, not repeated)
    const pointer =
      lang === 'de'
        ? /Annahmen und Hinweise zu diesem Lastpunkt: Nr\. ([\d, ]+) in Abschnitt 3/g
        : /Assumptions and notes for this load point: no\. ([\d, ]+) in section 3/g;
    const pointers = [...text.matchAll(pointer)].map((m) => m[1]!.split(', ').map(Number));
    expect(pointers).toHaveLength(2);
    const issuesOf101 = input.result.piles.find((p) => p.Pname === '101')!.issues.length;
    expect(pointers[0]!.length).toBeGreaterThanOrEqual(Math.min(1, issuesOf101));
  }, 60_000);

  it('prints no issue code, program name, web address, research tag or word of the other language', async () => {
    const input = inputOf(lang, { mode: 'all' });
    const text = pagesOf(await renderReportPdf(input), `all-${lang}`).join('\n');
    for (const code of ENGINE_ISSUE_CODES) expect(text, code).not.toContain(code);
    expect(text).not.toMatch(/\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b/); // any UPPER_SNAKE code
    // program names: settings keys, camelCase identifiers, `key = value` of engine parameters
    for (const field of SETTINGS_FIELDS) {
      if (/[a-z][A-Z]|_/.test(field.key)) {
        expect(text, field.key).not.toMatch(new RegExp(`\\b${field.key}\\b`));
      }
    }
    // (units and subscripted symbols as pdftotext reads them are not identifiers)
    const camel = [...text.matchAll(/\b[a-z]+[A-Z][A-Za-z]*\b/g)].map((m) => m[0]);
    expect(camel.filter((word) => !['kN', 'kNm', 'mNHN', 'wKopf'].includes(word))).toEqual([]);
    expect(text).not.toContain('MvonMaxfuerSchub');
    // sources: the standard and its table, never web addresses, help pages or tags like [S12]
    expect(text).not.toMatch(/https?:|www\.|\.(?:com|cz|hu|eu)\b|GEO5|help/i);
    expect(text).not.toMatch(/\[(?:S\d+|[CSIUP])\]/);
    expect(text).toMatch(
      lang === 'de' ? /EA-Pfähle 2012, Tab\. 5\.1[2-5]/ : /EA-Pfähle 2012, Table 5\.1[2-5]/,
    );
    // language: the word lists, on the text without the user's own names
    const words = new Set(withoutUserData(text, input).split(/[^A-Za-zÄÖÜäöüß]+/));
    const foreign = (lang === 'de' ? ENGLISH_WORDS : GERMAN_WORDS).filter((word) =>
      words.has(word),
    );
    expect(foreign).toEqual([]);
    // what the document covers and where the verification manual is
    expect(text.replace(/\/\s+/g, '/')).toContain('docs/verification.md');
    expect(text).toContain(
      lang === 'de' ? 'äußeren und inneren Tragfähigkeit' : 'external and internal capacity',
    );
  }, 120_000);

  it('summary table: one line per load point with the values of the calculation', async () => {
    const input = inputOf(lang, { mode: 'summary' });
    const pages = pagesOf(await renderReportPdf(input), `summary-${lang}`);
    const heading = lang === 'de' ? '1 Zusammenfassung' : '1 Summary';
    const page = pages.find((p) => new RegExp(`^\\s*${heading}\\s*$`, 'm').test(p))!;
    for (const pile of input.result.piles) {
      const row = input.workbook.piles[pile.rowIndex]!;
      const line = page.split('\n').find((l) => new RegExp(`^\\s*${pile.Pname}\\s`).test(l))!;
      expect(line, pile.Pname).toBeDefined();
      const cells = line.trim().split(/\s{2,}|\s(?=\S+$)/);
      // independent status: not calculated without R_d; failed with an error or E_d/R_d above the limit
      const limit = Number(input.workbook.settings.AuslastungProzent ?? 100);
      const status =
        pile.R_d === null || pile.EzuR === null
          ? lang === 'de'
            ? 'nicht berechnet'
            : 'not calculated'
          : pile.issues.some((i) => i.severity === 'error') || pile.EzuR > limit
            ? lang === 'de'
              ? 'nicht erfüllt'
              : 'not satisfied'
            : lang === 'de'
              ? 'erfüllt'
              : 'satisfied';
      const size = byHand(row.SollDurchmesser!, 2, lang);
      const expected = [
        row.PfahlTyp === 'c' ? `a = ${size}` : size,
        pile.IstLaenge === null ? '–' : byHand(pile.IstLaenge, 2, lang),
        byHand(pile.trace!.inputs.Ed, 0, lang),
        pile.R_d === null ? '–' : byHand(pile.R_d, 0, lang),
        pile.EzuR === null ? '–' : byHand(pile.EzuR, 1, lang),
        pile.Setzung === null ? '–' : byHand(pile.Setzung, 2, lang),
      ];
      const joined = line.replace(/\s+/g, ' ');
      const at = expected.reduce((from, value) => {
        const index = joined.indexOf(` ${value} `, from);
        expect(index, `${pile.Pname}: ${value} in "${joined}"`).toBeGreaterThanOrEqual(0);
        return index + 1 + value.length;
      }, 0);
      expect(joined.slice(at).trim(), pile.Pname).toBe(status);
      expect(cells[0]).toBe(pile.Pname);
    }
  }, 60_000);
});

describe("PDF report: contents with the footer's page numbering", () => {
  it('numbers the contents like the footer when the pages start at 7 ("Anlage 3, Blatt 7")', async () => {
    const input = inputOf('de', { mode: 'piles', piles: ['101'] });
    input.workbook.settings.seitenBezeichnung = 'Anlage 3, Blatt';
    input.workbook.settings.seitenStartNummer = 7;
    const pages = pagesOf(await renderReportPdf(input), 'start-7');
    // the footer label of every page: Blatt 7 on the first page
    pages.forEach((page, index) => expect(page).toContain(`Anlage 3, Blatt ${7 + index}`));
    const tocLines = pages[1]!
      .split('\n')
      .map((line) => /^\s*(\S.*?\S)\s{2,}(\d+)\s*$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null);
    expect(tocLines.map((m) => m[1])).toEqual(expect.arrayContaining(HEADINGS.de.slice(1)));
    for (const [, heading, label] of tocLines) {
      const page = pages[Number(label) - 7];
      expect(page, `${heading} on Blatt ${label}`).toMatch(
        new RegExp(`^\\s*${heading!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'),
      );
    }
  }, 60_000);
});

describe('PDF report: compact by default', () => {
  it('60 load points print one line each, on far fewer pages than one page per load point', async () => {
    const base = exampleWorkbook();
    const template = base.piles.filter((p) => p.PfahlTyp === 'bp');
    const workbook = {
      ...base,
      piles: Array.from({ length: 60 }, (_, k) => ({
        ...template[k % template.length]!,
        Pname: `P${k + 1}`,
        Rechtswert: k * 5,
        Hochwert: 0,
      })),
      horizontal_loadcases: [],
    };
    const input = { ...inputOf('de', undefined), workbook, result: resultOf(workbook) };
    const pages = pagesOf(await renderReportPdf(input), 'sixty');
    // title, contents, summary (2), basis, assumptions, soil, actions, verifications (2), appendix (2)
    expect(pages.length).toBeLessThanOrEqual(14);
    expect(pages.join('\n')).not.toContain('Nachweis Lastpunkt');
  }, 60_000);
});
