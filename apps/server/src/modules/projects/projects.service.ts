import type {
  CalculationInfo,
  CalculationServer,
  Plan,
  ProjectBasicData,
  ProjectCompanyInfo,
  ProjectList,
  ProjectListQuery,
  ProjectSettings,
  ProjectSummary,
  ProjectUser,
  SaveResult,
  VersionConflictData,
  Workbook,
} from '@pfahlplaner/contracts';
import type { LicenceGuard } from '#app/modules/billing/licence-guard';
import {
  planOf as asPlan,
  PROJECT_MANAGER_ROLES,
  PROJECT_NAME_MAX,
  roleOf,
} from '@pfahlplaner/contracts';
import { ENGINE_VERSION } from '@pfahlplaner/engine';
import { compactResult } from '@pfahlplaner/engine';
import type { PileDetail } from '@pfahlplaner/engine';
import { AppError, fieldError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { assertOwnCompany } from '#app/lib/policy';
import { ok } from '#app/lib/envelope';
import { sha256 } from '#app/lib/secrets';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { CalcServerConfig } from '#app/modules/calculation/calc-servers';
import { calculateRemote, toServerView } from '#app/modules/calculation/calc-servers';
import type { FullProjectResult } from '#app/modules/calculation/run-calculation';
import type { CalculationJobs, StoreResult } from '#app/modules/calculation/calculation-jobs';
import type { CalculationPool } from '#app/modules/calculation/worker-pool';
import { sniffImageType } from '#app/modules/companies/companies.service';
import { isKnownCountry } from '#app/modules/general/geo-data';
import type {
  ProjectInsert,
  ProjectRow,
  ProjectsRepository,
  SummaryRow,
  Tx,
} from '#app/modules/projects/projects.repository';
import {
  asNameTaken,
  assertNameFree,
  assertProjectRoom,
  nameKey,
  nameTakenOr,
} from '#app/modules/projects/project-rules';
import type { StoredWorkbook } from '#app/modules/projects/workbook';
import type { CalculationState } from '#app/modules/projects/calculation-state';
import type { DetailAnswer } from '#app/modules/projects/detail-cache';
import { createDetailCache } from '#app/modules/projects/detail-cache';
import { calculationState, notFreshCode } from '#app/modules/projects/calculation-state';
import {
  defaultSettings,
  defaultWorkbook,
  inputHashOf,
  planStepWidthProblems,
  PROJECT_DATA_SETTINGS,
  stripResults,
  toWireWorkbook,
  validateWorkbook,
} from '#app/modules/projects/workbook';

type Deps = {
  projects: ProjectsRepository;
  clock: Clock;
  pool: CalculationPool;
  servers: CalcServerConfig[];
  remoteTimeoutMs: number;
  /** PostgreSQL: local calculations run as durable jobs (ADR 0176); the embedded database uses `pool`. */
  jobs?: CalculationJobs;
  /** Refuses writes of guests and of companies whose licence expired or was blocked (lib/policy.ts). */
  licence: LicenceGuard;
  /** Bytes of serialised project details kept per instance (ADR 0171); default 64 MiB. */
  detailCacheBytes?: number;
};

/** The stored result in its compact form: results stored before ADR 0170 carry traces and are compacted. */
const storedResult = (value: unknown): FullProjectResult => {
  const result = value as FullProjectResult;
  return result.isCompact === true ? result : compactResult(result);
};

/** What a route needs from a project: `read` (detail), `write` (edit, calculate), `manage` (assign users). */
export type AccessMode = 'read' | 'write' | 'manage';

/** The list's calculation status of a project row (the one freshness rule: calculation-state.ts). */
const summaryStatus = (row: SummaryRow): ProjectSummary['calculation_status'] => {
  const state = calculationState(
    row.calculation_hash === null
      ? null
      : { input_hash: row.calculation_hash, engine_version: row.calculation_engine_version ?? '' },
    row.input_hash ?? '',
  );
  return state.state === 'missing' ? 'none' : state.state;
};

/** A stored calculation with its freshness. */
export type FreshCalculation = {
  workbook: Workbook;
  result: FullProjectResult;
  calculation: CalculationInfo;
};

const isManager = (auth: AuthContext) => PROJECT_MANAGER_ROLES.includes(auth.role);
const iso = (d: Date) => d.toISOString();

/**
 * Tenant and visibility: another company's project, or one not assigned to a Member, Employee or Guest, is
 * 404 (the one rule of `access` and of the cached detail).
 */
function assertVisible<T extends { company_id: number; assigned: boolean }>(
  auth: AuthContext,
  companyId: number,
  info: T | undefined,
): asserts info is T {
  if (!info || info.company_id !== companyId) throw new AppError('NOT_FOUND');
  if (!isManager(auth) && !info.assigned) throw new AppError('NOT_FOUND');
}

/** Writes are refused for guests (GUEST_READ_ONLY) and, for `manage`, for Member and Employee (FORBIDDEN). */
const assertMayWrite = (auth: AuthContext, mode: AccessMode) => {
  if (mode === 'read') return;
  if (auth.role === 'Guest') throw new AppError('GUEST_READ_ONLY');
  if (mode === 'manage' && !isManager(auth)) throw new AppError('FORBIDDEN');
};

const toSummary = (row: SummaryRow): ProjectSummary => ({
  id: row.id,
  name: row.name,
  street: row.street,
  postal_code: row.postal_code,
  location: row.location,
  country_id: row.country_id,
  number: row.number,
  version: row.version,
  created_date: iso(row.created_date),
  modified_date: iso(row.modified_date),
  created_by_name: row.created_by_name,
  modified_by_name: row.modified_by_name,
  calculation_status: summaryStatus(row),
});

type CalcMeta = {
  engine_version: string;
  calculated_at: Date;
  input_hash: string;
  project_version: number;
  server: string;
};
/**
 * Results are fresh only for the current inputs AND the engine version this server runs (ADR 0107): after
 * an engine upgrade, stored results stay readable but are marked stale, and exports ask for a new run.
 */
const toCalculationInfo = (meta: CalcMeta, currentHash: string): CalculationInfo => {
  const state = calculationState(meta, currentHash);
  const staleReason = state.state === 'stale' ? state.reason : null;
  return {
    engine_version: meta.engine_version,
    calculated_at: iso(meta.calculated_at),
    input_hash: meta.input_hash,
    project_version: meta.project_version,
    server: meta.server,
    stale: staleReason !== null,
    stale_reason: staleReason,
    current_engine_version: ENGINE_VERSION,
  };
};

/**
 * "Name (Kopie)", "Name (Kopie 2)", … — the first free name of at most 40 characters. A name too long for
 * the suffix is shortened at a word boundary with "…", never mid-word (issue 20); a single long word is cut.
 */
export const copyName = (name: string, taken: Set<string>): string => {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? ' (Kopie)' : ` (Kopie ${n})`;
    const room = Math.max(1, PROJECT_NAME_MAX - suffix.length);
    const base = name.length <= room ? name : shortenAtWord(name, room - 1) + '…';
    const candidate = `${base}${suffix}`;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
};

/** The longest start of `text` of at most `max` characters that ends at a word boundary (trimmed). */
const shortenAtWord = (text: string, max: number): string => {
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).trimEnd();
};

const companyInfoOf = (settings: ProjectSettings, row: ProjectRow): ProjectCompanyInfo => ({
  name: settings.companyAltName,
  street: settings.companyAltStreet,
  postal_code: settings.companyAltPostalCode,
  location: settings.companyAltLocation,
  country_id: row.company_alt_country_id,
  phone: settings.companyAltPhone,
  email: settings.companyAltEmail,
  use_alternative: !settings.default_company_info,
});

/** How a durable calculation job stores its result: as the local server's calculation of the project. */
export const storeJobResult =
  (repo: ProjectsRepository, clock: Clock): StoreResult =>
  (tx, job, result) =>
    repo.saveCalculation(
      {
        project_id: job.project_id,
        result,
        engine_version: result.engineVersion,
        input_hash: job.input_hash,
        project_version: job.project_version,
        server: 'local',
        calculated_at: clock.now(),
        calculated_by: job.requested_by,
      },
      tx,
    );

export const projectsService = (deps: Deps) => {
  const { projects: repo, clock, pool, licence } = deps;
  const detailCache = createDetailCache(deps.detailCacheBytes);
  const building = new Map<string, Promise<DetailAnswer>>();

  const planOf = async (companyId: number): Promise<Plan> =>
    asPlan(await repo.companyPlan(companyId));

  const storedOf = (row: ProjectRow, plan: Plan): StoredWorkbook =>
    (row.workbook as StoredWorkbook | null) ?? defaultWorkbook(row.name, plan);

  const hashOf = (row: ProjectRow, plan: Plan): string =>
    row.input_hash ?? inputHashOf(storedOf(row, plan));

  /**
   * Tenant, visibility and role: another company's project or one not assigned to a Member, Employee or
   * Guest is 404; then the write rules of `mode`.
   */
  const access = async (
    auth: AuthContext,
    companyId: number,
    projectId: number,
    mode: AccessMode,
  ): Promise<void> => {
    assertOwnCompany(auth, companyId);
    assertVisible(auth, companyId, await repo.accessInfo(projectId, auth.userId));
    assertMayWrite(auth, mode);
    if (mode !== 'read') await licence.assertWritable(auth);
  };

  const summaryOf = async (projectId: number): Promise<ProjectSummary> => {
    const row = await repo.summary(projectId);
    if (!row) throw new AppError('NOT_FOUND');
    return toSummary(row);
  };

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

  /** Project columns mirrored from the settings (`name`, `projekt*`). */
  const mirroredColumns = (settings: ProjectSettings) => ({
    name: settings.name,
    street: settings.projektStreet,
    postal_code: settings.projektPostalCode,
    location: settings.projektLocation,
  });

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

  const loadProject = async (projectId: number): Promise<ProjectRow> => {
    const row = await repo.find(projectId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };

  const checkCountry = (path: string, id: string | null | undefined): string | null | undefined => {
    if (id === undefined || id === null) return id;
    if (!isKnownCountry(id)) throw fieldError(path, 'COUNTRY_NOT_FOUND');
    return id.toUpperCase();
  };

  const assertCompanyManager = async (auth: AuthContext, companyId: number) => {
    assertOwnCompany(auth, companyId);
    assertMayWrite(auth, 'manage');
    await licence.assertWritable(auth);
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

  /**
   * The stored calculation with its state (fresh, missing, stale with the reason). Every caller decides
   * what a state means for it; nothing here throws for a calculation that is not fresh.
   */
  const storedCalculation = async (
    projectId: number,
  ): Promise<{ state: CalculationState; calculation: FreshCalculation | null }> => {
    const row = await loadProject(projectId);
    const plan = await planOf(row.company_id);
    const calc = await repo.findCalculation(projectId);
    const currentHash = hashOf(row, plan);
    const state = calculationState(calc ?? null, currentHash);
    if (!calc) return { state, calculation: null };
    const result = storedResult(calc.result);
    return {
      state,
      calculation: {
        workbook: toWireWorkbook(storedOf(row, plan), row.version, result),
        result,
        calculation: toCalculationInfo(calc, currentHash),
      },
    };
  };

  /** The stored calculation when it is fresh, else 409 with the coded reason. */
  const fresh = async (projectId: number): Promise<FreshCalculation> => {
    const { state, calculation } = await storedCalculation(projectId);
    if (state.state !== 'fresh' || calculation === null) {
      throw new AppError(notFreshCode(state.state === 'fresh' ? { state: 'missing' } : state));
    }
    return calculation;
  };

  /**
   * The full result of a fresh calculation (traces, distributions) for the report: recomputed in the pool
   * from the stored inputs. Fresh means the same inputs' hash and engine version as the stored run, and the
   * engine is deterministic, so these are the run's numbers (ADR 0170).
   */
  const freshFull = async (projectId: number): Promise<FreshCalculation> => {
    const calculation = await fresh(projectId);
    const row = await loadProject(projectId);
    const result = await pool.run(storedOf(row, await planOf(row.company_id)), 'full');
    return { ...calculation, result };
  };

  /** The project detail's data (no access check). */
  const detailOf = async (companyId: number, projectId: number) => {
    const row = await loadProject(projectId);
    const plan = await planOf(companyId);
    const stored = storedOf(row, plan);
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

    /**
     * For reports: the stored calculation when it is fresh, else 409 with the coded reason
     * (CALCULATION_MISSING / CALCULATION_STALE / CALCULATION_ENGINE_CHANGED). Does not check access
     * (call assertAccess first).
     */
    requireFreshCalculation: freshFull,

    /**
     * For exports: the state of the stored calculation and the results only when they are fresh (an
     * export of a stale or missing calculation carries the inputs without results). Does not check access.
     */
    freshCalculationOrNull: async (projectId: number): Promise<FreshCalculation | null> => {
      const { state, calculation } = await storedCalculation(projectId);
      return state.state === 'fresh' ? calculation : null;
    },

    /** The project's current version. Does not check access (call assertAccess first). */
    versionOf: async (projectId: number): Promise<number> => (await summaryOf(projectId)).version,

    /** The report logo of a project (PNG/JPEG bytes), or null. */
    reportLogo: async (projectId: number) => {
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
      return detailOf(companyId, projectId);
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
      const { assigned: _assigned, ...keyed } = facts;
      const key = JSON.stringify([ENGINE_VERSION, keyed]);
      const cached = detailCache.get(projectId, key);
      if (cached) return cached;
      // Requests that miss together share one build (50 clients opening a changed project at once).
      const flight = `${projectId}\n${key}`;
      const pending = building.get(flight);
      if (pending) return pending;
      const build = (async () => {
        const body = JSON.stringify(ok(await detailOf(companyId, projectId)));
        const answer = { etag: detailCache.etagOf(key), body };
        detailCache.set(projectId, key, answer);
        return answer;
      })().finally(() => building.delete(flight));
      building.set(flight, build);
      return build;
    },

    /**
     * GET …/calculation/piles/{index}/: the full detail of one load point (layer trace, load rows with their
     * w/M/Q distributions), recomputed in the pool from the stored inputs while the calculation is fresh
     * (else 409 with the coded reason); an index without a load point is 404 (ADR 0170).
     */
    pileDetail: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      index: number,
    ): Promise<PileDetail> => {
      await access(auth, companyId, projectId, 'read');
      await fresh(projectId);
      const row = await loadProject(projectId);
      const detail = await pool.pileDetail(storedOf(row, await planOf(companyId)), index);
      if (detail === null) throw new AppError('NOT_FOUND');
      return detail;
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
      const plan = await planOf(companyId);
      const row = await loadProject(projectId);
      const stored = storedOf(row, plan);
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

    servers: (): CalculationServer[] => deps.servers.map(toServerView),

    /** Runs the engine (worker pool or a configured remote), stores and returns the result. */
    calculate: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      serverId: string | undefined,
    ) => {
      await access(auth, companyId, projectId, 'write');
      const server = deps.servers.find((s) => s.id === (serverId ?? 'local'));
      if (!server) throw fieldError('dhpd_server', 'INVALID_VALUE');
      const row = await loadProject(projectId);
      const plan = await planOf(companyId);
      const stored = storedOf(row, plan);
      // The calculation checks references too (a save may skip them) and the plan's limits.
      validateWorkbook({ ...stored, version: row.version }, { plan, checkReferences: true });
      const hash = inputHashOf(stored);
      // Only the compact result is stored and answered (ADR 0170); the local pool makes it in the worker.
      let result: FullProjectResult;
      let now: Date;
      if (!server.url && deps.jobs) {
        // A durable job (ADR 0176): whichever instance runs it stores the compact result (storeJobResult).
        result = await deps.jobs.run({
          projectId,
          inputHash: hash,
          input: stored,
          projectVersion: row.version,
          requestedBy: auth.userId,
        });
        const meta = await repo.calculationMeta(projectId);
        now = meta?.input_hash === hash ? meta.calculated_at : clock.now();
      } else {
        result = server.url
          ? compactResult(await calculateRemote(server.url, stored, deps.remoteTimeoutMs))
          : await pool.run(stored, 'compact');
        now = clock.now();
        await repo.saveCalculation({
          project_id: projectId,
          result,
          engine_version: result.engineVersion,
          input_hash: hash,
          project_version: row.version,
          server: server.id,
          calculated_at: now,
          calculated_by: auth.userId,
        });
      }
      // A save during the run makes this result stale at once.
      const currentHash = (await repo.inputHash(projectId)) ?? hash;
      const calculation = toCalculationInfo(
        {
          engine_version: result.engineVersion,
          calculated_at: now,
          input_hash: hash,
          project_version: row.version,
          server: server.id,
        },
        currentHash,
      );
      return { workbook: toWireWorkbook(stored, row.version, result), result, calculation };
    },

    /** GET …/calculation/: the last stored result (also when stale), or null. */
    calculation: async (auth: AuthContext, companyId: number, projectId: number) => {
      await access(auth, companyId, projectId, 'read');
      const calc = await repo.findCalculation(projectId);
      if (!calc) return null;
      const row = await loadProject(projectId);
      const plan = await planOf(companyId);
      return {
        result: storedResult(calc.result),
        calculation: toCalculationInfo(calc, hashOf(row, plan)),
      };
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

    settingData: async (auth: AuthContext, projectId: number) => {
      await access(auth, auth.companyId, projectId, 'read');
      const row = await loadProject(projectId);
      const plan = await planOf(auth.companyId);
      const { settings } = storedOf(row, plan);
      return {
        settings,
        company_info: companyInfoOf(settings, row),
        version: row.version,
        has_logo: await repo.hasLogo(projectId),
      };
    },

    /** The alternative company data of the reports (settings `companyAlt*`); raises the version. */
    updateCompanyInfo: async (
      auth: AuthContext,
      projectId: number,
      info: ProjectCompanyInfo,
    ): Promise<{ company_info: ProjectCompanyInfo; version: number }> => {
      await access(auth, auth.companyId, projectId, 'write');
      const country = checkCountry('company_info.country_id', info.country_id) ?? null;
      const plan = await planOf(auth.companyId);
      return repo.transaction(async (tx) => {
        const row = await repo.findForUpdate(tx, projectId);
        if (!row) throw new AppError('NOT_FOUND');
        const stored = storedOf(row, plan);
        const settings: ProjectSettings = {
          ...stored.settings,
          companyAltName: info.name,
          companyAltStreet: info.street,
          companyAltPostalCode: info.postal_code,
          companyAltLocation: info.location,
          companyAltPhone: info.phone,
          companyAltEmail: info.email,
          default_company_info: !info.use_alternative,
        };
        const next = { ...stored, settings };
        const updated = await repo.updateIfVersion(tx, projectId, row.version, {
          workbook: next,
          input_hash: inputHashOf(next),
          company_alt_country_id: country,
          modified_date: clock.now(),
          modified_by: auth.userId,
        });
        if (!updated) throw new AppError('NOT_FOUND');
        return { company_info: companyInfoOf(settings, updated), version: updated.version };
      });
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
export type ProjectsService = ReturnType<typeof projectsService>;

/** A refusal of the project's name (taken, too long, empty): `VALIDATION_FAILED` naming the field `name`. */
export const isProjectNameError = (error: unknown): boolean =>
  error instanceof AppError &&
  error.code === 'VALIDATION_FAILED' &&
  error.details.some((detail) => detail.path === 'name');

const toUsers = (
  rows: { id: number; full_name: string; email: string; role: string | null }[],
): ProjectUser[] =>
  rows.map((r) => ({
    id: r.id,
    full_name: r.full_name,
    email: r.email,
    role: roleOf(r.role),
  }));
