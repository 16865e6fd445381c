import { writeFileSync } from 'node:fs';
import { calculateProject } from '@pfahlplaner/engine';
import { renderReportPdf, sampleWorkbook } from './src';
const mode = (process.argv[2] ?? 'summary') as 'summary' | 'all' | 'piles';
for (const lang of ['de', 'en'] as const) {
  const workbook = sampleWorkbook();
  Object.assign(workbook.settings, { berichtAuftraggeber: 'Stadt Musterstadt, Tiefbauamt', berichtPosition: 'Pos. 12 Gründung', berichtAufsteller: 'Dipl.-Ing. Erika Muster', berichtRevision: 'A', berichtBaugrundgutachten: 'Baugrundgutachten Nr. 2026-031, Erdbaulabor Berlin, 12.03.2026' });
  const result = calculateProject(workbook);
  const t0 = performance.now();
  const bytes = await renderReportPdf({
    workbook, result,
    calculation: { engine_version: result.engineVersion, calculated_at: '2026-11-26T20:00:00Z' },
    company: { name: 'Demo Ingenieurbüro GmbH', addressLines: ['Musterstraße 1', '10115 Berlin'] },
    project: { name: 'Demoprojekt Bohrpfähle', number: '2026-17', address: 'Musterstraße 1, 10115 Berlin' },
    lang, detail: mode === 'all' ? { mode: 'all' } : mode === 'piles' ? { mode: 'piles', piles: ['101', '104', '105'] } : { mode: 'summary' },
  });
  console.log(lang, mode, (performance.now() - t0).toFixed(0), 'ms', bytes.byteLength);
  writeFileSync(`/tmp/rep/${lang}-${mode}.pdf`, bytes);
}
