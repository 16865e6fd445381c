/**
 * Citations of the report (ADR 0154): every method and table the report names comes from the one table in
 * src/pdf/citations.ts; numbers the engine's sources (docs/sources/engine.md) mark [U] are printed with words
 * that say so; no equation or page number is printed (the sources give none). Read from the PDF's text.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReportPdf, type ReportInput } from '../src';
import { CITATIONS, UNCHECKED, citationKeyOf } from '../src/pdf/citations';
import { exampleWorkbook, resultOf } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'pdf-citations-'));
const textOf = (bytes: Uint8Array, name: string): string => {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  // one line per text line; runs of blanks and line breaks read as one blank for phrase search
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
};

describe('the citation table', () => {
  it('maps every table of the engine trace to its own entry, never to the unnamed fallback', () => {
    const workbook = exampleWorkbook();
    const result = resultOf(workbook);
    const sources = new Set<string>();
    for (const pile of result.piles) {
      for (const layer of pile.trace?.layers ?? []) {
        for (const q of [layer.skin, layer.skinStar, ...layer.base]) {
          if (q?.source === 'table' && q.tableSource) sources.add(q.tableSource);
        }
      }
    }
    // the example uses bored and driven tables (pile types bp and c)
    const keys = new Set([...sources].map(citationKeyOf));
    expect(keys.has('EA-driven')).toBe(true);
    expect([...keys].some((key) => /^EA-5\.1[2-5]$/.test(key))).toBe(true);
    expect(keys.has('EA-other')).toBe(false);
    // table ids of engine issues map like the sources (issue sentences cite through the same table)
    expect(citationKeyOf('EA-5.13')).toBe('EA-5.13');
    expect(citationKeyOf('EA-driven-qs-cu')).toBe('EA-driven');
  });

  it('prints no equation or page number: the calculation reference gives none', () => {
    for (const entry of Object.values(CITATIONS)) {
      for (const text of [entry.full.de, entry.full.en, entry.short.de, entry.short.en]) {
        expect(text).not.toMatch(
          /\bGl\.|\bEq\.|equation|Gleichung|\bS\.\s*\d|\bp\.\s*\d|page|Seite/i,
        );
      }
    }
  });
});

describe.each(['de', 'en'] as const)('citations in the %s report', (lang) => {
  const input = (): ReportInput => {
    const example = exampleWorkbook();
    // The precast driven pile of profile BP 2 gets a cohesive shaft layer: its skin friction then comes
    // from the driven-pile cohesive table, whose column headings the engine tags unverified ([U], ADR 0152).
    const workbook = {
      ...example,
      soil_profiles: example.soil_profiles.map((profile) =>
        profile.name !== 'BP 2'
          ? profile
          : {
              ...profile,
              soil_layers: profile.soil_layers.map((layer, i) =>
                i === 1 ? { ...layer, qc: null, cuk: 150 } : layer,
              ),
            },
      ),
    };
    return {
      workbook,
      result: resultOf(workbook),
      calculation: { engine_version: '0.0.0', calculated_at: '2026-11-27T00:00:00Z' },
      company: { name: 'Prüf GmbH', addressLines: [] },
      project: { name: 'Zitate', number: null, address: null },
      lang,
      detail: { mode: 'all' },
    };
  };

  it('cites the method from the table, marks unconfirmed numbers and unverified table values in words', async () => {
    const text = textOf(await renderReportPdf(input()), `all-${lang}`);
    // method: the bored-pile tables with their numbers, the partial-factor tables marked unchecked
    expect(text).toContain(CITATIONS['EA-bored'].full[lang]);
    for (const key of ['DIN1054-A2.1', 'DIN1054-A2.3'] as const) {
      expect(CITATIONS[key].checked).toBe(false);
      expect(text).toContain(`${CITATIONS[key].full[lang]} (${UNCHECKED[lang]})`);
    }
    // the section number 5.4 is not confirmed by the reference and is no longer printed
    expect(text).not.toMatch(/(?:Abschnitt|section) 5\.4/);
    // the example's driven piles use table values the engine tags [U]: starred, with the note in words
    const note =
      lang === 'de'
        ? 'nicht durch eine Quelle bestätigter Tabellenwert'
        : 'table value not confirmed by a source';
    expect(text).toContain(`${CITATIONS['EA-driven'].short[lang]} *`);
    expect(text).toContain(`* ${note}`);
    expect(text).not.toContain('[U]');
    // and the same value is one of the assumptions, in words
    expect(text).toContain(
      lang === 'de' ? 'Tabellenwert nicht verifiziert' : 'Table value not verified',
    );
  }, 120_000);
});
