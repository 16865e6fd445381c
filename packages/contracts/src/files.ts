/**
 * Payloads of the file routes: PDF report, Excel and XML export, the sample import file, and the
 * import with preview, apply and undo. The file formats themselves live in `@pfahlplaner/formats`;
 * `docs/files.md` describes the routes and `docs/adr/0090…0094` the choices.
 */
import { z } from 'zod';
import { ProjectNameSchema, ProjectSummarySchema } from './projects';

/** Largest import file (bytes): far above real projects (a 2,000-row sheet is ~150 kB); bigger → 413. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** How long the workbook before an import is kept for `import-file/undo/` (ADR 0091, 0095). */
export const IMPORT_UNDO_MINUTES = 60;

/** Report languages of the PDF and the sample file. */
export const FILE_LANGUAGES = ['de', 'en'] as const;
export type FileLanguage = (typeof FILE_LANGUAGES)[number];

/** `?lang=de|en` of the PDF and the sample file (default German). */
export const FileLanguageQuerySchema = z.object({
  lang: z.enum(FILE_LANGUAGES, { error: 'INVALID_VALUE' }).default('de'),
});

/**
 * How much the PDF report prints (ADR 0151): `summary` one line per load point (default), `piles`
 * the full verification of the load points named in `select` (comma-separated names), `groups` of every
 * load point of the verification groups in `select` (comma-separated numbers), `all` of every load point.
 */
export const REPORT_DETAILS = ['summary', 'piles', 'groups', 'all'] as const;
export type ReportDetailMode = (typeof REPORT_DETAILS)[number];

/** `?lang=de&detail=piles&select=101,104` of the PDF report. */
export const PdfReportQuerySchema = FileLanguageQuerySchema.extend({
  detail: z.enum(REPORT_DETAILS, { error: 'INVALID_VALUE' }).default('summary'),
  select: z.string({ error: 'INVALID_TYPE' }).max(20_000, { error: 'TOO_LONG' }).default(''),
}).superRefine((query, ctx) => {
  const items = query.select
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if ((query.detail === 'piles' || query.detail === 'groups') && items.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['select'], message: 'REQUIRED' });
  }
  if (query.detail === 'groups' && items.some((item) => !/^\d{1,9}$/.test(item))) {
    ctx.addIssue({ code: 'custom', path: ['select'], message: 'NOT_AN_INTEGER' });
  }
});
export type PdfReportQuery = z.infer<typeof PdfReportQuerySchema>;

/** Import file kinds, recognised by extension AND content (magic bytes). */
export const IMPORT_FORMATS = ['xlsx', 'xls', 'xml'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * Which picker the file came from: `excel` accepts .xls/.xlsx only (else EXCEL_FILE_TYPE, 'Excel files:
 * .xls or .xlsx only'), `xml` .xml only (XML_FILE_TYPE), `any` all three (IMPORT_FILE_TYPE).
 */
export const IMPORT_KINDS = ['any', 'excel', 'xml'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_MODES = ['preview', 'apply'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

const versionParam = z.coerce
  .number({ error: 'NOT_AN_INTEGER' })
  .int({ error: 'NOT_AN_INTEGER' })
  .min(0, { error: 'TOO_SMALL' })
  .max(2_147_483_647, { error: 'TOO_BIG' });

/** `POST …/import-file/?mode=preview|apply&version=N&kind=any|excel|xml`, multipart field `file`. */
export const ImportQuerySchema = z
  .object({
    mode: z.enum(IMPORT_MODES, { error: 'INVALID_VALUE' }).default('preview'),
    kind: z.enum(IMPORT_KINDS, { error: 'INVALID_VALUE' }).default('any'),
    /** The project version the user saw; required with `mode=apply` (optimistic locking). */
    version: versionParam.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.mode === 'apply' && query.version === undefined) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['version'] });
    }
  });
export type ImportQuery = z.infer<typeof ImportQuerySchema>;

/**
 * `POST /v1/companies/{c}/projects/import-file/?mode=preview|apply&kind=…&name=…` (ADR 0062): a project
 * made from a file. `name` (the new project's name, ≤ 40 characters, unique in the company) is required in
 * both modes, so the preview already says what the apply would refuse; there is no version (no project yet).
 */
export const ImportProjectQuerySchema = z.object({
  mode: z.enum(IMPORT_MODES, { error: 'INVALID_VALUE' }).default('preview'),
  kind: z.enum(IMPORT_KINDS, { error: 'INVALID_VALUE' }).default('any'),
  name: ProjectNameSchema,
});
export type ImportProjectQuery = z.infer<typeof ImportProjectQuerySchema>;

/** `POST …/import-file/undo/` body. */
export const ImportUndoSchema = z.object({ version: versionParam });

export const IMPORT_SEVERITIES = ['error', 'warning', 'info'] as const;

/**
 * One problem of an imported file (the formats package's ImportIssue). Excel: `sheet` name, 1-based `row`,
 * `column` letter. XML: `sheet` the element path, `row` the line, `column` the element name. The web
 * translates `code` with t('files.issue.<code>') and falls back to t('error.<code>').
 */
export const ImportIssueSchema = z.object({
  sheet: z.string().nullable(),
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** `error` blocks applying the import; warnings and infos are only shown. */
  severity: z.enum(IMPORT_SEVERITIES),
});
export type ImportIssue = z.infer<typeof ImportIssueSchema>;

/** What the file holds and how many problems of each severity it has. */
export const ImportSummarySchema = z.object({
  piles: z.number().int(),
  soil_profiles: z.number().int(),
  soil_layers: z.number().int(),
  horizontal_loadcases: z.number().int(),
  horizontal_loads: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
  infos: z.number().int(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

const WorkbookLooseSchema = z
  .object({
    version: z.number().int(),
    settings: z.record(z.string(), z.unknown()),
    piles: z.array(z.record(z.string(), z.unknown())),
    soil_profiles: z.array(z.record(z.string(), z.unknown())),
    horizontal_loadcases: z.array(z.record(z.string(), z.unknown())),
  })
  .describe('Workbook read from the file (contracts Workbook; `version` = the project version)');

/** Answer of `mode=preview` (nothing changed) and the `data` of a 400 IMPORT_INVALID. */
export const ImportPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  file_name: z.string(),
  /** Null when the file could not be read at all (then `issues` says why). */
  workbook: WorkbookLooseSchema.nullable(),
  issues: z.array(ImportIssueSchema),
  summary: ImportSummarySchema,
  /** True when no issue is an error: `mode=apply` would replace the workbook. */
  applicable: z.boolean(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** Answer of `mode=apply` and of the undo: the new project version, as every workbook write answers. */
export const ImportApplyResultSchema = z.object({
  version: z.number().int(),
  modified_date: z.string(),
  calculation: z.unknown().nullable(),
  summary: ImportSummarySchema,
  /** Until when `import-file/undo/` restores the previous workbook (ISO 8601); null after an undo. */
  undo_until: z.string().nullable(),
});
export type ImportApplyResult = z.infer<typeof ImportApplyResultSchema>;

/**
 * Answer of the company-level import with `mode=apply` (201): the project created with the file's workbook
 * in one transaction (ADR 0062). A new project has nothing to undo: deleting it is the way back.
 */
export const ImportProjectResultSchema = z.object({
  project: ProjectSummarySchema,
  summary: ImportSummarySchema,
});
export type ImportProjectResult = z.infer<typeof ImportProjectResultSchema>;

/** Why `GET …/import-file/undo/` offers no undo: no import kept, the window ended, or edited since. */
export const IMPORT_UNDO_REASONS = ['none', 'expired', 'changed'] as const;
export type ImportUndoReason = (typeof IMPORT_UNDO_REASONS)[number];

/**
 * `GET …/projects/{p}/import-file/undo/` (ADR 0063): whether `POST …/import-file/undo/` would restore the
 * workbook before the last import now, and until when — so the UI can offer it again after a reload.
 */
export const ImportUndoStatusSchema = z.object({
  available: z.boolean(),
  /** End of the undo window (ISO 8601) while `available`, else null. */
  undo_until: z.string().nullable(),
  /** The project version the import produced (the undo's `version`) while `available`, else null. */
  imported_version: z.number().int().nullable(),
  /** Null while `available`. */
  reason: z.enum(IMPORT_UNDO_REASONS).nullable(),
});
export type ImportUndoStatus = z.infer<typeof ImportUndoStatusSchema>;

/** File name of a download: letters, digits, `-_.` and spaces kept (any script), the rest `_`. */
export const safeFileName = (name: string, extension: string): string => {
  const base = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, 120);
  return `${base || 'project'}.${extension}`;
};
