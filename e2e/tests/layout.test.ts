import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, demoAccount, signIn } from '../support/accounts';
import { fileBrowser, newContext, screenshot } from '../support/browser';
import { shownCell } from '../support/grid';
import { layoutProblems } from '../support/layout';
import { createProjectWithRows } from '../support/workspace';

const baseURL = inject('baseURL');
const serverLogFile = inject('serverLogFile');

const browser = fileBrowser();

const SIZES = [
  [1280, 720],
  [1440, 900],
  [1920, 1080],
] as const;

/** A project as an engineer's: 60 load points in one profile of three layers and one load case. */
const seedProject = (auth: { token: string; companyId: number }): Promise<number> =>
  createProjectWithRows(
    baseURL,
    auth,
    {
      name: `Widerlager Nord Achse 10–40 ${Date.now() % 1000}`,
      number: 'P-2026-0417',
    },
    {
      piles: Array.from({ length: 60 }, (_, i) => ({
        Pname: String(101 + i),
        AEHoehe: 157,
        SollPfahlOberKante: 156.76 - (i % 5) * 0.1,
        Rechtswert: -595 + i * 1.5,
        Hochwert: 696.9 + (i % 3),
        SollDurchmesser: 1,
        AlternativeCharakteristischeLastZ: 1500,
        AlternativeDesignLastZ: 2100,
        BodenProfil: 'BP 1',
        einzelMindestEindringung: 3,
        einzelzulaessigeSetzungCm: 3,
        prozentualerMantelAnteil: 100,
        // load point 151 carries far more than any length in the profile can: a failed row
        ...(i === 50
          ? { AlternativeCharakteristischeLastZ: 150000, AlternativeDesignLastZ: 210000 }
          : {}),
      })),
      soil_profiles: [
        {
          name: 'BP 1',
          startKote: 158,
          grundwasserStand: 151,
          soil_layers: [
            // a soft top layer the toe may not stand in, then two bearing layers
            {
              endKote: 150,
              bodenArt: 'Lehm',
              cuk: 0.1,
              phi: 20,
              FuszAbsetzbar: false,
              IstEindringRelevant: false,
            },
            { endKote: 140, bodenArt: 'Kies und Sand', qc: 25, phi: 35, ESoben: 60, ESunten: 80 },
            { endKote: 120, bodenArt: 'Mergel', qc: 30, phi: 30, ESoben: 80, ESunten: 100 },
          ],
        },
      ],
      horizontal_loadcases: [
        {
          name: 'LK 1',
          horizontal_loads: [
            { Pname: '101', gkz: 1000, qkz: 200, Hgkx: 50, OKBodenBiegung: 157, Grundwasser: 151 },
          ],
        },
      ],
    },
  );

const check = async (page: Page, name: string, width: number) => {
  await page.waitForTimeout(400);
  await screenshot(page, `layout-${width}-${name}`);
  expect(await layoutProblems(page), `${name} at ${width} px`).toEqual([]);
};

describe('layout at 1280, 1440 and 1920 px (ADR 0147)', () => {
  let demo: { email: string; password: string };
  let projectId: number;
  beforeAll(async () => {
    const account = demoAccount(serverLogFile);
    if (!account) throw new Error('no demo account in the server log');
    demo = account;
    const { token, companyId } = await apiLogin(baseURL, demo.email, demo.password);
    projectId = await seedProject({ token, companyId });
  });

  it.each(SIZES)(
    'shows every workspace screen and the account pages at %i×%i without sideways overflow, wrapped toolbar or raw codes',
    { timeout: 300_000 },
    async (width, height) => {
      const context = await newContext(browser(), baseURL, width, height);
      const page = await context.newPage();
      await signIn(page, demo.email, demo.password);
      await page.getByTestId('decimal-comma').click();
      await page.getByTestId('project-table').waitFor();
      await check(page, 'projects', width);
      // "Teilen": the dialog says that changes are saved, has a way to close it, counts in German plurals
      await page.getByTestId('project-share').first().click();
      await page.getByTestId('share-done').waitFor();
      await page.locator('.ant-transfer').waitFor();
      await page.waitForTimeout(500);
      const share = await page.locator('.ant-modal').innerText();
      expect(share).toContain('Jede Änderung wird sofort gespeichert.');
      expect(share).toMatch(/\d+ Person(en)?/);
      expect(share).not.toMatch(/Eintrag|Einträge/);
      await check(page, 'share', width);
      await page.getByTestId('share-done').click();
      await page.getByTestId('share-done').waitFor({ state: 'detached' });
      for (const tab of ['profile', 'company', 'users', 'payment']) {
        await page.goto(`/account?tab=${tab}`);
        await page.waitForLoadState('networkidle');
        await check(page, `account-${tab}`, width);
      }

      await page.goto(`/projects/${projectId}`);
      await page.getByTestId('workspace').waitFor();
      await page.getByTestId('calculate').click();
      await page.getByTestId('calc-state-fresh').waitFor({ timeout: 60_000 });
      await page.mouse.move(width / 2, height - 20);
      await check(page, 'grid', width);
      for (const [tab, name] of [
        ['Projektdaten', 'project'],
        ['Berechnungseinstellungen', 'calc-settings'],
        ['PDF-Ausgabe', 'pdf'],
        ['Bodenprofil', 'soil'],
        ['Querschnitt / Innere Tragfähigkeit', 'load-cases'],
        ['Ansicht', 'view'],
      ] as const) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        if (name === 'soil') {
          // a selected block shows its size ("2 × 2 Zellen markiert"): the layer toolbar keeps one line
          await (await shownCell(page, 'layers', 0, 'endKote')).click();
          await page.keyboard.press('Shift+ArrowDown');
          await page.keyboard.press('Shift+ArrowRight');
          await page.getByTestId('grid-range-size').first().waitFor();
        }
        await check(page, name, width);
      }
      // "Einstellungen" is no longer both a tab and a button
      expect(await page.getByRole('tab', { name: 'Einstellungen', exact: true }).count()).toBe(0);

      await page.getByTestId('settings-button').click();
      await page.getByTestId('settings-group-general').waitFor();
      await check(page, 'settings-dialog', width);
      await page.keyboard.press('Escape');
      await page.getByTestId('settings-group-general').waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: 'Äußere Tragfähigkeit', exact: true }).click();
      if (width === 1280) {
        // the failed row (ADR 0146): no R_d and no length, the marker says why in words
        await page.evaluate(() => {
          const grid = '[data-testid="grid-piles"]';
          for (const viewport of Array.from(
            document.querySelectorAll(`${grid} .ag-body-viewport, ${grid} .ag-grid-viewport`),
          )) {
            viewport.scrollTop = viewport.scrollHeight;
          }
        });
        await page.locator('[data-testid="grid-piles"] .ag-row[row-index="50"]').first().waitFor();
        expect(await (await shownCell(page, 'piles', 50, 'R_d')).innerText()).toBe('');
        expect(await (await shownCell(page, 'piles', 50, 'IstLaenge')).innerText()).toBe('');
        expect(await (await shownCell(page, 'piles', 51, 'R_d')).innerText()).not.toBe('');
        const marker = page
          .locator('[data-testid="grid-piles"] .ag-row[row-index="50"] [data-testid="row-failed"]')
          .first();
        await marker.hover();
        const tooltip = page.locator('.ag-tooltip').first();
        await tooltip.waitFor({ timeout: 5000 });
        const text = await tooltip.innerText();
        expect(text).toMatch(
          /Keine Pfahllänge bis zur .+ erfüllt alle Nachweise; zuletzt nicht erfüllt: /,
        );
        expect(text).not.toMatch(/profileBottom|MaxLaenge|uls-compression|toe-layer/);
        await screenshot(page, `layout-${width}-failed-row`);
        await page
          .locator('[data-testid="grid-piles"] .ag-row[row-index="50"] [data-testid="row-detail"]')
          .first()
          .click();
        await page.getByTestId('pile-failed').waitFor();
        expect(await page.getByTestId('curve-R').count()).toBe(0);
        await check(page, 'failed-detail', width);
        await page.keyboard.press('Escape');
        await page.getByTestId('pile-failed').waitFor({ state: 'detached' });
        await page.evaluate(() => {
          const grid = '[data-testid="grid-piles"]';
          for (const viewport of Array.from(
            document.querySelectorAll(`${grid} .ag-body-viewport, ${grid} .ag-grid-viewport`),
          )) {
            viewport.scrollTop = 0;
          }
        });
      }
      const firstRow = page.locator('[data-testid="grid-piles"] .ag-row[row-index="0"]');
      await firstRow.getByTestId('row-detail').first().click();
      await page.getByTestId('pile-detail').waitFor();
      await page.getByTestId('curve-R').waitFor();
      await check(page, 'pile-detail', width);
      await page.keyboard.press('Escape');
      await context.close();
    },
  );

  it(
    'shows the first project in English at 1280, 1440 and 1920 px without German words, cut headers or overflow',
    { timeout: 300_000 },
    async () => {
      const context = await newContext(browser(), baseURL, 1280, 720);
      const page = await context.newPage();
      await signIn(page, demo.email, demo.password);
      await page.getByTestId('lang-en').click();
      await page.getByTestId('decimal-point').click();
      await page.goto(`/projects/${projectId}`);
      await page.getByTestId('workspace').waitFor();
      await page.getByTestId('calculate').click();
      await page.getByTestId('calc-state-fresh').waitFor({ timeout: 60_000 });
      const found: Record<string, string[]> = {};
      const look = async (name: string) => {
        for (const [width, height] of SIZES) {
          await page.setViewportSize({ width, height });
          await page.waitForTimeout(400);
          await screenshot(page, `layout-en-${width}-${name}`);
          found[`${name} at ${width}`] = [
            ...(await layoutProblems(page)),
            ...(await germanOnScreen(page)),
          ];
        }
      };
      await look('grid');
      await page.getByRole('tab', { name: 'Soil profile', exact: true }).click();
      // a selected block shows its size in the toolbar ("2 × 3 cells selected"): the toolbar keeps one line
      await (await shownCell(page, 'layers', 0, 'endKote')).click();
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Shift+ArrowRight');
      await page.getByTestId('grid-range-size').first().waitFor();
      await look('soil');
      await page.getByRole('tab', { name: 'External Load Capacity', exact: true }).click();
      await page.getByTestId('row-detail').first().click();
      await page.getByTestId('curve-R').waitFor();
      await look('pile-detail');
      await page.keyboard.press('Escape');
      await page.getByTestId('pile-detail').waitFor({ state: 'detached' });
      await page.getByTestId('settings-button').click();
      await page.getByTestId('settings-group-general').waitFor();
      await look('settings-dialog');
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
      await context.close();
    },
  );
});

/**
 * German words of the interface (not of the project's data: soil names such as "Kies und Sand" are the
 * engineer's) in the visible text and the screen-reader labels of an English screen.
 */
const germanOnScreen = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const words =
      /\b(Zeilen?|Speichern|Gespeichert|Berechnen|Einstellungen|Lastpunkte?|Ergebnisse|Hinweise|Schicht|Bitte|eingeben|Abbrechen|Löschen|Rückgängig|Wiederholen|Spalten|Übernehmen|anlegen|nicht|wählen|Projekte|markiert|Bodenprofil|Fußabsetzbarkeit|Eindringungsrelevant|Entfernen)\b/g;
    const labels = Array.from(document.querySelectorAll('[aria-label], [title]'), (e) =>
      [e.getAttribute('aria-label'), e.getAttribute('title')].join(' '),
    );
    const found = [document.body.innerText, ...labels].join('\n').match(words);
    return found ? [`German on an English screen: ${[...new Set(found)].join(', ')}`] : [];
  });
