import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { JOB_LOCKS, lockKeyForTransaction } from '#app/db/advisory-lock';
import type { Tx } from '#app/db/company-lock';
import type { Db } from '#app/db/database';
import { AppError } from '#app/lib/app-error';
import type { FullProjectResult } from './run-calculation';
import type { CalculationPool } from './worker-pool';
import { CALCULATION_BUSY_RETRY_SECONDS } from './worker-pool';

/** What a calculation job carries (pg-boss's `data`): the stored workbook and the facts of its request. */
export type CalculationJobInput = {
  projectId: number;
  inputHash: string;
  input: unknown;
  projectVersion: number;
  requestedBy: number | null;
};
export type JobFacts = Omit<CalculationJobInput, 'input'>;

/** Stores a finished job's result (the project's calculation row) in the transaction that completes it. */
export type StoreResult = (tx: Tx, job: JobFacts, result: FullProjectResult) => Promise<void>;

/** The project's newest job as the status route answers it (ADR 0196), before `current` is decided. */
export type JobStatusRow = {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  inputHash: string;
  attempts: number;
  createdAt: Date;
  finishedAt: Date | null;
};

/** pg-boss's queue of the calculations and its schema (pg-boss's default; ADR 0208). */
export const CALCULATION_QUEUE = 'calculation';
const BOSS_SCHEMA = 'pgboss';
/**
 * Runs after the first one when a job's instance died (pg-boss `retryLimit`): at most 4 runs, then the job
 * is failed and its waiters answer 500 — a poison input must not kill every instance (ADR 0176, 0208).
 */
export const JOB_RETRY_LIMIT = 3;
/**
 * pg-boss maintenance (expiry, archive, delete) every second, pg-boss 10.4.2's minimum
 * (`maintenanceIntervalSeconds must be at least every second`, src/attorney.js): an expired job is queued
 * again about a second or two after its expiry (ADR 0208).
 */
const MAINTENANCE_SECONDS = 1;
/** Finished jobs stay in pg-boss's job table this long for the status route, then an hour in its archive. */
const FINISHED_KEPT_SECONDS = 60 * 60;
/** Advisory lock class of "one open job per project and inputs" (the others: `lockKeyForTransaction`). */
const JOIN_LOCK_CLASS = 7043;

/** pg-boss's text with $1…$n as drizzle SQL, so that pg-boss runs it inside one of our transactions. */
const bossSql = (text: string, values: unknown[] = []): SQL =>
  sql.join(
    text
      .split(/\$(\d+)/)
      .map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
      ),
  );
/** pg-boss's `db` option (a custom executor): its statements join the transaction `tx`. */
const inTransaction = (tx: Tx): PgBoss.Db => ({
  executeSql: async (text, values) =>
    (await tx.execute(bossSql(text, values))) as { rows: unknown[] },
});

type BossJob = PgBoss.Job<CalculationJobInput>;
type Outcome = { result: FullProjectResult } | { error: string };

/**
 * Durable calculation jobs on PostgreSQL through pg-boss 10 (ADR 0208, replacing ADR 0176's own table).
 * `run` enqueues a job, or joins the open one of the same project and inputs, and waits until some instance
 * has finished it. Every instance fetches jobs while its worker pool has a free thread. pg-boss's expiry is the
 * lease: a job still active `expireSeconds` after it was taken (its instance died) is queued again by pg-boss's
 * maintenance and run by any instance. The result is stored in the transaction that completes the job, and
 * pg-boss completes only an active job: an instance whose job expired and was finished elsewhere stores nothing.
 */
export const createCalculationJobs = (deps: {
  db: Db;
  pgPool: pg.Pool;
  pool: CalculationPool;
  store: StoreResult;
  expireSeconds: number;
  log: FastifyBaseLogger;
  /** Fetch loop and wait poll interval [ms]. */
  pollMs?: number;
}) => {
  const { db, pgPool, pool, store, expireSeconds, log } = deps;
  const pollMs = deps.pollMs ?? 250;
  const running = new Set<Promise<void>>();
  /** Fetch passes in flight: a job they take is running here, so stop waits for them too. */
  const fetching = new Set<Promise<void>>();
  /** Wakes the waiters of a job this instance finished, before their next poll. */
  const wake = new Map<string, Set<() => void>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let starting: Promise<PgBoss> | null = null;

  const finish = async (boss: PgBoss, job: BossJob, outcome: Outcome): Promise<boolean> => {
    const { projectId, inputHash, projectVersion, requestedBy } = job.data;
    try {
      await db.transaction(async (tx) => {
        // pg-boss completes the job only while it is active (plans.js completeJobs: `state = 'active'`)
        // and answers `{ affected }` (manager.js), though its types say void.
        const done = (await boss.complete(CALCULATION_QUEUE, job.id, outcome, {
          db: inTransaction(tx),
        })) as unknown as { affected: number };
        // No row: the job expired here and was finished elsewhere (or is queued again): store nothing.
        if (done.affected !== 1) tx.rollback();
        if ('result' in outcome) {
          await store(tx, { projectId, inputHash, projectVersion, requestedBy }, outcome.result);
        }
      });
      return true;
    } catch (error) {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    } finally {
      for (const resolve of wake.get(job.id) ?? []) resolve();
    }
  };

  const execute = async (boss: PgBoss, job: BossJob): Promise<void> => {
    let outcome: Outcome;
    try {
      outcome = { result: await pool.run(job.data.input, 'compact') };
    } catch (error) {
      // A worker's error fails the job at once, as before (ADR 0176): completed with the error, not retried.
      outcome = { error: error instanceof Error ? error.message : String(error) };
    }
    if (!(await finish(boss, job, outcome))) {
      log.info({ job: job.id }, 'calculation job expired here and was finished elsewhere');
    }
  };

  /** Fetches jobs while the local pool has a free worker. */
  const tick = async (boss: PgBoss): Promise<void> => {
    while (!stopped && running.size < pool.size) {
      const [job] = await boss.fetch<CalculationJobInput>(CALCULATION_QUEUE, { batchSize: 1 });
      if (!job) return;
      const task = execute(boss, job)
        .catch((error: unknown) => log.error({ err: error, job: job.id }, 'calculation job failed'))
        .finally(() => running.delete(task));
      running.add(task);
    }
  };
  const kick = (boss: PgBoss): Promise<void> => {
    const pass = tick(boss)
      .catch((error: unknown) => log.warn({ err: error }, 'calculation job fetch failed'))
      .finally(() => fetching.delete(pass));
    fetching.add(pass);
    return pass;
  };

  /** Starts pg-boss once (installs or migrates its schema `pgboss`, creates the queue) and the fetch loop. */
  const started = (): Promise<PgBoss> => {
    starting ??= (async () => {
      const boss = new PgBoss({
        db: { executeSql: (text, values) => pgPool.query(text, values) },
        schema: BOSS_SCHEMA,
        migrate: true,
        schedule: false, // no cron queues: nothing here is scheduled through pg-boss
        supervise: true,
        maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
        archiveCompletedAfterSeconds: FINISHED_KEPT_SECONDS,
        archiveFailedAfterSeconds: FINISHED_KEPT_SECONDS,
        deleteAfterSeconds: FINISHED_KEPT_SECONDS,
      });
      boss.on('error', (error: unknown) => log.warn({ err: error }, 'pg-boss'));
      await boss.start();
      // pg-boss 10.4.2's createQueue deadlocks when two instances create the same queue at once (seen in
      // the join test: 40P01 between its queue insert and the partition's attach): one after the other.
      const lock = await pgPool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [JOB_LOCKS.calculationQueue]);
        if (!(await boss.getQueue(CALCULATION_QUEUE))) {
          await boss.createQueue(CALCULATION_QUEUE, {
            name: CALCULATION_QUEUE,
            policy: 'standard',
            retryLimit: JOB_RETRY_LIMIT,
            retryDelay: 0,
            expireInSeconds: expireSeconds,
          });
        }
      } finally {
        await lock
          .query('select pg_advisory_unlock($1)', [JOB_LOCKS.calculationQueue])
          .catch(() => {});
        lock.release();
      }
      const loop = () => {
        if (stopped) return;
        void kick(boss).finally(() => {
          if (!stopped) timer = setTimeout(loop, pollMs);
        });
      };
      loop();
      return boss;
    })();
    return starting;
  };

  /** Enqueues the job, or answers the open one (created, retry or active) of the same project and inputs. */
  const enqueue = async (boss: PgBoss, job: CalculationJobInput): Promise<string> => {
    const key = `${job.projectId}:${job.inputHash}`;
    return db.transaction(async (tx) => {
      // Requests for one project and inputs decide one after the other, on any instance: pg-boss's
      // singletonKey alone does not join (the standard policy keeps no unique index on it; `stately` allows
      // one queued beside one active job), ADR 0208.
      await lockKeyForTransaction(tx, JOIN_LOCK_CLASS, key);
      const open = (await tx.execute(sql`select id from ${sql.identifier(BOSS_SCHEMA)}.job
        where name = ${CALCULATION_QUEUE} and singleton_key = ${key} and state < 'completed'
        order by created_on desc limit 1`)) as { rows: { id: string }[] };
      if (open.rows[0]) return open.rows[0].id;
      const id = await boss.send(CALCULATION_QUEUE, job, {
        singletonKey: key,
        expireInSeconds: expireSeconds,
        retryLimit: JOB_RETRY_LIMIT,
        retryDelay: 0,
        db: inTransaction(tx),
      });
      if (!id) throw new Error('pg-boss did not create the calculation job');
      return id;
    });
  };

  const waitFor = async (boss: PgBoss, id: string): Promise<FullProjectResult> => {
    for (;;) {
      const job = await boss.getJobById<CalculationJobInput>(CALCULATION_QUEUE, id, {
        includeArchive: true,
      });
      if (!job) throw new Error(`calculation job ${id} is gone`);
      const output = job.output as { result?: FullProjectResult; error?: string } | undefined;
      if (job.state === 'completed') {
        if (output?.result) return output.result;
        throw new Error(`calculation failed: ${output?.error ?? ''}`);
      }
      if (job.state === 'failed' || job.state === 'cancelled') {
        throw new Error(`calculation failed after ${job.retryCount + 1} runs`);
      }
      await new Promise<void>((resolve) => {
        const set = wake.get(id) ?? new Set<() => void>();
        wake.set(id, set);
        const done = () => {
          clearTimeout(t);
          set.delete(done);
          if (set.size === 0) wake.delete(id);
          resolve();
        };
        const t = setTimeout(done, pollMs);
        set.add(done);
      });
    }
  };

  return {
    /**
     * Enqueues the calculation (or joins the open job of the same project and inputs, also one whose
     * instance died) and answers its result once an instance has stored it. Refuses with
     * CALCULATION_BUSY when more than 8 jobs per local worker thread are queued. `jobId` names the job it
     * joined (its status: `GET …/calculation/job/`, ADR 0196).
     */
    run: async (
      job: CalculationJobInput,
    ): Promise<{ jobId: string; result: FullProjectResult }> => {
      const boss = await started();
      // Queued: created or waiting for its next run (pg-boss getQueueSize counts the states before active).
      if ((await boss.getQueueSize(CALCULATION_QUEUE)) >= pool.size * 8) {
        throw new AppError('CALCULATION_BUSY', {
          headers: { 'retry-after': String(CALCULATION_BUSY_RETRY_SECONDS) },
        });
      }
      const id = await enqueue(boss, job);
      void kick(boss);
      return { jobId: id, result: await waitFor(boss, id) };
    },
    /** The project's newest job still in pg-boss's job table (finished ones: for an hour), or null. */
    latest: async (projectId: number): Promise<JobStatusRow | null> => {
      await started();
      const { rows } = (await db.execute(sql`select id, state, data->>'inputHash' as input_hash,
          retry_count, started_on, created_on, completed_on, coalesce(output ? 'error', false) as errored
        from ${sql.identifier(BOSS_SCHEMA)}.job
        where name = ${CALCULATION_QUEUE} and data->>'projectId' = ${String(projectId)}
        order by created_on desc, id desc limit 1`)) as {
        rows: {
          id: string;
          state: string;
          input_hash: string;
          retry_count: number;
          started_on: Date | string | null;
          created_on: Date | string;
          completed_on: Date | string | null;
          errored: boolean;
        }[];
      };
      const row = rows[0];
      if (!row) return null;
      const state =
        row.state === 'active'
          ? 'running'
          : row.state === 'created' || row.state === 'retry'
            ? 'queued'
            : row.state === 'completed' && !row.errored
              ? 'done'
              : 'failed';
      return {
        id: row.id,
        state,
        inputHash: row.input_hash,
        // Runs so far: pg-boss counts a run after the first in retry_count when it fetches the job again.
        attempts: row.started_on === null ? 0 : Number(row.retry_count) + 1,
        createdAt: new Date(row.created_on),
        finishedAt: state === 'done' || state === 'failed' ? new Date(row.completed_on!) : null,
      };
    },
    /** Starts pg-boss and the fetch loop now (`config.calcJobsStart` 'ready') instead of at the first use. */
    start: async () => {
      await started();
    },
    /** Stops fetching, waits for the jobs running here to finish and store, then stops pg-boss (ADR 0162). */
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.all([...fetching]);
      await Promise.all([...running]);
      const boss = await starting?.catch(() => null);
      await boss?.stop({ graceful: true, close: false, wait: true });
    },
  };
};
export type CalculationJobs = ReturnType<typeof createCalculationJobs>;
