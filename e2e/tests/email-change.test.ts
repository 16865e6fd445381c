import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, createAccount, signIn } from '../support/accounts';
import { launchBrowser, newContext, screenshot, watchPageErrors } from '../support/browser';
import { mailMark, readMails, waitForOtp } from '../support/mail';

// Issue 19 item 3: the sign-in address changes on the account page with the current password and the code
// mailed (real SMTP on loopback) to the new address; the old address gets notices.
const baseURL = inject('baseURL');
const mailDir = inject('mailDir');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('change of the sign-in address', () => {
  it('needs the password and the code from the new address; then the new address signs in', async () => {
    const account = await createAccount(baseURL, mailDir, 'umzug');
    const newEmail = `neu.${Date.now()}@statik-buero.test`;
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, account.email, account.password);
    await page.goto('/account');
    await page.getByTestId('email-current').waitFor();
    await page.locator('#email_change_new_email').fill(newEmail);
    await page.locator('#email_change_password').fill(account.password);
    const mark = mailMark(mailDir);
    await page.getByTestId('email-change-request').click();
    const code = await waitForOtp(mailDir, newEmail, mark);
    await page.getByTestId('email-change-pending').waitFor();
    await screenshot(page, 'account-email-change-de');
    await page.locator('#email_change_confirm_otp').fill(code);
    await page.getByTestId('email-change-confirm').click();
    await expect.poll(() => page.getByTestId('email-current').innerText()).toContain(newEmail);
    // The old address heard of the request and of the change.
    const notices = readMails(mailDir)
      .filter((m) => m.seq > mark.seq && m.to.includes(account.email))
      .map((m) => m.subject);
    expect(notices).toHaveLength(2);
    // The new address signs in; the old one is gone.
    expect((await apiLogin(baseURL, newEmail, account.password)).token).toBeTruthy();
    const old = await fetch(`${baseURL}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(old.status).toBe(400);
    expect(errors).toEqual([]);
    await context.close();
  });
});
