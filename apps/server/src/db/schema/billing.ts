import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { companies, users } from './tenants';

/**
 * The subscription of a company (Trial or Paid; a Free company has none). One row per company: an upgrade
 * or renewal updates it, every charged period also leaves an invoice. `status = 'blocked'` is set by
 * support; expiry is derived from `period_end` and the clock, never stored.
 *
 * Automatic renewal (ADR 0084): `customer_ref` / `payment_method_ref` are the provider's references of the
 * saved card (a Stripe Customer and PaymentMethod, or the test provider's reference) — never card data; only
 * the last four digits are kept for display. `renewal_failure` is set when the automatic charge of the next
 * period failed (the subscription is past due until the period end); `renewal_lease_until` is the claim of
 * the one server process that is charging the next period right now (a conditional update takes it).
 * `ending_notice_for` is the period end of the last "ends soon" mail (ADR 0108).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .unique()
      .references(() => companies.id, { onDelete: 'cascade' }),
    plan: varchar('plan', { length: 16 }).notNull(),
    billing: varchar('billing', { length: 8 }),
    seats: integer('seats').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    provider: varchar('provider', { length: 16 }),
    provider_ref: varchar('provider_ref', { length: 255 }),
    test_mode: boolean('test_mode').notNull().default(false),
    period_start: timestamptz('period_start').notNull(),
    period_end: timestamptz('period_end').notNull(),
    created_date: timestamptz('created_date').notNull().defaultNow(),
    modified_date: timestamptz('modified_date').notNull().defaultNow(),
    modified_by: integer('modified_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    auto_renew: boolean('auto_renew').notNull().default(false),
    customer_ref: varchar('customer_ref', { length: 255 }),
    payment_method_ref: varchar('payment_method_ref', { length: 255 }),
    card_last4: varchar('card_last4', { length: 4 }),
    renewal_failure: varchar('renewal_failure', { length: 32 }),
    renewal_failed_at: timestamptz('renewal_failed_at'),
    renewal_lease_until: timestamptz('renewal_lease_until'),
    /** The period end whose "ends soon" mail (trial, or paid without renewal) was sent; once per period (ADR 0108). */
    ending_notice_for: timestamptz('ending_notice_for'),
  },
  (t) => [
    check('subscriptions_plan_check', sql`${t.plan} in ('Trial', 'Paid')`),
    check(
      'subscriptions_renewal_failure_check',
      sql`${t.renewal_failure} is null or ${t.renewal_failure} in ('card_declined', 'authentication_required')`,
    ),
    check(
      'subscriptions_billing_check',
      sql`${t.billing} is null or ${t.billing} in ('monthly', 'yearly')`,
    ),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'blocked')`),
    check('subscriptions_seats_check', sql`${t.seats} > 0`),
  ],
);

/**
 * One charged period. Amounts in euro cents, net (tax not included). `automatic`: charged by the renewal
 * job. One invoice per company and period start (`invoices_company_period_uidx`): the database refuses a
 * second charge record of the same period, whichever process or webhook tries (ADR 0084).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 32 }).notNull().unique(),
    billing: varchar('billing', { length: 8 }).notNull(),
    seats: integer('seats').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
    status: varchar('status', { length: 16 }).notNull().default('paid'),
    provider: varchar('provider', { length: 16 }).notNull(),
    provider_ref: varchar('provider_ref', { length: 255 }).notNull(),
    test_mode: boolean('test_mode').notNull(),
    card_last4: varchar('card_last4', { length: 4 }),
    automatic: boolean('automatic').notNull().default(false),
    period_start: timestamptz('period_start').notNull(),
    period_end: timestamptz('period_end').notNull(),
    created_date: timestamptz('created_date').notNull().defaultNow(),
    created_by: integer('created_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('invoices_company_idx').on(t.company_id),
    uniqueIndex('invoices_company_period_uidx').on(t.company_id, t.period_start),
    check('invoices_amount_check', sql`${t.amount_cents} >= 0`),
  ],
);

/**
 * Company e-mail verification of the upgrade wizard: a 6-digit code (HMAC stored) per user and address;
 * `verified_at` is set by a correct code and is what the upgrade checks.
 */
export const companyEmailCodes = pgTable(
  'company_email_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    expires_at: timestamptz('expires_at').notNull(),
    verified_at: timestamptz('verified_at'),
  },
  (t) => [index('company_email_codes_user_idx').on(t.user_id, t.email)],
);

/**
 * A payment that waits for the card holder's authentication (3-D Secure / SCA, ADR 0083). Nothing of the
 * upgrade is written before the payment succeeded: the validated request (company data, billing, users —
 * never card data) waits here. The finalise route (or the Stripe webhook, or the clean-up of the renewal
 * job) asks the provider again and writes company, subscription and invoice only when the payment
 * succeeded; `status` moves from `requires_action` to `succeeded`, `failed` or `abandoned` by conditional
 * updates, so it is finalised once. `test_authentication`: the test provider's simulated bank answer.
 */
export const pendingPayments = pgTable(
  'pending_payments',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    created_by: integer('created_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    provider: varchar('provider', { length: 16 }).notNull(),
    provider_ref: varchar('provider_ref', { length: 255 }).notNull().unique(),
    customer_ref: varchar('customer_ref', { length: 255 }),
    payment_method_ref: varchar('payment_method_ref', { length: 255 }),
    test_mode: boolean('test_mode').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    failure: varchar('failure', { length: 64 }),
    test_authentication: varchar('test_authentication', { length: 16 }),
    request: jsonb('request').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    invoice_id: integer('invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'set null',
    }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    expires_at: timestamptz('expires_at').notNull(),
    finished_at: timestamptz('finished_at'),
  },
  (t) => [
    index('pending_payments_company_idx').on(t.company_id),
    index('pending_payments_status_idx').on(t.status, t.expires_at),
    check(
      'pending_payments_status_check',
      sql`${t.status} in ('requires_action', 'succeeded', 'failed', 'abandoned')`,
    ),
    check(
      'pending_payments_test_authentication_check',
      sql`${t.test_authentication} is null or ${t.test_authentication} in ('approved', 'failed')`,
    ),
  ],
);

/** Stripe webhook events already handled (ADR 0085): a redelivered event id is answered and skipped. */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  outcome: varchar('outcome', { length: 32 }).notNull(),
  received_at: timestamptz('received_at').notNull().defaultNow(),
});
