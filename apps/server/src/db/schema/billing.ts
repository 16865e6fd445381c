import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, check, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * The subscription of a company (Trial or Paid; a Free company has none). One row per company: an upgrade
 * or renewal updates it, every charged period also leaves an invoice. `status = 'blocked'` is set by
 * support; expiry is derived from `period_end` and the clock, never stored.
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
  },
  (t) => [
    check('subscriptions_plan_check', sql`${t.plan} in ('Trial', 'Paid')`),
    check(
      'subscriptions_billing_check',
      sql`${t.billing} is null or ${t.billing} in ('monthly', 'yearly')`,
    ),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'blocked')`),
    check('subscriptions_seats_check', sql`${t.seats} > 0`),
  ],
);

/** One charged period. Amounts in euro cents, net (tax not included). */
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
    period_start: timestamptz('period_start').notNull(),
    period_end: timestamptz('period_end').notNull(),
    created_date: timestamptz('created_date').notNull().defaultNow(),
    created_by: integer('created_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('invoices_company_idx').on(t.company_id),
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
