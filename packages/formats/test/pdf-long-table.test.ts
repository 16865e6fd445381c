/**
 * The long tables drawn directly (ADR 0199): every word of the report stands where pdfmake puts it when it
 * lays the same tables out itself (poppler's word boxes of both PDFs compared), also across page breaks
 * and when a text does not fit its column (then the report uses ordinary tables); the width of numbers
 * added up from character widths equals the font's own text layout; the row places found from pdfmake's
 * recorded positions, checked against hand-made layouts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pdfmake from 'pdfmake';
import { describe, expect, it } from 'vitest';
import { renderReportPdf, reportDefinition, sampleWorkbook, type ReportInput } from '../src';
import { setupFonts } from '../src/pdf/fonts';
import { fastWidth, PLAIN_ADVANCE, rowPlaces, type MeasuredFont } from '../src/pdf/long-table';
import { resultOf } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'pfahlplaner-pdf-long-'));

/** Every word of the PDF with its page and box, as poppler reads it. */
const wordsOf = (bytes: Uint8Array, name: string): string[] => {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: string[] = [];
  let page = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page += 1;
    const word = /xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</.exec(
      line,
    );
    if (word) {
      const box = word.slice(1, 5).map((v) => Number(v).toFixed(2));
      words.push(`${page} ${word[5]} ${box.join(' ')}`);
    }
  }
  return words.sort();
};

/** The bench's project: load points of the sample repeated (bored and precast piles), in a 40 × 5 grid. */
const inputWith = (count: number, lang: 'de' | 'en', change?: (piles: unknown[]) => void) => {
  const base = sampleWorkbook();
  const template = base.piles.filter((pile) => pile.PfahlTyp === 'bp' || pile.PfahlTyp === 'c');
  const piles = Array.from({ length: count }, (_, k) => ({
    ...template[k % template.length]!,
    Pname: `P${k + 1}`,
    Rechtswert: (k % 40) * 4,
    Hochwert: Math.floor(k / 40) * 4,
  }));
  change?.(piles);
  const workbook = { ...base, piles, horizontal_loadcases: [] };
  return {
    workbook,
    result: resultOf(workbook),
    calculation: { engine_version: '0.1.0', calculated_at: '2026-11-27T08:00:00Z' },
    company: { name: 'Müller Grundbau GmbH', addressLines: ['Hauptstraße 5'] },
    project: { name: 'Lange Liste', number: null, address: null },
    lang,
    detail: { mode: 'summary' },
  } satisfies ReportInput;
};

/** The same report with every table laid out and drawn by pdfmake (no `LongTables` given). */
const ordinaryPdf = async (input: ReportInput): Promise<Uint8Array> => {
  await renderReportPdf(input); // fonts and table layouts registered
  return new Uint8Array(await pdfmake.createPdf(reportDefinition(input)).getBuffer());
};

describe('long tables drawn directly', () => {
  it.each(['de', 'en'] as const)(
    'put every word of a 120-load-point report where pdfmake puts it (%s)',
    async (lang) => {
      // 120 rows: the summary and the verification table each break over three pages
      const input = inputWith(120, lang);
      const direct = wordsOf(await renderReportPdf(input), `direct-${lang}`);
      const ordinary = wordsOf(await ordinaryPdf(input), `ordinary-${lang}`);
      expect(direct.length).toBeGreaterThan(2000);
      expect(direct).toEqual(ordinary);
    },
    120_000,
  );

  it('sets a number wider than its column as pdfmake does', async () => {
    // "n" has a fixed width of 18 pt: 1.000.000 at 7.5 pt is about 30 pt wide and would overflow
    const input = inputWith(30, 'de', (piles) => {
      (piles[4] as { PfahlAnzahl: number }).PfahlAnzahl = 1_000_000;
    });
    const direct = wordsOf(await renderReportPdf(input), 'wide');
    expect(direct.some((word) => word.includes(' 1.000.000 '))).toBe(true);
    expect(direct).toEqual(wordsOf(await ordinaryPdf(input), 'wide-ordinary'));
  }, 60_000);
  it('falls back to ordinary tables when a text would wrap in its column', async () => {
    // an unknown pile type is printed as its code; this one is far wider than the "Pfahltyp" column
    // (the rest of the width, ≈ 140 pt), so pdfmake wraps it over three lines: drawn on one line it
    // would run over the next columns, and the word boxes would differ from the ordinary table's
    const long =
      'ein sehr langer unbekannter Pfahltyp mit vielen Wörtern, die nicht in eine Zeile passen';
    const input = inputWith(20, 'de', (piles) => {
      (piles[3] as { PfahlTyp: string }).PfahlTyp = long;
    });
    const direct = wordsOf(await renderReportPdf(input), 'wrap');
    expect(direct.filter((word) => / Wörtern, /.test(word)).length).toBeGreaterThan(0);
    expect(direct).toEqual(wordsOf(await ordinaryPdf(input), 'wrap-ordinary'));
  }, 60_000);
});

describe('fastWidth', () => {
  it('adds up numbers exactly as the font lays them out (every pair of plain characters)', async () => {
    setupFonts();
    const doc = (await pdfmake.createPdf({ content: '' }).getStream()) as unknown as {
      provideFont: (family: string, bold: boolean, italics: boolean) => MeasuredFont;
    };
    const plain = [...'0123456789.,-–+%:;= ×'];
    for (const bold of [false, true]) {
      const font = doc.provideFont('Roboto', bold, false);
      const fast = fastWidth(font);
      for (const a of plain) {
        for (const b of plain) {
          // the reference: PDFKit's own layout of the pair (fontkit, with kerning and ligatures)
          expect(fast(a + b, 7.5)).toBeCloseTo(font.widthOfString(a + b, 7.5), 9);
        }
      }
      for (const text of ['1.234.567,89', '-0,001', '100,0 %', '12:30', 'a = 0,45', 'P12']) {
        expect(fast(text, 7)).toBeCloseTo(font.widthOfString(text, 7), 9);
      }
    }
    expect(PLAIN_ADVANCE.test('1.234,5')).toBe(true);
    // letters kern ("AV", "Te") and "//" is set as one: they are measured by the font
    expect(PLAIN_ADVANCE.test('a = 0,45')).toBe(false);
    expect(PLAIN_ADVANCE.test('1//2')).toBe(false);
  });
});

describe('rowPlaces', () => {
  // A page of 100 pt inner height from y = 50 (content bottom at 150); rows 10 pt apart.
  const at = (pageNumber: number, top: number) => ({
    pageNumber,
    left: 40,
    top,
    verticalRatio: (top - 50) / 100,
    pageInnerHeight: 100,
    pageInnerWidth: 500,
  });

  it('keeps rows that were laid out where they stand', () => {
    expect(rowPlaces([at(1, 60), at(1, 70), at(1, 80)])).toEqual([
      { page: 1, top: 60 },
      { page: 1, top: 70 },
      { page: 1, top: 80 },
    ]);
  });

  it('moves the row that did not fit to the first place of the next page', () => {
    // rows at 125 and 135 end by 145 ≤ 150; the third, tried at 145, would end at 155 > 150 and was moved
    // to page 2, where the repeated header ends at 70: the fourth row was laid out at 80, the third is at 70
    const recorded = [at(1, 125), at(1, 135), at(1, 145), at(2, 80), at(2, 90)];
    expect(rowPlaces(recorded)).toEqual([
      { page: 1, top: 125 },
      { page: 1, top: 135 },
      { page: 2, top: 70 },
      { page: 2, top: 80 },
      { page: 2, top: 90 },
    ]);
  });

  it('moves a last row that reaches below the page to the first place of the next page', () => {
    // page 2 holds rows from 70 to 140 (140 + 10 = 150 fits); the last row, tried at 150, was moved to
    // page 3, to the same first place (70) as the first row of page 2
    const page2 = [80, 90, 100, 110, 120, 130, 140].map((top) => at(2, top));
    const recorded = [at(1, 135), at(1, 145), ...page2, at(2, 150)];
    const places = rowPlaces(recorded)!;
    expect(places[1]).toEqual({ page: 2, top: 70 });
    expect(places[places.length - 1]).toEqual({ page: 3, top: 70 });
  });

  it('gives up when the rows are not one pitch apart or a last row has no known first place', () => {
    expect(rowPlaces([at(1, 60), at(1, 70), at(1, 85)])).toBeNull();
    // one page only, and its last row reaches below it: the first place of a next page is unknown
    expect(rowPlaces([at(1, 130), at(1, 140), at(1, 150)])).toBeNull();
  });
});
