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
import { timestamptz } from './columns';
import { companies } from './companies';

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
