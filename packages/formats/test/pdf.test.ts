import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatNumber, renderReportPdf, type ReportInput } from '../src';
import { defaultsOf } from '@pfahlplaner/contracts';
import type { ImportedWorkbook } from '../src/validate';
import { exampleWorkbook, resultOf } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'pfahlplaner-pdf-'));

/** Write the PDF and extract its text with poppler's pdftotext (layout kept). */
const textOf = (bytes: Uint8Array, name: string): string => {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('pdftotext', ['-layout', file, join(dir, `${name}.txt`)]);
  return readFileSync(join(dir, `${name}.txt`), 'utf8');
};

const pageCount = (name: string): number =>
  Number(
    /Pages:\s+(\d+)/.exec(
      execFileSync('pdfinfo', [join(dir, `${name}.pdf`)], { encoding: 'utf8' }),
    )![1],
  );

// A 1×1 PNG as logo.
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

const input = (lang: 'de' | 'en', change?: (i: ReportInput) => void): ReportInput => {
  const workbook = exampleWorkbook();
  const value: ReportInput = {
    workbook,
    result: resultOf(workbook),
    calculation: { engine_version: '0.1.0', calculated_at: '2026-11-23T08:15:00Z' },
    company: {
      name: 'Müller Grundbau GmbH',
      addressLines: ['Hauptstraße 5', '10115 Berlin'],
      logo: PNG,
    },
    project: {
      name: 'Brücke Süd – Ø 1,2 m',
      number: 'P-2026-017',
      address: 'Am Großen Weg 1, Köln',
    },
    lang,
    detail: { mode: 'all' },
  };
  change?.(value);
  return value;
};

describe('PDF report', () => {
  it('contains the load points and their values (German, decimal comma)', async () => {
    const report = input('de');
    const text = textOf(await renderReportPdf(report), 'de');
    expect(text).toContain('Pfahlgründung: Nachweis der äußeren und inneren Tragfähigkeit');
    expect(text).toContain('Müller Grundbau GmbH');
    expect(text).toContain('Brücke Süd – Ø 1,2 m');
    expect(text).toContain('6 Nachweise');
    const pages = pageCount('de');
    expect(text).toContain(`Seite 1 von ${pages}`);
    for (const pile of report.result.piles) {
      expect(text).toContain(`Nachweis Lastpunkt ${pile.Pname}`);
      if (pile.R_d !== null) expect(text).toContain(formatNumber(pile.R_d, 1, 'de'));
      if (pile.IstLaenge !== null) expect(text).toContain(formatNumber(pile.IstLaenge, 2, 'de'));
    }
    const p101 = report.result.piles.find((p) => p.Pname === '101')!;
    expect(formatNumber(p101.EzuR, 1, 'de')).toMatch(/,/);
    expect(text).toContain(formatNumber(p101.EzuR, 1, 'de'));
    // warnings are listed as sentences, never with their codes (ADR 0152)
    expect(text).not.toContain('CURVE_RULE_UNVERIFIED');
    expect(text).not.toContain('REQUIRED_LENGTH_NOT_FOUND');
    expect(text).toContain('Keine Pfahllänge bis zur');
    // Greek and superscripts survive (embedded font)
    expect(text).toMatch(/γ/);
    expect(text).toContain('MN/m²');
    // internal capacity of 101 under the load case
    expect(text).toContain('Innere Tragfähigkeit — Lastfall Lastkombination auf Einzelpfahl');
    const h = report.result.horizontal_loadcases![0]!.horizontal_loads[0]!;
    expect(text).toContain(h.BewTyp!);
    // drawing labels (set as PDF text over the SVG shapes): check lines and levels
    expect(text).toContain('Ek = 1.500 kN');
    expect(text).toContain('s zul. = 2 cm');
    expect(text).toContain('158,00');
    expect(text).toMatch(/max = 128,21 @ 1,9\d m/);
    expect(text).toContain('Rechenkern');
    expect(text).toContain('0.1.0');
  }, 60_000);

  it('follows the PDF options: page label and start number, no x-of-y; summary only without detail', async () => {
    const report = input('en', (i) => {
      i.workbook.settings.seitenBezeichnung = 'Anlage 3, Blatt';
      i.workbook.settings.seitenStartNummer = 7;
      i.workbook.settings.SeiteVonSeiten = 0;
      i.detail = { mode: 'summary' };
      i.workbook.settings.UKKotenInTabelle = 0;
      i.workbook.settings.nameAnlageAuszen = 'Anlage 3: Pfahlbemessung';
      i.workbook.settings.default_company_info = false;
      i.workbook.settings.companyAltName = 'Alt Consult AG';
    });
    const text = textOf(await renderReportPdf(report), 'options');
    expect(text).toContain('Anlage 3, Blatt 7');
    expect(text).not.toMatch(/Anlage 3, Blatt 7 of/);
    expect(text).toContain('Anlage 3: Pfahlbemessung');
    expect(text).toContain('Alt Consult AG');
    expect(text).not.toContain('Müller Grundbau GmbH');
    expect(text).not.toContain('Verification load point');
    expect(text).not.toContain('Pile toe\n');
    expect(text).not.toMatch(/Pile toe\s*\n\s*\[mNHN\]/);
    expect(text).toContain('6 Verifications');
    const p = report.result.piles.find((x) => x.Pname === '102')!;
    expect(text).toContain(formatNumber(p.R_d, 0, 'en'));
  }, 60_000);

  it('says "Page x of y" in English with the default page label, in portrait without toe column', async () => {
    const report = input('en', (i) => {
      i.detail = { mode: 'summary' };
    });
    const text = textOf(await renderReportPdf(report), 'english');
    expect(text).toMatch(new RegExp(`Page 1 of ${pageCount('english')}`));
    expect(text).not.toContain('Seite');
    expect(text).toContain(formatNumber(report.result.piles[0]!.Rs_k, 0, 'en'));
  }, 60_000);

  it('prints the steel pipe check (EN 1993-1-1) instead of reinforcement for an r pile, with buckling', async () => {
    const workbook = JSON.parse(
      readFileSync(
        new URL('../../../docs/examples/loadcases-project.json', import.meta.url),
        'utf8',
      ),
    ) as ImportedWorkbook;
    // The example carries only the settings it changes; the stored workbook has all of them.
    workbook.settings = { ...defaultsOf('settings'), ...workbook.settings };
    const result = resultOf(workbook);
    const steelRow = result
      .horizontal_loadcases!.flatMap((c) => c.horizontal_loads)
      .find((row) => row.Pname === 'R1' && row.steel?.buckling)!;
    const steel = steelRow.steel!;
    const report = input('de', (i) => {
      i.workbook = workbook;
      i.result = result;
    });
    const text = textOf(await renderReportPdf(report), 'steel');
    expect(text).toContain('Stahlsorte / Querschnittsklasse');
    expect(text).toContain(`${steel.grade} / ${steel.sectionClass}`);
    expect(text).toContain(formatNumber(steel.NRd, 1, 'de'));
    expect(text).toContain(formatNumber(steel.utilisationSection, 3, 'de'));
    expect(text).toContain(formatNumber(steel.buckling!.NbRd, 1, 'de'));
    expect(text).toContain(formatNumber(steel.buckling!.chi, 3, 'de'));
    expect(text).toContain('Ausnutzung maßgebend');
    expect(text).toContain(formatNumber(steel.utilisation, 3, 'de'));
    // the values used: manufacture (default cold formed → curve c), corrosion, net section, shear and ρ
    expect(text).toContain('Herstellung (Rohr, unverfüllt)');
    expect(text).toMatch(/Knicklinie \(kaltgefertigt\)/);
    expect(text).toContain('500,0 × 12,0');
    expect(text).toContain(
      `${formatNumber(steel.utilisationShear, 3, 'de')} / ${formatNumber(steel.rho, 3, 'de')}`,
    );
    // basis of calculation: the two settings with their values
    expect(text).toMatch(/Herstellung Stahlrohr\s+kaltgefertigt\s+\(Knicklinie c\)/);
    expect(text).toMatch(/Korrosionsabtrag Stahlrohr\s+0 mm/);
  }, 60_000);

  it('prints the settings used for a hot-finished, corroded pipe and "no resistance" for class 4 (English)', async () => {
    const workbook = JSON.parse(
      readFileSync(
        new URL('../../../docs/examples/loadcases-project.json', import.meta.url),
        'utf8',
      ),
    ) as ImportedWorkbook;
    workbook.settings = {
      ...defaultsOf('settings'),
      ...workbook.settings,
      StahlrohrHerstellung: 'warmgefertigt',
      StahlrohrKorrosionMm: 2,
    };
    const result = resultOf(workbook);
    const steel = result
      .horizontal_loadcases!.flatMap((c) => c.horizontal_loads)
      .find((row) => row.Pname === 'R1' && row.steel?.buckling)!.steel!;
    expect(steel.buckling!.curve).toBe('a');
    const text = textOf(
      await renderReportPdf(
        input('en', (i) => {
          i.workbook = workbook;
          i.result = result;
        }),
      ),
      'steel-hot',
    );
    expect(text).toMatch(/curve \(hot finished\)/);
    expect(text).toContain(`${formatNumber(steel.buckling!.lambdaBar, 3, 'en')} / a /`);
    expect(text).toContain('12.0 / 2.0'); // t / corrosion [mm]
    expect(text).toContain('496.0 × 10.0'); // section checked [mm]
    expect(text).toMatch(/Steel pipe manufacture\s+hot finished\s+\(curve\s+a\)/); // basis of calculation
    expect(text).toMatch(/Steel pipe corrosion loss\s+2 mm/);

    // class 4: D 500 × 5 mm (d/t = 100) → the steel block says so, no reinforcement rows
    const thin = structuredClone(workbook);
    thin.settings.StahlrohrKorrosionMm = 0;
    thin.piles = thin.piles.map((p) => (p.Pname === 'R1' ? { ...p, Wanddicke: 5 } : p));
    const thinResult = resultOf(thin);
    const row = thinResult
      .horizontal_loadcases!.flatMap((c) => c.horizontal_loads)
      .find((r) => r.Pname === 'R1')!;
    expect(row.steel).toBeNull();
    const thinText = textOf(
      await renderReportPdf(
        input('en', (i) => {
          i.workbook = thin;
          i.result = thinResult;
        }),
      ),
      'steel-class4',
    );
    expect(thinText).toMatch(
      /Steel pipe check \(EN 1993-1-1\): no resistance[\s\S]{0,80}given,[\s\S]{0,80}see the assumptions/,
    );
    // no reinforcement rows in the steel pipe's block (other piles of the example are concrete)
    const at = thinText.search(/Steel pipe check \(EN 1993-1-1\)/);
    // (the heading is the table's header row and repeats when the table continues on the next page)
    const block = thinText.slice(thinText.lastIndexOf('|MEd|max', at), at + 200);
    expect(thinText.lastIndexOf('|MEd|max', at)).toBeGreaterThan(
      thinText.lastIndexOf('Verification load point', at),
    );
    expect(block).not.toMatch(/As,req/);
    expect(thinText).not.toContain('SECTION_STEEL_PIPE_CLASS4');
    expect(thinText).toMatch(/class 4/i);
  }, 120_000);

  it('prints "cannot be verified" when shear leaves no N–M resistance (V_Ed > V_pl,Rd)', async () => {
    const workbook = JSON.parse(
      readFileSync(
        new URL('../../../docs/examples/loadcases-project.json', import.meta.url),
        'utf8',
      ),
    ) as ImportedWorkbook;
    workbook.settings = { ...defaultsOf('settings'), ...workbook.settings };
    const result = resultOf(workbook);
    const row = result
      .horizontal_loadcases!.flatMap((c) => c.horizontal_loads)
      .find((r) => r.Pname === 'R1' && r.steel)!;
    // the engine's own result for V_Ed > V_pl,Rd (steel-pipe.test.ts): ρ = 1, utilisations null
    row.steel = {
      ...row.steel!,
      utilisationShear: 1.25,
      rho: 1,
      utilisation: null,
      utilisationSection: null,
    };
    const text = textOf(
      await renderReportPdf(
        input('de', (i) => {
          i.workbook = workbook;
          i.result = result;
        }),
      ),
      'steel-shear',
    );
    expect(text).toContain('1,250 / 1,000');
    expect(text).toMatch(/Ausnutzung maßgebend\s+nicht nachweisbar/);
  }, 60_000);
});
