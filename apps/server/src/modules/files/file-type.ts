import type { ErrorCode, ImportFormat, ImportKind } from '@pfahlplaner/contracts';

/** Zip local-file header: every .xlsx (Office Open XML) starts with it. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 / Compound File Binary header: every BIFF8 .xls (Excel 97–2003) starts with it. */
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, magic: readonly number[]): boolean =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** An XML document: optional UTF-8 byte-order mark and white space, then `<`. UTF-16 is refused. */
const looksLikeXml = (bytes: Uint8Array): boolean => {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && i < 4096 && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[i]!)) i += 1;
  return bytes[i] === 0x3c;
};

const EXTENSIONS: Record<string, ImportFormat> = { xlsx: 'xlsx', xls: 'xls', xml: 'xml' };

const ACCEPTED: Record<ImportKind, readonly ImportFormat[]> = {
  any: ['xlsx', 'xls', 'xml'],
  excel: ['xlsx', 'xls'],
  xml: ['xml'],
};

const TYPE_ERROR: Record<ImportKind, ErrorCode> = {
  any: 'IMPORT_FILE_TYPE',
  excel: 'EXCEL_FILE_TYPE',
  xml: 'XML_FILE_TYPE',
};

export type FileTypeCheck =
  | { ok: true; format: ImportFormat }
  | { ok: false; code: ErrorCode; reason: 'extension' | 'content' };

/**
 * The import format of an uploaded file, by its extension AND its first bytes: a `.xlsx` must be a zip,
 * a `.xls` an OLE2 compound file, a `.xml` text starting with `<`. Anything else is refused with the
 * picker's type error ('Excel files: .xls or .xlsx only' for the Excel picker).
 */
export const detectImportFormat = (
  fileName: string,
  bytes: Uint8Array,
  kind: ImportKind,
): FileTypeCheck => {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  const format = EXTENSIONS[extension];
  if (!format || !ACCEPTED[kind].includes(format)) {
    return { ok: false, code: TYPE_ERROR[kind], reason: 'extension' };
  }
  const contentMatches =
    format === 'xlsx'
      ? startsWith(bytes, ZIP_MAGIC)
      : format === 'xls'
        ? startsWith(bytes, CFB_MAGIC)
        : looksLikeXml(bytes);
  return contentMatches
    ? { ok: true, format }
    : { ok: false, code: TYPE_ERROR[kind], reason: 'content' };
};
