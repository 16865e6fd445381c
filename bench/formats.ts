// Formats bench (issue 6): PDF report of 200 load points (target < 10 s) and Excel import of 2,000 rows
// (target < 2 s). Prints numbers only.
import { calculateProject } from '@pfahlplaner/engine';
import {
  readWorkbookXlsx,
  renderReportPdf,
  sampleWorkbook,
  writeWorkbookXlsx,
} from '@pfahlplaner/formats';

function workbookWith(count: number) {
  const base = sampleWorkbook();
  const template = base.piles.filter((pile) => pile.PfahlTyp === 'bp' || pile.PfahlTyp === 'c');
  const piles = Array.from({ length: count }, (_, k) => ({
    ...template[k % template.length]!,
    Pname: `P${k + 1}`,
    Rechtswert: (k % 40) * 4,
    Hochwert: Math.floor(k / 40) * 4,
  }));
  return { ...base, piles, horizontal_loadcases: [] };
}

export async function run(): Promise<void> {
  const pdfWorkbook = workbookWith(200);
  const result = calculateProject(pdfWorkbook);
  const input = {
    workbook: pdfWorkbook,
    result,
    calculation: { engine_version: result.engineVersion, calculated_at: new Date().toISOString() },
    company: { name: 'Bench GmbH', addressLines: ['Straße 1', '12345 Ort'] },
    project: { name: 'Bench', number: '1', address: null },
    lang: 'de' as const,
  };
  await renderReportPdf({
    ...input,
    workbook: workbookWith(5),
    result: calculateProject(workbookWith(5)),
  }); // warm-up
  let t0 = performance.now();
  let cpu = process.cpuUsage();
  const pdf = await renderReportPdf(input);
  const pdfMs = performance.now() - t0;
  let used = process.cpuUsage(cpu);
  console.log(
    `pdf: 200 load points with single verifications: ${(pdfMs / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, ${(pdf.byteLength / 1024).toFixed(0)} KiB (target < 10 s)`,
  );

  const xlsxWorkbook = workbookWith(2000);
  const bytes = await writeWorkbookXlsx(xlsxWorkbook);
  await readWorkbookXlsx(await writeWorkbookXlsx(workbookWith(20))); // warm-up
  t0 = performance.now();
  cpu = process.cpuUsage();
  const imported = await readWorkbookXlsx(bytes, { settings: xlsxWorkbook.settings });
  const xlsxMs = performance.now() - t0;
  used = process.cpuUsage(cpu);
  console.log(
    `xlsx: import of 2000 load-point rows (${(bytes.byteLength / 1024).toFixed(0)} KiB): ${(xlsxMs / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, ${imported.workbook.piles.length} rows read (target < 2 s)`,
  );
}
