// The projects service: list, create (blank or from a file), detail, rename, copy, delete and user
// assignment. Its parts: project-core.ts (access and reads), project-calculation.ts (run, freshness,
// report data), project-workbook.ts (workbook and settings writes), project-views.ts (wire shapes).
import type {
  Plan,
  ProjectBasicData,
  ProjectList,
  ProjectListQuery,
  ProjectSettings,
  ProjectSummary,
  ProjectUser,
  Workbook,
} from '@pfahlplaner/contracts';
import { planOf as asPlan } from '@pfahlplaner/contracts';
import { ENGINE_VERSION } from '@pfahlplaner/engine';
import { AppError } from '#app/lib/app-error';
import { assertOwnCompany } from '#app/lib/policy';
import { ok } from '#app/lib/envelope';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { FullProjectResult } from '#app/modules/calculation/run-calculation';
import type { ProjectInsert, Tx } from '#app/modules/projects/projects.repository';
import {
  assertNameFree,
  assertProjectRoom,
  nameKey,
  nameTakenOr,
} from '#app/modules/projects/project-rules';
import type { StoredWorkbook } from '#app/modules/projects/workbook';
import type { DetailAnswer } from '#app/modules/projects/detail-cache';
import { createDetailCache } from '#app/modules/projects/detail-cache';
import {
  defaultWorkbook,
  inputHashOf,
  stripResults,
  toWireWorkbook,
  validateWorkbook,
} from '#app/modules/projects/workbook';
import type { ProjectsDeps } from '#app/modules/projects/project-core';
import {
  assertVisible,
  checkCountry,
  isManager,
  mirroredColumns,
  projectCore,
} from '#app/modules/projects/project-core';
import { projectCalculation } from '#app/modules/projects/project-calculation';
import { projectWorkbook } from '#app/modules/projects/project-workbook';
import {
  copyName,
  toCalculationInfo,
  toSummary,
  toUsers,
} from '#app/modules/projects/project-views';

export type { AccessMode } from '#app/modules/projects/project-core';
export type { FreshCalculation } from '#app/modules/projects/project-calculation';
export { storeJobResult } from '#app/modules/projects/project-calculation';
export { copyName } from '#app/modules/projects/project-views';

export const projectsService = (deps: ProjectsDeps) => {
  const { projects: repo, clock } = deps;
  const core = projectCore(deps);
  const { access, planOf, storedOf, hashOf, assertCompanyManager, loadStored, summaryOf } = core;
  const detailCache = createDetailCache(deps.detailCacheBytes);
  const building = new Map<string, Promise<DetailAnswer>>();

  /** Inserts a project with its workbook and assigns the creator; returns the new id. */
  const insertProject = async (
    tx: Tx,
    auth: AuthContext,
    companyId: number,
    stored: StoredWorkbook,
    extra: Pick<ProjectInsert, 'country_id' | 'number' | 'company_alt_country_id'>,
  ): Promise<number> => {
    const now = clock.now();
    const row = await repo.insert(tx, {
      company_id: companyId,
      ...mirroredColumns(stored.settings),
      ...extra,
      workbook: stored,
      input_hash: inputHashOf(stored),
      created_date: now,
      modified_date: now,
      created_by: auth.userId,
      modified_by: auth.userId,
    });
    await repo.assign(tx, row.id, [auth.userId], auth.userId, now);
    return row.id;
  };

  /**
   * The one project insert of `create` and `createWithWorkbook`: under the company's lock the plan's
   * project limit, the name (unique, case-insensitive) and `build(plan)` (the workbook; may throw), then the
   * insert with the creator assigned. All in one transaction: a refusal writes nothing.
   */
  const createProject = async (
    auth: AuthContext,
    companyId: number,
    input: ProjectBasicData,
    build: (plan: Plan) => StoredWorkbook,
  ): Promise<number> => {
    const country = checkCountry('country_id', input.country_id);
    return repo
      .transaction(async (tx) => {
        const plan = asPlan(await repo.lockCompany(tx, companyId));
        await assertProjectRoom(plan, () => repo.countInCompany(tx, companyId));
        assertNameFree(await repo.namesInCompany(tx, companyId), input.name);
        return insertProject(tx, auth, companyId, build(plan), {
          country_id: country ?? null,
          number: input.number ?? '',
        });
      })
      .catch(nameTakenOr('name'));
  };

  /** The project detail's data (no access check). */
  const detailOf = async (projectId: number) => {
    const { row, plan, stored } = await loadStored(projectId);
    const hash = hashOf(row, plan);
    const meta = await repo.calculationMeta(projectId);
    const calculation = meta ? toCalculationInfo(meta, hash) : null;
    // Results are shown only while they match the inputs; stale ones stay at GET …/calculation/.
    const result =
      calculation && !calculation.stale
        ? (((await repo.findCalculation(projectId))?.result as FullProjectResult | undefined) ??
          null)
        : null;
    return {
      project: await summaryOf(projectId),
      workbook: toWireWorkbook(stored, row.version, result),
      calculation,
    };
  };

  return {
    /** The access check of this module, for routes of other modules (exports, imports). */
    assertAccess: access,
    ...projectCalculation(deps, core),
    ...projectWorkbook(deps, core),

    /** The project's current version (read access). */
    versionOf: async (auth: AuthContext, companyId: number, projectId: number): Promise<number> => {
      await access(auth, companyId, projectId, 'read');
      return (await summaryOf(projectId)).version;
    },

    /** The report logo of a project (PNG/JPEG bytes), or null (read access). */
    reportLogo: async (auth: AuthContext, companyId: number, projectId: number) => {
      await access(auth, companyId, projectId, 'read');
      const logo = await repo.findLogo(projectId);
      return logo ? { contentType: logo.content_type, data: logo.data } : null;
    },

    list: async (
      auth: AuthContext,
      companyId: number,
      query: ProjectListQuery,
    ): Promise<ProjectList> => {
      assertOwnCompany(auth, companyId);
      const { rows, count } = await repo.list({
        companyId,
        assignedTo: isManager(auth) ? null : auth.userId,
        search: query.search,
        sort: query.sort,
        page: query.page,
        pageSize: query.page_size,
      });
      return { results: rows.map(toSummary), count, page: query.page, page_size: query.page_size };
    },

    create: async (
      auth: AuthContext,
      companyId: number,
      input: ProjectBasicData,
    ): Promise<ProjectSummary> => {
      await assertCompanyManager(auth, companyId);
      return summaryOf(
        await createProject(auth, companyId, input, (plan) => {
          const stored = defaultWorkbook(input.name, plan);
          stored.settings.projektStreet = input.street ?? '';
          stored.settings.projektPostalCode = input.postal_code ?? '';
          stored.settings.projektLocation = input.location ?? '';
          return stored;
        }),
      );
    },

    /**
     * Before a project is made from a file (ADR 0062): role and licence (as `create`), the plan's project
     * limit and the name, checked without a lock so that a preview can say what the apply would refuse (the
     * apply checks them again in its transaction). Answers the company's plan and the settings a new
     * project of that name starts with (what the file's workbook is read against).
     */
    checkNewProject: async (
      auth: AuthContext,
      companyId: number,
      name: string,
    ): Promise<{ plan: Plan; blank: StoredWorkbook }> => {
      await assertCompanyManager(auth, companyId);
      const plan = await planOf(companyId);
      await assertProjectRoom(plan, () => repo.countInCompany(repo.db, companyId));
      assertNameFree(await repo.namesInCompany(repo.db, companyId), name);
      return { plan, blank: defaultWorkbook(name, plan) };
    },

    /**
     * Creates a project whose workbook is `body` (e.g. read from a file) in one transaction: role, licence,
     * plan (project limit, layers, step width — read under the company lock), name, the validation of
     * `update-table-datas`; nothing is written unless all pass (ADR 0062). The name is `input.name` whatever
     * the workbook's settings say. Workbook problems → VALIDATION_FAILED with wire paths; name problems →
     * VALIDATION_FAILED at `name` (see `isProjectNameError`).
     */
    createWithWorkbook: async (
      auth: AuthContext,
      companyId: number,
      input: ProjectBasicData,
      body: Omit<Workbook, 'version'>,
    ): Promise<ProjectSummary> => {
      await assertCompanyManager(auth, companyId);
      return summaryOf(
        await createProject(auth, companyId, input, (plan) => {
          const workbook = validateWorkbook(
            { ...body, version: 1 },
            { plan, checkReferences: false },
          );
          const stored = stripResults(workbook);
          return { ...stored, settings: { ...stored.settings, name: input.name } };
        }),
      );
    },

    detail: async (auth: AuthContext, companyId: number, projectId: number) => {
      await access(auth, companyId, projectId, 'read');
      return detailOf(projectId);
    },

    /**
     * GET …/projects/{id}/ as a serialised answer with its entity tag (ADR 0171): one query checks access
     * (as `access` in read mode) and reads the key; an answer made for that key is served from the cache,
     * without reading the workbook and the result and without validating the answer again.
     */
    detailAnswer: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
    ): Promise<DetailAnswer> => {
      assertOwnCompany(auth, companyId);
      const facts = await repo.detailKey(projectId, auth.userId);
      assertVisible(auth, companyId, facts);
      const key = `${ENGINE_VERSION}\n${facts.key}`;
      const cached = detailCache.get(projectId, key);
      if (cached) return cached;
      // Requests that miss together share one build (50 clients opening a changed project at once).
      const flight = `${projectId}\n${key}`;
      const pending = building.get(flight);
      if (pending) return pending;
      const build = (async () => {
        const body = Buffer.from(JSON.stringify(ok(await detailOf(projectId))));
        const answer = { etag: detailCache.etagOf(key), body };
        detailCache.set(projectId, key, answer);
        return answer;
      })().finally(() => building.delete(flight));
      building.set(flight, build);
      return build;
    },

    /** Rename and basic data; mirrored into the settings' project data, so the version rises. */
    update: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      input: ProjectBasicData,
    ): Promise<ProjectSummary> => {
      await access(auth, companyId, projectId, 'write');
      const country = checkCountry('country_id', input.country_id);
      const plan = await planOf(companyId);
      await repo
        .transaction(async (tx) => {
          const row = await repo.findForUpdate(tx, projectId);
          if (!row) throw new AppError('NOT_FOUND');
          const stored = storedOf(row, plan);
          const settings: ProjectSettings = {
            ...stored.settings,
            name: input.name,
            projektStreet: input.street ?? stored.settings.projektStreet,
            projektPostalCode: input.postal_code ?? stored.settings.projektPostalCode,
            projektLocation: input.location ?? stored.settings.projektLocation,
          };
          const next = { ...stored, settings };
          await repo.updateIfVersion(tx, projectId, row.version, {
            workbook: next,
            input_hash: inputHashOf(next),
            ...mirroredColumns(settings),
            ...(country === undefined ? {} : { country_id: country }),
            ...(input.number === undefined ? {} : { number: input.number }),
            modified_date: clock.now(),
            modified_by: auth.userId,
          });
        })
        .catch(nameTakenOr('name'));
      return summaryOf(projectId);
    },

    /** Copies projects (workbook, address, report logo; not the calculation); all or nothing. */
    copyMany: async (
      auth: AuthContext,
      companyId: number,
      ids: number[],
    ): Promise<{ results: ProjectSummary[] }> => {
      await assertCompanyManager(auth, companyId);
      const unique = [...new Set(ids)];
      const created = await repo.transaction(async (tx) => {
        const plan = asPlan(await repo.lockCompany(tx, companyId));
        const owned = await repo.idsInCompany(tx, companyId, unique);
        if (owned.length !== unique.length) throw new AppError('NOT_FOUND');
        await assertProjectRoom(plan, () => repo.countInCompany(tx, companyId), unique.length);
        const taken = new Set((await repo.namesInCompany(tx, companyId)).map(nameKey));
        const sources = await repo.findWorkbooks(tx, unique);
        const newIds: number[] = [];
        for (const id of unique) {
          const source = sources.find((s) => s.id === id);
          if (!source) throw new AppError('NOT_FOUND');
          const name = copyName(source.name, taken);
          taken.add(nameKey(name));
          const from = storedOf(source, plan);
          const stored = { ...from, settings: { ...from.settings, name } };
          const newId = await insertProject(tx, auth, companyId, stored, {
            country_id: source.country_id,
            number: source.number,
            company_alt_country_id: source.company_alt_country_id,
          });
          await repo.copyLogo(tx, source.id, newId);
          newIds.push(newId);
        }
        return newIds;
      });
      const rows = await repo.summariesOf(repo.db, created);
      return { results: rows.map(toSummary) };
    },

    /** Hard delete (ADR 0048) of own-company projects; any foreign or unknown id → 404, nothing deleted. */
    deleteMany: async (
      auth: AuthContext,
      companyId: number,
      ids: number[],
    ): Promise<{ deleted: number[] }> => {
      await assertCompanyManager(auth, companyId);
      const unique = [...new Set(ids)];
      const deleted = await repo.transaction(async (tx) => {
        const owned = await repo.idsInCompany(tx, companyId, unique);
        if (owned.length !== unique.length) throw new AppError('NOT_FOUND');
        return repo.deleteMany(tx, unique);
      });
      return { deleted: deleted.sort((a, b) => a - b) };
    },

    assignedUsers: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
    ): Promise<ProjectUser[]> => {
      await access(auth, companyId, projectId, 'read');
      if (!isManager(auth)) throw new AppError('FORBIDDEN');
      return toUsers(await repo.assignedUsers(projectId));
    },

    unassignedUsers: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
    ): Promise<ProjectUser[]> => {
      await access(auth, companyId, projectId, 'read');
      if (!isManager(auth)) throw new AppError('FORBIDDEN');
      return toUsers(await repo.unassignedUsers(companyId, projectId));
    },

    /** Assigns or unassigns users of the same company; any other id → 404 and nothing changes. */
    changeAssignment: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      userIds: number[],
      assign: boolean,
    ): Promise<ProjectUser[]> => {
      await access(auth, companyId, projectId, 'manage');
      const unique = [...new Set(userIds)];
      const known = await repo.companyUserIds(companyId, unique);
      if (known.length !== unique.length) throw new AppError('NOT_FOUND');
      if (assign) await repo.assign(repo.db, projectId, unique, auth.userId, clock.now());
      else await repo.unassign(projectId, unique);
      return toUsers(await repo.assignedUsers(projectId));
    },
  };
};
export type ProjectsService = ReturnType<typeof projectsService>;

/** A refusal of the project's name (taken, too long, empty): `VALIDATION_FAILED` naming the field `name`. */
export const isProjectNameError = (error: unknown): boolean =>
  error instanceof AppError &&
  error.code === 'VALIDATION_FAILED' &&
  error.details.some((detail) => detail.path === 'name');
