import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from './columns';
import { companies, users } from './tenants';

/**
 * A project of a company. The workbook (settings, load points, soil profiles, load cases) is one JSONB
 * document (ADR 0045); `version` is the optimistic lock of every write, `input_hash` the SHA-256 of the
 * canonical calculation inputs of the stored workbook (ADR 0046).
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    street: varchar('street', { length: 128 }).notNull().default(''),
    postal_code: varchar('postal_code', { length: 128 }).notNull().default(''),
    location: varchar('location', { length: 128 }).notNull().default(''),
    country_id: varchar('country_id', { length: 2 }),
    number: varchar('number', { length: 64 }).notNull().default(''),
    /** Null only for projects created before the workbook existed: read as the default workbook. */
    workbook: jsonb('workbook'),
    input_hash: varchar('input_hash', { length: 64 }),
    /** Country of the alternative company data for reports (the settings have no field for it). */
    company_alt_country_id: varchar('company_alt_country_id', { length: 2 }),
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
  (t) => [
    index('projects_company_idx').on(t.company_id),
    uniqueIndex('projects_company_name_unique').on(t.company_id, sql`lower(${t.name})`),
  ],
);

/** Which users are assigned to which project (Member, Employee and Guest see only these). */
export const projectUsers = pgTable(
  'project_users',
  {
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assigned_date: timestamptz('assigned_date').notNull().defaultNow(),
    assigned_by: integer('assigned_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    primaryKey({ columns: [t.project_id, t.user_id] }),
    index('project_users_user_idx').on(t.user_id),
  ],
);

/** The last calculation of a project (one row per project, replaced by each run; ADR 0046). */
export const projectCalculations = pgTable('project_calculations', {
  project_id: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  /** Engine output in wire names (ProjectResult with horizontal_loadcases). */
  result: jsonb('result').notNull(),
  engine_version: varchar('engine_version', { length: 32 }).notNull(),
  input_hash: varchar('input_hash', { length: 64 }).notNull(),
  project_version: integer('project_version').notNull(),
  server: varchar('server', { length: 64 }).notNull(),
  calculated_at: timestamptz('calculated_at').notNull().defaultNow(),
  calculated_by: integer('calculated_by').references((): AnyPgColumn => users.id, {
    onDelete: 'set null',
  }),
});

/** Logo of the alternative company data of a project's reports (PNG/JPEG, like company_logos). */
export const projectLogos = pgTable('project_logos', {
  project_id: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  content_type: varchar('content_type', { length: 32 }).notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  modified_date: timestamptz('modified_date').notNull().defaultNow(),
  modified_by: integer('modified_by').references((): AnyPgColumn => users.id, {
    onDelete: 'set null',
  }),
});
