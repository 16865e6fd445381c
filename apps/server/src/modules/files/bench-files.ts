// File routes through the real API (bench/files.ts): a server process on loopback with a fresh embedded database.
// Prints timings; asserts nothing. Targets (docs/benchmarks.md): Excel import of 2,000 rows < 2 s, PDF of 200
// load points < 10 s. Started by bench/files.ts (`npm run bench`) in its own process for the `#app/*` imports.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '#app/config';
import { largeWorkbook } from '#app/modules/projects/fixtures';

type Envelope<T> = { status_code: number; data: T; error?: unknown };

const root = REPO_ROOT;

const freePort = (): Promise<number> =>
  new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

const run = async (): Promise<void> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfahlplaner-bench-files-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api`;
  const server = spawn('npx', ['tsx', 'src/server.ts'], {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  server.stdout.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr.on('data', (d: Buffer) => (log += d.toString()));
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`server not up:\n${log}`);
      const up = await fetch(`${base}/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (up && /Password:\s+\S+/.test(log)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const email = /E-mail:\s+(\S+)/.exec(log)![1]!;
    const password = /Password:\s+(\S+)/.exec(log)![1]!;
    let token = '';
    const call = async <T>(
      path: string,
      init: RequestInit & { json?: unknown } = {},
    ): Promise<T> => {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: init.json === undefined ? init.body : JSON.stringify(init.json),
      });
      const envelope = (await res.json()) as Envelope<T>;
      if (envelope.status_code !== 1) throw new Error(`${path}: ${JSON.stringify(envelope.error)}`);
      return envelope.data;
    };
    const login = await call<{ access_token: string; user: { company: { id: number } } }>(
      '/v1/auth/login/',
      { method: 'POST', json: { email, password } },
    );
    token = login.access_token;
    const projects = `/v1/companies/${login.user.company.id}/projects`;
    const newProject = async (name: string, rows: number) => {
      const project = await call<{ id: number; version: number }>(`${projects}/`, {
        method: 'POST',
        json: { name },
      });
      if (rows === 0) return project;
      const saved = await call<{ version: number }>(
        `${projects}/${project.id}/update-table-datas/`,
        {
          method: 'PUT',
          json: { ...largeWorkbook(name, rows, project.version), horizontal_loadcases: [] },
        },
      );
      return { id: project.id, version: saved.version };
    };
    const download = async (path: string): Promise<Uint8Array> => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return new Uint8Array(await res.arrayBuffer());
    };

    // Excel import of 2,000 rows: the file is our own export of a 2,000-row project.
    const source = await newProject('Bench Quelle 2000', 2000);
    const xlsx = await download(`${projects}/${source.id}/xlsx/`);
    console.log(`xlsx export, 2,000 load points: ${(xlsx.byteLength / 1024).toFixed(0)} kB`);
    for (const mode of ['preview', 'apply'] as const) {
      const target = await newProject(`Bench Ziel ${mode}`, 0);
      const form = new FormData();
      form.append('file', new Blob([xlsx as Uint8Array<ArrayBuffer>]), 'bench.xlsx');
      const start = process.hrtime.bigint();
      const query = mode === 'apply' ? `mode=apply&version=${target.version}` : 'mode=preview';
      await call(`${projects}/${target.id}/import-file/?${query}`, { method: 'POST', body: form });
      console.log(`import 2,000-row xlsx through the API (${mode}): ${ms(start).toFixed(0)} ms`);
    }

    // PDF of 200 load points (after one calculation).
    const report = await newProject('Bench PDF 200', 200);
    const calcStart = process.hrtime.bigint();
    await call(`${projects}/${report.id}/calculate/?dhpd_server=local`);
    console.log(`calculate 200 load points (context): ${ms(calcStart).toFixed(0)} ms`);
    for (const lang of ['de', 'en']) {
      const start = process.hrtime.bigint();
      const pdf = await download(`${projects}/${report.id}/pdf/?lang=${lang}`);
      console.log(
        `PDF of 200 load points through the API (${lang}): ${ms(start).toFixed(0)} ms, ${(pdf.byteLength / 1024).toFixed(0)} kB`,
      );
    }
  } finally {
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
    if (server.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await run();
