import type { Locator, Page } from 'playwright-core';

/** A cell of a catalogue grid (`grid-piles`, `grid-layers`, `grid-loads`) by row index and wire name. */
export const cell = (page: Page, grid: string, row: number, key: string): Locator =>
  page.locator(`[data-testid="grid-${grid}"] .ag-row[row-index="${row}"] [col-id="${key}"]`).first();

/** Types into a cell like a user: focus, type (starts the editor), Enter commits. */
export const typeInto = async (page: Page, grid: string, row: number, key: string, text: string) => {
  await cell(page, grid, row, key).click();
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
