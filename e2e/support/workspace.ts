import type { Page } from 'playwright-core';
import { pasteTsv, shownCell } from './grid';

/** Creates a project through the project list's dialog and waits for its workspace; returns its id. */
export const createProjectInUi = async (page: Page, name: string): Promise<number> => {
  await page.getByTestId('project-new').click();
  await page.locator('#project_name').fill(name);
  await page.getByRole('button', { name: /^(Speichern|Save)$/ }).click();
  await page.waitForURL(/\/projects\/\d+$/); // a timeout's message says what the page and server did (flight-recorder.ts)
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
