// Reading an import file into a workbook with issues, and the rules shared by the import into a project and
// the import as a new project: the preview, the file's format and the refusal of a file that breaks rules
// (docs/files.md).
import type {
  ErrorDetail,
  ImportFormat,
  ImportIssue,
  ImportPreview,
  ImportQuery,
  ImportSummary,
  Plan,
  Workbook,
} from '@pfahlplaner/contracts';
import { SETTINGS_FIELDS } from '@pfahlplaner/contracts';
import { AppError } from '#app/lib/app-error';
import { textRuleViolations } from '#app/lib/text-rules';
import type { Codecs } from '#app/modules/files/codecs';
import { detectImportFormat } from '#app/modules/files/file-type';
import { isProjectNameError } from '#app/modules/projects/projects.service';

/** An uploaded import file: its name (extension) and bytes. */
export type UploadedFile = { name: string; bytes: Uint8Array };

export type Loose = Record<string, unknown>;

/**
 * Settings that belong to the project, not to a file: project name and address, the alternative company
 * data of the reports (catalogue group `projectData`). An import keeps the project's values (ADR 0092).
 */
const PROJECT_IDENTITY_SETTINGS = SETTINGS_FIELDS.filter((f) => f.group === 'projectData').map(
  (f) => f.key,
);

/** File-level problems after which nothing of the file can be used (the preview has no workbook). */
const FATAL_ISSUES = new Set([
  'FILE_TOO_LARGE',
  'XML_MALFORMED',
  'XML_DOCTYPE_FORBIDDEN',
  'XML_TOO_DEEP',
  'XML_WRONG_ROOT',
  'NOT_A_SPREADSHEET',
  'ZIP_CORRUPT',
  'ZIP_TOO_LARGE',
  'ZIP_UNSUPPORTED',
  'SPREADSHEET_UNREADABLE',
]);

const countRows = (workbook: Omit<Workbook, 'version'> | null) => ({
  piles: workbook?.piles.length ?? 0,
  soil_profiles: workbook?.soil_profiles.length ?? 0,
  soil_layers: (workbook?.soil_profiles ?? []).reduce((n, p) => n + p.soil_layers.length, 0),
  horizontal_loadcases: workbook?.horizontal_loadcases.length ?? 0,
  horizontal_loads: (workbook?.horizontal_loadcases ?? []).reduce(
    (n, c) => n + c.horizontal_loads.length,
    0,
  ),
});

export const summaryOf = (
  workbook: Omit<Workbook, 'version'> | null,
  issues: readonly ImportIssue[],
): ImportSummary => ({
  ...countRows(workbook),
  errors: issues.filter((i) => i.severity === 'error').length,
  warnings: issues.filter((i) => i.severity === 'warning').length,
  infos: issues.filter((i) => i.severity === 'info').length,
});

/** An issue as an error detail: `path` names the place (`Pfahltabelle!R5:C`), params carry the rest. */
export const toDetail = (issue: ImportIssue): ErrorDetail => ({
  path: [issue.sheet ?? 'file', issue.row === null ? null : `R${issue.row}`, issue.column]
    .filter((part) => part !== null)
    .join(':'),
  code: issue.code,
  params: { ...issue.params, sheet: issue.sheet, row: issue.row, column: issue.column },
});

/** A server-side validation detail (wire path) as an import issue. */
const detailToIssue = (detail: ErrorDetail): ImportIssue => ({
  sheet: null,
  row: null,
  column: detail.path,
  code: detail.code,
  params: { ...(detail.params ?? {}), path: detail.path },
  severity: 'error',
});

export const withoutVersion = (workbook: Loose): Loose => {
  const { version: _version, ...rest } = workbook;
  return rest;
};

/** The file's format by extension and content (ADR 0093), else 400 with the picker's code. */
export const formatOf = (file: UploadedFile, kind: ImportQuery['kind']): ImportFormat => {
  const type = detectImportFormat(file.name, file.bytes, kind);
  if (!type.ok) {
    throw new AppError(type.code, {
      details: [{ path: 'file', code: type.code, params: { reason: type.reason } }],
    });
  }
  return type.format;
};

/**
 * Applies a previewed file through `write` (a save or a create of the projects service): blocking issues
 * of the file → 400 IMPORT_INVALID without writing; the projects service's own rule violations (plan
 * limits, cross-row rules) come back as IMPORT_INVALID too, with the file's issues. Name refusals and
 * every other error pass through.
 */
export const refusedByRules = async <T>(
  preview: ImportPreview,
  workbook: Omit<Workbook, 'version'>,
  write: () => Promise<T>,
): Promise<T> => {
  if (!preview.applicable) {
    throw new AppError('IMPORT_INVALID', {
      data: preview,
      details: preview.issues.filter((i) => i.severity === 'error').map(toDetail),
    });
  }
  try {
    return await write();
  } catch (error) {
    if (
      error instanceof AppError &&
      error.code === 'VALIDATION_FAILED' &&
      !isProjectNameError(error)
    ) {
      const all = [...preview.issues, ...error.details.map(detailToIssue)];
      const data: ImportPreview = {
        ...preview,
        issues: all,
        summary: summaryOf(workbook, all),
        applicable: false,
      };
      throw new AppError('IMPORT_INVALID', { data, details: error.details });
    }
    throw error;
  }
};

/** Reads import files with `codecs`: `previewFile` is the preview of a file against a project's workbook. */
export const filePreviewer = (codecs: Codecs) => {
  /**
   * Reads the file into a workbook with issues (the plan's limits included, at their file location).
   * `keep`: which of the project's settings win over the file's — `identity` (an existing project keeps
   * its name, address and letterhead, ADR 0092) or only the `name` (a new project takes the file's
   * project data, ADR 0121). `projectNumber`: the number an Excel export carried, else null.
   */
  const readFile = async (
    format: ImportFormat,
    bytes: Uint8Array,
    current: Loose,
    plan: Plan,
    keep: 'identity' | 'name',
  ): Promise<{
    workbook: Omit<Workbook, 'version'> | null;
    issues: ImportIssue[];
    projectNumber: string | null;
  }> => {
    const currentSettings = (current.settings ?? {}) as Loose;
    const read =
      format === 'xml'
        ? { ...codecs.parseXml(bytes, plan), projectNumber: null }
        : await codecs.readXlsx(bytes, currentSettings as Workbook['settings'], plan);
    const issues = read.issues as ImportIssue[];
    if (issues.some((i) => i.severity === 'error' && FATAL_ISSUES.has(i.code))) {
      return { workbook: null, issues, projectNumber: null };
    }
    const settings: Loose = { ...read.workbook.settings };
    for (const key of keep === 'identity' ? PROJECT_IDENTITY_SETTINGS : ['name']) {
      if (key in currentSettings) settings[key] = currentSettings[key];
    }
    const workbook = { ...read.workbook, settings: settings as Workbook['settings'] };
    // The API's text rule holds for files too (docs/security.md, "Text the API accepts"): text with NUL, a
    // control character or a lone surrogate (old workbooks, `_x0000_`) is an error at its field in the
    // preview, and such a file is not applied — never a database error.
    const badText = textRuleViolations(workbook).map((detail) => ({
      ...detailToIssue(detail),
      code: 'INVALID_CHARACTERS',
    }));
    return {
      workbook,
      issues: [...issues, ...badText],
      projectNumber: read.projectNumber,
    };
  };

  /**
   * The preview of a file read against `current` (the project's workbook, or a new project's defaults):
   * an unreadable file → 400 IMPORT_UNREADABLE with the preview in `data`. Shared by the import into a
   * project and the import as a new project.
   */
  const previewFile = async (
    format: ImportFormat,
    file: UploadedFile,
    current: Loose,
    plan: Plan,
    version: number,
    keep: 'identity' | 'name',
  ): Promise<{
    preview: ImportPreview;
    workbook: Omit<Workbook, 'version'>;
    projectNumber: string | null;
  }> => {
    const { workbook, issues, projectNumber } = await readFile(
      format,
      file.bytes,
      current,
      plan,
      keep,
    );
    const preview: ImportPreview = {
      format,
      file_name: file.name,
      workbook: workbook ? { ...workbook, version } : null,
      issues,
      summary: summaryOf(workbook, issues),
      applicable: workbook !== null && issues.every((i) => i.severity !== 'error'),
    };
    if (!workbook) {
      throw new AppError('IMPORT_UNREADABLE', { data: preview, details: issues.map(toDetail) });
    }
    return { preview, workbook, projectNumber };
  };

  return previewFile;
};
