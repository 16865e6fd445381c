// The import of a file into a project or as a new project, with preview, apply and undo (docs/files.md,
// ADR 0062, ADR 0063, ADR 0095).
import type {
  ImportApplyResult,
  ImportPreview,
  ImportProjectQuery,
  ImportProjectResult,
  ImportQuery,
  ImportUndoStatus,
  ImportFormat,
  Plan,
  Workbook,
} from '@pfahlplaner/contracts';
import { IMPORT_UNDO_MINUTES, planOf as storedPlan } from '@pfahlplaner/contracts';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { MINUTE } from '#app/lib/clock';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { Codecs } from '#app/modules/files/codecs';
import type { FilesRepository } from '#app/modules/files/files.repository';
import { createImportGate } from '#app/modules/files/import-gate';
import type { Loose, UploadedFile } from '#app/modules/files/import-reading';
import {
  filePreviewer,
  formatOf,
  refusedByRules,
  summaryOf,
  withoutVersion,
} from '#app/modules/files/import-reading';
import type { ImportUndoStore } from '#app/modules/files/import-undo.repository';
import type { ProjectsService } from '#app/modules/projects/projects.service';

/**
 * Imports: access, tenant, role and version checks are the projects service's; this adds the file checks
 * (type by extension and content, size) and keeps the workbook before an import for undo.
 */
export const fileImports = (deps: {
  projects: ProjectsService;
  files: FilesRepository;
  codecs: Codecs;
  undo: ImportUndoStore;
  clock: Clock;
}) => {
  const { projects, files, codecs, undo, clock } = deps;
  const previewFile = filePreviewer(codecs);

  /** The company's plan (unknown stored values count as Free, like the projects service). */
  const planOf = async (companyId: number): Promise<Plan> =>
    storedPlan(await files.companyPlan(companyId));

  /** One import per user at a time (429 IMPORT_IN_PROGRESS, ADR 0120). */
  const oneAtATime = createImportGate();

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
