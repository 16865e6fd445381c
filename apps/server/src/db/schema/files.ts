import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { index, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { companies, users } from './tenants';
import { projects } from './projects';

/**
 * The workbook a project had before its last import, kept so that the import can be undone (ADR 0095).
 * One row per project (a new import replaces it); `company_id` scopes every read and delete to the tenant;
 * `imported_version` is the project version the import produced: the undo is only offered while the
 * project is still there. Rows expire at `expires_at` (written from the injected clock) and are purged a
 * day later, so that an expired undo can still be told apart from "nothing to undo".
 */
export const projectImportUndo = pgTable(
  'project_import_undo',
  {
    project_id: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Stored workbook before the import (without `version`): what the undo writes back. */
    previous: jsonb('previous').notNull(),
    imported_version: integer('imported_version').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    expires_at: timestamptz('expires_at').notNull(),
    created_by: integer('created_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('project_import_undo_company_idx').on(t.company_id),
    index('project_import_undo_expires_idx').on(t.expires_at),
  ],
);
