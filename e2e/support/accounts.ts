import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { mailMark, waitForOtp } from './mail';

export const E2E_PASSWORD = 'Pfahl#2026a';

const post = (baseURL: string, path: string, body: unknown, token?: string): Promise<Response> =>
  fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/**
 * Marks the guided tour as seen for an account, as the workspace does when it opens the tour by itself for
 * a new user's first project (ADR 0182): journeys that do not test the tour are not covered by its mask.
 */
export const markTourSeen = async (baseURL: string, email: string, password: string) => {
  const { token } = await apiLogin(baseURL, email, password);
  const seen = await post(baseURL, '/v1/user/me/tour-seen/', undefined, token);
  if (seen.status !== 200) throw new Error(`tour-seen: ${seen.status}`);
};

/**
 * A new company with its owner (Free plan), made through the sign-up API with the e-mail code. The guided
 * tour counts as seen unless `tour` is true (then it opens by itself on the first project, as for a person).
 */
export const createAccount = async (
  baseURL: string,
  mailDir: string,
  label: string,
  { tour = false }: { tour?: boolean } = {},
): Promise<{ email: string; password: string }> => {
  const email = `${label}.${Date.now()}@statik-buero.test`;
  const since = mailMark(mailDir);
  const step1 = await post(baseURL, '/v1/users/register/', {
    step: 1,
    full_name: `E2E ${label}`,
    email,
    phone: '+49 30 1234567',
    password: E2E_PASSWORD,
    confirm_password: E2E_PASSWORD,
    accept_terms: true,
  });
  if (step1.status !== 201) {
    throw new Error(`register step 1: ${step1.status} ${await step1.text()}`);
  }
  const otp = await waitForOtp(mailDir, email, since);
  const verify = await post(baseURL, '/v1/otp/verify-otp/', { email, otp });
  if (verify.status !== 200) throw new Error(`verify: ${verify.status}`);
  const step2 = await post(baseURL, '/v1/users/register/', {
    step: 2,
    email,
    company: {
      name: `Büro ${label} ${Date.now()}`,
      street: 'Weg 2',
      postal_code: '80331',
      location: 'München',
    },
  });
  if (step2.status !== 201) {
    throw new Error(`register step 2: ${step2.status} ${await step2.text()}`);
  }
  if (!tour) await markTourSeen(baseURL, email, E2E_PASSWORD);
  return { email, password: E2E_PASSWORD };
};

/** The demo owner (plan Trial) the server creates on an empty embedded database; its password is in the log. */
export const demoAccount = (serverLogFile: string): { email: string; password: string } | null => {
  const log = readFileSync(serverLogFile, 'utf8');
  const email = /E-mail:\s+(\S+)/.exec(log)?.[1];
  const password = /Password:\s+(\S+)/.exec(log)?.[1];
  return email && password ? { email, password } : null;
};

/** Signs in through the login page and waits for the project list. */
export const signIn = async (page: Page, email: string, password: string): Promise<void> => {
  await page.goto('/login');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/projects');
};

/** An access token for API checks next to the browser (login route). */
export const apiLogin = async (
  baseURL: string,
  email: string,
  password: string,
): Promise<{ token: string; companyId: number }> => {
  const response = await post(baseURL, '/v1/auth/login/', { email, password, remember_me: false });
  const body = (await response.json()) as {
    data: { access_token: string; user: { company: { id: number } } };
  };
  return { token: body.data.access_token, companyId: body.data.user.company.id };
};
