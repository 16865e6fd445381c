import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { demoAccount, markTourSeen } from './accounts';

const root = resolve(import.meta.dirname, '../..');

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

const waitForHealth = async (
  url: string,
  server: ChildProcess,
  timeoutMs: number,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms`);
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = join(root, '.e2e-data', `run-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  const mailDir = join(work, 'mail');
  mkdirSync(mailDir, { recursive: true });

  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^subject:\s*(.*)$/im.exec(raw)?.[1] ?? '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        count += 1;
        writeFileSync(
          join(mailDir, `${String(count).padStart(4, '0')}.json`),
          JSON.stringify({ to, subject, raw, receivedAt: Date.now() }),
        );
        done();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((ok) => smtp.listen(smtpPort, '127.0.0.1', ok));

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const serverLogFile = join(work, 'server.log');
  // The support routes set licence states for the banner tests (there is no unauthenticated route for it).
  const supportToken = randomBytes(24).toString('hex');
  // The browser journeys run the compiled server, the one `npm start` ships (ADR 0160); `npm run test:e2e`
  // builds it (web and server) first.
  const compiled = join(root, 'apps/server/dist/server.mjs');
  if (!existsSync(compiled)) {
    throw new Error(`${compiled} is missing: run \`npm run build\` first (npm run test:e2e does)`);
  }
  const server = spawn(process.execPath, [compiled], {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'db'),
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Pfahlplaner <noreply@pfahlplaner.test>',
      DATABASE_URL: '',
      SUPPORT_TOKEN: supportToken,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: the server and its worker threads are stopped together
  });
  const log: string[] = [];
  server.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  server.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  try {
    await waitForHealth(`${baseURL}/api/health`, server, 90_000);
  } catch (error) {
    if (server.pid) process.kill(-server.pid, 'SIGKILL');
    throw new Error(`${String(error)}\n${log.join('')}`, { cause: error });
  }
  // Written once, then only appended to: tests read this file (the demo account's banner) while the server
  // logs. Rewriting the whole file on every chunk let a reader see it truncated — the demo account was then
  // "missing" and a journey fell back to an empty account of its own.
  writeFileSync(serverLogFile, log.join(''));
  server.stdout?.on('data', (d: Buffer) => appendFileSync(serverLogFile, d));
  server.stderr?.on('data', (d: Buffer) => appendFileSync(serverLogFile, d));
  // the demo owner is shared by several journeys: its guided tour does not open by itself (ADR 0182)
  const demo = demoAccount(serverLogFile);
  if (demo) await markTourSeen(baseURL, demo.email, demo.password);

  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);
  project.provide('serverLogFile', serverLogFile);
  project.provide('supportToken', supportToken);

  return async () => {
    const group = -(server.pid ?? 0);
    try {
      // SIGTERM drains the server (graceful shutdown, ADR 0162); it exits on its own within seconds.
      const exited =
        server.exitCode === null ? new Promise((r) => server.once('exit', r)) : Promise.resolve();
      process.kill(group, 'SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer); // a pending timer kept vitest from exiting for its 10-s close timeout
      if (server.exitCode === null) process.kill(group, 'SIGKILL');
    } catch {
      // already gone
    }
    server.stdout?.destroy();
    server.stderr?.destroy();
    await new Promise<void>((ok) => smtp.close(() => ok()));
  };
}
