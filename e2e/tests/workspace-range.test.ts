import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, createAccount, signIn } from '../support/accounts';
import { fileBrowser, newContext, screenshot, watchPageErrors } from '../support/browser';
import { cell, pasteTsv, shownCell, waitSaved } from '../support/grid';
import { createProjectWithRows } from '../support/workspace';

const baseURL = inject('baseURL');
const mailDir = inject('mailDir');

const browser = fileBrowser();

/** Ctrl+C as the browser runs it: a copy event at the focused element; returns the text put on the clipboard. */
const copyText = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const transfer = new DataTransfer();
    (document.activeElement ?? document.body).dispatchEvent(
      new ClipboardEvent('copy', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
    return transfer.getData('text/plain');
  });

const api = async <T>(path: string, token: string, method = 'GET', body?: unknown): Promise<T> => {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
};

describe('rectangular selection in the load-point grid', () => {
  it('selects a block by dragging and Shift+arrows, copies it, pastes a decimal-comma block as one undo step and grows the rows', async () => {
    const account = await createAccount(baseURL, mailDir, 'bereich');
    const { token, companyId } = await apiLogin(baseURL, account.email, account.password);
    const projects = `/v1/companies/${companyId}/projects`;
    const project = {
      id: await createProjectWithRows(
        baseURL,
        { token, companyId },
        { name: 'Bereichsauswahl' },
        {
          piles: ['R1', 'R2', 'R3'].map((Pname, i) => ({
            Pname,
            PfahlTyp: 'bp',
            SollDurchmesser: 0.6 + i * 0.3,
            AEHoehe: 157,
          })),
        },
      ),
    };

    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, account.email, account.password);
    await page.getByTestId('decimal-comma').click();
    await page.goto(`/projects/${project.id}`);
    await page.getByTestId('workspace').waitFor();
    await expect
      .poll(async () => (await shownCell(page, 'piles', 2, 'Pname')).innerText())
      .toBe('R3');

    // drag from R1's name to R2's type: a 2 × 2 block
    const from = await cell(page, 'piles', 0, 'Pname').boundingBox();
    const to = await cell(page, 'piles', 1, 'PfahlTyp').boundingBox();
    await page.mouse.move(from!.x + 10, from!.y + 8);
    await page.mouse.down();
    await page.mouse.move(to!.x + 10, to!.y + 8, { steps: 5 });
    await page.mouse.up();
    await expect
      .poll(() => page.getByTestId('grid-range-size').first().innerText())
      .toBe('2 × 2 Zellen markiert');
    expect(await copyText(page)).toBe('R1\tbp\r\nR2\tbp');

    // Shift+arrows grow it from the same anchor; the copy holds what is shown (decimal comma)
    await (await shownCell(page, 'piles', 0, 'SollDurchmesser')).click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect
      .poll(() => page.getByTestId('grid-range-size').first().innerText())
      .toBe('3 × 1 Zellen markiert');
    expect(await copyText(page)).toBe('0,6\r\n0,9\r\n1,2');
    await screenshot(page, 'workspace-range-selected');

    // paste a 4-row block from Excel (decimal comma) at R2's diameter: one step, one row added
    await (await shownCell(page, 'piles', 1, 'SollDurchmesser')).click();
    await pasteTsv(page, '1,5\t1500\r\n1,25\t1500,5\r\n0,8\t900\r\n0,7\t800\r\n');
    await expect
      .poll(async () => (await shownCell(page, 'piles', 4, 'SollDurchmesser')).innerText())
      .toBe('0,7');
    expect(
      await (await shownCell(page, 'piles', 2, 'AlternativeCharakteristischeLastZ')).innerText(),
    ).toBe('1500,5');
    expect(await page.getByTestId('grid-range-size').first().innerText()).toBe(
      '4 × 2 Zellen markiert',
    );
    await screenshot(page, 'workspace-range-pasted');
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await shownCell(page, 'piles', 1, 'SollDurchmesser')).innerText())
      .toBe('0,9');
    expect(
      await (await shownCell(page, 'piles', 2, 'AlternativeCharakteristischeLastZ')).innerText(),
    ).toBe('');
    expect(await page.locator('[data-testid="grid-piles"] .pp-grid__count').innerText()).toMatch(
      /3 Zeilen$/,
    );
    await page.keyboard.press('Control+y');
    await expect
      .poll(async () => (await shownCell(page, 'piles', 4, 'SollDurchmesser')).innerText())
      .toBe('0,7');
    await waitSaved(page);
    const saved = await api<{
      workbook: {
        piles: { SollDurchmesser: number; AlternativeCharakteristischeLastZ: number | null }[];
      };
    }>(`${projects}/${project.id}/`, token);
    expect(
      saved.workbook.piles.map((p) => [p.SollDurchmesser, p.AlternativeCharakteristischeLastZ]),
    ).toEqual([
      [0.6, null],
      [1.5, 1500],
      [1.25, 1500.5],
      [0.8, 900],
      [0.7, 800],
    ]);
    await page.getByTestId('decimal-point').click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('auto-scrolls a drag selection past the bottom and the right edge of 200 rows, and stops on mouse-up', async () => {
    const account = await createAccount(baseURL, mailDir, 'autoscroll');
    const { token, companyId } = await apiLogin(baseURL, account.email, account.password);
    const project = {
      id: await createProjectWithRows(
        baseURL,
        { token, companyId },
        { name: 'Auto-Scroll' },
        {
          piles: Array.from({ length: 200 }, (_v, i) => ({
            Pname: `P${i + 1}`,
            PfahlTyp: 'bp',
            SollDurchmesser: 0.6,
            AEHoehe: 157,
          })),
        },
      ),
    };

    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, account.email, account.password);
    // German defaults to the decimal comma (ADR 0140); this test reads points
    await page.getByTestId('decimal-point').click();
    await page.goto(`/projects/${project.id}`);
    await page.getByTestId('workspace').waitFor();
    await expect
      .poll(async () => (await shownCell(page, 'piles', 0, 'Pname')).innerText())
      .toBe('P1');
    const grid = '[data-testid="grid-piles"]';
    const rangeSize = () => page.getByTestId('grid-range-size').first().innerText();
    const size = async (): Promise<[number, number]> => {
      const match = /(\d+) × (\d+)/.exec(await rangeSize());
      return match ? [Number(match[1]), Number(match[2])] : [1, 1];
    };

    // rows: what the viewport shows at mouse-down, then the pointer 60 px below the grid
    // (AG Grid 36: one `.ag-grid-viewport` scrolls rows and columns; header and pinned columns are sticky)
    const viewport = (await page.locator(`${grid} .ag-grid-viewport`).boundingBox())!;
    const lastVisibleRow = await page.evaluate((selector) => {
      const bottom = document
        .querySelector(`${selector} .ag-grid-viewport`)!
        .getBoundingClientRect().bottom;
      const rows = Array.from(
        document.querySelectorAll<HTMLElement>(`${selector} .ag-row[row-index]`),
      );
      return Math.max(
        ...rows
          .filter((row) => row.getBoundingClientRect().top < bottom)
          .map((row) => Number(row.getAttribute('row-index'))),
      );
    }, grid);
    expect(lastVisibleRow).toBeLessThan(40);
    const from = (await cell(page, 'piles', 0, 'Pname').boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + 8);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, viewport.y + viewport.height + 60, { steps: 4 });
    await expect
      .poll(async () => (await size())[0], { timeout: 20_000 })
      .toBeGreaterThanOrEqual(120);
    await page.mouse.up();
    const [rowsSelected, columnsSelected] = await size();
    expect(columnsSelected).toBe(1);
    expect(rowsSelected).toBeGreaterThan(lastVisibleRow + 1 + 80);
    // released: the selection stops growing, and the rows it ends on are on screen
    await page.waitForTimeout(500);
    expect(await size()).toEqual([rowsSelected, 1]);
    await cell(page, 'piles', rowsSelected - 1, 'Pname').waitFor();
    await screenshot(page, 'workspace-range-autoscroll');
    const tsv = (await copyText(page)).split('\r\n');
    expect(tsv).toHaveLength(rowsSelected);
    expect(tsv[0]).toBe('P1');
    expect(tsv.at(-1)).toBe(`P${rowsSelected}`);

    // columns: from the diameter of P1 (a scrolling column) to the right edge of the scrolling area
    await (await shownCell(page, 'piles', 0, 'Pname')).click();
    await page.evaluate((selector) => {
      document.querySelector(`${selector} .ag-grid-viewport`)!.scrollTop = 0;
    }, grid);
    await expect.poll(() => cell(page, 'piles', 0, 'SollDurchmesser').isVisible()).toBe(true);
    // the scrolling columns' area: right of the name column, left of the pinned results (if shown)
    const area = await page.evaluate((selector) => {
      const header = (key: string) =>
        document
          .querySelector(`${selector} .ag-header-cell[col-id="${key}"]`)
          ?.getBoundingClientRect();
      const box = document.querySelector(`${selector} .ag-grid-viewport`)!.getBoundingClientRect();
      const pinnedRight = ['R_d', 'EzuR', 'IstLaenge']
        .map((key) => header(key)?.left)
        .filter((left): left is number => left !== undefined);
      return { left: header('Pname')!.right, right: Math.min(box.right - 1, ...pinnedRight) };
    }, grid);
    const visibleColumns = await page.evaluate(
      ({ selector, left, right }) =>
        Array.from(document.querySelectorAll<HTMLElement>(`${selector} .ag-header-cell[col-id]`))
          .filter((h) => {
            const r = h.getBoundingClientRect();
            return r.left >= left && r.right <= right;
          })
          .map((h) => h.getAttribute('col-id')),
      { selector: grid, ...area },
    );
    expect(visibleColumns.length).toBeGreaterThan(3);
    const start = (await cell(page, 'piles', 0, 'SollDurchmesser').boundingBox())!;
    await page.mouse.move(start.x + 10, start.y + 8);
    await page.mouse.down();
    await page.mouse.move(area.right - 6, start.y + 8, { steps: 4 });
    await expect
      .poll(async () => (await size())[1], { timeout: 20_000 })
      .toBeGreaterThan(visibleColumns.length + 3);
    await page.mouse.up();
    const [oneRow, wide] = await size();
    expect(oneRow).toBe(1);
    const line = await copyText(page);
    expect(line.split('\t')).toHaveLength(wide);
    expect(line.startsWith('0.6\t')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
