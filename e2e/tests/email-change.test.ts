import { describe, expect, inject, it } from 'vitest';
import { apiLogin, createAccount, signIn } from '../support/accounts';
import { fileBrowser, newContext, screenshot, watchPageErrors } from '../support/browser';
import { mailMark, readMails, waitForOtp } from '../support/mail';

// ADR 0112: the sign-in address changes on the account page with the current password and the code
// mailed (real SMTP on loopback) to the new address; the old address gets notices.
const baseURL = inject('baseURL');
const mailDir = inject('mailDir');

const api = async <T>(method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
};

const browser = fileBrowser();

describe('change of the sign-in address', () => {
  it('needs the password and the code from the new address; then the new address signs in', async () => {
    const account = await createAccount(baseURL, mailDir, 'umzug');
    const newEmail = `neu.${Date.now()}@statik-buero.test`;
    const context = await newContext(browser(), baseURL);
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

  it('a manager proposes a member’s new address in the team dialog; it applies only with the member’s code', async () => {
    const owner = await createAccount(baseURL, mailDir, 'chefin');
    const { token, companyId } = await apiLogin(baseURL, owner.email, owner.password);
    // A paid licence with seats for the member (support route with the server's SUPPORT_TOKEN).
    const licence = await api(
      'PUT',
      `/support/companies/${companyId}/subscription/`,
      {
        plan: 'Paid',
        seats: 5,
        status: 'active',
        period_end: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      },
      inject('supportToken'),
    );
    expect(licence.status).toBe(200);
    const memberEmail = `mitglied.${Date.now()}@statik-buero.test`;
    const invited = mailMark(mailDir);
    const added = await api<{ id: number }>(
      'POST',
      `/v1/companies/${companyId}/employees/add-employee/`,
      { email: memberEmail, full_name: 'Mia Mitglied', role: 'Member' },
      token,
    );
    expect(added.status).toBe(201);
    const invitation = await waitForOtp(mailDir, memberEmail, invited);
    const set = await api('POST', '/v1/otp/reset-password/', {
      email: memberEmail,
      otp: invitation,
      password: owner.password,
      confirm_password: owner.password,
    });
    expect(set.status).toBe(200);
    const memberToken = (await apiLogin(baseURL, memberEmail, owner.password)).token;

    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await signIn(page, owner.email, owner.password);
    await page.goto('/account?tab=users');
    await page.getByTestId(`edit-${added.data.id}`).click();
    const newEmail = `mia.neu.${Date.now()}@statik-buero.test`;
    await page.locator('#edit_user_email').fill(newEmail);
    const mark = mailMark(mailDir);
    await page.getByTestId('edit-user-submit').click();
    const code = await waitForOtp(mailDir, newEmail, mark);
    await screenshot(page, 'team-email-change-proposed-de');
    // Proposed only: the member still signs in with the old address.
    expect((await apiLogin(baseURL, memberEmail, owner.password)).token).toBeTruthy();
    const pending = await api<{ new_email: string; requested_by_other: boolean }>(
      'GET',
      '/v1/user/me/email-change/',
      undefined,
      memberToken,
    );
    expect(pending.data).toMatchObject({ new_email: newEmail, requested_by_other: true });
    const done = await api('POST', '/v1/user/me/email-change/confirm/', { otp: code }, memberToken);
    expect(done.status).toBe(200);
    expect((await apiLogin(baseURL, newEmail, owner.password)).token).toBeTruthy();
    await context.close();
  });
});
