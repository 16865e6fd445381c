import { describe, expect, inject, it } from 'vitest';
import { fileBrowser, newContext, screenshot, watchPageErrors } from '../support/browser';

const baseURL = inject('baseURL');

const browser = fileBrowser();

/**
 * The API reference page (ADR 0164) in Chromium against the compiled server: Swagger UI renders the
 * operations of the OpenAPI document under the page's own Content-Security-Policy (a violation is a console
 * error), and every request the page makes goes to this server (offline: no CDN).
 */
describe('API reference page', () => {
  it('renders the operations under its CSP, loading nothing from elsewhere', async () => {
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseURL) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    const res = await page.goto('/api/docs');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(20);
    await expect
      .poll(() => page.locator('.opblock-summary-path', { hasText: '/api/ready' }).count())
      .toBeGreaterThan(0);
    await screenshot(page, 'api-docs');
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });
});
