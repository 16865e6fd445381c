import type { Locator, Page } from 'playwright-core';

/** A cell of a catalogue grid (`grid-piles`, `grid-layers`, `grid-loads`) by row index and wire name. */
export const cell = (page: Page, grid: string, row: number, key: string): Locator =>
  page
    .locator(`[data-testid="grid-${grid}"] .ag-row[row-index="${row}"] [col-id="${key}"]`)
    .first();

/**
 * A cell scrolled into the grid's DOM first: the grid renders only the columns in view (column
 * virtualisation, ADR 0067), so a column off to the side has no element until the grid is scrolled to it.
 * Scrolls sideways from the left edge in half-viewport steps until the cell exists.
 */
export const shownCell = async (
  page: Page,
  grid: string,
  row: number,
  key: string,
): Promise<Locator> => {
  const target = cell(page, grid, row, key);
  if ((await target.count()) > 0) return target;
  await page.evaluate(
    async ({ selector, rowIndex, colId }) => {
      const viewport = document.querySelector<HTMLElement>(`${selector} .ag-grid-viewport`);
      if (!viewport) return;
      const query = `${selector} .ag-row[row-index="${rowIndex}"] [col-id="${colId}"]`;
      viewport.scrollLeft = 0;
      for (let i = 0; i < 40; i += 1) {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        if (document.querySelector(query)) return;
        if (viewport.scrollLeft + viewport.clientWidth >= viewport.scrollWidth - 1) return;
        viewport.scrollLeft += Math.max(100, viewport.clientWidth / 2);
      }
    },
    { selector: `[data-testid="grid-${grid}"]`, rowIndex: row, colId: key },
  );
  return target;
};

/** The class attribute of a cell (scrolled into the DOM first): `pp-cell--invalid`, `pp-cell--caution`, … */
export const cellClasses = async (
  page: Page,
  grid: string,
  row: number,
  key: string,
): Promise<string> => (await (await shownCell(page, grid, row, key)).getAttribute('class')) ?? '';

/** Types into a cell like a user: focus, type (starts the editor), Enter commits. */
export const typeInto = async (
  page: Page,
  grid: string,
  row: number,
  key: string,
  text: string,
) => {
  await (await shownCell(page, grid, row, key)).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
};

/** Pastes tab-separated text at the focused cell, as Ctrl+V with text copied from Excel does. */
export const pasteTsv = async (page: Page, text: string): Promise<void> => {
  await page.evaluate((data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', data);
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, text);
};

/** Waits until the workspace says "Gespeichert" (the save state of the toolbar). */
export const waitSaved = async (page: Page): Promise<void> => {
  await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 20_000 });
};
