/**
 * Zip-bomb guard for .xlsx files, run before the spreadsheet library sees the bytes: the central directory is read by
 * hand (entry count, declared sizes, methods, encryption), then every entry is actually inflated with a
 * byte counter that stops at its declared size and at the total limit — a zip that lies about its sizes
 * is caught too. Uses the platform's DecompressionStream (no node:* import).
 */

export const ZIP_LIMITS = {
  /** compressed file size */
  maxBytes: 20 * 1024 * 1024,
  /**
   * Sum of all uncompressed entries. Measured (docs/formats.md "Import limits"): a 12,000-row input sheet
   * of our export unpacks to 8.7 MB, an export of 10,000 load points with its result sheets to 13.2 MB;
   * 32 MiB leaves 2.4× room for files saved by Excel (styles, shared strings). Was 200 MB, which let a
   * 17.8 MB file unpacking to ~190 MB through (ADR 0120).
   */
  maxUncompressed: 32 * 1024 * 1024,
  maxEntries: 2000,
} as const;

export type ZipProblem =
  | { code: 'ZIP_CORRUPT'; reason: string }
  | { code: 'ZIP_TOO_LARGE'; reason: string; max: number }
  | { code: 'ZIP_UNSUPPORTED'; reason: string }
  | { code: 'FILE_TOO_LARGE'; max: number };

type Entry = {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 0x04;

function centralDirectory(bytes: Uint8Array): Entry[] | ZipProblem {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (
    let offset = bytes.length - 22;
    offset >= Math.max(0, bytes.length - 22 - 0xffff);
    offset -= 1
  ) {
    if (view.getUint32(offset, true) === EOCD) {
      eocd = offset;
      break;
    }
  }
  if (eocd < 0) {
    return { code: 'ZIP_CORRUPT', reason: 'end of central directory not found (truncated?)' };
  }
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) {
    return { code: 'ZIP_UNSUPPORTED', reason: 'zip64' };
  }
  if (count > ZIP_LIMITS.maxEntries) {
    return { code: 'ZIP_TOO_LARGE', reason: `${count} entries`, max: ZIP_LIMITS.maxEntries };
  }
  if (cdOffset + cdSize > eocd) {
    return { code: 'ZIP_CORRUPT', reason: 'central directory out of range' };
  }
  const entries: Entry[] = [];
  let offset = cdOffset;
  let total = 0;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > eocd || view.getUint32(offset, true) !== CENTRAL) {
      return { code: 'ZIP_CORRUPT', reason: `central directory entry ${index + 1} damaged` };
    }
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localOffset = view.getUint32(offset + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    if (flags & 0x1) return { code: 'ZIP_UNSUPPORTED', reason: `encrypted entry ${name}` };
    if (method !== 0 && method !== 8) {
      return { code: 'ZIP_UNSUPPORTED', reason: `compression method ${method}` };
    }
    if (size === 0xffffffff || compressedSize === 0xffffffff) {
      return { code: 'ZIP_UNSUPPORTED', reason: 'zip64' };
    }
    total += size;
    if (total > ZIP_LIMITS.maxUncompressed) {
      return {
        code: 'ZIP_TOO_LARGE',
        reason: 'declared uncompressed size',
        max: ZIP_LIMITS.maxUncompressed,
      };
    }
    entries.push({ name, method, flags, compressedSize, size, localOffset });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflate one deflate stream, stopping as soon as more than `limit` bytes come out. */
async function inflatedSize(
  data: Uint8Array,
  limit: number,
): Promise<number | 'too large' | 'corrupt'> {
  const stream = new Blob([data.slice()])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  const reader: ReadableStreamDefaultReader<Uint8Array> = stream.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return size;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return 'too large';
      }
    }
  } catch {
    return 'corrupt';
  }
}

/**
 * Check an .xlsx archive before unpacking it for real.
 * @returns null when the archive is within the limits, otherwise the problem
 */
export async function checkZip(bytes: Uint8Array): Promise<ZipProblem | null> {
  if (bytes.byteLength > ZIP_LIMITS.maxBytes) {
    return { code: 'FILE_TOO_LARGE', max: ZIP_LIMITS.maxBytes };
  }
  const entries = centralDirectory(bytes);
  if (!Array.isArray(entries)) return entries;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) {
      return { code: 'ZIP_CORRUPT', reason: `local header of ${entry.name} damaged` };
    }
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > bytes.length) return { code: 'ZIP_CORRUPT', reason: `${entry.name} truncated` };
    if (entry.method === 0) {
      total += entry.compressedSize;
    } else {
      const remaining = ZIP_LIMITS.maxUncompressed - total;
      const size = await inflatedSize(bytes.subarray(start, end), Math.min(entry.size, remaining));
      if (size === 'corrupt') {
        return { code: 'ZIP_CORRUPT', reason: `${entry.name} cannot be inflated` };
      }
      if (size === 'too large') {
        return {
          code: 'ZIP_TOO_LARGE',
          reason: `${entry.name} inflates beyond its declared size or the limit`,
          max: ZIP_LIMITS.maxUncompressed,
        };
      }
      total += size;
    }
  }
  return null;
}
