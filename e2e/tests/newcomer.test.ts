import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inputFieldsOf, type FieldEntity } from '@pfahlplaner/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from '../support/accounts';
import {
  fileBrowser,
  newContext,
  screenshot,
  screenshotDir,
  watchPageErrors,
} from '../support/browser';
import { pasteTsv, shownCell, typeInto, waitSaved } from '../support/grid';
import { mailMark, waitForOtp } from '../support/mail';
import { layoutProblems } from '../support/layout';
import { createProjectInUi, enterSoilProfile, layersTsv } from '../support/workspace';

const baseURL = inject('baseURL');
const mailDir = inject('mailDir');
const PASSWORD = 'Pfahl#2026a';

const browser = fileBrowser();

/**
 * Numbers written as an engineer's German or English spreadsheet writes them — by the platform's own
 * Intl formatter, a second method independent of the app's writeNumber/readNumber (ADR 0140).
 */
const de = (n: number) =>
  n.toLocaleString('de-DE', { useGrouping: true, maximumFractionDigits: 3 });
const en = (n: number) =>
  n.toLocaleString('en-US', { useGrouping: true, maximumFractionDigits: 3 });

/** Load point i: what the engineer means (the expected stored values, written by hand as formulas). */
const loadPoint = (i: number) => ({
  Pname: `N${i + 1}`,
  Rechtswert: -591.39 + 4 * i,
  Hochwert: 696.898 + (i % 5) * 4,
  SollDurchmesser: 0.9,
  AlternativeCharakteristischeLastZ: 1200 + 25 * i, // 1.200 … 2.675: every one with a thousands group
  AlternativeDesignLastZ: Math.round((1200 + 25 * i) * 13.5) / 10, // E_d = 1.35 · E_k, one decimal
});

/** One load point as a spreadsheet copies it (visible default input columns), loads optional. */
const pileTsvRow = (i: number, format: (n: number) => string, withLoads: boolean) => {
  const p = loadPoint(i);
  return [
    p.Pname,
    'bp',
    '1',
    '3',
    '157',
    format(156.76),
    format(p.Rechtswert),
    format(p.Hochwert),
    format(p.SollDurchmesser),
    withLoads ? format(p.AlternativeCharakteristischeLastZ) : '',
    withLoads ? format(p.AlternativeDesignLastZ) : '',
    'BP 1',
    '3',
    '3',
    '100',
  ].join('\t');
};

type StoredWorkbook = {
  settings: Record<string, unknown>;
  piles: Record<string, unknown>[];
  soil_profiles: { name: string; soil_layers: Record<string, unknown>[] }[];
};

const stored = async (email: string, projectId: number): Promise<StoredWorkbook> => {
  const { token, companyId } = await apiLogin(baseURL, email, PASSWORD);
  const body = (await (
    await fetch(`${baseURL}/api/v1/companies/${companyId}/projects/${projectId}/`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { data: { workbook: StoredWorkbook } };
  return body.data.workbook;
};

const pick = (row: Record<string, unknown>, entity: FieldEntity) =>
  Object.fromEntries(inputFieldsOf(entity).map((field) => [field.key, row[field.key] ?? null]));

/** Every input of a stored workbook (results and the version left out): what a round trip must keep. */
const inputsOf = (workbook: StoredWorkbook) => ({
  settings: pick(workbook.settings, 'settings'),
  piles: workbook.piles.map((row) => pick(row, 'pile')),
  soil_profiles: workbook.soil_profiles.map((profile) => ({
    ...pick(profile, 'soilProfile'),
    soil_layers: profile.soil_layers.map((layer) => pick(layer, 'soilLayer')),
  })),
});

const meant = (p: Record<string, unknown>) => ({
  Pname: p.Pname,
  Rechtswert: p.Rechtswert,
  Hochwert: p.Hochwert,
  SollDurchmesser: p.SollDurchmesser,
  AlternativeCharakteristischeLastZ: p.AlternativeCharakteristischeLastZ,
  AlternativeDesignLastZ: p.AlternativeDesignLastZ,
});

const signUpInUi = async (page: Page, email: string) => {
  await page.goto('/');
  await page.goto('/register');
  await page.locator('#full_name').fill('Dr.-Ing. Nora Neu');
  await page.locator('#email').fill(email);
  await page.locator('#phone').fill('+49 30 1234567');
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#confirm_password').fill(PASSWORD);
  await page.locator('#accept_terms').check();
  const mark = mailMark(mailDir);
  await page.getByTestId('register-submit').click();
  const otp = await waitForOtp(mailDir, email, mark);
  await page.locator('#otp').fill(otp);
  await page.getByTestId('otp-submit').click();
  await page.locator('#company_name').fill(`Neu Ingenieure ${Date.now()}`);
  await page.locator('#company_street').fill('Hauptstraße 1');
  await page.locator('#company_postal_code').fill('10115');
  await page.locator('#company_location').fill('Berlin');
  await page.getByTestId('company-submit').click();
  await page.waitForURL('**/projects');
};

/** Waits until the load-point grid's toolbar counts `count` rows (the rows below the view are not rendered). */
const rowCount = (page: Page, count: number) =>
  page
    .locator('[data-testid="grid-piles"] .pp-grid__count')
    .filter({ hasText: `${count} Zeilen` })
    .waitFor({ timeout: 20_000 });

/** Clicks the name cell of load point `row` (a tall window keeps 60 rows in view, off the scrollbar). */
const lastRowFirstCell = async (page: Page, row: number) => {
  await (await shownCell(page, 'piles', row, 'Pname')).click();
};

/** English texts of AG Grid that must not reach a German screen (empty grid, screen-reader labels). */
const AG_GRID_ENGLISH =
  /No Rows To Show|Press Space|Press SPACE|Input Editor|Column with Header Selection|toggle row selection/;

describe('newcomer journey', () => {
  it('sign-up, new project, three layers on Free, ten typed and fifty pasted load points with thousands separators in both formats, calculate, Excel round trip, leave and come back: nothing lost or changed', async () => {
    const context = await newContext(browser(), baseURL, 1440, 900);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    const errors = watchPageErrors(page);
    const email = `nora.${Date.now()}@statik-buero.test`;
    await signUpInUi(page, email);
    const projectId = await createProjectInUi(page, 'Erstes Projekt');
    const step = (name: string) => console.log(`${new Date().toISOString()} newcomer: ${name}`);
    step('project created');
    // a new user's first project: the guided tour opens by itself (ADR 0182); the newcomer reads it and
    // closes it
    const tour = page.locator('.ant-tour');
    await page.getByTestId('tour-badge').waitFor();
    expect(await tour.innerText()).toContain('Lastpunkt-Tabelle');
    await screenshot(page, 'newcomer-tour');
    await tour.locator('.ant-tour-close').click();
    await expect.poll(() => tour.isVisible()).toBe(false);

    // an empty grid speaks German, and so do its screen-reader labels
    const gridTexts = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('.pp-grid *'), (e) =>
          [
            e.getAttribute('aria-label') ?? '',
            e.getAttribute('aria-description') ?? '',
            e.childElementCount === 0 ? (e.textContent ?? '') : '',
          ].join(' '),
        ).join('\n'),
      );
    expect(await gridTexts()).not.toMatch(AG_GRID_ENGLISH);

    step('three layers');
    // three layers on Free: refused where the user looks, with the way to upgrade; the work is kept
    await enterSoilProfile(
      page,
      layersTsv(',', [
        [150, 'Lehm'],
        [140, 'Kies und Sand'],
        [130, 'Mergel'],
      ]),
      'Mergel',
      3,
    );
    await page.getByTestId('save-refused').waitFor();
    expect(await page.getByTestId('save-refused').innerText()).toContain(
      'höchstens 2 Bodenschichten',
    );
    await page.getByTestId('plan-upgrade').waitFor();
    await screenshot(page, 'newcomer-three-layers');
    // the newcomer follows the message: merges the last two layers (removes the third)
    await (await shownCell(page, 'layers', 2, 'endKote')).click();
    await page.getByTestId('grid-remove-rows').last().click();
    await waitSaved(page);
    expect(await page.getByTestId('save-refused').count()).toBe(0);

    step('ten load points');
    // ten load points: the rows pasted without loads, the loads typed as a German engineer writes them
    await page.getByRole('tab', { name: 'Äußere Tragfähigkeit' }).click();
    await page.getByTestId('grid-add-row').first().click();
    await (await shownCell(page, 'piles', 0, 'Pname')).click();
    await pasteTsv(
      page,
      Array.from({ length: 10 }, (_v, i) => pileTsvRow(i, de, false)).join('\n'),
    );
    await expect
      .poll(async () => (await shownCell(page, 'piles', 9, 'Pname')).innerText())
      .toBe('N10');
    for (let i = 0; i < 10; i += 1) {
      const p = loadPoint(i);
      await typeInto(
        page,
        'piles',
        i,
        'AlternativeCharakteristischeLastZ',
        de(p.AlternativeCharakteristischeLastZ),
      );
      await typeInto(page, 'piles', i, 'AlternativeDesignLastZ', de(p.AlternativeDesignLastZ));
    }
    step('fifty pasted');
    await page.setViewportSize({ width: 1440, height: 2200 });
    // fifty pasted: 25 with the decimal comma (1.687,5), 25 after switching to the decimal point (1,687.5)
    await page.getByTestId('grid-add-row').first().click();
    await lastRowFirstCell(page, 10);
    await pasteTsv(
      page,
      Array.from({ length: 25 }, (_v, k) => pileTsvRow(10 + k, de, true)).join('\n'),
    );
    await rowCount(page, 35);
    await page.getByTestId('decimal-point').click();
    await page.getByTestId('grid-add-row').first().click();
    await lastRowFirstCell(page, 35);
    await pasteTsv(
      page,
      Array.from({ length: 25 }, (_v, k) => pileTsvRow(35 + k, en, true)).join('\n'),
    );
    await rowCount(page, 60);
    await waitSaved(page);
    const expected = Array.from({ length: 60 }, (_v, i) => loadPoint(i));
    const afterEntry = await stored(email, projectId);
    expect(afterEntry.piles.map(meant)).toEqual(expected);

    step('calculate');
    // calculate what is on screen
    await page.getByTestId('calculate').click();
    await page.getByTestId('calc-state-fresh').waitFor({ timeout: 90_000 });
    await expect
      .poll(async () => (await shownCell(page, 'piles', 0, 'R_d')).innerText())
      .not.toBe('');
    expect(await gridTexts()).not.toMatch(AG_GRID_ENGLISH);

    step('widths');
    // the three widths: screenshots to look at; no sideways overflow, wrapped toolbar, raw code or colour
    // code on the load points and on the soil profile (the one check of the layout test)
    const problems: Record<string, string[]> = {};
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [tab, name] of [
        ['Äußere Tragfähigkeit', 'piles'],
        ['Bodenprofil', 'soil'],
      ] as const) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await page.waitForTimeout(300);
        problems[`${name} at ${width}`] = await layoutProblems(page);
        await screenshot(page, `newcomer-${width}-${name}`);
      }
    }
    expect(problems).toEqual({
      'piles at 1280': [],
      'soil at 1280': [],
      'piles at 1440': [],
      'soil at 1440': [],
      'piles at 1920': [],
      'soil at 1920': [],
    });
    await page.getByRole('tab', { name: 'Äußere Tragfähigkeit', exact: true }).click();
    await page.setViewportSize({ width: 1440, height: 900 });

    step('leave and come back');
    // leave and come back: nothing lost or changed
    await page.locator('.pp-header .ant-menu-item').filter({ hasText: 'Projekte' }).first().click();
    await page.waitForURL('**/projects');
    await page.goto(`/projects/${projectId}`);
    await page.getByTestId('workspace').waitFor();
    await expect
      .poll(async () => (await shownCell(page, 'piles', 0, 'AlternativeDesignLastZ')).innerText())
      .toBe('1620');
    expect(
      await (await shownCell(page, 'piles', 0, 'AlternativeCharakteristischeLastZ')).innerText(),
    ).toBe('1200');
    await page.reload();
    await page.getByTestId('workspace').waitFor();
    const afterReturn = await stored(email, projectId);
    expect(afterReturn.piles.map(meant)).toEqual(expected);
    expect(inputsOf(afterReturn)).toEqual(inputsOf(afterEntry));

    step('excel round trip');
    // Excel round trip: export, import into the project (replaces its inputs), compare every input
    await page.getByTestId('export-button').click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('export-xlsx').click(),
    ]);
    const file = join(screenshotDir, 'downloads', 'newcomer.xlsx');
    mkdirSync(join(screenshotDir, 'downloads'), { recursive: true });
    await download.saveAs(file);
    await page.getByTestId('import-input').first().setInputFiles(file);
    await page.getByTestId('import-preview').waitFor({ timeout: 30_000 });
    const apply = page.getByTestId('import-apply');
    await expect.poll(() => apply.isEnabled(), { timeout: 20_000 }).toBe(true);
    await apply.click();
    await page.getByTestId('import-undo').first().waitFor({ timeout: 30_000 });
    const afterRoundTrip = await stored(email, projectId);
    expect(afterRoundTrip.piles.map(meant)).toEqual(expected);
    expect(inputsOf(afterRoundTrip)).toEqual(inputsOf(afterEntry));
    expect(errors.filter((e) => !/40[0-9]/.test(e))).toEqual([]);
    await context.close();
  }, 600_000);
});
