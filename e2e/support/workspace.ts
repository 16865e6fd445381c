import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { pasteTsv, shownCell } from './grid';

/**
 * What the page and the server show when a step did not arrive: the address, the dialogs and messages on
 * screen, and the server's last project requests with their answer times. A timeout alone said nothing
 * about why (one CI run waited 30 s for the new project's address).
 */
type LogLine = {
  time?: number;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  msg?: string;
};

/** The server's project requests (pino lines): method, address, time, status and answer time or "no answer". */
const projectRequests = (log: string): string[] => {
  const lines = log.split('\n').flatMap((line): LogLine[] => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return []; // a line still being written, or not from pino
    }
  });
  const answers = new Map(lines.filter((l) => l.reqId && l.res).map((l) => [l.reqId, l] as const));
  return lines
    .filter((l) => l.req?.url?.includes('/projects'))
    .map((l) => {
      const answer = answers.get(l.reqId);
      const when = new Date(l.time ?? 0).toISOString().slice(11, 23);
      const result = answer
        ? `${answer.res?.statusCode} in ${Math.round(answer.responseTime ?? 0)} ms`
        : 'no answer';
      return `${when} ${l.req?.method} ${l.req?.url}: ${result}`;
    });
};

const whatPageShows = async (page: Page): Promise<string> => {
  const shown = await page
    .evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLElement>(
          '.ant-modal, .ant-notification-notice, .ant-message-notice, .ant-alert',
        ),
        (element) =>
          `${element.className.split(' ')[0]}: ${element.innerText.replace(/\s+/g, ' ')}`,
      ),
    )
    .catch((error: unknown) => [`(page not readable: ${String(error)})`]);
  let requests: string[];
  try {
    requests = projectRequests(readFileSync(inject('serverLogFile'), 'utf8')).slice(-12);
  } catch (error) {
    requests = [`(server log not readable: ${String(error)})`];
  }
  return [`url: ${page.url()}`, ...shown, 'server, last project requests:', ...requests].join('\n');
};

/** Creates a project through the project list's dialog and waits for its workspace; returns its id. */
export const createProjectInUi = async (page: Page, name: string): Promise<number> => {
  await page.getByTestId('project-new').click();
  await page.locator('#project_name').fill(name);
  await page.getByRole('button', { name: /^(Speichern|Save)$/ }).click();
  try {
    await page.waitForURL(/\/projects\/\d+$/);
  } catch (error) {
    throw new Error(`the new project did not open\n${await whatPageShows(page)}`, { cause: error });
  }
  await page.getByTestId('workspace').waitFor();
  return Number(/\/projects\/(\d+)$/.exec(page.url())![1]);
};

/** Soil layers as Excel copies them, in the layer grid's input column order (`mark`: decimal mark). */
export const layersTsv = (mark: '.' | ',', rows: readonly (readonly [number, string])[]) =>
  rows
    .map(([bottom, name], i) =>
      [
        String(bottom),
        name,
        '',
        i % 2 === 0 ? '' : '25',
        i % 2 === 0 ? `0${mark}1` : '',
        '',
        '',
        '',
        '',
        i % 2 === 0 ? '20' : '35',
        '1',
        '1',
        '',
        '19',
        '9',
        '10',
        '10',
        '10',
      ].join('\t'),
    )
    .join('\n');

/** Opens the soil tab, adds profile "BP 1" (top 158, water 151) and pastes `tsv` as its layers. */
export const enterSoilProfile = async (
  page: Page,
  tsv: string,
  lastLayerName: string,
  count: number,
) => {
  await page.getByRole('tab', { name: /^(Bodenprofil|Soil profile)/ }).click();
  await page.getByTestId('profile-add-first').click();
  await page.locator('#setting-startKote').fill('158');
  await page.locator('#setting-startKote').press('Enter');
  await page.locator('#setting-grundwasserStand').fill('151');
  await page.locator('#setting-grundwasserStand').press('Enter');
  await page.getByTestId('grid-add-row').last().click();
  await (await shownCell(page, 'layers', 0, 'endKote')).click();
  await pasteTsv(page, tsv);
  await waitForText(
    page,
    async () => (await shownCell(page, 'layers', count - 1, 'bodenArt')).innerText(),
    lastLayerName,
  );
};

/** Polls `read` until it returns `want` (10 s), then fails with the last value. */
export const waitForText = async (
  page: Page,
  read: () => Promise<string>,
  want: string,
): Promise<void> => {
  let last = '';
  for (let i = 0; i < 100; i += 1) {
    last = await read().catch(() => '');
    if (last === want) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`expected ${JSON.stringify(want)}, got ${JSON.stringify(last)}`);
};

/** The column id and row index of the focused grid cell (AG Grid focuses the cell element). */
export const focusedCell = (page: Page): Promise<{ row: number; key: string } | null> =>
  page.evaluate(() => {
    const cellElement = document.activeElement?.closest('.ag-cell');
    const row = cellElement?.closest('.ag-row')?.getAttribute('row-index');
    const key = cellElement?.getAttribute('col-id');
    return key && row != null ? { row: Number(row), key } : null;
  });

/**
 * Creates a project through the API (`project`: the create body, at least its name) and saves its workbook
 * with `rows` laid over the new project's defaults (`piles`, `soil_profiles`, `horizontal_loadcases` …);
 * returns the project's id. For tests that start from a filled project instead of typing it.
 */
export const createProjectWithRows = async (
  baseURL: string,
  auth: { token: string; companyId: number },
  project: { name: string } & Record<string, unknown>,
  rows: Record<string, unknown>,
): Promise<number> => {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${auth.token}` };
  const base = `${baseURL}/api/v1/companies/${auth.companyId}/projects`;
  const created = await fetch(`${base}/`, {
    method: 'POST',
    headers,
    body: JSON.stringify(project),
  });
  if (created.status !== 201) {
    throw new Error(`create project: ${created.status} ${await created.text()}`);
  }
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const detail = (await (await fetch(`${base}/${id}/`, { headers })).json()) as {
    data: { workbook: Record<string, unknown> };
  };
  const saved = await fetch(`${base}/${id}/update-table-datas/`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...detail.data.workbook, ...rows }),
  });
  if (saved.status !== 200) throw new Error(`save rows: ${saved.status} ${await saved.text()}`);
  return id;
};
