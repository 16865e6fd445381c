import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The compiled server (what `npm start` runs, ADR 0160) as a real child process, for the lifecycle tests:
 * graceful shutdown on SIGTERM and several instances on one PostgreSQL. No mock: node runs the esbuild
 * bundle, which loads its worker thread and node_modules like production does. Only node's own modules
 * here: the benches import this file too.
 */

/** apps/server (this file is apps/server/src/test/child-server.ts). */
const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Builds a private copy of dist/ (inside apps/server: node_modules resolve from there). */
export const buildServer = (): { dir: string; remove: () => void } => {
  const dir = path.join(
    SERVER_ROOT,
    'dist',
    `test-${process.pid}-${randomBytes(3).toString('hex')}`,
  );
  execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', dir], {
    cwd: SERVER_ROOT,
    stdio: 'pipe',
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

export type ChildServer = {
  process: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>` (the API is below `/api`). */
  baseUrl: string;
  /** stdout and stderr so far (pino JSON lines and the demo account banner). */
  output: () => string;
  /** Resolves with the first output line that matches (already printed or yet to come). */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** From spawn until the server was up (`until`) [ms]. */
  startMs: number;
  /** SIGTERM (graceful shutdown, ADR 0162), resolved once the process has exited. */
  stop: () => Promise<void>;
};

export type SpawnServerOptions = {
  /** node's arguments, relative to apps/server: the build (`dist/server.mjs`) or `--import tsx src/server.ts`. */
  args: string[];
  /** Environment over the defaults (loopback, a free port, LOG_LEVEL info, embedded database, no renewals). */
  env?: Record<string, string>;
  /**
   * When the server counts as up: `listening`, its "Server listening" log line (needs LOG_LEVEL info), or
   * `ready`, `GET /api/ready` answers 200 (any log level: the benches log only warnings).
   */
  until?: 'listening' | 'ready';
  timeoutMs?: number;
};

/**
 * The server as a child process, started and waited for: the one start-and-wait of the lifecycle tests and
 * the benches (bench/instances.ts, bench/startup.ts, src/scripts/bench-starvation.ts). Rejects with the
 * output when the process exits first or is not up within `timeoutMs`.
 */
export const spawnServer = async (opts: SpawnServerOptions): Promise<ChildServer> => {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const port = await freePort();
  const spawned = performance.now();
  const child = spawn(process.execPath, opts.args, {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      RENEWAL_INTERVAL_SECONDS: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const line = text.split('\n').find((l) => w.pattern.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    check();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const waitFor = (pattern: RegExp, ms = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no output matching ${pattern} within ${ms} ms:\n${text}`)),
        ms,
      );
      waiters.push({
        pattern,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
      check();
    });
  const baseUrl = `http://127.0.0.1:${port}`;
  /** Asks /ready every 100 ms until it answers 200 (the process's exit ends it through the race below). */
  const ready = async () => {
    const until = performance.now() + timeoutMs;
    while (child.exitCode === null && performance.now() < until) {
      const up = await fetch(`${baseUrl}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server not ready within ${timeoutMs} ms:\n${text}`);
  };
  await Promise.race([
    opts.until === 'ready' ? ready() : waitFor(/Server listening at/, timeoutMs),
    exited.then((code) => {
      throw new Error(`server exited with ${code} before it was up:\n${text}`);
    }),
  ]);
  return {
    process: child,
    port,
    baseUrl,
    output: () => text,
    waitFor,
    exited,
    startMs: performance.now() - spawned,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
};

/** The build in `dir` (buildServer) as a child process, up once it logs "Server listening". */
export const startServer = (
  dir: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ChildServer> => spawnServer({ args: [path.join(dir, 'server.mjs')], env, timeoutMs });

/** A JSON request to a child server; answers status and parsed body. */
export const request = async (
  server: ChildServer,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: { data?: unknown; error?: { code: string } } }> => {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: unknown; error?: { code: string } },
  };
};
