import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { closeOpenContexts, failureReport, recordContext } from './flight-recorder';

const root = resolve(import.meta.dirname, '../..');
export const screenshotDir = join(root, 'screenshots');

/** Debian's Chromium, headless, with the flags this offline machine needs. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export const newContext = async (
  browser: Browser,
  baseURL: string,
  width = 1440,
  height = 900,
): Promise<BrowserContext> => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    locale: 'de-DE',
  });
  await context.addInitScript(instantDialogs, INSTANT_DIALOGS_CSS);
  await recordContext(context); // a failed test's message says what its pages did and got (flight-recorder.ts)
  return context;
};

/**
 * Dialogs open at their full size at once in the browser tests (ADR 0210 addendum). antd zooms a dialog in from
 * the button that opened it, and its motion holds the dialog small for a frame or two before the zoom runs:
 * Playwright saw the small dialog stable and clicked it, the mouse went down on "Speichern" in the small dialog
 * and came up 66 ms later on the grown dialog's backdrop, and no click reached the button (recorded in a
 * reproduction; the cause of two CI failures). Only the opening zoom of dialogs is cut to 1 ms; closing and
 * every other animation (drawers, messages, menus) run as users see them.
 */
const INSTANT_DIALOGS_CSS =
  '.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter { animation-duration: 1ms !important; transform: none !important; opacity: 1 !important; }';

const instantDialogs = (css: string) => {
  const add = () => {
    const style = document.createElement('style');
    style.dataset.e2e = 'instant-dialogs';
    style.textContent = css;
    (document.head ?? document.documentElement).append(style);
  };
  if (document.documentElement) add();
  else document.addEventListener('DOMContentLoaded', add, { once: true });
};

/** Saves a full-page screenshot under screenshots/ (git-ignored) for a person to look at. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
};

/** Collects console errors and failed requests so a test can assert a clean page. */
export const watchPageErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
};

/**
 * The test file's own browser: launched before its first test, closed after its last. Call at the top level of
 * a test file; the returned function gives the browser inside tests.
 */
export const fileBrowser = (): (() => Browser) => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  // A failed test leaves its contexts open: their record (requests, answers, errors) goes into the failure's
  // message, which is what a CI log's summary shows; then they are closed, so that a second try (the config's
  // `retry`, ADR 0210) starts clean and its own report shows only its own pages.
  afterEach(async (context) => {
    const result = context.task.result;
    const errors = result?.errors ?? [];
    const last = errors[errors.length - 1];
    if (result?.state !== 'fail' || !last) return;
    const report = `\n\nwhat the browser and the server did:\n${await failureReport()}`;
    last.message = `${last.message}${report}`;
    if (last.stack) last.stack = `${last.stack}${report}`; // the JSON report reads the stack
    await closeOpenContexts();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll; use it inside tests');
    return browser;
  };
};
