import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, createAccount, demoAccount, signIn } from '../support/accounts';
import { fileBrowser, newContext, watchPageErrors } from '../support/browser';

/**
 * ADR 0118, 0119 in the real browser: the built app runs under its Content-Security-Policy without a single
 * violation, and the refresh token is an HttpOnly cookie no script can read that still keeps the session.
 */
const baseURL = inject('baseURL');
const mailDir = inject('mailDir');
const serverLogFile = inject('serverLogFile');

const browser = fileBrowser();

/** Records every `securitypolicyviolation` event of every document of the page. */
const watchCsp = async (context: BrowserContext): Promise<void> => {
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
};
const violations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

describe('content security policy', () => {
  it('sign-in, project list, workspace (grids, drawings, calculation) and account pages run without a violation', async () => {
    const account = demoAccount(serverLogFile) ?? (await createAccount(baseURL, mailDir, 'csp'));
    const context = await newContext(browser(), baseURL);
    await watchCsp(context);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const seen: string[] = [];
    const check = async (label: string) => {
      for (const v of await violations(page)) seen.push(`${label}: ${v}`);
    };

    const first = await page.goto('/login');
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await check('login');
    await page.goto('/register');
    await page.locator('#email').waitFor();
    await check('register');
    await signIn(page, account.email, account.password);
    await page.getByTestId('project-table').waitFor();
    await check('projects');

    const { token, companyId } = await apiLogin(baseURL, account.email, account.password);
    const list = (await (
      await fetch(`${baseURL}/api/v1/companies/${companyId}/projects/`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { results: { id: number }[] } };
    // The demo project (embedded database of the e2e server): calculated inputs, every tab once.
    const projectId = list.data.results[0]?.id;
    expect(projectId).toBeDefined();
    await page.goto(`/projects/${projectId}`);
    await page.getByTestId('workspace').waitFor();
    for (const tab of await page.getByRole('tab').all()) {
      if (await tab.isVisible()) {
        await tab.click();
        await page.waitForTimeout(300);
      }
    }
    await check('workspace');
    for (const tab of ['profile', 'company', 'users', 'payment']) {
      await page.goto(`/account?tab=${tab}`);
      await page.waitForLoadState('networkidle');
      await check(`account ${tab}`);
    }
    expect(seen).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await context.close();
  });
});

describe('refresh token cookie', () => {
  it('is HttpOnly, SameSite=Strict and scoped to the refresh route, and renews an expired access token', async () => {
    const account = await createAccount(baseURL, mailDir, 'cookie');
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('#email').fill(account.email);
    await page.locator('#password').fill(account.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/projects');

    const refresh = (await context.cookies()).find((c) => c.name === 'pp_refresh_token');
    expect(refresh).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/api/token/refresh/',
    });
    // No script of the page can read it.
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|; )pp_refresh_token=/);
    expect(await page.evaluate(() => document.cookie)).not.toContain(refresh?.value ?? '-');

    // The access token gone (as after 15 minutes): a reload refreshes through the cookie and stays signed in.
    await context.clearCookies({ name: 'pp_access_token' });
    await page.reload();
    await page.waitForURL('**/projects');
    await expect.poll(() => page.getByTestId('user-menu').isVisible()).toBe(true);
    const rotated = (await context.cookies()).find((c) => c.name === 'pp_refresh_token');
    expect(rotated?.value).toBeTruthy();
    expect(rotated?.value).not.toBe(refresh?.value);

    // Sign-out deletes the cookie, and the old value no longer refreshes.
    await page.getByTestId('user-menu').click();
    await page.getByText('Abmelden', { exact: true }).click();
    await page.waitForURL('**/login');
    expect((await context.cookies()).find((c) => c.name === 'pp_refresh_token')).toBeUndefined();
    const reuse = await fetch(`${baseURL}/api/api/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `pp_refresh_token=${rotated?.value}` },
      body: '{}',
    });
    expect(reuse.status).toBe(401);
    await context.close();
  });
});
