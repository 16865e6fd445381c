import type { ImportKind, ImportPreview } from '@pfahlplaner/contracts';
import { IMPORT_MAX_BYTES } from '@pfahlplaner/contracts';
import { ApiError } from '../../lib/http/api-error';

/** What the file picker offers per import kind. */
export const IMPORT_ACCEPT: Record<ImportKind, string> = {
  any: '.xls,.xlsx,.xml',
  excel: '.xls,.xlsx',
  xml: '.xml',
};

const TYPE_ERROR: Record<ImportKind, 'IMPORT_FILE_TYPE' | 'EXCEL_FILE_TYPE' | 'XML_FILE_TYPE'> = {
  any: 'IMPORT_FILE_TYPE',
  excel: 'EXCEL_FILE_TYPE',
  xml: 'XML_FILE_TYPE',
};

const failure = (status: number, code: string): ApiError =>
  new ApiError(status, {
    status_code: 0,
    status_message: '',
    data: null,
    error: { code: code as 'IMPORT_FILE_TYPE', details: [] },
  });

/**
 * The checks the server makes first, made before uploading: the extension the picker allows and the
 * size limit. Returns the error the server would answer (same code, so the same text), or null.
 */
export const checkImportFile = (
  file: { name: string; size: number },
  kind: ImportKind,
): ApiError | null => {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!IMPORT_ACCEPT[kind].split(',').includes(`.${ext}`)) return failure(400, TYPE_ERROR[kind]);
  if (file.size > IMPORT_MAX_BYTES) return failure(413, 'PAYLOAD_TOO_LARGE');
  return null;
};

/**
 * The preview inside a refused import (400 IMPORT_UNREADABLE / IMPORT_INVALID carry the full preview in
 * `data`, ADR 0092), so the dialog can list every issue; null for any other failure.
 */
export const previewOfError = (error: unknown): ImportPreview | null => {
  if (error instanceof ApiError && error.body?.data && typeof error.body.data === 'object') {
    const data = error.body.data as Partial<ImportPreview>;
    if (Array.isArray(data.issues) && data.summary) return data as ImportPreview;
  }
  return null;
};
