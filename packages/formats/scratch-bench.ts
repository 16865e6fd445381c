import { calculateProject } from '@pfahlplaner/engine';
import { renderReportPdf, sampleWorkbook } from './src';
function workbookWith(count: number) {
  const base = sampleWorkbook();
  const template = base.piles.filter((pile) => pile.PfahlTyp === 'bp' || pile.PfahlTyp === 'c');
  const piles = Array.from({ length: count }, (_, k) => ({ ...template[k % template.length]!, Pname: `P${k + 1}`, Rechtswert: (k % 40) * 4, Hochwert: Math.floor(k / 40) * 4 }));
  return { ...base, piles, horizontal_loadcases: [] };
}
const wb = workbookWith(200); const result = calculateProject(wb);
const input = { workbook: wb, result, calculation: { engine_version: result.engineVersion, calculated_at: new Date().toISOString() }, company: { name: 'B', addressLines: [] }, project: { name: 'Bench', number: '1', address: null } };
for (const mode of ['summary', 'summary', 'all'] as const) for (const lang of ['de', 'en'] as const) {
  const t0 = performance.now();
  const pdf = await renderReportPdf({ ...input, lang, detail: { mode } });
  console.log(mode, lang, (performance.now() - t0).toFixed(0), 'ms', pdf.byteLength);
}
