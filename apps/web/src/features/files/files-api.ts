import type {
  ImportApplyResult,
  ImportKind,
  ImportPreview,
  ImportProjectResult,
  ImportUndoStatus,
} from '@pfahlplaner/contracts';
import { downloadFile, getJson, postJson, uploadFile, type OnProgress } from './transfer';

/** The exports of a project: the PDF report in either language, the Excel workbook, the InputDaten XML. */
export const EXPORT_KINDS = ['pdf-de', 'pdf-en', 'xlsx', 'xml'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const projectPath = (companyId: number, projectId: number, tail: string) =>
  `/v1/companies/${companyId}/projects/${projectId}/${tail}/`;

const EXPORT_ROUTE: Record<
  ExportKind,
  { tail: string; query: Record<string, string>; ext: string }
> = {
  'pdf-de': { tail: 'pdf', query: { lang: 'de' }, ext: 'pdf' },
  'pdf-en': { tail: 'pdf', query: { lang: 'en' }, ext: 'pdf' },
  xlsx: { tail: 'xlsx', query: {}, ext: 'xlsx' },
  xml: { tail: 'xml', query: {}, ext: 'xml' },
};

/** API calls of the file feature (downloads and uploads report their progress). */
export const filesApi = {
  exportFile: (
    companyId: number,
    projectId: number,
    kind: ExportKind,
    lang: 'de' | 'en',
    onProgress?: OnProgress,
    signal?: AbortSignal,
    /** PDF only: how much the report prints (ADR 0151); default the short form. */
    report?: { detail: string; select: string },
  ) => {
    const route = EXPORT_ROUTE[kind];
    const query =
      kind === 'xlsx'
        ? { lang }
        : route.tail === 'pdf' && report
          ? { ...route.query, detail: report.detail, select: report.select || undefined }
          : route.query;
    return downloadFile(
      projectPath(companyId, projectId, route.tail),
      query,
      `project.${route.ext}`,
      onProgress,
      signal,
    );
  },
  sampleFile: (lang: 'de' | 'en', onProgress?: OnProgress) =>
    downloadFile('/v1/sample-import-file/', { lang }, 'Sample Import File.xlsx', onProgress),
  previewImport: (
    companyId: number,
    projectId: number,
    file: File,
    kind: ImportKind,
    onProgress?: OnProgress,
    signal?: AbortSignal,
  ) =>
    uploadFile<ImportPreview>(
      projectPath(companyId, projectId, 'import-file'),
      { mode: 'preview', kind },
      file,
      onProgress,
      signal,
    ),
  applyImport: (
    companyId: number,
    projectId: number,
    file: File,
    kind: ImportKind,
    version: number,
    onProgress?: OnProgress,
  ) =>
    uploadFile<ImportApplyResult>(
      projectPath(companyId, projectId, 'import-file'),
      { mode: 'apply', kind, version },
      file,
      onProgress,
    ),
  undoImport: (companyId: number, projectId: number, version: number) =>
    postJson<ImportApplyResult>(projectPath(companyId, projectId, 'import-file/undo'), { version }),
  /** Whether the last import can still be undone (after a reload too) and until when (ADR 0063). */
  undoStatus: (companyId: number, projectId: number) =>
    getJson<ImportUndoStatus>(projectPath(companyId, projectId, 'import-file/undo')),
  /** A new project from a file, checked without creating anything (ADR 0062). */
  previewProjectImport: (
    companyId: number,
    file: File,
    kind: ImportKind,
    name: string,
    onProgress?: OnProgress,
  ) =>
    uploadFile<ImportPreview>(
      `/v1/companies/${companyId}/projects/import-file/`,
      { mode: 'preview', kind, name },
      file,
      onProgress,
    ),
  /** Creates the project named `name` with the file's data in one request (nothing on refusal). */
  applyProjectImport: (
    companyId: number,
    file: File,
    kind: ImportKind,
    name: string,
    onProgress?: OnProgress,
  ) =>
    uploadFile<ImportProjectResult>(
      `/v1/companies/${companyId}/projects/import-file/`,
      { mode: 'apply', kind, name },
      file,
      onProgress,
    ),
};
