// Start time and memory of the server: the compiled build (`node apps/server/dist/server.mjs`, what `npm start`
// runs, ADR 0160) against the TypeScript loader (`node --import tsx src/server.ts`, the former start). Each
// run starts on an existing embedded database (seeded by a first start that is not measured), times spawn →
// "Server listening", reads the process's resident memory (VmRSS, /proc) after start and after a first
// sign-in plus project detail request. Prints medians; no assertions.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// eslint-disable-next-line no-restricted-imports -- the server app is not a package; its one start-and-wait of a child server serves tests and benches
import { spawnServer } from '../apps/server/src/test/child-server';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverRoot = path.join(root, 'apps/server');
const ROUNDS = Number(process.env.STARTUP_ROUNDS ?? 3);

const rssMiB = (pid: number): number => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};

type Variant = { name: string; args: string[] };
const variants: Variant[] = [
  { name: 'compiled', args: ['dist/server.mjs'] },
  { name: 'tsx', args: ['--import', 'tsx', 'src/server.ts'] },
];

type Sample = { startMs: number; rssStart: number; rssAfter: number };

const startOnce = async (variant: Variant, dataDir: string, measure: boolean) => {
  const server = await spawnServer({
    args: variant.args,
    env: { DATA_DIR: dataDir, CALC_WORKERS: '1' },
    until: 'listening',
  });
  const { startMs } = server;
  const pid = server.process.pid!;
  const result = { out: server.output(), sample: undefined as Sample | undefined };
  if (measure) {
    const rssStart = rssMiB(pid);
    const base = `${server.baseUrl}/api`;
    const [email, password] = (process.env.STARTUP_DEMO ?? '').split('\n');
    const login = (await (
      await fetch(`${base}/v1/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      })
    ).json()) as { data: { access_token: string; user: { company: { id: number } } } };
    const auth = { authorization: `Bearer ${login.data.access_token}` };
    const projects = `${base}/v1/companies/${login.data.user.company.id}/projects/`;
    const list = (await (await fetch(projects, { headers: auth })).json()) as {
      data: { results: { id: number }[] };
    };
    await (await fetch(`${projects}${list.data.results[0]!.id}/`, { headers: auth })).json();
    result.sample = { startMs, rssStart, rssAfter: rssMiB(pid) };
  }
  await server.stop();
  return result;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<void> {
  if (!existsSync(path.join(serverRoot, 'dist/server.mjs'))) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverRoot, stdio: 'inherit' });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pfahlplaner-startup-'));
  try {
    // First start: migrations and the demo account (its password is printed once).
    const first = await startOnce(variants[0]!, dataDir, false);
    const email = /E-mail:\s+(\S+)/.exec(first.out)?.[1] ?? '';
    const password = /Password:\s+(\S+)/.exec(first.out)?.[1] ?? '';
    process.env.STARTUP_DEMO = `${email}\n${password}`;
    const samples = new Map<string, Sample[]>(variants.map((v) => [v.name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const variant of round % 2 === 0 ? variants : [...variants].reverse()) {
        samples.get(variant.name)!.push((await startOnce(variant, dataDir, true)).sample!);
      }
    }
    for (const [name, list] of samples) {
      console.log(
        `startup ${name}: start ${median(list.map((s) => s.startMs)).toFixed(0)} ms, ` +
          `RSS after start ${median(list.map((s) => s.rssStart)).toFixed(0)} MiB, ` +
          `after sign-in + project detail ${median(list.map((s) => s.rssAfter)).toFixed(0)} MiB ` +
          `(median of ${list.length})`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await run();
}
