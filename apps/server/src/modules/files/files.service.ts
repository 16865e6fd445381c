import type {
  ErrorDetail,
  FileLanguage,
  PdfReportQuery,
  ImportApplyResult,
  ImportFormat,
  ImportIssue,
  ImportPreview,
  ImportProjectQuery,
  ImportProjectResult,
  ImportQuery,
  ImportSummary,
  ImportUndoStatus,
  Plan,
  Workbook,
} from '@pfahlplaner/contracts';
import {
  IMPORT_UNDO_MINUTES,
  planOf as storedPlan,
  safeFileName,
  SETTINGS_FIELDS,
} from '@pfahlplaner/contracts';
import { AppError } from '#app/lib/app-error';
import { textRuleViolations } from '#app/lib/text-rules';
import type { Clock } from '#app/lib/clock';
import { MINUTE } from '#app/lib/clock';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { Codecs, ReportCompany, ReportDetail } from '#app/modules/files/codecs';
import { detectImportFormat } from '#app/modules/files/file-type';
import { createImportGate } from '#app/modules/files/import-gate';
import type { FilesRepository } from '#app/modules/files/files.repository';

/** The report's detail from the query (`select`: load point names or group numbers, comma-separated). */
const reportDetailOf = (query: PdfReportQuery): ReportDetail => {
  const items = query.select
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  switch (query.detail) {
    case 'piles':
      return { mode: 'piles', piles: items };
    case 'groups':
      return { mode: 'groups', groups: items.map(Number) };
    case 'summary':
    case 'all':
      return { mode: query.detail };
  }
};
import type { ImportUndoStore } from '#app/modules/files/import-undo.repository';
import type { ProjectsService } from '#app/modules/projects/projects.service';
import { isProjectNameError } from '#app/modules/projects/projects.service';

type Deps = {
  projects: ProjectsService;
  files: FilesRepository;
  codecs: Codecs;
  undo: ImportUndoStore;
  clock: Clock;
};

/** An uploaded import file: its name (extension) and bytes. */
export type UploadedFile = { name: string; bytes: Uint8Array };

/** A file answer: bytes, MIME type and the download name. */
export type FileAnswer = { bytes: Uint8Array; contentType: string; fileName: string };

type Loose = Record<string, unknown>;

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

const MIME = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml; charset=utf-8',
} as const;

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
const toDetail = (issue: ImportIssue): ErrorDetail => ({
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

const withoutVersion = (workbook: Loose): Loose => {
  const { version: _version, ...rest } = workbook;
  return rest;
};

/**
 * PDF report, Excel and XML export, the sample file, and the import with preview, apply and undo
 * (docs/files.md). Access, tenant, role and version checks are the projects service's; this service adds the
 * file checks (type by extension and content, size) and keeps the workbook before an import for undo.
 */
export const filesService = (deps: Deps) => {
  const { projects, files, codecs, undo, clock } = deps;

  /** The calculation result when it is fresh, else null: exports work in every state, without results. */

  /**
   * Company block of the report: the company's name, address and logo, plus the project's report logo;
   * the renderer prints the project's alternative company data instead when its settings ask for it.
   */
  const reportCompany = async (
    auth: AuthContext,
    companyId: number,
    projectId: number,
  ): Promise<ReportCompany> => {
    const company = await files.companyHeader(companyId);
    const logo = await files.companyLogo(companyId);
    const alternative = await projects.reportLogo(auth, companyId, projectId);
    const lines = [
      company?.street ?? '',
      [company?.postal_code, company?.location].filter(Boolean).join(' '),
      company?.phone ?? '',
      company?.email ?? '',
    ].filter((line) => line.trim() !== '');
    return {
      name: company?.name ?? '',
      addressLines: lines,
      ...(logo ? { logo: new Uint8Array(logo.data) } : {}),
      ...(alternative ? { alternativeLogo: new Uint8Array(alternative.data) } : {}),
    };
  };

  /** The company's plan (unknown stored values count as Free, like the projects service). */
  const planOf = async (companyId: number): Promise<Plan> =>
    storedPlan(await files.companyPlan(companyId));

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

  /** One import per user at a time (429 IMPORT_IN_PROGRESS, ADR 0120). */
  const oneAtATime = createImportGate();

  /** The file's format by extension and content (ADR 0093), else 400 with the picker's code. */
  const formatOf = (file: UploadedFile, kind: ImportQuery['kind']): ImportFormat => {
    const type = detectImportFormat(file.name, file.bytes, kind);
    if (!type.ok) {
      throw new AppError(type.code, {
        details: [{ path: 'file', code: type.code, params: { reason: type.reason } }],
      });
    }
    return type.format;
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

  /**
   * Applies a previewed file through `write` (a save or a create of the projects service): blocking issues
   * of the file → 400 IMPORT_INVALID without writing; the projects service's own rule violations (plan
   * limits, cross-row rules) come back as IMPORT_INVALID too, with the file's issues. Name refusals and
   * every other error pass through.
   */
  const refusedByRules = async <T>(
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

  /** The import into an existing project (see importFile), once the access and the type are checked. */
  const importInto = async (
    auth: AuthContext,
    companyId: number,
    projectId: number,
    file: UploadedFile,
    query: ImportQuery,
    format: ImportFormat,
  ): Promise<ImportPreview | ImportApplyResult> => {
    const detail = await projects.detail(auth, companyId, projectId);
    const current = detail.workbook as Loose;
    const { preview, workbook } = await previewFile(
      format,
      file,
      current,
      await planOf(companyId),
      detail.workbook.version,
      'identity',
    );
    if (query.mode === 'preview') return preview;
    const version = query.version ?? -1;
    const saved = await refusedByRules(preview, workbook, () =>
      projects.saveWorkbook(auth, companyId, projectId, { ...workbook, version }),
    );
    // `detail` was read at `version` and the write succeeded only on that version: it is what was replaced.
    // The entry is written after the workbook (not in its transaction): a crash in between loses the
    // undo, never restores a wrong workbook (ADR 0095).
    if (detail.workbook.version === version) {
      const now = clock.now();
      const undoUntil = new Date(now.getTime() + IMPORT_UNDO_MINUTES * MINUTE);
      await undo.put({
        projectId,
        companyId,
        previous: withoutVersion(current),
        importedVersion: saved.version,
        userId: auth.userId,
        createdAt: now,
        expiresAt: undoUntil,
      });
      return { ...saved, summary: preview.summary, undo_until: undoUntil.toISOString() };
    }
    return { ...saved, summary: preview.summary, undo_until: null };
  };

  return {
    /** GET …/pdf/?lang=&detail=&select=: the report; only with a calculation of the current inputs (else 409). */
    pdf: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      query: PdfReportQuery,
    ): Promise<FileAnswer> => {
      const { lang } = query;
      const fresh = await projects.requireFreshCalculation(auth, companyId, projectId);
      const detail = await projects.detail(auth, companyId, projectId);
      const { project } = detail;
      const bytes = await codecs.renderPdf({
        workbook: withoutVersion(fresh.workbook) as Omit<Workbook, 'version'>,
        result: fresh.result,
        calculation: fresh.calculation,
        company: await reportCompany(auth, companyId, projectId),
        project: {
          name: project.name,
          number: project.number || null,
          address:
            [project.street, [project.postal_code, project.location].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', ') || null,
        },
        lang,
        detail: reportDetailOf(query),
      });
      return {
        bytes,
        contentType: MIME.pdf,
        fileName: safeFileName(detail.project.name, 'pdf'),
      };
    },

    /** GET …/xlsx/?lang=: the workbook in the predecessor's layout (headers in `lang`), plus result sheets when fresh. */
    xlsx: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      lang: FileLanguage,
    ): Promise<FileAnswer> => {
      const detail = await projects.detail(auth, companyId, projectId);
      const fresh = await projects.freshCalculationOrNull(auth, companyId, projectId);
      const bytes = await codecs.writeXlsx(
        withoutVersion(detail.workbook) as Omit<Workbook, 'version'>,
        fresh?.result,
        lang,
        detail.project.number,
      );
      return {
        bytes,
        contentType: MIME.xlsx,
        fileName: safeFileName(detail.project.name, 'xlsx'),
      };
    },

    /** GET …/xml/: the InputDaten document, results in the output section when fresh. */
    xml: async (auth: AuthContext, companyId: number, projectId: number): Promise<FileAnswer> => {
      const detail = await projects.detail(auth, companyId, projectId);
      const fresh = await projects.freshCalculationOrNull(auth, companyId, projectId);
      const text = codecs.writeXml(
        withoutVersion(detail.workbook) as Omit<Workbook, 'version'>,
        fresh?.result,
      );
      return {
        bytes: new TextEncoder().encode(text),
        contentType: MIME.xml,
        fileName: safeFileName(detail.project.name, 'xml'),
      };
    },

    /** GET /v1/sample-import-file/?lang=: the example project as .xlsx. */
    sample: async (lang: FileLanguage): Promise<FileAnswer> => ({
      bytes: await codecs.sampleXlsx(lang),
      contentType: MIME.xlsx,
      fileName: lang === 'en' ? 'Sample Import File.xlsx' : 'Beispiel-Importdatei.xlsx',
    }),

    /**
     * POST …/projects/{p}/import-file/: `preview` reads the file and changes nothing; `apply` replaces the
     * workbook (one version-checked write through the projects service, its validation included) and keeps
     * the previous workbook for the undo.
     */
    importFile: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      file: UploadedFile,
      query: ImportQuery,
    ): Promise<ImportPreview | ImportApplyResult> => {
      await projects.assertAccess(auth, companyId, projectId, 'write');
      const format = formatOf(file, query.kind);
      return oneAtATime(auth.userId, () =>
        importInto(auth, companyId, projectId, file, query, format),
      );
    },

    /**
     * POST …/projects/import-file/ (ADR 0062): a new project from a file. `preview` needs no project: it
     * checks role, plan limit and name, then reads the file as the import into a new project of that name
     * would; `apply` creates the project with the file's workbook in one transaction (the checks again under
     * the company lock), so a refused or abandoned import never leaves a project behind. The file's project
     * data (address, letterhead) and, from our Excel export, the project number come along (ADR 0121).
     */
    importProject: async (
      auth: AuthContext,
      companyId: number,
      file: UploadedFile,
      query: ImportProjectQuery,
    ): Promise<ImportPreview | ImportProjectResult> => {
      const { plan, blank } = await projects.checkNewProject(auth, companyId, query.name);
      const format = formatOf(file, query.kind);
      return oneAtATime(auth.userId, async () => {
        // version 0: there is no project yet (a created project starts at 1)
        const { preview, workbook, projectNumber } = await previewFile(
          format,
          file,
          blank,
          plan,
          0,
          'name',
        );
        if (query.mode === 'preview') return preview;
        const project = await refusedByRules(preview, workbook, () =>
          projects.createWithWorkbook(
            auth,
            companyId,
            { name: query.name, ...(projectNumber === null ? {} : { number: projectNumber }) },
            workbook,
          ),
        );
        return { project, summary: preview.summary };
      });
    },

    /**
     * GET …/import-file/undo/ (ADR 0063): whether the last import can be undone now — kept, within its
     * window, and the project still at the version the import produced. Changes nothing.
     */
    undoStatus: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
    ): Promise<ImportUndoStatus> => {
      await projects.assertAccess(auth, companyId, projectId, 'write');
      const none = (reason: ImportUndoStatus['reason']): ImportUndoStatus => ({
        available: false,
        undo_until: null,
        imported_version: null,
        reason,
      });
      // Tenant-scoped read, as the undo itself.
      const entry = await undo.get(companyId, projectId);
      if (!entry) return none('none');
      if (entry.expiresAt.getTime() <= clock.now().getTime()) return none('expired');
      if ((await projects.versionOf(auth, companyId, projectId)) !== entry.importedVersion) {
        return none('changed');
      }
      return {
        available: true,
        undo_until: entry.expiresAt.toISOString(),
        imported_version: entry.importedVersion,
        reason: null,
      };
    },

    /**
     * POST …/import-file/undo/: writes back the workbook before the last import, while the project is
     * still at the version the import produced and within the undo window.
     */
    undoImport: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      version: number,
    ): Promise<ImportApplyResult> => {
      await projects.assertAccess(auth, companyId, projectId, 'write');
      const unavailable = (reason: 'none' | 'changed') =>
        new AppError('IMPORT_UNDO_UNAVAILABLE', {
          details: [{ path: '', code: 'IMPORT_UNDO_UNAVAILABLE', params: { reason } }],
        });
      // Tenant-scoped read: an entry of another company is "nothing to undo" (access already said 404).
      const entry = await undo.get(companyId, projectId);
      if (!entry) throw unavailable('none');
      if (entry.expiresAt.getTime() <= clock.now().getTime()) {
        // Kept (purged a day later by the next import anywhere): asking again gives the same answer.
        throw new AppError('IMPORT_UNDO_EXPIRED', {
          details: [
            {
              path: '',
              code: 'IMPORT_UNDO_EXPIRED',
              params: { expired_at: entry.expiresAt.toISOString(), minutes: IMPORT_UNDO_MINUTES },
            },
          ],
        });
      }
      if (version !== entry.importedVersion) {
        const detail = await projects.detail(auth, companyId, projectId);
        if (detail.workbook.version !== entry.importedVersion) {
          // Changed after the import: restoring would silently drop those changes.
          await undo.delete(companyId, projectId, entry.importedVersion);
          throw unavailable('changed');
        }
      }
      // Version-checked: of two concurrent undos (any server processes) one wins, the other gets 409.
      const saved = await projects.saveWorkbook(auth, companyId, projectId, {
        ...entry.previous,
        version,
      });
      await undo.delete(companyId, projectId, entry.importedVersion);
      const restored = entry.previous as unknown as Omit<Workbook, 'version'>;
      return { ...saved, summary: summaryOf(restored, []), undo_until: null };
    },
  };
};
export type FilesService = ReturnType<typeof filesService>;
