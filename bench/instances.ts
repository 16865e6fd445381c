// Requests per second of the project detail route (GET …/projects/:id/, the demo project) on PostgreSQL with
// one and with two instances of the compiled server (`apps/server/dist/server.mjs`) on one database, the
// client spreading requests round robin like a proxy. Needs TEST_DATABASE_URL (else it prints "skipped") and
// the server build (made when missing). Prints numbers; asserts nothing. On a 2-core machine two instances
// share the same cores with the client and PostgreSQL: the second instance shows what one machine gains
// (event-loop parallelism), not what a second machine would.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// eslint-disable-next-line no-restricted-imports -- the server app is not a package; its one start-and-wait of a child server serves tests and benches
import type { ChildServer } from '../apps/server/src/test/child-server';
// eslint-disable-next-line no-restricted-imports -- see above
import { spawnServer } from '../apps/server/src/test/child-server';
// eslint-disable-next-line no-restricted-imports -- see above
import { createScratchDatabase } from '../apps/server/src/test/scratch-database';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverRoot = path.join(root, 'apps/server');
const DURATION_MS = Number(process.env.INSTANCES_BENCH_MS ?? 5000);
const CONCURRENCY = 16;

/** The compiled server on `databaseUrl` with the demo account, up once /ready answers. */
const start = (databaseUrl: string): Promise<ChildServer> =>
  spawnServer({
    args: ['dist/server.mjs'],
    env: {
      DATABASE_URL: databaseUrl,
      DEMO_ACCOUNT: '1',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOG_LEVEL: 'warn',
    },
    until: 'ready',
    timeoutMs: 60_000,
  });

const hammer = async (urls: string[], headers: Record<string, string>) => {
  let done = 0;
  let failed = 0;
  let next = 0;
  const until = performance.now() + DURATION_MS;
  const worker = async () => {
    while (performance.now() < until) {
      const url = urls[next++ % urls.length]!;
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.ok) done += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { rps: done / ((performance.now() - started) / 1000), failed };
};

export async function run(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('instances: skipped: TEST_DATABASE_URL not set');
    return;
  }
  if (!existsSync(path.join(serverRoot, 'dist/server.mjs'))) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverRoot, stdio: 'inherit' });
  }
  const scratch = await createScratchDatabase(adminUrl, 'pfahlplaner_bench');
  const servers: ChildServer[] = [];
  try {
    const first = await start(scratch.url);
    servers.push(first);
    const second = await start(scratch.url);
    servers.push(second);
    const email = /E-mail:\s+(\S+)/.exec(first.output())?.[1] ?? '';
    const password = /Password:\s+(\S+)/.exec(first.output())?.[1] ?? '';
    const login = (await (
      await fetch(`${first.baseUrl}/api/v1/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      })
    ).json()) as { data: { access_token: string; user: { company: { id: number } } } };
    const headers = { authorization: `Bearer ${login.data.access_token}` };
    const projects = `/v1/companies/${login.data.user.company.id}/projects/`;
    const list = (await (await fetch(`${first.baseUrl}/api${projects}`, { headers })).json()) as {
      data: { results: { id: number }[] };
    };
    const detail = `${projects}${list.data.results[0]!.id}/`;
    await hammer([`${first.baseUrl}/api${detail}`, `${second.baseUrl}/api${detail}`], headers); // warm-up
    const one = await hammer([`${first.baseUrl}/api${detail}`], headers);
    const two = await hammer(
      [`${first.baseUrl}/api${detail}`, `${second.baseUrl}/api${detail}`],
      headers,
    );
    console.log(
      `instances: project detail on PostgreSQL, ${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each: ` +
        `one instance ${one.rps.toFixed(0)} req/s, two instances ${two.rps.toFixed(0)} req/s ` +
        `(failed ${one.failed}/${two.failed}; load average ${loadavg()[0]!.toFixed(1)})`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await scratch.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await run();
}
