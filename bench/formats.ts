// Formats bench (docs/benchmarks.md, ADR 0150): PDF report of 200 load points (default report < 1 s) and Excel import of 2,000 rows
// (target < 2 s). Prints numbers only.
import { readFileSync } from 'node:fs';
import os from 'node:os';
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

const machineLoad = (): string => {
  const load = os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
  let pressure = 'n/a';
  try {
    pressure = /some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? 'n/a';
  } catch {
    // not Linux, or no pressure stall information
  }
  return `average ${load} on ${os.cpus().length} cores, CPU pressure (some, 10 s) ${pressure} %`;
};

export async function run(): Promise<void> {
  // Wall time on a shared machine is mostly waiting for a core: print how busy the machine is
  // (load average; Linux CPU pressure = share of time runnable tasks waited for a CPU).
  console.log(`pdf: machine load ${machineLoad()}`);
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
  // Target (ADR 0150): the default report (one line per load point) renders in < 1 s; the report with every
  // load point's full verification is printed for comparison (no target).
  // Median of three runs (the machine is shared: wall time includes waiting, CPU time does not).
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const s = (ms: number) => (ms / 1000).toFixed(2);
  for (const detail of ['summary', 'all'] as const) {
    for (const lang of ['de', 'en'] as const) {
      const walls: number[] = [];
      const cpus: number[] = [];
      let size = 0;
      for (let run = 0; run < (detail === 'summary' ? 3 : 1); run += 1) {
        const t0 = performance.now();
        const cpu = process.cpuUsage();
        const pdf = await renderReportPdf({ ...input, lang, detail: { mode: detail } });
        walls.push(performance.now() - t0);
        const used = process.cpuUsage(cpu);
        cpus.push((used.user + used.system) / 1000);
        size = pdf.byteLength;
      }
      const times =
        detail === 'summary'
          ? `wall min ${s(Math.min(...walls))} s / median ${s(median(walls))} s, CPU min ${s(Math.min(...cpus))} s / median ${s(median(cpus))} s`
          : `${s(walls[0]!)} s wall, ${s(cpus[0]!)} s CPU`;
      console.log(
        `pdf: 200 load points, ${detail === 'summary' ? 'default (summary), 3 runs' : 'every load point in full'}, ${lang}: ${times}, ${(size / 1024).toFixed(0)} KiB${detail === 'summary' ? ' (target < 1 s)' : ''}`,
      );
    }
  }

  console.log(`pdf: machine load ${machineLoad()}`);

  const xlsxWorkbook = workbookWith(2000);
  const bytes = await writeWorkbookXlsx(xlsxWorkbook);
  await readWorkbookXlsx(await writeWorkbookXlsx(workbookWith(20))); // warm-up
  const t0 = performance.now();
  const cpu = process.cpuUsage();
  const imported = await readWorkbookXlsx(bytes, { settings: xlsxWorkbook.settings });
  const xlsxMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  console.log(
    `xlsx: import of 2000 load-point rows (${(bytes.byteLength / 1024).toFixed(0)} KiB): ${(xlsxMs / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, ${imported.workbook.piles.length} rows read (target < 2 s)`,
  );
}
