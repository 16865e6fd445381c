// Profile of the PDF report of 200 load points (ADR 0199), not part of `npm run bench`:
//   node --cpu-prof --cpu-prof-dir=/tmp/pdf-profile --import tsx bench/pdf-profile.ts [summary|all] [runs]
// renders the bench's project (bench/formats.ts) after a warm-up and prints the CPU time of each run, so
// that the profile's share of a function can be read against the time of one report.
import { calculateProject } from '@pfahlplaner/engine';
import { renderReportPdf, sampleWorkbook } from '@pfahlplaner/formats';

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

const mode = process.argv[2] === 'all' ? 'all' : 'summary';
const runs = Number(process.argv[3] ?? 3);
const inputOf = (count: number) => {
  const workbook = workbookWith(count);
  const result = calculateProject(workbook);
  return {
    workbook,
    result,
    calculation: { engine_version: result.engineVersion, calculated_at: '2026-11-27T08:00:00Z' },
    company: { name: 'Bench GmbH', addressLines: ['Straße 1', '12345 Ort'] },
    project: { name: 'Bench', number: '1', address: null },
    lang: 'de' as const,
    detail: { mode } as const,
  };
};
await renderReportPdf(inputOf(5)); // warm-up: fonts, table layouts, JIT
const input = inputOf(200);
for (let run = 0; run < runs; run += 1) {
  const cpu = process.cpuUsage();
  const pdf = await renderReportPdf(input);
  const used = process.cpuUsage(cpu);
  console.log(
    `pdf profile: 200 load points, ${mode}: ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, ${(pdf.byteLength / 1024).toFixed(0)} KiB`,
  );
}
