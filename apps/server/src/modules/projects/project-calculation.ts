// The calculation part of the projects service: run (worker pool, durable job or a remote server), the
// stored result with its freshness, the full result for reports and one load point's detail (ADR 0170).
import type {
  CalculationInfo,
  CalculationJobStatus,
  CalculationServer,
  Workbook,
} from '@pfahlplaner/contracts';
import { compactResult } from '@pfahlplaner/engine';
import type { PileDetail } from '@pfahlplaner/engine';
import { AppError, fieldError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import type { AuthContext } from '#app/modules/auth/auth.service';
import { calculateRemote, toServerView } from '#app/modules/calculation/calc-servers';
import type { FullProjectResult } from '#app/modules/calculation/run-calculation';
import type { StoreResult } from '#app/modules/calculation/calculation-jobs';
import type { ProjectsRepository } from '#app/modules/projects/projects.repository';
import type { StoredWorkbook } from '#app/modules/projects/workbook';
import { inputHashOf, toWireWorkbook, validateWorkbook } from '#app/modules/projects/workbook';
import type { CalculationState } from '#app/modules/projects/calculation-state';
import { calculationState, notFreshCode } from '#app/modules/projects/calculation-state';
import type { ProjectCore, ProjectsDeps } from '#app/modules/projects/project-core';
import { storedResult, toCalculationInfo } from '#app/modules/projects/project-views';

/** A stored calculation with its freshness. */
export type FreshCalculation = {
  workbook: Workbook;
  result: FullProjectResult;
  calculation: CalculationInfo;
};

type RunFacts = {
  projectId: number;
  inputHash: string;
  projectVersion: number;
  server: string;
  requestedBy: number | null;
  at: Date;
};

/** The one shape of a stored calculation row (local pool, remote server and durable job alike). */
const calculationRow = (facts: RunFacts, result: FullProjectResult) => ({
  project_id: facts.projectId,
  result,
  engine_version: result.engineVersion,
  input_hash: facts.inputHash,
  project_version: facts.projectVersion,
  server: facts.server,
  calculated_at: facts.at,
  calculated_by: facts.requestedBy,
});

/** How a durable calculation job stores its result: as the local server's calculation of the project. */
export const storeJobResult =
  (repo: ProjectsRepository, clock: Clock): StoreResult =>
  (tx, job, result) =>
    repo.saveCalculation(
      calculationRow(
        {
          projectId: job.projectId,
          inputHash: job.inputHash,
          projectVersion: job.projectVersion,
          server: 'local',
          requestedBy: job.requestedBy,
          at: clock.now(),
        },
        result,
      ),
      tx,
    );

export const projectCalculation = (deps: ProjectsDeps, core: ProjectCore) => {
  const { projects: repo, clock, pool } = deps;
  const { access, loadStored, hashOf } = core;

  /**
   * The stored calculation with its state (fresh, missing, stale with the reason) and the stored inputs it
   * was checked against. Every caller decides what a state means for it; nothing here throws for a
   * calculation that is not fresh.
   */
  const storedCalculation = async (
    projectId: number,
  ): Promise<{
    state: CalculationState;
    calculation: FreshCalculation | null;
    stored: StoredWorkbook;
  }> => {
    const { row, plan, stored } = await loadStored(projectId);
    const calc = await repo.findCalculation(projectId);
    const currentHash = hashOf(row, plan);
    const state = calculationState(calc ?? null, currentHash);
    if (!calc) return { state, calculation: null, stored };
    const result = storedResult(calc.result);
    return {
      state,
      stored,
      calculation: {
        workbook: toWireWorkbook(stored, row.version, result),
        result,
        calculation: toCalculationInfo(calc, currentHash),
      },
    };
  };

  /** The stored calculation when it is fresh (with its inputs), else 409 with the coded reason. */
  const fresh = async (
    projectId: number,
  ): Promise<{ calculation: FreshCalculation; stored: StoredWorkbook }> => {
    const { state, calculation, stored } = await storedCalculation(projectId);
    if (state.state !== 'fresh' || calculation === null) {
      throw new AppError(notFreshCode(state.state === 'fresh' ? { state: 'missing' } : state));
    }
    return { calculation, stored };
  };

  return {
    /**
     * For reports: the full result of a fresh calculation (traces, distributions), recomputed in the pool
     * from the stored inputs, else 409 with the coded reason (CALCULATION_MISSING / CALCULATION_STALE /
     * CALCULATION_ENGINE_CHANGED). Fresh means the same inputs' hash and engine version as the stored run,
     * and the engine is deterministic, so these are the run's numbers (ADR 0170). Needs read access.
     */
    requireFreshCalculation: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
    ): Promise<FreshCalculation> => {
      await access(auth, companyId, projectId, 'read');
      const { calculation, stored } = await fresh(projectId);
      return { ...calculation, result: await pool.run(stored, 'full') };
    },

    /**
     * For exports: the state of the stored calculation and the results only when they are fresh (an
     * export of a stale or missing calculation carries the inputs without results). Needs read access.
     */
    freshCalculationOrNull: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
    ): Promise<FreshCalculation | null> => {
      await access(auth, companyId, projectId, 'read');
      const { state, calculation } = await storedCalculation(projectId);
      return state.state === 'fresh' ? calculation : null;
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
      const { stored } = await fresh(projectId);
      const detail = await pool.pileDetail(stored, index);
      if (detail === null) throw new AppError('NOT_FOUND');
      return detail;
    },

    servers: (): CalculationServer[] => deps.servers.map(toServerView),

    /**
     * Runs the engine (worker pool, durable job or a configured remote), stores and returns the result;
     * `jobId`: the durable job the request joined (ADR 0196), null without one.
     */
    calculate: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      serverId: string | undefined,
    ) => {
      await access(auth, companyId, projectId, 'write');
      const server = deps.servers.find((s) => s.id === (serverId ?? 'local'));
      if (!server) throw fieldError('dhpd_server', 'INVALID_VALUE');
      const { row, plan, stored } = await loadStored(projectId);
      // The calculation checks references too (a save may skip them) and the plan's limits.
      validateWorkbook({ ...stored, version: row.version }, { plan, checkReferences: true });
      const hash = inputHashOf(stored);
      // Only the compact result is stored and answered (ADR 0170); the local pool makes it in the worker.
      let result: FullProjectResult;
      let now: Date;
      let jobId: string | null = null;
      if (!server.url && deps.jobs) {
        // A durable job (ADR 0208): whichever instance completes it stores the compact result (storeJobResult).
        ({ jobId, result } = await deps.jobs.run({
          projectId,
          inputHash: hash,
          input: stored,
          projectVersion: row.version,
          requestedBy: auth.userId,
        }));
        const meta = await repo.calculationMeta(projectId);
        now = meta?.input_hash === hash ? meta.calculated_at : clock.now();
      } else {
        result = server.url
          ? compactResult(await calculateRemote(server.url, stored, deps.remoteTimeoutMs))
          : await pool.run(stored, 'compact');
        now = clock.now();
        await repo.saveCalculation(
          calculationRow(
            {
              projectId,
              inputHash: hash,
              projectVersion: row.version,
              server: server.id,
              requestedBy: auth.userId,
              at: now,
            },
            result,
          ),
        );
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
      return { workbook: toWireWorkbook(stored, row.version, result), result, calculation, jobId };
    },

    /**
     * GET …/calculation/job/ (ADR 0196): the project's newest calculation job and whether it calculates the
     * current inputs, or null. Needs read access, like the stored calculation.
     */
    calculationJob: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
    ): Promise<CalculationJobStatus> => {
      await access(auth, companyId, projectId, 'read');
      const job = (await deps.jobs?.latest(projectId)) ?? null;
      if (!job) return null;
      // The stored input hash (kept with every save); a project from before it: computed from the workbook.
      let currentHash = await repo.inputHash(projectId);
      if (currentHash == null) {
        const { row, plan } = await loadStored(projectId);
        currentHash = hashOf(row, plan);
      }
      return {
        id: job.id,
        state: job.state,
        current: job.inputHash === currentHash,
        attempts: job.attempts,
        created_at: job.createdAt.toISOString(),
        finished_at: job.finishedAt?.toISOString() ?? null,
      };
    },

    /** GET …/calculation/: the last stored result (also when stale), or null. */
    calculation: async (auth: AuthContext, companyId: number, projectId: number) => {
      await access(auth, companyId, projectId, 'read');
      const calc = await repo.findCalculation(projectId);
      if (!calc) return null;
      const { row, plan } = await loadStored(projectId);
      return {
        result: storedResult(calc.result),
        calculation: toCalculationInfo(calc, hashOf(row, plan)),
      };
    },
  };
};
