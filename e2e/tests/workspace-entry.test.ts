import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, signIn } from '../support/accounts';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { shownCell, typeInto } from '../support/grid';
import { createProjectInUi, focusedCell } from '../support/workspace';

const baseURL = inject('baseURL');
const mailDir = inject('mailDir');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const text = async (page: Page, grid: string, row: number, key: string) =>
  (await shownCell(page, grid, row, key)).innerText();

describe('grid keyboard (issue 20 item 9)', () => {
  it('keeps the first character typed right after Tab, moves with Ctrl+Home/End, and Ctrl+A selects the cell text only', async () => {
    const account = await createAccount(baseURL, mailDir, 'tastatur');
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, account.email, account.password);
    await page.getByTestId('decimal-point').click();
    await createProjectInUi(page, 'Tastatur');
    await page.getByTestId('grid-add-row').first().click();
    await page.getByTestId('grid-add-row').first().click();

    // the numeric column right of the ground level (AEHoehe)
    const next = await page.evaluate(() => {
      const header = [...document.querySelectorAll('[data-testid="grid-piles"] .ag-header-cell[col-id]')]
        .map((h) => h.getAttribute('col-id'))
        .filter((id) => id && id !== '__marker' && id !== 'ag-Grid-SelectionColumn');
      return header[header.indexOf('AEHoehe') + 1] ?? '';
    });
    expect(next).toBe('SollPfahlOberKante');
    // a barcode-style typist: Tab and the next characters within a few milliseconds
    for (const [row, value] of [
      [0, '248.1'],
      [1, '196.5'],
    ] as const) {
      await (await shownCell(page, 'piles', row, 'AEHoehe')).click();
      await page.keyboard.type('250');
      await page.keyboard.press('Tab');
      await page.keyboard.type(value);
      await page.keyboard.press('Enter');
    }
    expect(await text(page, 'piles', 0, next)).toBe('248.1');
    expect(await text(page, 'piles', 1, next)).toBe('196.5');

    // Ctrl+End: last row, last column; Ctrl+Home: first row, first column
    await (await shownCell(page, 'piles', 0, 'Pname')).click();
    await page.keyboard.press('Control+End');
    await expect.poll(async () => (await focusedCell(page))?.row).toBe(1);
    const lastKey = (await focusedCell(page))?.key;
    expect(lastKey).not.toBe('Pname');
    await page.keyboard.press('Control+Home');
    await expect.poll(async () => await focusedCell(page)).toEqual({ row: 0, key: 'Pname' });

    // Ctrl+A while editing a cell selects its text (typing replaces it) and never arms "delete N rows"
    await (await shownCell(page, 'piles', 1, 'Pname')).dblclick();
    await page.keyboard.press('Control+a');
    expect(await page.getByTestId('grid-remove-rows').first().innerText()).not.toMatch(/2 Zeilen/);
    await page.keyboard.type('Q9');
    await page.keyboard.press('Enter');
    await expect.poll(() => text(page, 'piles', 1, 'Pname')).toBe('Q9');
    expect(await page.getByTestId('grid-remove-rows').first().innerText()).not.toMatch(/2 Zeilen/);
    await screenshot(page, 'entry-keyboard');
    await context.close();
  });
});
