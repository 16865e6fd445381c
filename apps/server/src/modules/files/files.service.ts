import type { Clock } from '#app/lib/clock';
import type { Codecs } from '#app/modules/files/codecs';
import { fileExports } from '#app/modules/files/file-exports.service';
import { fileImports } from '#app/modules/files/file-import.service';
import type { FilesRepository } from '#app/modules/files/files.repository';
import type { ImportUndoStore } from '#app/modules/files/import-undo.repository';
import type { ProjectsService } from '#app/modules/projects/projects.service';

export type { FileAnswer } from '#app/modules/files/file-exports.service';
export type { UploadedFile } from '#app/modules/files/import-reading';

type Deps = {
  projects: ProjectsService;
  files: FilesRepository;
  codecs: Codecs;
  undo: ImportUndoStore;
  clock: Clock;
};

/**
 * PDF report, Excel and XML export, the sample file, and the import with preview, apply and undo
 * (docs/files.md). Access, tenant, role and version checks are the projects service's; this service adds the
 * file checks (type by extension and content, size) and keeps the workbook before an import for undo.
 */
export const filesService = (deps: Deps) => ({ ...fileExports(deps), ...fileImports(deps) });
export type FilesService = ReturnType<typeof filesService>;
