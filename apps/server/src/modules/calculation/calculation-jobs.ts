import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '#app/db/company-lock';
import type { Db } from '#app/db/database';
import { calculationJobs } from '#app/db/schema/index';
import { AppError } from '#app/lib/app-error';
import type { FullProjectResult } from './run-calculation';
import type { CalculationPool } from './worker-pool';
import { CALCULATION_BUSY_RETRY_SECONDS } from './worker-pool';

export type CalculationJobInput = {
  projectId: number;
  inputHash: string;
  input: unknown;
  projectVersion: number;
  requestedBy: number | null;
};
type JobRow = typeof calculationJobs.$inferSelect;

/** Stores a finished job's result (the project's calculation row) in the transaction that marks it done. */
export type StoreResult = (tx: Tx, job: JobRow, result: FullProjectResult) => Promise<void>;

/** A job that crashed its instance this often is not run again (a poison input must not kill them all). */
export const MAX_JOB_ATTEMPTS = 3;
/** Finished jobs are kept this long for requests still polling them [ms]. */
const FINISHED_KEPT_MS = 60 * 60 * 1000;

/**
 * Durable calculation jobs on PostgreSQL (ADR 0176). `run` enqueues a job (or joins the open one for the same
 * project and inputs) and waits until some instance has finished it. Every instance runs a claim loop: it
 * takes a queued job, or a running one whose lease ran out, with SELECT … FOR UPDATE SKIP LOCKED, renews its
 * lease while the worker pool calculates, and marks it done and stores the result in one transaction that
 * only succeeds while it still holds the lease — so a result is stored once, by one instance.
 */
export const createCalculationJobs = (deps: {
  db: Db;
  pool: CalculationPool;
  store: StoreResult;
  leaseMs: number;
  log: FastifyBaseLogger;
  /** Claim loop and wait poll interval [ms]. */
  pollMs?: number;
}) => {
  const { db, pool, store, leaseMs, log } = deps;
  const pollMs = deps.pollMs ?? 250;
  const owner = randomUUID();
  const lease = sql`now() + ${`${leaseMs} milliseconds`}::interval`;
  const running = new Set<Promise<void>>();
  /** Wakes the waiters of a job this instance finished, before their next poll. */
  const wake = new Map<number, Set<() => void>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let ticks = 0;

  const claim = async (): Promise<JobRow | null> => {
    const claimable = sql`select id from ${calculationJobs}
      where state = 'queued' or (state = 'running' and lease_until < now())
      order by id limit 1 for update skip locked`;
    const rows = await db
      .update(calculationJobs)
      .set({
        state: 'running',
        attempts: sql`${calculationJobs.attempts} + 1`,
        lease_owner: owner,
        lease_until: lease,
      })
      .where(sql`${calculationJobs.id} = (${claimable})`)
      .returning();
    return rows[0] ?? null;
  };

  const mine = (id: number) =>
    and(
      eq(calculationJobs.id, id),
      eq(calculationJobs.state, 'running'),
      eq(calculationJobs.lease_owner, owner),
    );

  const finish = async (
    job: JobRow,
    outcome: { result: FullProjectResult } | { error: string },
  ) => {
    await db.transaction(async (tx) => {
      const done = await tx
        .update(calculationJobs)
        .set(
          'result' in outcome
            ? { state: 'done', result: outcome.result, finished_at: sql`now()` }
            : { state: 'failed', error: outcome.error, finished_at: sql`now()` },
        )
        .where(mine(job.id))
        .returning({ id: calculationJobs.id });
      // Lost the lease (this instance stalled past it and another took the job): that one stores.
      if (done.length > 0 && 'result' in outcome) await store(tx, job, outcome.result);
    });
    for (const resolve of wake.get(job.id) ?? []) resolve();
  };

  const execute = async (job: JobRow): Promise<void> => {
    if (job.attempts > MAX_JOB_ATTEMPTS) {
      await finish(job, { error: `gave up after ${MAX_JOB_ATTEMPTS} attempts` });
      return;
    }
    const heartbeat = setInterval(
      () => {
        db.update(calculationJobs)
          .set({ lease_until: lease })
          .where(mine(job.id))
          .catch((error: unknown) => log.warn({ err: error, job: job.id }, 'job heartbeat failed'));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    try {
      const result = await pool.run(job.input, 'compact');
      await finish(job, { result });
    } catch (error) {
      await finish(job, { error: error instanceof Error ? error.message : String(error) });
    } finally {
      clearInterval(heartbeat);
    }
  };

  /** Claims jobs while the local pool has a free worker. */
  const tick = async (): Promise<void> => {
    ticks += 1;
    if (ticks % 1000 === 0) {
      await db
        .delete(calculationJobs)
        .where(
          and(
            inArray(calculationJobs.state, ['done', 'failed']),
            lt(
              calculationJobs.finished_at,
              sql`now() - ${`${FINISHED_KEPT_MS} milliseconds`}::interval`,
            ),
          ),
        );
    }
    while (!stopped && running.size < pool.size) {
      const job = await claim();
      if (!job) return;
      const task = execute(job)
        .catch((error: unknown) => log.error({ err: error, job: job.id }, 'calculation job failed'))
        .finally(() => running.delete(task));
      running.add(task);
    }
  };
  const kick = () => {
    tick().catch((error: unknown) => log.warn({ err: error }, 'calculation job claim failed'));
  };

  const waitFor = async (id: number): Promise<FullProjectResult> => {
    for (;;) {
      const [row] = await db
        .select({
          state: calculationJobs.state,
          result: calculationJobs.result,
          error: calculationJobs.error,
        })
        .from(calculationJobs)
        .where(eq(calculationJobs.id, id));
      if (!row) throw new Error(`calculation job ${id} is gone`);
      if (row.state === 'done') return row.result as FullProjectResult;
      if (row.state === 'failed') throw new Error(`calculation failed: ${row.error ?? ''}`);
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
    owner,
    /**
     * Enqueues the calculation (or joins the open job of the same project and inputs, also one whose
     * instance died) and answers its result once an instance has stored it. Refuses with
     * CALCULATION_BUSY when more than 8 jobs per local worker thread are queued. `jobId` names the job it
     * joined (its status: `GET …/calculation/job/`, ADR 0196).
     */
    run: async (
      job: CalculationJobInput,
    ): Promise<{ jobId: number; result: FullProjectResult }> => {
      const [queued] = await db
        .select({ n: count() })
        .from(calculationJobs)
        .where(eq(calculationJobs.state, 'queued'));
      if ((queued?.n ?? 0) >= pool.size * 8) {
        throw new AppError('CALCULATION_BUSY', {
          headers: { 'retry-after': String(CALCULATION_BUSY_RETRY_SECONDS) },
        });
      }
      await db
        .insert(calculationJobs)
        .values({
          project_id: job.projectId,
          input_hash: job.inputHash,
          input: job.input,
          project_version: job.projectVersion,
          requested_by: job.requestedBy,
        })
        .onConflictDoNothing({
          target: [calculationJobs.project_id, calculationJobs.input_hash],
          where: sql`state in ('queued', 'running')`,
        });
      const [open] = await db
        .select({ id: calculationJobs.id })
        .from(calculationJobs)
        .where(
          and(
            eq(calculationJobs.project_id, job.projectId),
            eq(calculationJobs.input_hash, job.inputHash),
          ),
        )
        .orderBy(sql`${calculationJobs.id} desc`)
        .limit(1);
      kick();
      return { jobId: open!.id, result: await waitFor(open!.id) };
    },
    start: () => {
      const loop = () => {
        if (stopped) return;
        tick()
          .catch((error: unknown) => log.warn({ err: error }, 'calculation job claim failed'))
          .finally(() => {
            if (!stopped) timer = setTimeout(loop, pollMs);
          });
      };
      loop();
    },
    /** Stops claiming and waits for the jobs running here (graceful shutdown, ADR 0162). */
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.all([...running]);
    },
  };
};
export type CalculationJobs = ReturnType<typeof createCalculationJobs>;
