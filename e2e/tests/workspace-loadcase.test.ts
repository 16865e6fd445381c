import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, createAccount, signIn } from '../support/accounts';
import { fileBrowser, newContext, screenshot } from '../support/browser';
import { pasteTsv, shownCell, typeInto, waitSaved } from '../support/grid';
import { createProjectWithRows } from '../support/workspace';

const baseURL = inject('baseURL');
const mailDir = inject('mailDir');

const browser = fileBrowser();

const text = async (page: Page, row: number) =>
  (await shownCell(page, 'loads', row, 'Pname')).innerText();
const classes = async (page: Page, row: number) =>
  (await (await shownCell(page, 'loads', row, 'Pname')).getAttribute('class')) ?? '';

type Stored = { horizontal_loadcases: { horizontal_loads: { Pname: string | null }[] }[] };

/**
 * A project with the load points "A1" and "A2" and one load case whose rows name "Alt 7" (an old free-text
 * name of no load point, as stored before ADR 0193) and "A1".
 */
const seed = (auth: { token: string; companyId: number }): Promise<number> =>
  createProjectWithRows(
    baseURL,
    auth,
    { name: 'Lastfälle' },
    {
      piles: [{ Pname: 'A1' }, { Pname: 'A2' }],
      horizontal_loadcases: [
        {
          name: 'LK 1',
          horizontal_loads: [
            { Pname: 'Alt 7', gkz: 100 },
            { Pname: 'A1', gkz: 200 },
          ],
        },
      ],
    },
  );

describe('load point of a load-case row (ADR 0193)', () => {
  it('is chosen from the project’s load points, keeps and marks an old unknown name, and refuses one typed or pasted', async () => {
    const account = await createAccount(baseURL, mailDir, 'lastpunktwahl');
    const { token, companyId } = await apiLogin(baseURL, account.email, account.password);
    const projectId = await seed({ token, companyId });
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await signIn(page, account.email, account.password);
    await page.goto(`/projects/${projectId}`);
    await page.getByTestId('workspace').waitFor();
    await page.getByRole('tab', { name: 'Querschnitt / Innere Tragfähigkeit' }).click();
    await page.getByTestId('grid-loads').waitFor();

    // the stored name of no load point is shown as stored, marked red, and says which names there are
    await expect.poll(() => text(page, 0)).toBe('Alt 7');
    expect(await classes(page, 0)).toContain('pp-cell--invalid');
    expect(await classes(page, 1)).not.toContain('pp-cell--invalid');
    await (await shownCell(page, 'loads', 0, 'Pname')).hover();
    const tooltip = page.locator('.ag-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toBe(
      'Einen Lastpunkt „Alt 7“ gibt es in diesem Projekt nicht. Wählen Sie einen aus der Liste ' +
        '(A1, A2) oder legen Sie ihn zuerst im Reiter „Äußere Tragfähigkeit“ an.',
    );

    // Enter opens the list of the load points (not the free-text editor); ↓ ↓ Enter takes the second
    await (await shownCell(page, 'loads', 0, 'Pname')).click();
    await page.keyboard.press('Enter');
    const editor = page.getByTestId('choice-editor');
    await editor.waitFor();
    expect(await editor.getByRole('listbox', { name: 'Lastpunkte' }).isVisible()).toBe(true);
    expect(await editor.getByRole('option').allInnerTexts()).toEqual(['A1', 'A2']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await screenshot(page, 'workspace-loadcase-choice');
    await page.keyboard.press('Enter');
    await expect.poll(() => text(page, 0)).toBe('A2');
    await editor.waitFor({ state: 'detached' });
    expect(await classes(page, 0)).not.toContain('pp-cell--invalid');

    // a name typed in other case is that load point; a name of no load point is refused, the old stays
    await typeInto(page, 'loads', 1, 'Pname', 'a2');
    await expect.poll(() => text(page, 1)).toBe('A2');
    await typeInto(page, 'loads', 1, 'Pname', 'A3');
    await page.getByText('Einen Lastpunkt „A3“ gibt es in diesem Projekt nicht').first().waitFor();
    expect(await text(page, 1)).toBe('A2');
    expect(await classes(page, 1)).toContain('pp-cell--invalid');

    // pasted: an unknown name applies nothing, a known one goes in
    await (await shownCell(page, 'loads', 1, 'Pname')).click();
    await pasteTsv(page, 'B9');
    const pasteError = page.getByTestId('paste-error');
    await pasteError.waitFor();
    expect(await pasteError.innerText()).toContain('„B9“ gibt es in diesem Projekt nicht');
    expect(await text(page, 1)).toBe('A2');
    await pasteTsv(page, 'A1');
    await expect.poll(() => text(page, 1)).toBe('A1');

    await waitSaved(page);
    const stored = (await (
      await fetch(`${baseURL}/api/v1/companies/${companyId}/projects/${projectId}/`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { workbook: Stored } };
    expect(
      stored.data.workbook.horizontal_loadcases[0]!.horizontal_loads.map((l) => l.Pname),
    ).toEqual(['A2', 'A1']);
    await context.close();
  });
});
