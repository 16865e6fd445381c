import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, index, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * A project of a company. Minimal for now (the demo project needs it); the projects issue adds its
 * columns and settings in later migrations. `version` is for optimistic locking.
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
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
  (t) => [index('projects_company_idx').on(t.company_id)],
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
