import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, createAccount, demoAccount, signIn } from '../support/accounts';
import { fileBrowser, newContext, screenshot, watchPageErrors } from '../support/browser';
import { pasteTsv, shownCell, typeInto, waitSaved } from '../support/grid';

const baseURL = inject('baseURL');
const mailDir = inject('mailDir');
const serverLogFile = inject('serverLogFile');

const browser = fileBrowser();

/** Load points 102 and 103 as Excel copies them (visible default input columns, decimal point). */
const PILES_TSV = [
  [
    '102',
    'bp',
    '1',
    '3',
    '157',
    '156.76',
    '-591.39',
    '696.898',
    '1.2',
    '1200',
    '1700',
    'BP 1',
    '3',
    '3',
    '100',
  ],
  [
    '103',
    'bp',
    '1',
    '3',
    '157',
    '156.56',
    '-588.582',
    '696.898',
    '0.9',
    '800',
    '1100',
    'BP 1',
    '3',
    '3',
    '100',
  ],
]
  .map((row) => row.join('\t'))
  .join('\r\n');

/** Two layers (Free plan limit) in the layer grid's input column order. */
const layersTsv = (mark: '.' | ',') =>
  [
    [
      '150',
      'Lehm',
      '',
      '',
      `0${mark}1`,
      '',
      '',
      '',
      '',
      '20',
      '1',
      '1',
      '',
      '19',
      '9',
      '10',
      '10',
      '10',
    ],
    [
      '130',
      'Kies und Sand',
      '',
      '25',
      '',
      '',
      '',
      '',
      '',
      '35',
      '1',
      '1',
      '',
      '19',
      '9',
      '30',
      '30',
      '10',
    ],
  ]
    .map((row) => row.join('\t'))
    .join('\n');

const createProjectInUi = async (page: Page, name: string): Promise<number> => {
  await page.getByTestId('project-new').click();
  await page.locator('#project_name').fill(name);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.waitForURL(/\/projects\/\d+$/);
  await page.getByTestId('workspace').waitFor();
  return Number(/\/projects\/(\d+)$/.exec(page.url())![1]);
};

const enterSoilProfile = async (page: Page, mark: '.' | ',') => {
  await page.getByRole('tab', { name: 'Bodenprofil' }).click();
  await page.getByTestId('profile-add-first').click();
  await page.locator('#setting-startKote').fill('158');
  await page.locator('#setting-startKote').press('Enter');
  await page.locator('#setting-grundwasserStand').fill('151');
  await page.locator('#setting-grundwasserStand').press('Enter');
  await page.getByTestId('grid-add-row').last().click();
  await (await shownCell(page, 'layers', 0, 'endKote')).click();
  await pasteTsv(page, layersTsv(mark));
  await expect
    .poll(async () => (await shownCell(page, 'layers', 1, 'bodenArt')).innerText())
    .toBe('Kies und Sand');
};

describe('workspace journey (Free plan)', () => {
  it('creates a project, types and pastes load points and a soil profile, saves, calculates, undoes and keeps everything on reload', async () => {
    const account = await createAccount(baseURL, mailDir, 'werner');
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, account.email, account.password);
    // German defaults to the decimal comma (ADR 0140); this journey types decimal points
    await page.getByTestId('decimal-point').click();
    await screenshot(page, 'workspace-projects-empty');
    const projectId = await createProjectInUi(page, 'Brücke Nord');

    // the soil profile first: a load point chooses one of the project's profiles (ADR 0181)
    await enterSoilProfile(page, '.');
    await waitSaved(page);
    await screenshot(page, 'workspace-soil-profile');
    await page.getByRole('tab', { name: 'Äußere Tragfähigkeit' }).click();

    // typing: one load point cell by cell
    await page.getByTestId('grid-add-row').first().click();
    await typeInto(page, 'piles', 0, 'Pname', '101');
    for (const [key, text] of [
      ['AEHoehe', '157'],
      ['SollPfahlOberKante', '156.76'],
      ['Rechtswert', '-595.19'],
      ['Hochwert', '696.898'],
      ['SollDurchmesser', '1'],
      ['AlternativeCharakteristischeLastZ', '1500'],
      ['AlternativeDesignLastZ', '2100'],
      ['BodenProfil', 'BP 1'],
      ['einzelMindestEindringung', '3'],
      ['einzelzulaessigeSetzungCm', '3'],
      ['prozentualerMantelAnteil', '100'],
    ] as const) {
      await typeInto(page, 'piles', 0, key, text);
    }
    // an integer column refuses a fraction with the predecessor's message, and keeps the old value
    await typeInto(page, 'piles', 0, 'PfahlAnzahl', '1.5');
    await page
      .getByText(
        'Die eingegebene Zahl ist ungültig. Bitte geben Sie eine ganze Zahl größer oder gleich 0 ein.',
      )
      .first()
      .waitFor();
    await expect
      .poll(async () => (await shownCell(page, 'piles', 0, 'PfahlAnzahl')).innerText())
      .toBe('1');

    // pasting: two more load points from Excel extend the table
    await page.getByTestId('grid-add-row').first().click();
    await (await shownCell(page, 'piles', 1, 'Pname')).click();
    await pasteTsv(page, PILES_TSV);
    await expect
      .poll(async () => (await shownCell(page, 'piles', 2, 'Pname')).innerText())
      .toBe('103');
    await expect
      .poll(async () => (await shownCell(page, 'piles', 1, 'SollDurchmesser')).innerText())
      .toBe('1.2');

    await waitSaved(page);
    await page.getByTestId('calculate').click();
    await page.getByTestId('calc-state-fresh').waitFor({ timeout: 60_000 });
    await expect
      .poll(async () => (await shownCell(page, 'piles', 0, 'R_d')).innerText())
      .not.toBe('');
    expect(await (await shownCell(page, 'piles', 0, 'IstLaenge')).innerText()).not.toBe('');
    expect(await page.getByTestId('calc-info').innerText()).toMatch(
      /Engine .+ · \d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d/,
    );
    await page.mouse.move(700, 600);
    await screenshot(page, 'workspace-load-points-calculated');

    // fresh results are stored compact: the drawer fetches the load point's trace on demand (ADR 0170)
    await page.getByTestId('row-detail').first().click();
    await page.getByTestId('layer-trace').waitFor();
    await page.getByTestId('curve-R').waitFor();
    // Focus the user puts elsewhere while the drawer is still closing stays there when the closing animation
    // ends: antd's drawer took it back to the opening button, and a cell clicked at once lost the typed
    // keystrokes (ADR 0203). The animation runs at a tenth of its speed so that the cell is surely focused first.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
    await page.keyboard.press('Escape');
    await page.getByTestId('pile-detail').waitFor({ state: 'hidden' });
    const target = await shownCell(page, 'piles', 2, 'SollDurchmesser');
    await target.evaluate((element: HTMLElement) => element.focus());
    await page.getByTestId('pile-detail-drawer').waitFor({ state: 'hidden' });
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    // the drawer's after-close effect runs after the render that hid it: two frames later it has run
    await page.evaluate(
      () =>
        new Promise((r) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))),
        ),
    );
    expect(
      await target.evaluate((element) => element.contains(document.activeElement)),
      'focus stayed in the cell',
    ).toBe(true);

    // undo / redo of a cell edit (keyboard), results turn stale after the edit
    await typeInto(page, 'piles', 2, 'SollDurchmesser', '1.5');
    await expect
      .poll(async () => (await shownCell(page, 'piles', 2, 'SollDurchmesser')).innerText())
      .toBe('1.5');
    await page.getByTestId('calc-state-fresh').waitFor({ state: 'detached' });
    await (await shownCell(page, 'piles', 2, 'Pname')).click();
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await shownCell(page, 'piles', 2, 'SollDurchmesser')).innerText())
      .toBe('0.9');
    await page.keyboard.press('Control+y');
    await expect
      .poll(async () => (await shownCell(page, 'piles', 2, 'SollDurchmesser')).innerText())
      .toBe('1.5');
    await waitSaved(page);

    // the detail panel of a load point opens in a drawer
    await page.getByTestId('row-detail').first().click();
    await page.getByTestId('pile-detail').waitFor();
    // the trace: layer table with the q values and their table source, and the resistance–settlement curve
    await page.getByTestId('layer-trace').waitFor();
    await page.getByTestId('curve-R').waitFor();
    await page.getByTestId('line-Ek').waitFor({ state: 'attached' }); // a vertical line has no visible box
    await screenshot(page, 'workspace-pile-detail');
    await page.keyboard.press('Escape');

    await page.reload();
    await page.getByTestId('workspace').waitFor();
    await expect
      .poll(async () => (await shownCell(page, 'piles', 2, 'SollDurchmesser')).innerText())
      .toBe('1.5');
    await expect
      .poll(async () => (await shownCell(page, 'piles', 0, 'Pname')).innerText())
      .toBe('101');
    await expect
      .poll(async () => (await shownCell(page, 'piles', 1, 'AlternativeDesignLastZ')).innerText())
      .toBe('1700');
    await page.getByRole('tab', { name: 'Bodenprofil' }).click();
    await expect
      .poll(async () => (await shownCell(page, 'layers', 1, 'qc')).innerText())
      .toBe('25');

    // the stored workbook holds numbers, as typed
    const { token, companyId } = await apiLogin(baseURL, account.email, account.password);
    const detail = (await (
      await fetch(`${baseURL}/api/v1/companies/${companyId}/projects/${projectId}/`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { workbook: { piles: { Pname: string; SollDurchmesser: number }[] } } };
    expect(detail.data.workbook.piles.map((p) => [p.Pname, p.SollDurchmesser])).toEqual([
      ['101', 1],
      ['102', 1.2],
      ['103', 1.5],
    ]);

    // Free plan: a second project is refused with the plan message
    await page.goto('/projects');
    await page.getByTestId('project-table').waitFor();
    await screenshot(page, 'workspace-project-list');
    await page.getByTestId('project-new').click();
    await page.locator('#project_name').fill('Zweites Projekt');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByTestId('plan-limit').waitFor();
    expect(await page.getByTestId('plan-limit').innerText()).toContain('auf 1 Projekt begrenzt');
    expect(errors.filter((e) => !/40[0-9]/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('decimal comma end to end', () => {
  it('shows and takes numbers with a decimal comma and stores numbers', async () => {
    const account = await createAccount(baseURL, mailDir, 'komma');
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await signIn(page, account.email, account.password);
    await page.getByTestId('decimal-comma').click();
    const projectId = await createProjectInUi(page, 'Kommaprojekt');
    await page.getByTestId('grid-add-row').first().click();
    await typeInto(page, 'piles', 0, 'Pname', 'A1');
    await typeInto(page, 'piles', 0, 'SollDurchmesser', '1,25');
    await expect
      .poll(async () => (await shownCell(page, 'piles', 0, 'SollDurchmesser')).innerText())
      .toBe('1,25');
    // a wrong separator is named, and points to the setting
    await typeInto(page, 'piles', 0, 'AEHoehe', '1,2,3');
    await page
      .getByText(/Als Dezimaltrennzeichen ist „,“ eingestellt/)
      .first()
      .waitFor();
    await enterSoilProfile(page, ',');
    await expect
      .poll(async () => (await shownCell(page, 'layers', 0, 'cuk')).innerText())
      .toBe('0,1');
    await waitSaved(page);
    const { token, companyId } = await apiLogin(baseURL, account.email, account.password);
    const detail = (await (
      await fetch(`${baseURL}/api/v1/companies/${companyId}/projects/${projectId}/`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as {
      data: {
        workbook: {
          piles: { SollDurchmesser: number }[];
          soil_profiles: { soil_layers: { cuk: number | null }[] }[];
        };
      };
    };
    expect(detail.data.workbook.piles[0]!.SollDurchmesser).toBe(1.25);
    expect(detail.data.workbook.soil_profiles[0]!.soil_layers[0]!.cuk).toBe(0.1);
    // switching back changes the display, never the data
    await page.getByTestId('decimal-point').click();
    await page.getByRole('tab', { name: 'Äußere Tragfähigkeit' }).click();
    await expect
      .poll(async () => (await shownCell(page, 'piles', 0, 'SollDurchmesser')).innerText())
      .toBe('1.25');
    await screenshot(page, 'workspace-decimal');
    await context.close();
  });
});

describe('save conflict with two browser windows', () => {
  it('refuses the older save, offers reload theirs, and keeps mine as a copy', async () => {
    // the demo owner (plan Trial) may hold several projects, so "keep mine as a copy" can be shown
    const account =
      demoAccount(serverLogFile) ?? (await createAccount(baseURL, mailDir, 'konflikt'));
    const first = await newContext(browser(), baseURL);
    const second = await newContext(browser(), baseURL);
    const a = await first.newPage();
    const b = await second.newPage();
    await signIn(a, account.email, account.password);
    await a.getByTestId('decimal-point').click(); // German defaults to the comma; this test types points
    const projectId = await createProjectInUi(a, `Konflikt ${Date.now() % 100000}`);
    await a.getByTestId('grid-add-row').first().click();
    await typeInto(a, 'piles', 0, 'Pname', 'K1');
    await waitSaved(a);

    await signIn(b, account.email, account.password);
    await b.getByTestId('decimal-point').click();
    await b.goto(`/projects/${projectId}`);
    await b.getByTestId('workspace').waitFor();
    await expect.poll(async () => (await shownCell(b, 'piles', 0, 'Pname')).innerText()).toBe('K1');

    await typeInto(a, 'piles', 0, 'SollDurchmesser', '0.6');
    await waitSaved(a);
    await typeInto(b, 'piles', 0, 'SollDurchmesser', '0.8');
    await b.getByTestId('conflict-reload').waitFor({ timeout: 20_000 });
    await screenshot(b, 'workspace-conflict');
    await b.getByTestId('conflict-reload').click();
    await expect
      .poll(async () => (await shownCell(b, 'piles', 0, 'SollDurchmesser')).innerText())
      .toBe('0.6');

    // again, and this time keep mine as a copy: a new project with 0.9, the original keeps 0.7
    await typeInto(a, 'piles', 0, 'SollDurchmesser', '0.7');
    await waitSaved(a);
    await typeInto(b, 'piles', 0, 'SollDurchmesser', '0.9');
    await b.getByTestId('conflict-copy').waitFor({ timeout: 20_000 });
    await b.getByTestId('conflict-copy').click();
    await screenshot(b, 'workspace-conflict-copy');
    await b.waitForURL((url) => !url.pathname.endsWith(`/projects/${projectId}`));
    await b.getByTestId('workspace').waitFor();
    await expect
      .poll(async () => (await shownCell(b, 'piles', 0, 'SollDurchmesser')).innerText())
      .toBe('0.9');
    await a.reload();
    await expect
      .poll(async () => (await shownCell(a, 'piles', 0, 'SollDurchmesser')).innerText())
      .toBe('0.7');
    await first.close();
    await second.close();
  });
});

describe('guided tour of the load-point table', () => {
  it("opens by itself on a new user's first project, explains the two layer flags, and never again once closed (ADR 0182)", async () => {
    const account = await createAccount(baseURL, mailDir, 'ersttour', { tour: true });
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await signIn(page, account.email, account.password);
    const projectId = await createProjectInUi(page, 'Erste Tour');
    const badge = page.getByTestId('tour-badge');
    const tour = page.locator('.ant-tour');
    await expect.poll(() => badge.innerText()).toBe('1 / 7');
    await tour.getByText('Lastpunkt-Tabelle').waitFor();
    for (let step = 1; step < 7; step += 1) {
      await tour.getByRole('button', { name: 'Weiter' }).click();
    }
    await expect.poll(() => badge.innerText()).toBe('7 / 7');
    // the two switches of a soil layer, named as their columns are
    const last = await tour.innerText();
    expect(last).toContain('„Fußabsetzbarkeit“ – der Pfahlfuß darf in dieser Schicht stehen');
    expect(last).toContain('„Eindringungsrelevant“ – die Einbindung in diese Schicht zählt');
    // closed (not finished): remembered for this user on the server
    await page.keyboard.press('Escape');
    await expect.poll(() => tour.isVisible()).toBe(false);
    const { token } = await apiLogin(baseURL, account.email, account.password);
    const me = (await (
      await fetch(`${baseURL}/api/v1/user/me/`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { tour_seen: boolean } };
    expect(me.data.tour_seen).toBe(true);

    // back to the project, and in another browser: the workspace opens without the tour
    const frames = (p: typeof page) =>
      p.evaluate(
        () =>
          new Promise((done) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))),
          ),
      );
    // (the tour would open once the server's answer about the user is in: wait for it, then two frames)
    const meAnswer = (p: typeof page) => p.waitForResponse((r) => r.url().endsWith('/user/me/'));
    let answered = meAnswer(page);
    await page.reload();
    await page.getByTestId('workspace').waitFor();
    await answered;
    await frames(page);
    expect(await tour.isVisible()).toBe(false);
    const other = await newContext(browser(), baseURL);
    const second = await other.newPage();
    await signIn(second, account.email, account.password);
    answered = meAnswer(second);
    await second.goto(`/projects/${projectId}`);
    await second.getByTestId('workspace').waitFor();
    await answered;
    await frames(second);
    expect(await second.locator('.ant-tour').isVisible()).toBe(false);
    await other.close();
    await context.close();
  });

  it('walks through the steps with a step badge in German and in English', async () => {
    const account = await createAccount(baseURL, mailDir, 'tour');
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await signIn(page, account.email, account.password);
    await createProjectInUi(page, 'Tourprojekt');
    const badge = page.getByTestId('tour-badge');
    const tour = page.locator('.ant-tour');

    await page.getByTestId('tour-start').click();
    await expect.poll(() => badge.innerText()).toBe('1 / 7');
    await tour.getByText('Lastpunkt-Tabelle').waitFor();
    expect(await tour.getByRole('button', { name: 'Zurück' }).isDisabled()).toBe(true);
    await tour.getByRole('button', { name: 'Weiter' }).click();
    await expect.poll(() => badge.innerText()).toBe('2 / 7');
    await tour.getByRole('button', { name: 'Zurück' }).click();
    await expect.poll(() => badge.innerText()).toBe('1 / 7');
    for (let step = 1; step < 7; step += 1) {
      await tour.getByRole('button', { name: 'Weiter' }).click();
    }
    await expect.poll(() => badge.innerText()).toBe('7 / 7');
    await screenshot(page, 'workspace-tour-de');
    await tour.getByRole('button', { name: 'Fertig' }).click();
    await expect.poll(() => tour.isVisible()).toBe(false);

    await page.getByTestId('lang-en').click();
    await page.getByTestId('tour-start').click();
    await tour.getByText('Load-point table').waitFor();
    await expect.poll(() => badge.innerText()).toBe('1 / 7');
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => badge.innerText()).toBe('2 / 7');
    await screenshot(page, 'workspace-tour-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('lang-de').click();
    await context.close();
  });
});
