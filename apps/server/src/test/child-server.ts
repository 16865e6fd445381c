import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_ROOT } from '#app/config';

/**
 * The compiled server (what `npm start` runs, ADR 0160) as a real child process, for the lifecycle tests:
 * graceful shutdown on SIGTERM and several instances on one PostgreSQL. No mock: node runs the esbuild
 * bundle, which loads its worker thread and node_modules like production does.
 */

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
  baseUrl: string;
  /** stdout and stderr so far (pino JSON lines and the demo account banner). */
  output: () => string;
  /** Resolves with the first output line that matches (already printed or yet to come). */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
};

export const startServer = async (
  dir: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ChildServer> => {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(dir, 'server.mjs')], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      RENEWAL_INTERVAL_SECONDS: '0',
      ...env,
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
  const server: ChildServer = {
    process: child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => text,
    waitFor,
    exited,
  };
  await Promise.race([
    waitFor(/Server listening at/, timeoutMs),
    exited.then((code) => {
      throw new Error(`server exited with ${code} before listening:\n${text}`);
    }),
  ]);
  return server;
};

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
