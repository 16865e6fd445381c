import { describe, expect, inject, it } from 'vitest';
import { apiLogin, createAccount, signIn } from '../support/accounts';
import { fileBrowser, newContext, screenshot, watchPageErrors } from '../support/browser';
import { mailMark, waitForOtp } from '../support/mail';

// Billing (ADR 0083–0085): 3-D Secure in the upgrade wizard with the embedded test provider, the automatic
// renewal switch in the Payment tab, and the banner of an ending paid period.
const baseURL = inject('baseURL');
const mailDir = inject('mailDir');

type Subscription = {
  plan: string;
  seats: number;
  auto_renew: boolean;
  saved_card_last4: string | null;
  banner: string;
};

const getSubscription = async (token: string, companyId: number): Promise<Subscription> => {
  const res = await fetch(`${baseURL}/api/v1/companies/${companyId}/subscription/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: Subscription }).data;
};

const browser = fileBrowser();

describe('upgrade with a card that needs 3-D Secure (test provider)', () => {
  it('the test-mode bank page: refused first (back to the card), approved then; the Owner switches the automatic renewal off', async () => {
    const account = await createAccount(baseURL, mailDir, 'dreids');
    const { token, companyId } = await apiLogin(baseURL, account.email, account.password);
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, account.email, account.password);
    await page.goto('/account?tab=payment');
    await page.getByTestId('open-upgrade').click();
    await page.waitForURL('**/upgrade');

    // 1 subscription, 2 company and e-mail code — as in the upgrade journey of team.test.ts.
    await page.getByTestId('upgrade-step-0').waitFor();
    await page.getByTestId('billing-monthly').click();
    await page.locator('#upgrade_users').fill('2');
    await page.getByTestId('upgrade-next-0').click();
    await page.getByTestId('upgrade-step-1').waitFor();
    const companyEmail = `zentrale.${Date.now()}@billing-test.example`;
    await page.locator('#upgrade_company_email').fill(companyEmail);
    const since = mailMark(mailDir);
    await page.getByTestId('send-company-code').click();
    const code = await waitForOtp(mailDir, companyEmail, since);
    await page.locator('#upgrade_company_otp').fill(code);
    await page.getByTestId('verify-company-code').click();
    await page.getByTestId('company-email-verified').waitFor();
    await page.getByTestId('upgrade-next-1').click();

    // 3 card: Stripe's "always authenticate" test number, named in the test-mode hint.
    await page.getByTestId('upgrade-step-2').waitFor();
    expect(await page.getByTestId('card-test-mode').innerText()).toContain('4000 0027 6000 3184');
    await page.locator('#card_card_number').fill('4000 0027 6000 3184');
    await page.locator('#card_expiry').pressSequentially('1230');
    await page.locator('#card_cvc').fill('123');
    await page.locator('#card_holder').fill('Dana Dreids');
    await page.getByTestId('upgrade-next-2').click();

    // 4 confirmation (with the automatic renewal note) → pay → the test-mode bank page.
    await page.getByTestId('upgrade-step-3').waitFor();
    expect(await page.getByTestId('upgrade-auto-renew-note').innerText()).toContain(
      'verlängert sich automatisch',
    );
    await page.getByTestId('upgrade-pay').click();
    const bank = page.getByTestId('auth-step-test');
    await bank.waitFor();
    expect(await page.getByTestId('auth-test-mode').innerText()).toContain('Testmodus');
    await screenshot(page, 'billing-3ds-test-bank-de');
    // Nothing is bought while the bank page is open.
    expect(await getSubscription(token, companyId)).toMatchObject({ plan: 'Free' });

    // The bank refuses: back on the card step with the message; still Free.
    await page.getByTestId('auth-test-fail').click();
    await page.getByTestId('upgrade-step-2').waitFor();
    await page
      .getByText('Ihre Bank hat die Zahlung nicht bestätigt', { exact: false })
      .first()
      .waitFor();
    await screenshot(page, 'billing-3ds-refused-de');
    expect(await getSubscription(token, companyId)).toMatchObject({ plan: 'Free' });

    // Again with the same card; this time the bank approves.
    await page.getByTestId('upgrade-next-2').click();
    await page.getByTestId('upgrade-pay').click();
    await bank.waitFor();
    await page.getByTestId('auth-test-approve').click();
    await page.getByTestId('upgrade-to-projects').waitFor();
    await screenshot(page, 'billing-3ds-done-de');
    expect(await getSubscription(token, companyId)).toMatchObject({
      plan: 'Paid',
      seats: 2,
      auto_renew: true,
      saved_card_last4: '3184',
    });

    // Payment tab: saved card, automatic renewal on; the Owner switches it off.
    await page.goto('/account?tab=payment');
    await expect.poll(() => page.getByTestId('saved-card').innerText()).toContain('3184');
    const toggle = page.getByTestId('auto-renew-switch');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('next-renewal').waitFor();
    await screenshot(page, 'billing-payment-auto-renew-de');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('next-renewal').count()).toBe(0);
    expect(await getSubscription(token, companyId)).toMatchObject({ auto_renew: false });
    // Only the refused payment may show up as a failed request.
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });
});

describe('licence banner of an ending paid period', () => {
  it('shows "ends soon" without dates when the paid period ends within 14 days and does not renew', async () => {
    const account = await createAccount(baseURL, mailDir, 'endet');
    const { companyId } = await apiLogin(baseURL, account.email, account.password);
    // Support route (the server's SUPPORT_TOKEN): a paid period without a saved card, 5 days left.
    const res = await fetch(`${baseURL}/api/support/companies/${companyId}/subscription/`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${inject('supportToken')}`,
      },
      body: JSON.stringify({
        plan: 'Paid',
        seats: 3,
        status: 'active',
        period_end: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      }),
    });
    expect(res.status).toBe(200);
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    await signIn(page, account.email, account.password);
    const banner = page.getByTestId('licence-banner-period_ending');
    await banner.waitFor();
    const text = await banner.innerText();
    expect(text).toContain('Ihr Abonnement endet bald');
    expect(text).not.toMatch(/\d{1,2}\.\d{1,2}\.\d{2,4}/);
    await screenshot(page, 'billing-banner-period-ending-de');
    await page.getByTestId('licence-banner-action').click();
    await page.waitForURL('**/account?tab=payment');
    await context.close();
  });
});
