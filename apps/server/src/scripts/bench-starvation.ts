// Bench (run by `npm run bench`, bench/starvation.ts). No starvation (ADR 0171): 50 concurrent clients for 20 s on the detail of a calculated 200-load-point
// project while one client keeps asking a light route (the calculation-server list: authentication, i.e. one
// query of the user, nothing else) — on PostgreSQL (TEST_DATABASE_URL, else skipped) and on PGlite, each with
// the compiled server (`apps/server/dist/server.mjs`, built first) in its own process. Prints requests/s and
// p50/p99 of the detail, the light route's p99 and the ratio of light to heavy throughput. Asserts nothing.
// STARVATION_BENCH_MS shortens the run; STARVATION_NODE_ARGS adds node options to the server (`--cpu-prof`,
// `--import` of a probe); HEAVY_CONCURRENCY / HEAVY_QUEUE are passed to the server (ADR 0183;
// HEAVY_CONCURRENCY=1000 lets every request through, as before the gate).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { largeWorkbook } from '#app/modules/projects/fixtures';
import type { ChildServer } from '#app/test/child-server';
import { spawnServer } from '#app/test/child-server';
import { createScratchDatabase } from '#app/test/scratch-database';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_MS = Number(process.env.STARVATION_BENCH_MS ?? 20_000);
const CLIENTS = 50;
const ROWS = 200;

/** The compiled server with the demo account on `env`'s database, up once /ready answers. */
const start = (env: Record<string, string>): Promise<ChildServer> =>
  spawnServer({
    args: [
      ...(process.env.STARVATION_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      process.env.STARVATION_SERVER ?? 'dist/server.mjs',
    ],
    env: {
      DEMO_ACCOUNT: '1',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOG_LEVEL: 'warn',
      ...(process.env.HEAVY_CONCURRENCY
        ? { HEAVY_CONCURRENCY: process.env.HEAVY_CONCURRENCY }
        : {}),
      ...(process.env.HEAVY_QUEUE ? { HEAVY_QUEUE: process.env.HEAVY_QUEUE } : {}),
      ...env,
    },
    until: 'ready',
  });

/** CPU time (user + system) of a process so far [ms], from /proc (Linux). */
const processCpuMs = (pid: number): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return NaN;
  }
};

/**
 * The light route's client runs in a worker thread: timed in the bench's main thread, its answers would wait
 * behind the 50 heavy clients' large bodies in the bench's own event loop and measure the bench, not the server.
 */
const LIGHT_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, durationMs } = workerData;
const times = [];
const statuses = [];
const until = performance.now() + durationMs;
(async () => {
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.ok) times.push(performance.now() - t0);
    else statuses.push(res.status);
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage({ times, statuses });
})();
`;

const lightClient = (
  url: string,
  headers: Record<string, string>,
  durationMs: number,
): Promise<{ times: number[]; statuses: Map<number, number> }> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(LIGHT_CLIENT, {
      eval: true,
      workerData: { url, headers, durationMs },
    });
    worker.once('message', (m: { times: number[]; statuses: number[] }) => {
      const statuses = new Map<number, number>();
      for (const s of m.statuses) statuses.set(s, (statuses.get(s) ?? 0) + 1);
      resolve({ times: m.times, statuses });
      void worker.terminate();
    });
    worker.once('error', reject);
  });

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const measure = async (label: string, base: string, out: () => string, pid: number) => {
  const email = /E-mail:\s+(\S+)/.exec(out())?.[1] ?? '';
  const password = /Password:\s+(\S+)/.exec(out())?.[1] ?? '';
  const login = (await (
    await fetch(`${base}/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).json()) as { data: { access_token: string; user: { company: { id: number } } } };
  const auth = { authorization: `Bearer ${login.data.access_token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const projects = `${base}/v1/companies/${login.data.user.company.id}/projects/`;
  const created = (await (
    await fetch(projects, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: `Starvation ${randomBytes(3).toString('hex')}` }),
    })
  ).json()) as { data: { id: number; version: number; name: string } };
  const id = created.data.id;
  const saved = await fetch(`${projects}${id}/update-table-datas/`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify(largeWorkbook(created.data.name, ROWS, created.data.version)),
  });
  if (!saved.ok) throw new Error(`save failed: ${await saved.text()}`);
  const calc = await fetch(`${projects}${id}/calculate/`, { headers: auth });
  if (!calc.ok) throw new Error(`calculate failed: ${await calc.text()}`);
  const detail = `${projects}${id}/`;
  const light = `${base}/v1/calculation-servers/`;

  const heavy: number[] = [];
  const statuses = new Map<number, number>();
  let bytes = 0;
  const until = performance.now() + DURATION_MS;
  const client = async (url: string, times: number[]) => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: auth });
      const body = await res.arrayBuffer();
      if (res.ok) {
        times.push(performance.now() - t0);
        bytes = body.byteLength;
      } else statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  const cpu0 = processCpuMs(pid);
  const started = performance.now();
  const [lightResult] = await Promise.all([
    lightClient(light, auth, DURATION_MS),
    ...Array.from({ length: CLIENTS }, () => client(detail, heavy)),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const serverCpuMs = processCpuMs(pid) - cpu0;
  const lightTimes = lightResult.times;
  for (const [status, n] of lightResult.statuses) {
    statuses.set(status, (statuses.get(status) ?? 0) + n);
  }
  heavy.sort((a, b) => a - b);
  lightTimes.sort((a, b) => a - b);
  const heavyRps = heavy.length / seconds;
  const lightRps = lightTimes.length / seconds;
  const failed = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ') || '0';
  console.log(
    `starvation (${label}): ${CLIENTS} clients on the detail of ${ROWS} calculated load points ` +
      `(${(bytes / 1024).toFixed(0)} KiB) for ${(DURATION_MS / 1000).toFixed(0)} s: ${heavyRps.toFixed(0)} req/s, ` +
      `p50 ${percentile(heavy, 0.5).toFixed(1)} ms, p99 ${percentile(heavy, 0.99).toFixed(1)} ms; light route ` +
      `(calculation servers, one client every 20 ms, in its own thread): p50 ` +
      `${percentile(lightTimes, 0.5).toFixed(1)} ms, p99 ${percentile(lightTimes, 0.99).toFixed(1)} ms ` +
      `(target < 100 ms), ${lightRps.toFixed(0)} req/s; light/heavy throughput ${(lightRps / heavyRps).toFixed(3)}; ` +
      `failed ${failed}; server CPU ${(serverCpuMs / Math.max(1, heavy.length + lightTimes.length)).toFixed(1)} ms ` +
      `per answer; load average ${loadavg()[0]!.toFixed(1)}`,
  );
};

export async function run(): Promise<void> {
  // Always built: a dist/ left from another commit would measure other code. STARVATION_SERVER names another
  // build (relative to apps/server, e.g. one of an older commit built with `--outdir`) to compare with.
  if (!process.env.STARVATION_SERVER) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverRoot, stdio: 'inherit' });
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pp-starvation-'));
  try {
    const server = await start({ DATA_DIR: dir });
    try {
      await measure('PGlite', `${server.baseUrl}/api`, server.output, server.process.pid!);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('starvation (PostgreSQL): skipped: TEST_DATABASE_URL not set');
    return;
  }
  const scratch = await createScratchDatabase(adminUrl, 'pfahlplaner_bench');
  try {
    const server = await start({ DATABASE_URL: scratch.url });
    try {
      await measure('PostgreSQL', `${server.baseUrl}/api`, server.output, server.process.pid!);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await run();
}
