/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- answers of the killed and restarted server are asserted loosely */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeWorkbook } from '#app/modules/projects/fixtures';
import { buildServer } from '#app/test/child-server';
import { createScratchDatabase } from '#app/test/scratch-database';

/**
 * Crash safety (issue "Hardening"): the server process is killed with SIGKILL while it writes a large
 * workbook, applies an import and stores a calculation; then it is started again on the same data (the
 * embedded database's directory, or the same PostgreSQL database). Every project must be entirely the old or
 * entirely the new version (content and version number agree), and the server must start cleanly (the
 * stale lock of the killed process is taken over, migrations find nothing to do).
 */
const SERVER_DIR = resolve(import.meta.dirname, '../../..');
const KINDS = process.env.TEST_DATABASE_URL
  ? (['pglite', 'postgres'] as const)
  : (['pglite'] as const);

const freePort = (): Promise<number> =>
  new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });

type Running = { child: ChildProcess; base: string; log: () => string };

// The compiled server (what `npm start` runs, ADR 0160), built once for this file: each of the six starts then
// costs no TypeScript compilation.
let build: { dir: string; remove: () => void } | undefined;
beforeAll(() => {
  build = buildServer();
});
afterAll(() => build?.remove());

/** Starts the compiled server in its own process group (so SIGKILL reaches node itself, not a wrapper). */
const start = async (env: Record<string, string>): Promise<Running> => {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [join(build!.dir, 'server.mjs')], {
    cwd: SERVER_DIR,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      RENEWAL_INTERVAL_SECONDS: '0',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited ${child.exitCode}: ${output.slice(-2000)}`);
    }
    if (Date.now() > deadline) throw new Error(`server not up: ${output.slice(-2000)}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, log: () => output };
};

const kill = async ({ child }: Running): Promise<void> => {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGKILL');
  await exited;
};

/** Waits until the server has logged that it received a request whose URL contains `fragment`. */
const received = async (server: Running, fragment: string): Promise<void> => {
  const deadline = Date.now() + 30_000;
  while (
    !server
      .log()
      .split('\n')
      .some((l) => l.includes('incoming request') && l.includes(fragment))
  ) {
    if (Date.now() > deadline) throw new Error(`request ${fragment} never arrived`);
    await new Promise((r) => setTimeout(r, 2));
  }
};

const call = async (
  server: Running,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
) => {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as { data: any } | null };
};

const demoLogin = async (server: Running) => {
  const email = /E-mail:\s+(\S+)/.exec(server.log())?.[1] ?? '';
  const password = /Password:\s+(\S+)/.exec(server.log())?.[1] ?? '';
  const res = await call(server, 'POST', '/v1/auth/login/', undefined, { email, password });
  if (res.status !== 200) throw new Error(`demo login failed ${res.status}`);
  return {
    token: res.json?.data.access_token as string,
    companyId: res.json?.data.user.company.id as number,
  };
};

/** The names and loads of a project's load points: enough to tell the two versions apart row by row. */
const fingerprint = (workbook: { piles: { Pname: unknown; AlternativeDesignLastZ: unknown }[] }) =>
  workbook.piles.map((p) => `${String(p.Pname)}:${String(p.AlternativeDesignLastZ)}`).join(',');

describe.each(KINDS)('crash safety on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('after SIGKILL during a large save, an import and a calculation, every project is old or new and the server starts cleanly', async () => {
    const env: Record<string, string> = { DEMO_ACCOUNT: '1' };
    if (kind === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'pfahl-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env.DATA_DIR = dir;
      env.DATABASE_URL = '';
    } else {
      const scratch = await createScratchDatabase(
        process.env.TEST_DATABASE_URL ?? '',
        'pfahlplaner_crash',
      );
      env.DATABASE_URL = scratch.url;
      cleanups.push(scratch.drop);
    }
    let server = await start(env);
    cleanups.push(() => kill(server));
    const demo = await demoLogin(server);
    const projects = `/v1/companies/${demo.companyId}/projects/`;
    const create = async (name: string) =>
      (await call(server, 'POST', projects, demo.token, { name })).json?.data.id as number;
    const detail = async (id: number) =>
      (await call(server, 'GET', `${projects}${id}/`, demo.token)).json?.data;

    // The old version: 1,500 load points; the new one differs in every row's load.
    const target = await create('Absturz');
    const old = largeWorkbook('Absturz', 1_500, 1);
    const first = await call(
      server,
      'PUT',
      `${projects}${target}/update-table-datas/`,
      demo.token,
      old,
    );
    expect(first.status, `${target} ${JSON.stringify(first.json).slice(0, 400)}`).toBe(200);
    const oldPrint = fingerprint(old as never);
    const next = largeWorkbook('Absturz', 1_500, 2);
    for (const p of next.piles) p.AlternativeDesignLastZ = Number(p.AlternativeDesignLastZ) + 7;
    const newPrint = fingerprint(next as never);

    const assertOldOrNew = async (id: number, oldVersion: number) => {
      const d = await detail(id);
      const print = fingerprint(d.workbook);
      expect([oldPrint, newPrint]).toContain(print);
      expect(d.project.version).toBe(print === oldPrint ? oldVersion : oldVersion + 1);
      return print === oldPrint ? 'old' : 'new';
    };

    // 1. Killed during a large workbook save.
    const saving = call(
      server,
      'PUT',
      `${projects}${target}/update-table-datas/`,
      demo.token,
      next,
    ).catch(() => null);
    await received(server, 'update-table-datas');
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 40)));
    await kill(server);
    await saving;
    server = await start(env);
    const afterSave = await assertOldOrNew(target, 2);
    const version = afterSave === 'old' ? 2 : 3;

    // 2. Killed during an import apply of the other version (exported as XML from a second project).
    const source = await create('Quelle');
    const sourceBook = afterSave === 'old' ? next : old;
    // The source project keeps its own name (the workbook's name is the project name, and 'Absturz' is taken).
    const filled = await call(
      server,
      'PUT',
      `${projects}${source}/update-table-datas/`,
      demo.token,
      {
        ...sourceBook,
        settings: { ...sourceBook.settings, name: 'Quelle' },
        version: 1,
      },
    );
    expect(filled.status).toBe(200);
    const xml = await (
      await fetch(`${server.base}${projects}${source}/xml/`, {
        headers: { authorization: `Bearer ${demo.token}` },
      })
    ).text();
    const form = new FormData();
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'import.xml');
    const importing = fetch(
      `${server.base}${projects}${target}/import-file/?mode=apply&version=${version}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${demo.token}` },
        body: form,
      },
    ).catch(() => null);
    await received(server, 'import-file');
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 60)));
    await kill(server);
    await importing;
    server = await start(env);
    const d = await detail(target);
    expect([oldPrint, newPrint]).toContain(fingerprint(d.workbook));
    expect([version, version + 1]).toContain(d.project.version);
    const importedChanged = fingerprint(d.workbook) !== (afterSave === 'old' ? oldPrint : newPrint);
    expect(d.project.version).toBe(importedChanged ? version + 1 : version);

    // 3. Killed during a calculation of 1,500 load points: no calculation, or a complete one.
    const calculating = call(
      server,
      'POST',
      `${projects}${target}/calculate/`,
      demo.token,
      {},
    ).catch(() => null);
    await received(server, '/calculate/');
    await new Promise((r) => setTimeout(r, 200 + Math.floor(Math.random() * 300)));
    await kill(server);
    await calculating;
    server = await start(env);
    const stored = (await call(server, 'GET', `${projects}${target}/calculation/`, demo.token)).json
      ?.data;
    if (stored) {
      expect(
        Object.keys(stored.result.piles ?? stored.result.rows ?? stored.result).length,
      ).toBeGreaterThan(0);
    }
    // The server works normally after the last restart: a new calculation runs through.
    expect((await call(server, 'GET', `${projects}${target}/calculate/`, demo.token)).status).toBe(
      200,
    );
    expect(server.log()).not.toMatch(/migration failed|lock.*held/i);
  }, 600_000);
});
