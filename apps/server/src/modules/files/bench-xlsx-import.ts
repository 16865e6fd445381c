// Excel import of a 12,000-row workbook (ADR 0120): file size, unpacked size, time and
// memory, read in-process and through the server's worker reader (heap and time limits). 12,000 rows is
// the sheet limit (SHEET_LIMITS.maxRows); the unpacked size is what the zip guard's cap is set from.
// Prints numbers only; asserts nothing. Started by bench/xlsx-import.ts (`npm run bench`) in its own
// process for the `#app/*` imports.
import { inflateRawSync } from 'node:zlib';
import {
  readWorkbookXlsx,
  sampleWorkbook,
  writeWorkbookXlsx,
  ZIP_LIMITS,
} from '@pfahlplaner/formats';
import { createXlsxReader, XLSX_READER_LIMITS } from '#app/modules/files/xlsx-reader';

/** `count` load points with every input column filled (coordinates and loads with decimals). */
function workbookWith(count: number) {
  const base = sampleWorkbook();
  const template = base.piles.filter((pile) => pile.PfahlTyp === 'bp' || pile.PfahlTyp === 'c');
  const piles = Array.from({ length: count }, (_, k) => ({
    ...template[k % template.length]!,
    Pname: `Lastpunkt ${k + 1}`,
    Rechtswert: 3_456_789.123 + (k % 40) * 4.37,
    Hochwert: 5_678_901.456 + Math.floor(k / 40) * 4.19,
  }));
  return { ...base, piles };
}

/** Sum of the unpacked sizes of a zip's entries (inflated for real, walking the local headers). */
function unpackedSize(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (let at = 0; at + 30 <= bytes.length && view.getUint32(at, true) === 0x04034b50;) {
    const method = view.getUint16(at + 8, true);
    const compressed = view.getUint32(at + 18, true);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = bytes.subarray(start, start + compressed);
    total += method === 8 ? inflateRawSync(data).length : data.length;
    at = start + compressed;
  }
  return total;
}

/** Runs `work` while sampling the process RSS every 20 ms; answers the time and the peak growth. */
async function measured<T>(work: () => Promise<T>) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, rssMb: (peak - base) / 1e6 };
}

async function run(): Promise<void> {
  const rows = 12_000;
  const workbook = workbookWith(rows);
  const bytes = await writeWorkbookXlsx(workbook, undefined, 'de', { projectNumber: 'B-1' });
  const unpacked = unpackedSize(bytes);
  console.log(
    `xlsx ${rows} rows: file ${(bytes.byteLength / 1e6).toFixed(2)} MB, unpacked ${(unpacked / 1e6).toFixed(2)} MB (zip guard cap ${(ZIP_LIMITS.maxUncompressed / 1e6).toFixed(1)} MB)`,
  );
  const inProcess = await measured(() => readWorkbookXlsx(bytes, { settings: workbook.settings }));
  console.log(
    `xlsx ${rows} rows read in-process: ${(inProcess.ms / 1000).toFixed(2)} s, peak RSS +${inProcess.rssMb.toFixed(0)} MB, ${inProcess.result.issues.length} issue(s) (more load points than WORKBOOK_LIMITS: reported)`,
  );
  const reader = createXlsxReader();
  try {
    const inWorker = await measured(() => reader.read(bytes, workbook.settings, 'Paid'));
    console.log(
      `xlsx ${rows} rows read in a worker (limits ${XLSX_READER_LIMITS.maxOldGenerationSizeMb} MB heap, ${XLSX_READER_LIMITS.timeoutMs / 1000} s): ${(inWorker.ms / 1000).toFixed(2)} s incl. worker start, peak RSS +${inWorker.rssMb.toFixed(0)} MB`,
    );
  } finally {
    await reader.close();
  }
}

await run();
