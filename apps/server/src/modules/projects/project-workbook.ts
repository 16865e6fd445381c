// The workbook writes of the projects service: the whole workbook, the settings, their reset, the report's
// logo. Every write checks and raises the version in one UPDATE (ADR 0045).
import type {
  Plan,
  ProjectSettings,
  SaveResult,
  VersionConflictData,
} from '@pfahlplaner/contracts';
import { AppError, fieldError } from '#app/lib/app-error';
import { sha256 } from '#app/lib/secrets';
import type { AuthContext } from '#app/modules/auth/auth.service';
import { sniffImageType } from '#app/modules/companies/companies.service';
import type { ProjectRow } from '#app/modules/projects/projects.repository';
import { asNameTaken } from '#app/modules/projects/project-rules';
import type { StoredWorkbook } from '#app/modules/projects/workbook';
import {
  defaultSettings,
  inputHashOf,
  planStepWidthProblems,
  PROJECT_DATA_SETTINGS,
  stripResults,
  toWireWorkbook,
  validateWorkbook,
} from '#app/modules/projects/workbook';
import type { ProjectCore, ProjectsDeps } from '#app/modules/projects/project-core';
import { mirroredColumns } from '#app/modules/projects/project-core';
import { iso, toCalculationInfo } from '#app/modules/projects/project-views';

export const projectWorkbook = (deps: ProjectsDeps, core: ProjectCore) => {
  const { projects: repo, clock } = deps;
  const { access, planOf, storedOf, loadProject, loadStored } = core;

  const conflict = async (projectId: number, plan: Plan): Promise<AppError> => {
    const row = await repo.find(projectId);
    if (!row) return new AppError('NOT_FOUND');
    const data: VersionConflictData = {
      workbook: toWireWorkbook(storedOf(row, plan), row.version, null),
      modified_by_name: await repo.userName(row.modified_by),
      modified_date: iso(row.modified_date),
    };
    return new AppError('VERSION_CONFLICT', { data });
  };

  /**
   * The one workbook write: check-and-increment of the version in a single UPDATE (ADR 0045). A stale
   * version → 409 VERSION_CONFLICT with the current workbook; a name taken → 400 `settings.name`.
   */
  const writeWorkbook = async (
    auth: AuthContext,
    projectId: number,
    plan: Plan,
    expectedVersion: number,
    stored: StoredWorkbook,
  ): Promise<SaveResult> => {
    const hash = inputHashOf(stored);
    let updated: ProjectRow | undefined;
    try {
      updated = await repo.updateIfVersion(repo.db, projectId, expectedVersion, {
        workbook: stored,
        input_hash: hash,
        ...mirroredColumns(stored.settings),
        modified_date: clock.now(),
        modified_by: auth.userId,
      });
    } catch (error) {
      throw asNameTaken('settings.name', error);
    }
    if (!updated) throw await conflict(projectId, plan);
    const meta = await repo.calculationMeta(projectId);
    return {
      version: updated.version,
      modified_date: iso(updated.modified_date),
      calculation: meta ? toCalculationInfo(meta, hash) : null,
    };
  };

  return {
    /** PUT …/update-table-datas/: the whole workbook, validated, written atomically with the version check. */
    saveWorkbook: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      body: unknown,
    ): Promise<SaveResult> => {
      await access(auth, companyId, projectId, 'write');
      const plan = await planOf(companyId);
      // References are not checked on save: a grid may name a profile before it exists (ADR 0051).
      const workbook = validateWorkbook(body, { plan, checkReferences: false });
      return writeWorkbook(auth, projectId, plan, workbook.version, stripResults(workbook));
    },

    updateSettings: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      input: { version: number; settings: ProjectSettings },
    ): Promise<SaveResult> => {
      await access(auth, companyId, projectId, 'write');
      const plan = await planOf(companyId);
      const problems = planStepWidthProblems(input, plan);
      if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { details: problems });
      const row = await loadProject(projectId);
      const stored = storedOf(row, plan);
      return writeWorkbook(auth, projectId, plan, input.version, {
        ...stored,
        settings: input.settings,
      });
    },

    /** Settings back to the model defaults (ADR 0052); project and company data are kept. */
    resetSettings: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      version: number,
    ): Promise<SaveResult> => {
      await access(auth, companyId, projectId, 'write');
      const { plan, stored } = await loadStored(projectId);
      const settings = { ...defaultSettings(stored.settings.name, plan) } as Record<
        string,
        unknown
      >;
      const current = stored.settings as Record<string, unknown>;
      for (const key of PROJECT_DATA_SETTINGS) settings[key] = current[key];
      return writeWorkbook(auth, projectId, plan, version, {
        ...stored,
        settings: settings as ProjectSettings,
      });
    },

    settingData: async (auth: AuthContext, projectId: number) => {
      await access(auth, auth.companyId, projectId, 'read');
      const { row, stored } = await loadStored(projectId);
      const { settings } = stored;
      return {
        settings,
        version: row.version,
        has_logo: await repo.hasLogo(projectId),
      };
    },

    uploadLogo: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      bytes: Buffer,
    ): Promise<{ has_logo: true }> => {
      await access(auth, companyId, projectId, 'write');
      const contentType = sniffImageType(bytes);
      if (!contentType) throw fieldError('file', 'IMAGE_TYPE');
      await repo.saveLogo({
        project_id: projectId,
        content_type: contentType,
        sha256: sha256(bytes),
        size: bytes.length,
        data: bytes,
        modified_date: clock.now(),
        modified_by: auth.userId,
      });
      return { has_logo: true };
    },
  };
};
