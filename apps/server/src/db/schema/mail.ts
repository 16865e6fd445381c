import { pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Mails kept instead of sent when no SMTP_URL is configured (local use and tests). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: varchar('to', { length: 254 }).notNull(),
  subject: varchar('subject', { length: 255 }).notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  created_at: timestamptz('created_at').notNull().defaultNow(),
});
