// Grid smoothness bench (target: 2,000 rows scroll and edit without lag, ADR 0060). When the web build
// (apps/web/dist) and Chromium exist, it starts the server on an embedded PGlite in a temporary DATA_DIR,
// signs up a user through the API (OTP from the development outbox), creates a 2,000-row project, opens
// the workspace in headless Chromium and prints: time to the first rendered grid row, requestAnimationFrame
// deltas while scrolling through all rows (median / p95 / max), and the time from a cell edit (Enter) to
// the committed value on screen. Prints numbers only; otherwise one line 'skipped: <reason>'.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import type * as PlaywrightCore from 'playwright-core';

const ROWS = 2000;
const root = fileURLToPath(new URL('..', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

type Envelope<T> = { status_code: number; data: T };
type ScrollRun = { deltas: number[]; total: number; lastRow: string };

/** The load points: like bench/axial.ts (4 m grid, 3 profiles), within the Free plan (2 layers). */
const workbook = (version: number, settings: Record<string, unknown>) => ({
  version,
  settings,
  soil_profiles: [0, 1, 2].map((p) => ({
    name: `BP ${p + 1}`,
    startKote: 100 - p * 0.5,
    grundwasserStand: 96,
    soil_layers: [
      { endKote: 95 - p * 0.5, cuk: 0.11, bodenArt: 'Lehm' },
      {
        endKote: 60 - p * 0.5,
        qc: 12 + p,
        bodenArt: 'Sand',
        FuszAbsetzbar: true,
        IstEindringRelevant: true,
      },
    ],
  })),
  piles: Array.from({ length: ROWS }, (_v, k) => ({
    Pname: `P${k + 1}`,
    PfahlTyp: ['bp', 'bp', 'bp', 'c', 'r', 'f'][k % 6],
    SollPfahlOberKante: 99,
    AEHoehe: 100,
    Rechtswert: (k % 40) * 4,
    Hochwert: Math.floor(k / 40) * 4,
    SollDurchmesser: [0.6, 0.9, 1.2][k % 3],
    AlternativeCharakteristischeLastZ: 800 + (k % 17) * 60,
    AlternativeDesignLastZ: 1100 + (k % 17) * 85,
    BodenProfil: `BP ${(k % 3) + 1}`,
  })),
  horizontal_loadcases: [],
});

export async function run(): Promise<void> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.log('grid: skipped: no web build (run `npm run build` first)');
    return;
  }
  if (!existsSync(chromiumPath)) {
    console.log(`grid: skipped: no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
    return;
  }
  let playwright: typeof PlaywrightCore;
  try {
    playwright = await import('playwright-core');
  } catch {
    console.log('grid: skipped: playwright-core is not installed (npm ci)');
    return;
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-grid-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('npx', ['tsx', 'src/server.ts'], {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      DATABASE_URL: '',
      SMTP_URL: '', // mails stay in the development outbox, where the sign-up code is read
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true, // own process group: npx, tsx and node are stopped together
  });
  const log: string[] = [];
  server.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  const browser = await playwright.chromium
    .launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    })
    .catch((error: unknown) => error as Error);
  try {
    await measure(browser, baseURL, server, log);
  } catch (error) {
    console.log(`grid: failed: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    if (!(browser instanceof Error)) await browser.close();
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
        await sleep(1000);
        if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    server.stderr?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const measure = async (
  browser: Browser | Error,
  baseURL: string,
  server: ChildProcess,
  log: string[],
): Promise<void> => {
  {
    if (browser instanceof Error) {
      console.log(`grid: skipped: Chromium did not start (${browser.message.split('\n')[0]})`);
      return;
    }
    const call = async <T>(
      path: string,
      init: { method?: string; body?: unknown; token?: string } = {},
    ) => {
      const res = await fetch(`${baseURL}/api${path}`, {
        method: init.method ?? (init.body ? 'POST' : 'GET'),
        headers: {
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      const envelope = (await res.json()) as Envelope<T>;
      if (envelope.status_code !== 1) {
        throw new Error(`${path}: ${res.status} ${JSON.stringify(envelope)}`);
      }
      return envelope.data;
    };

    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited: ${log.join('').slice(-2000)}`);
      if (Date.now() > deadline) throw new Error('server not healthy within 120 s');
      const healthy = await fetch(`${baseURL}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      await sleep(250);
    }

    // sign-up as in the e2e helpers, with the code from the development outbox
    const email = `bench.${Date.now()}@statik-buero.test`;
    const password = 'Pfahl#2026a';
    await call('/v1/users/register/', {
      body: {
        step: 1,
        full_name: 'Bench Grid',
        email,
        phone: '+49 30 1234567',
        password,
        confirm_password: password,
        accept_terms: true,
      },
    });
    const mails = await call<{ text: string }[]>(`/dev/outbox/?to=${encodeURIComponent(email)}`);
    const otp = /^ {4}(\d{6})\s*$/m.exec(mails[0]?.text ?? '')?.[1];
    if (!otp) throw new Error('no sign-up code in the outbox');
    await call('/v1/otp/verify-otp/', { body: { email, otp } });
    await call('/v1/users/register/', {
      body: {
        step: 2,
        email,
        company: { name: 'Bench GmbH', street: 'Weg 2', postal_code: '80331', location: 'München' },
      },
    });
    const login = await call<{ access_token: string; user: { company: { id: number } } }>(
      '/v1/auth/login/',
      { body: { email, password, remember_me: false } },
    );
    const token = login.access_token;
    const projects = `/v1/companies/${login.user.company.id}/projects`;
    const project = await call<{ id: number }>(`${projects}/`, {
      body: { name: 'Bench 2000' },
      token,
    });
    const detail = await call<{ workbook: { version: number; settings: Record<string, unknown> } }>(
      `${projects}/${project.id}/`,
      { token },
    );
    await call(`${projects}/${project.id}/update-table-datas/`, {
      method: 'PUT',
      body: workbook(detail.workbook.version, detail.workbook.settings),
      token,
    });

    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1440, height: 900 },
      locale: 'de-DE',
    });
    // tsx (esbuild keepNames) wraps named functions in `__name(…)`; functions sent to the page need it too
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/projects');
    // the edits below type decimal points; German defaults to the decimal comma (ADR 0140)
    await page.getByTestId('decimal-point').click();

    const grid = '[data-testid="grid-piles"]';
    const firstRenders: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await page.goto(`/projects/${project.id}`);
      // ms since navigation start until the first load point's name is in the grid
      const at = await page.waitForFunction(
        (selector) => {
          const cell = document.querySelector(
            `${selector} .ag-row[row-index="0"] [col-id="Pname"]`,
          );
          return cell?.textContent === 'P1' ? performance.now() : null;
        },
        grid,
        { polling: 'raf', timeout: 60_000 },
      );
      firstRenders.push((await at.jsonValue()) as number);
    }
    await sleep(2000); // let the live preview of the opened project settle

    // scroll the load-point grid from top to bottom, 3 rows per frame, recording frame deltas
    const scroll = await page.evaluate<ScrollRun, string>(async (selector) => {
      const viewport = document.querySelector<HTMLElement>(`${selector} .ag-grid-viewport`);
      if (!viewport) throw new Error('no grid viewport');
      viewport.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const rowHeight =
        document.querySelector<HTMLElement>(`${selector} .ag-row[row-index="0"]`)?.offsetHeight ??
        28;
      const deltas: number[] = [];
      const start = performance.now();
      await new Promise<void>((done) => {
        let last = performance.now();
        const step = (now: number) => {
          deltas.push(now - last);
          last = now;
          if (viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight - 1) {
            return done();
          }
          viewport.scrollTop += rowHeight * 3;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      const last = document.querySelector(`${selector} .ag-row[row-index="1999"] [col-id="Pname"]`);
      return {
        deltas: deltas.slice(1),
        total: performance.now() - start,
        lastRow: last?.textContent ?? '',
      };
    }, grid);

    // edit a cell and wait for the committed value on screen (Enter → text in the cell)
    const edits: number[] = [];
    for (const [row, value] of [
      [1000, '1.75'],
      [1001, '0.85'],
      [1002, '1.05'],
      [1003, '0.95'],
      [1004, '1.15'],
    ] as const) {
      const selector = `${grid} .ag-row[row-index="${row}"] [col-id="SollDurchmesser"]`;
      // the row in the middle of the grid
      await page.evaluate(
        async ({ selector: gridSelector, row: index }) => {
          const viewport = document.querySelector<HTMLElement>(
            `${gridSelector} .ag-grid-viewport`,
          )!;
          const height =
            document.querySelector<HTMLElement>(`${gridSelector} .ag-row`)?.offsetHeight ?? 28;
          viewport.scrollTop = index * height - viewport.clientHeight / 2;
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        },
        { selector: grid, row },
      );
      await page.locator(selector).first().waitFor();
      const pending = page.evaluate(
        ({ selector: cellSelector, value: expected }) =>
          new Promise<number>((resolve) => {
            const onKey = (event: KeyboardEvent) => {
              if (event.key !== 'Enter') return;
              document.removeEventListener('keydown', onKey, true);
              const t0 = performance.now();
              const check = () => {
                if (document.querySelector(cellSelector)?.textContent === expected) {
                  resolve(performance.now() - t0);
                } else requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
            };
            document.addEventListener('keydown', onKey, true);
          }),
        { selector, value },
      );
      pending.catch(() => undefined); // reported through the awaited value below
      await page.locator(selector).first().click();
      await page.keyboard.type(value);
      await page.keyboard.press('Enter');
      edits.push(await pending);
      await sleep(300);
    }
    await context.close();

    const frames = scroll.deltas;
    console.log(
      `grid: ${ROWS} load points, Chromium headless ${browser.version()}, load average ${(
        await import('node:os')
      )
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `grid: first rendered row after navigation: median ${quantile(firstRenders, 0.5).toFixed(0)} ms (runs ${firstRenders
        .map((v) => v.toFixed(0))
        .join(', ')} ms)`,
    );
    console.log(
      `grid: scroll through ${ROWS} rows (${frames.length} frames, ${(scroll.total / 1000).toFixed(1)} s, last row ${scroll.lastRow || 'not rendered'}): frame median ${quantile(frames, 0.5).toFixed(1)} ms, p95 ${quantile(frames, 0.95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms`,
    );
    console.log(
      `grid: cell edit → committed value on screen: median ${quantile(edits, 0.5).toFixed(0)} ms, max ${Math.max(...edits).toFixed(0)} ms (${edits.length} edits)`,
    );
  }
};

// `npx tsx bench/grid.ts` runs this bench alone (`npm run bench` runs it through bench/run.ts).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await run();
