import { writeFileSync } from 'node:fs';
import { calculateProject } from '@pfahlplaner/engine';
import { renderReportPdf, sampleWorkbook } from '@pfahlplaner/formats';
const wb = sampleWorkbook();
const result = calculateProject(wb);
for (const lang of ['de', 'en'] as const) {
  const pdf = await renderReportPdf({
    workbook: wb,
    result,
    calculation: { engine_version: result.engineVersion, calculated_at: '2026-11-27T01:00:00Z' },
    company: { name: 'Muster Ingenieure GmbH', addressLines: ['Straße 1', '12345 Ort'] },
    project: { name: 'Demo', number: '42', address: null },
    lang,
    detail: { mode: 'piles', piles: wb.piles.slice(0, 3).map((p) => p.Pname ?? '') },
  });
  writeFileSync(`${process.env.OUT ?? '/tmp'}/report-demo-${lang}.pdf`, pdf);
}
