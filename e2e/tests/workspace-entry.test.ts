import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, createAccount, signIn } from '../support/accounts';
import { fileBrowser, newContext, screenshot } from '../support/browser';
import { cellClasses, pasteTsv, shownCell, typeInto, waitSaved } from '../support/grid';
import { createProjectInUi, enterSoilProfile, focusedCell, layersTsv } from '../support/workspace';

const baseURL = inject('baseURL');
const mailDir = inject('mailDir');

const browser = fileBrowser();

const text = async (page: Page, grid: string, row: number, key: string) =>
  (await shownCell(page, grid, row, key)).innerText();

describe('grid keyboard (ADR 0141)', () => {
  it('keeps the first character typed right after Tab, moves with Ctrl+Home/End, and Ctrl+A selects the cell text only', async () => {
    const account = await createAccount(baseURL, mailDir, 'tastatur');
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await signIn(page, account.email, account.password);
    await page.getByTestId('decimal-point').click();
    await createProjectInUi(page, 'Tastatur');
    await page.getByTestId('grid-add-row').first().click();
    await page.getByTestId('grid-add-row').first().click();

    // the numeric column right of the ground level (AEHoehe)
    const next = await page.evaluate(() => {
      const header = Array.from(
        document.querySelectorAll<HTMLElement>(
          '[data-testid="grid-piles"] .ag-header-cell[col-id]',
        ),
        (h) => h.getAttribute('col-id') ?? '',
      ).filter((id) => id !== '' && id !== '__marker' && id !== 'ag-Grid-SelectionColumn');
      return header[header.indexOf('AEHoehe') + 1] ?? '';
    });
    expect(next).toBe('SollPfahlOberKante');
    // a barcode-style typist: Tab and the next characters within a few milliseconds, while the page is
    // busy (as after an edit of a large project: re-render, live preview) for 60 ms right after the Tab
    for (const [row, value] of [
      [0, '248.1'],
      [1, '196.5'],
    ] as const) {
      // each row starts from a saved workbook: what is tested is the Tab race within a row (on a loaded machine
      // whole values were lost until the grid held the keys typed before the editor had the focus; ADR 0141)
      await waitSaved(page);
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
      // the typist looks at the value before going on: keys still waiting for the editor (a loaded machine)
      // belong to this cell, and a click on the next row would drop them (ADR 0141 addendum)
      await expect.poll(() => text(page, 'piles', row, next)).toBe(value);
    }
    // the grid renders a committed value on its next frame: on a loaded machine that is after Enter returns
    await expect.poll(() => text(page, 'piles', 0, next)).toBe('248.1');
    await expect.poll(() => text(page, 'piles', 1, next)).toBe('196.5');
    expect(await text(page, 'piles', 1, 'AEHoehe')).toBe('250');

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

describe('a refused save (ADR 0142)', () => {
  it('names the plan limit where the user looks, refuses to calculate, asks before leaving and keeps the work', async () => {
    const account = await createAccount(baseURL, mailDir, 'verweigert');
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, account.email, account.password);
    await page.getByTestId('decimal-point').click();
    const projectId = await createProjectInUi(page, 'Drei Schichten');
    await page.getByTestId('grid-add-row').first().click();
    await typeInto(page, 'piles', 0, 'Pname', 'L1');
    await typeInto(page, 'piles', 0, 'AlternativeCharakteristischeLastZ', '1500');
    await page
      .locator('[data-testid="save-state"][data-state="saved"]')
      .waitFor({ timeout: 20_000 });

    await enterSoilProfile(page, layersTsv('.', THREE_LAYERS), 'Mergel', 3);
    // the refusal is named above the tabs, with the numbers and the way to upgrade
    const refused = page.getByTestId('save-refused');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('höchstens 2 Bodenschichten');
    expect(await refused.innerText()).toContain('„BP 1“ hat 3');
    await page.getByTestId('plan-upgrade').waitFor();
    await page
      .locator('[data-testid="save-state"][data-state="invalid"]')
      .waitFor({ timeout: 20_000 });
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
    await page
      .locator('[data-testid="save-state"][data-state="saved"]')
      .waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('save-refused').count()).toBe(0);
    expect(
      await page.evaluate(
        (id) =>
          Object.keys(localStorage).filter(
            (k) => k.startsWith('pp.draft.') && k.endsWith(`.${id}`),
          ),
        projectId,
      ),
    ).toEqual([]);
    await context.close();
  });
});

type StoredPiles = {
  data: {
    workbook: {
      piles: { Pname: string | null; AlternativeCharakteristischeLastZ: number | null }[];
    };
  };
};

const storedLoads = async (email: string, password: string, projectId: number) => {
  const { token, companyId } = await apiLogin(baseURL, email, password);
  const body = (await (
    await fetch(`${baseURL}/api/v1/companies/${companyId}/projects/${projectId}/`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as StoredPiles;
  return body.data.workbook.piles.map((p) => p.AlternativeCharakteristischeLastZ);
};

describe('thousands separators (ADR 0140)', () => {
  it('reads 1.200 as 1200 with the decimal comma (the German default) and refuses 1.25; the same the other way with the decimal point', async () => {
    const account = await createAccount(baseURL, mailDir, 'tausender');
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await signIn(page, account.email, account.password);
    const projectId = await createProjectInUi(page, 'Tausender');
    const key = 'AlternativeCharakteristischeLastZ';
    await page.getByTestId('grid-add-row').first().click();

    // German, nothing chosen: the decimal comma; the PDF writes 1200 as "1.200", so "1.200" is 1200
    await typeInto(page, 'piles', 0, key, '1.200');
    await expect.poll(() => text(page, 'piles', 0, key)).toBe('1200');
    // "1.25" is not a group of three: refused at the cell with the reason, the value stays
    await typeInto(page, 'piles', 0, key, '1.25');
    // the cell stays marked with the reason in its tooltip (the toast that says it too lasts 3 s only, and a
    // slow CI run could miss it)
    await expect.poll(() => cellClasses(page, 'piles', 0, key)).toContain('pp-cell--invalid');
    expect(await text(page, 'piles', 0, key)).toBe('1200');
    await page.mouse.move(0, 0); // the pointer rests on the cell since typing: enter it anew for the tooltip
    await (await shownCell(page, 'piles', 0, key)).hover();
    await page
      .locator('.ag-tooltip')
      .getByText(/„\.“ trennt hier nur Tausendergruppen/)
      .waitFor();
    await screenshot(page, 'entry-grouping-refused');
    // pasted from Excel with grouping: 1.250 / 2.000 / 2.800 / 1.687,5 (hand: 1250, 2000, 2800, 1687.5)
    await (await shownCell(page, 'piles', 0, key)).click();
    await pasteTsv(page, ['1.250', '2.000', '2.800', '1.687,5'].join('\n'));
    await expect.poll(() => text(page, 'piles', 3, key)).toBe('1687,5');
    expect([
      await text(page, 'piles', 0, key),
      await text(page, 'piles', 1, key),
      await text(page, 'piles', 2, key),
    ]).toEqual(['1250', '2000', '2800']);
    // a pasted "1.25" refuses the whole block and names the cell
    await (await shownCell(page, 'piles', 0, key)).click();
    await pasteTsv(page, ['1.25', '900'].join('\n'));
    await page.getByTestId('paste-error').waitFor();
    expect(await text(page, 'piles', 1, key)).toBe('2000');
    await waitSaved(page);
    expect(await storedLoads(account.email, account.password, projectId)).toEqual([
      1250, 2000, 2800, 1687.5,
    ]);

    // decimal point: "1,200" is 1200, "1,25" is refused, "1,687.5" is 1687.5
    await page.getByTestId('decimal-point').click();
    await typeInto(page, 'piles', 0, key, '1,200');
    await expect.poll(() => text(page, 'piles', 0, key)).toBe('1200');
    await typeInto(page, 'piles', 1, key, '1,25');
    await expect.poll(() => cellClasses(page, 'piles', 1, key)).toContain('pp-cell--invalid');
    expect(await text(page, 'piles', 1, key)).toBe('2000');
    await page.mouse.move(0, 0);
    await (await shownCell(page, 'piles', 1, key)).hover();
    await page
      .locator('.ag-tooltip')
      .getByText(/„,“ trennt hier nur Tausendergruppen/)
      .waitFor();
    await (await shownCell(page, 'piles', 2, key)).click();
    await pasteTsv(page, ['1,687.5', '3,000'].join('\n'));
    await expect.poll(() => text(page, 'piles', 3, key)).toBe('3000');
    await waitSaved(page);
    expect(await storedLoads(account.email, account.password, projectId)).toEqual([
      1200, 2000, 1687.5, 3000,
    ]);
    await context.close();
  });
});

describe('stale status (ADR 0141)', () => {
  it('a failed row turns ok when its soil profile arrives (preview) and stays ok after a successful calculation', async () => {
    const account = await createAccount(baseURL, mailDir, 'status');
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await signIn(page, account.email, account.password);
    await page.getByTestId('decimal-point').click();
    await createProjectInUi(page, 'Status');
    await page.getByTestId('grid-add-row').first().click();
    await (await shownCell(page, 'piles', 0, 'Pname')).click();
    await pasteTsv(page, PILE_ROW);
    await expect.poll(() => text(page, 'piles', 0, 'Pname')).toBe('101');
    // no soil profile yet (a load point names only an existing one, ADR 0181): the preview marks the row
    // as failed; an edit of the row redraws it while failed, so the row itself carries the failed tint
    await page.getByTestId('row-failed').first().waitFor();
    await typeInto(page, 'piles', 0, 'SollDurchmesser', '1');
    await expect
      .poll(() => page.locator('[data-testid="grid-piles"] .ag-row.pp-row--failed').count())
      .toBeGreaterThan(0);
    await enterSoilProfile(
      page,
      layersTsv('.', [
        [150, 'Lehm'],
        [130, 'Kies und Sand'],
      ]),
      'Kies und Sand',
      2,
    );
    await page.getByRole('tab', { name: 'Äußere Tragfähigkeit' }).click();
    await typeInto(page, 'piles', 0, 'BodenProfil', 'BP 1');
    // the preview follows the soil-profile change: a result and no failure marker
    await expect.poll(() => text(page, 'piles', 0, 'R_d'), { timeout: 20_000 }).not.toBe('');
    await expect.poll(() => page.getByTestId('row-failed').count()).toBe(0);
    await waitSaved(page);
    await page.getByTestId('calculate').click();
    await page.getByTestId('calc-state-fresh').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('row-failed').count()).toBe(0);
    expect(await page.locator('[data-testid="grid-piles"] .ag-row.pp-row--failed').count()).toBe(0);

    // a soil-profile change after the calculation: the preview shows the new resistance at once
    const fresh = await text(page, 'piles', 0, 'R_d');
    await page.getByRole('tab', { name: 'Bodenprofil' }).click();
    await typeInto(page, 'layers', 1, 'qc', '12');
    await page.getByRole('tab', { name: 'Äußere Tragfähigkeit' }).click();
    await page.getByTestId('calc-state-preview').waitFor();
    await expect.poll(() => text(page, 'piles', 0, 'R_d'), { timeout: 20_000 }).not.toBe(fresh);
    await context.close();
  });
});

/** One load point as Excel copies it (visible default input columns, decimal point), no soil profile yet. */
const PILE_ROW = [
  '101',
  'bp',
  '1',
  '157',
  '157',
  '156.76',
  '-591.39',
  '696.898',
  '0.9',
  '800',
  '1100',
  '',
  '3',
  '3',
  '100',
].join('\t');
