import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { fileBrowser, newContext, screenshot, watchPageErrors } from '../support/browser';
import { mailMark, waitForOtp } from '../support/mail';

const baseURL = inject('baseURL');
const mailDir = inject('mailDir');
const password = 'Pfahl#2026a';

const browser = fileBrowser();

const signIn = async (page: Page, email: string, pass: string): Promise<void> => {
  await page.goto('/login');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(pass);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/projects');
};

describe('sign-up journey', () => {
  it('registers with the e-mail code, lands on /projects, survives a reload, switches language and signs out', async () => {
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const email = `ingrid.${Date.now()}@statik-buero.test`;

    await page.goto('/');
    await screenshot(page, 'home-de');
    await page.goto('/register');
    await page.locator('#full_name').fill('Ingrid Statik');
    await page.locator('#email').fill(email);
    await page.locator('#phone').fill('+49 30 1234567');
    await page.locator('#password').fill(password);
    await page.locator('#confirm_password').fill(password);
    await page.locator('#accept_terms').check();
    await screenshot(page, 'register-de');
    const since = mailMark(mailDir);
    await page.getByTestId('register-submit').click();

    // The code travels through the real SMTP server on loopback.
    const otp = await waitForOtp(mailDir, email, since);
    await page.locator('#otp').fill(otp);
    await page.getByTestId('otp-submit').click();

    await page.locator('#company_name').fill(`Statik Büro ${Date.now()}`);
    await page.locator('#company_street').fill('Hauptstraße 1');
    await page.locator('#company_postal_code').fill('10115');
    await page.locator('#company_location').fill('Berlin');
    await page.getByTestId('company-submit').click();
    await page.waitForURL('**/projects');
    await expect.poll(() => page.getByTestId('user-menu').isVisible()).toBe(true);

    await page.reload();
    await page.waitForURL('**/projects');
    await expect.poll(() => page.getByTestId('user-menu').isVisible()).toBe(true);
    await screenshot(page, 'projects-de');

    await page.getByTestId('lang-en').click();
    await expect
      .poll(() => page.getByTestId('user-menu').getAttribute('aria-label'))
      .toBe('User menu');
    await page.getByTestId('lang-de').click();
    await expect
      .poll(() => page.getByTestId('user-menu').getAttribute('aria-label'))
      .toBe('Benutzermenü');

    await page.getByTestId('user-menu').click();
    await page.getByText('Abmelden', { exact: true }).click();
    await page.waitForURL('**/login');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'pp_refresh_token')).toBeUndefined();

    await page.goto('/projects');
    await page.waitForURL('**/login');
    await screenshot(page, 'login-de');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });
});

describe('forgot password journey', () => {
  it('resets the password with the e-mail code and signs in with the new one', async () => {
    // Account made through the API (the sign-up UI is covered above).
    const email = `paul.${Date.now()}@statik-buero.test`;
    const api = async (path: string, body: unknown): Promise<Response> =>
      fetch(`${baseURL}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    let since = mailMark(mailDir);
    const step1 = await api('/v1/users/register/', {
      step: 1,
      full_name: 'Paul Pfahl',
      email,
      phone: '+49 89 7654321',
      password,
      confirm_password: password,
      accept_terms: true,
    });
    expect(step1.status).toBe(201);
    const signupOtp = await waitForOtp(mailDir, email, since);
    expect((await api('/v1/otp/verify-otp/', { email, otp: signupOtp })).status).toBe(200);
    const step2 = await api('/v1/users/register/', {
      step: 2,
      email,
      company: {
        name: `Pfahl GmbH ${Date.now()}`,
        street: 'Weg 2',
        postal_code: '80331',
        location: 'München',
      },
    });
    expect(step2.status).toBe(201);

    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByText('Passwort vergessen?').click();
    await page.waitForURL('**/forgot-password');
    // Client-side navigation: wait until the login form (which also has #email) has been replaced.
    await page.getByTestId('forgot-submit').waitFor();
    await expect.poll(() => page.getByTestId('login-submit').count()).toBe(0);
    await page.locator('#email').fill(email);
    await expect.poll(() => page.locator('#email').inputValue()).toBe(email);
    since = mailMark(mailDir);
    await page.getByTestId('forgot-submit').click();
    const resetOtp = await waitForOtp(mailDir, email, since);
    const newPassword = 'Neu!Pfahl2027';
    await page.locator('#otp').fill(resetOtp);
    await page.locator('#password').fill(newPassword);
    await page.locator('#confirm_password').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await page.waitForURL('**/login');
    await page.getByTestId('login-submit').waitFor();

    await signIn(page, email, newPassword);
    expect(page.url()).toContain('/projects');
    await context.close();
  });
});
