import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, signIn } from '../support/accounts';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { shownCell, typeInto } from '../support/grid';
import { createProjectInUi, enterSoilProfile, focusedCell, layersTsv } from '../support/workspace';

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
    // a barcode-style typist: Tab and the next characters within a few milliseconds, while the page is
    // busy (as after an edit of a large project: re-render, live preview) for 60 ms right after the Tab
    for (const [row, value] of [
      [0, '248.1'],
      [1, '196.5'],
    ] as const) {
      await (await shownCell(page, 'piles', row, 'AEHoehe')).click();
      await page.keyboard.type('250');
      await page.evaluate(() => {
        const busy = (event: KeyboardEvent) => {
          if (event.key !== 'Tab') return;
          window.removeEventListener('keydown', busy, true);
          setTimeout(() => {
            const until = performance.now() + 60;
            while (performance.now() < until);
          }, 0);
        };
        window.addEventListener('keydown', busy, true);
      });
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

/** Three layers (one more than the Free plan allows), bottom levels and names, decimal point. */
const THREE_LAYERS = [
  [150, 'Lehm'],
  [140, 'Kies und Sand'],
  [130, 'Mergel'],
] as const;

describe('a refused save (issue 20 items 1 and 2)', () => {
  it('names the plan limit where the user looks, refuses to calculate, asks before leaving and keeps the work', async () => {
    const account = await createAccount(baseURL, mailDir, 'verweigert');
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, account.email, account.password);
    await page.getByTestId('decimal-point').click();
    const projectId = await createProjectInUi(page, 'Drei Schichten');
    await page.getByTestId('grid-add-row').first().click();
    await typeInto(page, 'piles', 0, 'Pname', 'L1');
    await typeInto(page, 'piles', 0, 'AlternativeCharakteristischeLastZ', '1500');
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 20_000 });

    await enterSoilProfile(page, layersTsv('.', THREE_LAYERS), 'Mergel', 3);
    // the refusal is named above the tabs, with the numbers and the way to upgrade
    const refused = page.getByTestId('save-refused');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('höchstens 2 Bodenschichten');
    expect(await refused.innerText()).toContain('„BP 1“ hat 3');
    await page.getByTestId('plan-upgrade').waitFor();
    await page.locator('[data-testid="save-state"][data-state="invalid"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('save-state').innerText()).toContain('Tarifgrenze');
    await screenshot(page, 'entry-plan-refusal');

    // a load point typed after the refusal
    await page.getByRole('tab', { name: 'Äußere Tragfähigkeit' }).click();
    await typeInto(page, 'piles', 0, 'SollDurchmesser', '0.9');
    await expect.poll(() => text(page, 'piles', 0, 'SollDurchmesser')).toBe('0.9');

    // "Berechnen" refuses and says why; it never reports fresh results for another state
    await page.getByTestId('calculate').click();
    await page.getByTestId('calc-refused').waitFor();
    expect(await page.getByTestId('calc-state-fresh').count()).toBe(0);

    // leaving through the header menu asks first
    await page.locator('.pp-header .ant-menu-item').filter({ hasText: 'Projekte' }).first().click();
    await page.getByTestId('leave-dialog').waitFor();
    await page.getByTestId('leave-save').click();
    await page.getByTestId('leave-not-saved').waitFor();
    await page.getByTestId('leave-without-saving').click();
    await page.waitForURL('**/projects');

    // coming back: nothing lost, and the notice says where it came from
    await page.goto(`/projects/${projectId}`);
    await page.getByTestId('draft-restored').waitFor();
    await expect.poll(() => text(page, 'piles', 0, 'SollDurchmesser')).toBe('0.9');
    expect(await text(page, 'piles', 0, 'AlternativeCharakteristischeLastZ')).toBe('1500');
    await page.getByRole('tab', { name: 'Bodenprofil' }).click();
    await expect.poll(() => text(page, 'layers', 2, 'bodenArt')).toBe('Mergel');
    await page.getByTestId('save-refused').waitFor();

    // reload (the browser asks through beforeunload; accepted above) keeps it too
    await page.reload();
    await page.getByTestId('workspace').waitFor();
    await page.getByRole('tab', { name: 'Bodenprofil' }).click();
    await expect.poll(() => text(page, 'layers', 2, 'bodenArt')).toBe('Mergel');

    // removing the third layer saves; the draft is gone after that
    await (await shownCell(page, 'layers', 2, 'endKote')).click();
    await page.getByTestId('grid-remove-rows').last().click();
    await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('save-refused').count()).toBe(0);
    expect(
      await page.evaluate((id) => Object.keys(localStorage).filter((k) => k.startsWith('pp.draft.') && k.endsWith(`.${id}`)), projectId),
    ).toEqual([]);
    await context.close();
  });
});
