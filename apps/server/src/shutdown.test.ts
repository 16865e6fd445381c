import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '#app/db/data-dir-lock';
import { largeWorkbook } from '#app/modules/projects/fixtures';
import type { ChildServer } from '#app/test/child-server';
import { buildServer, request, startServer } from '#app/test/child-server';

/**
 * Graceful shutdown (ADR 0162) of the compiled server in a real child process on the embedded database:
 * SIGTERM while a long calculation runs. The request must still be answered 200 with its full result, no
 * new connection is taken meanwhile, the process exits 0 on its own and the data directory lock is gone.
 */
describe('the compiled server on SIGTERM', () => {
  let build: { dir: string; remove: () => void };
  let dataDir: string;
  let server: ChildServer | undefined;
  beforeAll(() => {
    build = buildServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'pfahlplaner-shutdown-'));
  });
  afterAll(() => {
    if (server?.process.exitCode === null) server.process.kill('SIGKILL');
    build.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a running calculation, refuses new connections, closes the database and exits 0', async () => {
    // An empty embedded database gets the demo account (printed once on stdout) and its example project.
    server = await startServer(build.dir, {
      DATA_DIR: dataDir,
      CALC_WORKERS: '1',
      SHUTDOWN_TIMEOUT_MS: '240000', // generous: a loaded CI machine must not hit the forced exit
    });
    const s = server;
    const email = /E-mail:\s+(\S+)/.exec(s.output())![1]!;
    const password = /Password:\s+(\S+)/.exec(s.output())![1]!;
    const login = await request(s, 'POST', '/api/v1/auth/login/', { body: { email, password } });
    expect(login.status).toBe(200);
    const { access_token: token, user } = login.body.data as {
      access_token: string;
      user: { company: { id: number } };
    };
    const base = `/api/v1/companies/${user.company.id}/projects/`;
    const list = await request(s, 'GET', base, { token });
    const project = (list.body.data as { results: { id: number; version: number }[] }).results[0]!;
    // 1,000 piles: a second or more of engine work in the worker thread, and a response of megabytes.
    const rows = 1000;
    const saved = await request(s, 'PUT', `${base}${project.id}/update-table-datas/`, {
      token,
      body: largeWorkbook('Gross', rows, project.version),
    });
    expect(saved.status).toBe(200);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

    const calculation = fetch(`${s.baseUrl}${base}${project.id}/calculate/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // The request has reached the server (pino logs it on arrival) before the signal.
    await s.waitFor(/"url":"[^"]*\/calculate\/"[^}]*\},"msg":"incoming request"/);
    s.process.kill('SIGTERM');
    await s.waitFor(/"msg":"shutting down"/);
    // Draining: the listening socket is closed, a new connection is refused.
    const refused = await fetch(`${s.baseUrl}/api/health`, {
      headers: { connection: 'close' },
    }).then(
      () => 'answered',
      () => 'refused',
    );
    const answer = await calculation;
    expect(answer.status).toBe(200);
    // The answer closes its keep-alive connection: the exit does not wait for the keep-alive timeout (72 s).
    expect(answer.headers.get('connection')).toBe('close');
    const body = (await answer.json()) as { data: { result: { piles: unknown[] } } };
    expect(body.data.result.piles).toHaveLength(rows);
    expect(refused).toBe('refused');
    expect(await s.exited).toBe(0);
    // The calculation's answer went out after the signal was taken (it was in flight during shutdown).
    const out = s.output();
    expect(out.indexOf('"msg":"shutting down"')).toBeLessThan(out.lastIndexOf('"statusCode":200'));
    expect(out).toContain('"msg":"shutdown complete"');
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    // The database was closed cleanly: the next start opens it and finds the saved project.
    server = await startServer(build.dir, { DATA_DIR: dataDir });
    const again = await request(server, 'POST', '/api/v1/auth/login/', {
      body: { email, password },
    });
    expect(again.status).toBe(200);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);

  it('forces the exit (code 1) when draining takes longer than SHUTDOWN_TIMEOUT_MS', async () => {
    // The data directory of the first test (already created and migrated: no second initdb).
    server = await startServer(build.dir, { DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '1' });
    // A connection that sends half a request keeps the HTTP server from closing: only the timeout ends it.
    const { connect } = await import('node:net');
    const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/v1/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{');
    await server.waitFor(/"msg":"incoming request"/);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('"msg":"shutdown timed out');
    socket.destroy();
  }, 180_000);
});
