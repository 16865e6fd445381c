import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENGINE_ISSUE_TEXTS, issueTextPlaceholders } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import {
  formatIssueParam,
  issueText,
  renderReportPdf,
  type ReportInput,
  type ReportResult,
} from '../src';
import { exampleWorkbook, resultOf } from './fixtures';

/** PDFs and their text go here; PDF_ISSUES_DIR keeps them for a look (pdftoppm). */
const dir = process.env.PDF_ISSUES_DIR ?? mkdtempSync(join(tmpdir(), 'pfahlplaner-pdf-issues-'));

/**
 * The example project changed so that the engine reports many different issues: a large diameter, a big
 * group, negative skin friction, a tension pile without skin resistance, a steel pipe without wall
 * thickness, besides the example's own notes.
 */
const manyWarnings = (): ReportInput['workbook'] => {
  const workbook = exampleWorkbook();
  const piles = workbook.piles;
  piles[2] = { ...piles[2]!, SollDurchmesser: 1.9 };
  piles[4] = { ...piles[4]!, PfahlAnzahl: 12 };
  piles[8] = {
    ...piles[8]!,
    AlternativeCharakteristischeLastZ: -900,
    AlternativeDesignLastZ: -1200,
    AlternativeCharakteristischeMinLastZ: -900,
    AlternativeDesignMinLastZ: -1200,
  };
  const profile = workbook.soil_profiles[0]!;
  profile.soil_layers[0] = { ...profile.soil_layers[0]!, tauNk: 0.02 };
  return workbook;
};

const allIssues = (result: ReportResult) => [
  ...result.issues,
  ...result.piles.flatMap((pile) => pile.issues),
  ...(result.horizontal_loadcases ?? []).flatMap((c) =>
    c.horizontal_loads.flatMap((l) => l.issues),
  ),
];

const render = async (lang: 'de' | 'en') => {
  const workbook = manyWarnings();
  const result = resultOf(workbook);
  const bytes = await renderReportPdf({
    workbook,
    result,
    calculation: { engine_version: '0.1.0', calculated_at: '2026-11-23T08:15:00Z' },
    company: { name: 'Prüf GmbH', addressLines: ['Hauptstraße 5'] },
    project: { name: 'Viele Hinweise', number: null, address: null },
    lang,
  });
  const file = join(dir, `issues-${lang}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('pdftotext', [file, join(dir, `issues-${lang}.txt`)]);
  // One line of text per paragraph: table cells wrap, so compare with whitespace collapsed.
  const text = readFileSync(join(dir, `issues-${lang}.txt`), 'utf8').replace(/\s+/g, ' ');
  return { result, text };
};

describe('PDF report: issue texts', () => {
  it('prints every issue of a many-warnings project as its sentence, numbers with decimal comma in German', async () => {
    const { result, text } = await render('de');
    const issues = allIssues(result);
    const codes = new Set(issues.map((i) => i.code));
    expect(codes.size).toBeGreaterThanOrEqual(20);
    for (const entry of issues) {
      const line = issueText(entry, 'de');
      expect(line, entry.code).not.toContain('{{');
      // A reader's sentence: never the code (ADR 0152).
      expect(line, entry.code).not.toContain(entry.code);
      // The fixed beginning of the sentence (up to its first placeholder) is the table's German text.
      const sentence = ENGINE_ISSUE_TEXTS[entry.code].de;
      expect(line.startsWith(sentence.split('{{')[0]!), entry.code).toBe(true);
      // Numbers the sentence names are printed in German format (others stay in the trace).
      const named = issueTextPlaceholders(sentence);
      for (const [key, value] of Object.entries(entry.params)) {
        if (named.includes(key) && typeof value === 'number' && !Number.isInteger(value)) {
          const shown = formatIssueParam(value, 'de');
          expect(shown, `${entry.code}.${key}`).toMatch(/,\d/);
          expect(line, `${entry.code}.${key}`).toContain(shown);
        }
      }
      // Each issue is in the assumptions table, once.
      // (subscripts are set as text runs: `τ_n,k` and `R_{s,k}` read as τn,k and Rs,k)
      const printed = line.replace(/_\{([^}]+)\}/g, '$1').replace(/_/g, '');
      expect(text, entry.code).toContain(printed.replace(/\s+/g, ' '));
    }
    // The report shows the sentences (a few with formatted numbers), not bare codes with raw params.
    writeFileSync(join(dir, 'codes.txt'), [...codes].sort().join('\n'));
    expect(text).toContain(
      'Gruppenabminderung nach Produktregel (Converse–Labarre, Faktor 0,7952)',
    );
    expect(text).toContain('Negative Mantelreibung als ständige Last angesetzt');
    expect(text).not.toMatch(/factor = 0\.7/);
    // The engine's English rule prose (`rule` params the sentence states in words) is not repeated.
    expect(text).not.toContain('rule = ');
    expect(text).not.toMatch(/below the toe|check separately|same stepping rule/);
    expect(text).toContain(
      'Regel der Widerstands-Setzungs-Linie nicht verifiziert: ssg = 0,5·Rs [MN] + 0,5 ≤ 3 cm',
    );
  }, 60_000);

  it('prints the English sentences with decimal points', async () => {
    const { text } = await render('en');
    expect(text).toContain('Group reduction by product rule (Converse–Labarre, factor 0.7952)');
    expect(text).toContain('Assumptions');
    expect(text).not.toContain('Gruppenabminderung');
  }, 60_000);

  it('names the field, the value and its limit in words after the sentence, without code or parameter names', () => {
    const entry = {
      code: 'TOO_SMALL',
      field: 'SollDurchmesser',
      params: { value: 0.15, min: 0.3 },
    };
    expect(issueText(entry, 'de')).toBe(
      'Wert zu klein. (Pfahldurchmesser D / Kantenlänge a; Wert = 0,15; Minimum = 0,3)',
    );
    expect(issueText(entry, 'en')).toBe(
      'Value too small. (Pile diameter D / side a; value = 0.15; minimum = 0.3)',
    );
    // no sentence: a neutral one, never the code or a parameter's program name
    expect(issueText({ code: 'NOT_AN_ENGINE_CODE', params: { n: 1234.5 } }, 'de')).toBe(
      'Eingabe prüfen.',
    );
    expect(issueTextPlaceholders(ENGINE_ISSUE_TEXTS.TOO_SMALL.de)).toEqual([]);
  });
  it('names the settings a rule reads by their labels, never by their program names or raw values', () => {
    // the engine passes the settings' raw values (cover in m, share as a fraction); the labels are the
    // catalogue's (contracts i18n), the values with their units are in Anhang A
    const entry = {
      code: 'SECTION_INTERPRETATION_UNVERIFIED',
      params: { MvonMaxfuerSchub: 0.5, Betondeckung: 0.1 },
    };
    expect(issueText(entry, 'de')).toBe(
      'Auslegung einer Einstellung nicht verifiziert. (Anteil M_max für Schub; Betondeckung)',
    );
    expect(issueText(entry, 'en')).toBe(
      'Interpretation of a setting not verified. (Share of M_max for shear; Concrete cover)',
    );
  });
});
