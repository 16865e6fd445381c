/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- envelope data is loose, see test-app.ts */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies, invoices, pendingPayments, subscriptions } from '#app/db/schema/index';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { json, PASSWORD, readOtp } from '#app/test/test-app';

/** Helpers of the billing tests: company e-mail code, upgrade body, what was written. */

let ipCounter = 0;
const ip = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** Requests and enters the company e-mail code of the upgrade wizard (through the outbox). */
export const verifyCompanyEmail = async (
  t: TestApp,
  owner: SignedIn,
  email: string,
): Promise<string> => {
  const req = await t.call(
    'GET',
    `/api/companies/api/requestVerifyCompanyEmail/?company_verify_email=${encodeURIComponent(email)}`,
    { token: owner.access, ip: ip() },
  );
  expect(req.statusCode, req.body).toBe(200);
  const otp = await readOtp(t, email);
  const res = await t.call('POST', '/api/companies/api/verifyOTPWithCompanyEmail/', {
    token: owner.access,
    ip: ip(),
    body: { company_verify_email: email, otp },
  });
  expect(res.statusCode, res.body).toBe(200);
  return otp;
};

/** Access tokens live 15 minutes; after the clock jumps, sign in again. */
export const relogin = async (t: TestApp, u: SignedIn): Promise<void> => {
  const res = await t.call('POST', '/api/v1/auth/login/', {
    body: { email: u.email, password: PASSWORD },
    ip: ip(),
  });
  expect(res.statusCode, res.body).toBe(200);
  u.access = json(res).data.access_token;
};

export const testCard = (card_number: string, over: Record<string, unknown> = {}) => ({
  provider: 'test',
  card_number,
  expiry: '12/34',
  cvc: '123',
  holder: 'Erika Muster',
  ...over,
});

/** Stripe's "always authenticate" test card (https://docs.stripe.com/testing#authentication-and-setup). */
export const CARD_3DS_ALWAYS = '4000 0027 6000 3184';
/** Stripe's "authenticate unless set up" test card. */
export const CARD_3DS_UNLESS_SET_UP = '4000 0025 0000 3155';

export const upgradeBody = (email: string, over: Record<string, unknown> = {}) => ({
  company: {
    name: 'Muster Statik GmbH',
    street: 'Ring 5',
    postal_code: '80331',
    location: 'München',
    country_id: 'DE',
    email,
  },
  company_verify_email: email,
  billing: 'monthly',
  users: 2,
  payment: testCard('4242 4242 4242 4242'),
  ...over,
});

export const upgrade = (t: TestApp, owner: SignedIn, body: unknown) =>
  t.call('POST', '/api/companies/api/freeUserUpgradeCreateCompany/', {
    token: owner.access,
    body,
  });

export const subscriptionOf = async (t: TestApp, u: SignedIn) =>
  json(await t.call('GET', `/api/v1/companies/${u.companyId}/subscription/`, { token: u.access }))
    .data;

export const invoicesOf = async (t: TestApp, companyId: number) =>
  t.database.db.select().from(invoices).where(eq(invoices.company_id, companyId));

export const subscriptionRow = async (t: TestApp, companyId: number) =>
  (
    await t.database.db.select().from(subscriptions).where(eq(subscriptions.company_id, companyId))
  )[0];

export const pendingRow = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(pendingPayments).where(eq(pendingPayments.id, id)))[0];

/** Nothing of an upgrade was written: the company is as sign-up left it (Free), no subscription, no invoice. */
export const expectStillFree = async (t: TestApp, owner: SignedIn) => {
  const [company] = await t.database.db
    .select()
    .from(companies)
    .where(eq(companies.id, owner.companyId));
  expect(company).toMatchObject({ plan: 'Free', name: 'Test GmbH' });
  expect(await subscriptionRow(t, owner.companyId)).toBeUndefined();
  expect(await invoicesOf(t, owner.companyId)).toEqual([]);
};

/** A Free company upgraded with an approved test card (monthly unless `over` says otherwise). */
export const paidCompany = async (
  t: TestApp,
  owner: SignedIn,
  email: string,
  over: Record<string, unknown> = {},
) => {
  await verifyCompanyEmail(t, owner, email);
  const res = await upgrade(t, owner, upgradeBody(email, over));
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data;
};
