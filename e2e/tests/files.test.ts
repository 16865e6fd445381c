import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  fileBrowser,
  newContext,
  screenshot,
  screenshotDir,
  watchPageErrors,
} from '../support/browser';

const baseURL = inject('baseURL');
const serverLogFile = inject('serverLogFile');

type Envelope<T> = { status_code: number; data: T; error?: { code: string } };

/** The demo account printed at the first start (plan Trial: no Free-plan layer limit for the sample). */
const demoAccount = (): { email: string; password: string } => {
  const log = readFileSync(serverLogFile, 'utf8');
  const email = /E-mail:\s+(\S+)/.exec(log)?.[1];
  const password = /Password:\s+(\S+)/.exec(log)?.[1];
  if (!email || !password) throw new Error('no demo account in the server log');
  return { email, password };
};

const apiCall = async <T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) => {
  const res = await fetch(`${baseURL}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.status_code !== 1) {
    throw new Error(`${path}: ${res.status} ${JSON.stringify(envelope.error)}`);
  }
  return envelope.data;
};

const saveDownload = async (download: Download, name: string): Promise<Buffer> => {
  const dir = join(screenshotDir, 'downloads');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  await download.saveAs(path);
  return readFileSync(path);
};

const browser = fileBrowser();

const exportVia = async (page: Page, kind: string, name: string): Promise<Buffer> => {
  await page.getByTestId('export-button').click();
  if (kind.startsWith('pdf')) {
    // the PDF asks first how much to print (ADR 0151); the short form is preselected
    await page.getByTestId(`export-${kind}`).click();
    await page.getByTestId('report-detail-summary').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: /Bericht erstellen|Create report/ }).click(),
    ]);
    return saveDownload(download, name);
  }
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId(`export-${kind}`).click(),
  ]);
  return saveDownload(download, name);
};

describe('files journey', () => {
  it('downloads the sample, imports it with preview, calculates, and exports PDF, Excel and XML', async () => {
    const demo = demoAccount();
    const login = await apiCall<{ access_token: string; user: { company: { id: number } } }>(
      '/v1/auth/login/',
      { body: { email: demo.email, password: demo.password } },
    );
    const token = login.access_token;
    const companyId = login.user.company.id;
    const project = await apiCall<{ id: number }>(`/v1/companies/${companyId}/projects/`, {
      body: { name: `Dateien ${Date.now() % 100000}` },
      token,
    });

    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/login');
    await page.locator('#email').fill(demo.email);
    await page.locator('#password').fill(demo.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/projects');

    await page.goto(`/projects/${project.id}/files`);
    await expect
      .poll(() => page.getByTestId('files-project-name').isVisible(), { timeout: 20_000 })
      .toBe(true);

    // The sample file comes from the page's own link.
    const [sampleDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('sample-file').click(),
    ]);
    const sample = await saveDownload(sampleDownload, 'sample.xlsx');
    expect(sample.subarray(0, 2).toString('latin1')).toBe('PK');

    // Import through the Excel picker: preview first, nothing blocking, apply.
    await page
      .getByTestId('import-input')
      .first()
      .setInputFiles(join(screenshotDir, 'downloads', 'sample.xlsx'));
    await expect
      .poll(() => page.getByTestId('import-preview').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await screenshot(page, 'files-import-preview-de');
    const apply = page.getByTestId('import-apply');
    await expect.poll(() => apply.isEnabled(), { timeout: 20_000 }).toBe(true);
    await apply.click();
    await expect
      .poll(() => page.getByTestId('import-undo').first().isVisible(), { timeout: 30_000 })
      .toBe(true);
    const detail = await apiCall<{ workbook: { piles: { Pname: string }[] } }>(
      `/v1/companies/${companyId}/projects/${project.id}/`,
      { token },
    );
    expect(detail.workbook.piles.map((p) => p.Pname)).toContain('101');

    // Calculate through the API, then export each file from the UI.
    await apiCall(
      `/v1/companies/${companyId}/projects/${project.id}/calculate/?dhpd_server=local`,
      { token },
    );
    await page.reload();
    await expect
      .poll(() => page.getByTestId('files-project-name').isVisible(), { timeout: 20_000 })
      .toBe(true);
    // after the reload the undo is still offered (the server keeps it, ADR 0063), once for the page
    await page.getByTestId('import-undo').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('import-undo').count()).toBe(1);
    await screenshot(page, 'files-page-de');

    const pdf = await exportVia(page, 'pdf-de', 'report-de.pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync(
      'pdftotext',
      ['-layout', join(screenshotDir, 'downloads', 'report-de.pdf'), '-'],
      {
        encoding: 'utf8',
      },
    );
    expect(text).toContain('101');
    expect(text).toContain('BP 1');
    expect(text).toContain('1 Zusammenfassung');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      join(screenshotDir, 'downloads', 'report-de.pdf'),
      join(screenshotDir, 'files-report-de'),
    ]);

    const pdfEn = await exportVia(page, 'pdf-en', 'report-en.pdf');
    expect(pdfEn.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const xlsx = await exportVia(page, 'xlsx', 'export.xlsx');
    expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');

    const xml = await exportVia(page, 'xml', 'export.xml');
    expect(xml.subarray(0, 5).toString('utf8')).toBe('<?xml');
    expect(xml.toString('utf8')).toContain('<InputDaten');

    // undo after another reload: the empty project is back
    await page.reload();
    await page.getByTestId('import-undo').click({ timeout: 20_000 });
    await page.getByTestId('import-undo').waitFor({ state: 'detached', timeout: 20_000 });
    const undone = await apiCall<{ workbook: { piles: unknown[] } }>(
      `/v1/companies/${companyId}/projects/${project.id}/`,
      { token },
    );
    expect(undone.workbook.piles).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
