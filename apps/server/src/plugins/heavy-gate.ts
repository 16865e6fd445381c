import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '@pfahlplaner/contracts';
import { AppError } from '#app/lib/app-error';
import type { Gate } from '#app/lib/request-gate';
import { createGate } from '#app/lib/request-gate';

/**
 * Classes of heavy routes, each behind its own gate (ADR 0183):
 * - `detail`: large JSON answers read from the database (project detail, stored calculation);
 * - `files`: exports and imports (Excel, XML, PDF report);
 * - `calculate`: calculations and the on-demand detail of one load point (worker pool).
 */
export type HeavyClass = 'detail' | 'files' | 'calculate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route passes the gate of this class before authentication (ADR 0183). */
    heavy?: HeavyClass;
  }
  interface FastifyInstance {
    /** The gates of the heavy routes (tests hold places in them to see the queue). */
    heavyGates: Record<HeavyClass, Gate>;
  }
}

export type HeavyGateLimits = Record<HeavyClass, { concurrency: number; maxQueue: number }>;

/** How long a client refused with SERVER_BUSY should wait before it asks again [s]. */
export const SERVER_BUSY_RETRY_SECONDS = 2;
/** Calculations keep their code and wait of ADR 0047 (worker-pool.ts). */
const CALCULATE_RETRY_SECONDS = 10;

/**
 * The default limits (measured with the `starvation` bench on 2 cores, docs/benchmarks.md): on the embedded
 * database every query runs on the server's own thread, one after the other, so one heavy request at a time keeps
 * it busy; on PostgreSQL two of the pool's ten connections (more only made the server, PostgreSQL and the
 * clients fight over the cores). Machines with more cores set HEAVY_CONCURRENCY.
 * A calculation holds its place while it runs (seconds), so that gate admits two per worker thread and
 * queues eight per thread, the bound of the worker pool's own queue (CALCULATION_BUSY, ADR 0047).
 */
export const defaultHeavyGateLimits = (opts: {
  kind: 'pglite' | 'postgres';
  calcWorkers: number;
  concurrency?: number;
  maxQueue?: number;
}): HeavyGateLimits => {
  const concurrency = opts.concurrency ?? (opts.kind === 'pglite' ? 1 : 2);
  const maxQueue = opts.maxQueue ?? 256;
  return {
    detail: { concurrency, maxQueue },
    files: { concurrency: Math.min(2, concurrency), maxQueue: Math.min(64, maxQueue) },
    calculate: { concurrency: 2 * opts.calcWorkers, maxQueue: 8 * opts.calcWorkers },
  };
};

const refusal: Record<HeavyClass, { code: ErrorCode; retryAfter: number }> = {
  detail: { code: 'SERVER_BUSY', retryAfter: SERVER_BUSY_RETRY_SECONDS },
  files: { code: 'SERVER_BUSY', retryAfter: SERVER_BUSY_RETRY_SECONDS },
  calculate: { code: 'CALCULATION_BUSY', retryAfter: CALCULATE_RETRY_SECONDS },
};

/**
 * The first onRequest hook of every route: a route marked `config.heavy` takes a place in its class's gate
 * before anything else runs (authentication included), and gives it back when its response is finished or
 * its connection closed. Full queue: 503 with the class's code and Retry-After. A client that goes away while
 * waiting leaves the queue without having cost a query.
 */
export const registerHeavyGates = (app: FastifyInstance, limits: HeavyGateLimits): void => {
  const gates: Record<HeavyClass, Gate> = {
    detail: createGate(limits.detail),
    files: createGate(limits.files),
    calculate: createGate(limits.calculate),
  };
  app.decorate('heavyGates', gates);
  app.addHook('onRequest', async (request, reply) => {
    const heavy = request.routeOptions.config.heavy;
    if (!heavy) return;
    const { code, retryAfter } = refusal[heavy];
    const busy = () => new AppError(code, { headers: { 'retry-after': String(retryAfter) } });
    const ticket = gates[heavy].enter();
    if (!ticket) throw busy();
    reply.raw.once('close', ticket.leave);
    // Rejected only when the connection closed while waiting: the answer goes nowhere, nothing else runs.
    await ticket.admitted.catch(() => {
      throw busy();
    });
  });
};
