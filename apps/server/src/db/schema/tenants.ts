import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from './columns';

/*
 * Companies and their users in one module: each table refers to the other (a company's creator is a
 * user, a user belongs to a company), so one file holds both instead of two files importing each other.
 */

/** A customer company (tenant). Every other aggregate hangs off a company. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    fax: varchar('fax', { length: 32 }).notNull().default(''),
    address: text('address').notNull().default(''),
    street: varchar('street', { length: 255 }).notNull().default(''),
    postal_code: varchar('postal_code', { length: 10 }).notNull().default(''),
    location: varchar('location', { length: 255 }).notNull().default(''),
    country_id: varchar('country_id', { length: 2 }),
    plan: varchar('plan', { length: 16 }).notNull().default('Free'),
    is_active: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    created_date: timestamptz('created_date').notNull().defaultNow(),
    modified_date: timestamptz('modified_date').notNull().defaultNow(),
    created_by: integer('created_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    modified_by: integer('modified_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [check('companies_plan_check', sql`${t.plan} in ('Free', 'Trial', 'Paid')`)],
);

/** The company logo, kept in the database (one row per company; no file storage to run or back up). */
export const companyLogos = pgTable('company_logos', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  content_type: varchar('content_type', { length: 32 }).notNull(),
  /** SHA-256 of the bytes; part of the public logo URL, so a new logo gets a new URL. */
  sha256: varchar('sha256', { length: 64 }).notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  modified_date: timestamptz('modified_date').notNull().defaultNow(),
  modified_by: integer('modified_by').references((): AnyPgColumn => users.id, {
    onDelete: 'set null',
  }),
});

/**
 * A person who signs in. `company_id`/`role` stay null until sign-up step 2 creates the company;
 * `is_active = false` means deactivated by the company (soft delete), not "still signing up".
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id').references((): AnyPgColumn => companies.id, {
      onDelete: 'cascade',
    }),
    role: varchar('role', { length: 16 }),
    email: varchar('email', { length: 254 }).notNull().unique(),
    full_name: varchar('full_name', { length: 150 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    password_hash: text('password_hash').notNull(),
    email_verified_at: timestamptz('email_verified_at'),
    /** Set when sign-up is complete (step 2) or the user was created active by the company. */
    activated_at: timestamptz('activated_at'),
    is_active: boolean('is_active').notNull().default(true),
    /** Raised on password change/reset: access tokens of an older version stop working at once. */
    token_version: integer('token_version').notNull().default(0),
    last_login_at: timestamptz('last_login_at'),
    /**
     * When the workspace's guided tour opened by itself for this user (once, on the first project they open;
     * ADR 0182). Null: not yet. Users who existed before the tour opened by itself count as having seen it.
     */
    tour_seen_at: timestamptz('tour_seen_at'),
    created_date: timestamptz('created_date').notNull().defaultNow(),
    modified_date: timestamptz('modified_date').notNull().defaultNow(),
    created_by: integer('created_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    modified_by: integer('modified_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('users_company_idx').on(t.company_id),
    check(
      'users_role_check',
      sql`${t.role} is null or ${t.role} in ('Owner', 'Admin', 'Manager', 'Member', 'Employee', 'Guest')`,
    ),
  ],
);
