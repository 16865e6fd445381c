import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '#app/db/database';
import { projectImportUndo } from '#app/db/schema/index';
import { DAY } from '#app/lib/clock';

/** The workbook a project had before an import, kept so that the import can be undone (ADR 0095). */
export type UndoEntry = {
  projectId: number;
  companyId: number;
  /** Workbook before the import (without `version`): what the undo writes back. */
  previous: Record<string, unknown>;
  /** Project version right after the import: the undo is only offered while the project is still there. */
  importedVersion: number;
  /** Who imported (null once that user is deleted). */
  userId: number | null;
  createdAt: Date;
  expiresAt: Date;
};

/**
 * Expired entries stay this long before `put` purges them, so that an undo shortly after the window
 * answers IMPORT_UNDO_EXPIRED instead of IMPORT_UNDO_UNAVAILABLE (ADR 0095).
 */
export const UNDO_PURGE_GRACE_MS = DAY;

/**
 * The last import per project in the database table `project_import_undo` (ADR 0095, superseding the
 * in-process store of ADR 0091): it survives a restart and is shared by every server process on the
 * database. Every read and delete names the company as well as the project (tenant scope); expiry is
 * decided by the caller with the injected clock.
 */
export const importUndoRepository = (db: Db) => ({
  /** Keeps the entry of a project, replacing an older one, and purges entries long expired. */
  put: async (entry: UndoEntry): Promise<void> => {
    const row = {
      project_id: entry.projectId,
      company_id: entry.companyId,
      previous: entry.previous,
      imported_version: entry.importedVersion,
      created_at: entry.createdAt,
      expires_at: entry.expiresAt,
      created_by: entry.userId,
    };
    const { project_id: _projectId, ...rest } = row;
    await db
      .insert(projectImportUndo)
      .values(row)
      .onConflictDoUpdate({ target: projectImportUndo.project_id, set: rest });
    await db
      .delete(projectImportUndo)
      .where(
        lte(
          projectImportUndo.expires_at,
          new Date(entry.createdAt.getTime() - UNDO_PURGE_GRACE_MS),
        ),
      );
  },

  /** The entry of a project of `companyId` (expired ones too: the caller tells them apart), or null. */
  get: async (companyId: number, projectId: number): Promise<UndoEntry | null> => {
    const [row] = await db
      .select()
      .from(projectImportUndo)
      .where(
        and(
          eq(projectImportUndo.project_id, projectId),
          eq(projectImportUndo.company_id, companyId),
        ),
      )
      .limit(1);
    if (!row) return null;
    return {
      projectId: row.project_id,
      companyId: row.company_id,
      previous: row.previous as Record<string, unknown>,
      importedVersion: row.imported_version,
      userId: row.created_by,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    };
  },

  /**
   * Forgets the entry of one import. With `importedVersion` only that import's entry goes (a newer import
   * of another server process in between keeps its own).
   */
  delete: async (companyId: number, projectId: number, importedVersion?: number): Promise<void> => {
    await db
      .delete(projectImportUndo)
      .where(
        and(
          eq(projectImportUndo.project_id, projectId),
          eq(projectImportUndo.company_id, companyId),
          ...(importedVersion === undefined
            ? []
            : [eq(projectImportUndo.imported_version, importedVersion)]),
        ),
      );
  },
});
export type ImportUndoStore = ReturnType<typeof importUndoRepository>;
