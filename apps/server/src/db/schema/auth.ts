import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './tenants';

/** What a sign-up code applies when it is used: the password and contact data of that step 1 (ADR 0110). */
export type SignupCandidate = { password_hash: string; full_name: string; phone: string };
/** A requested change of the sign-in address, applied when the code mailed to `new_email` is entered. */
export type EmailChangeRequest = { new_email: string; requested_by: number };
export type OtpPayload = SignupCandidate | EmailChangeRequest;

/**
 * One-time codes mailed for sign-up, password reset and a change of the sign-in address. Only an HMAC of the
 * code is stored. `sends`/`sends_since` count the codes mailed to the address in a 24-hour window (daily cap).
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    expires_at: timestamptz('expires_at').notNull(),
    consumed_at: timestamptz('consumed_at'),
    payload: jsonb('payload').$type<OtpPayload>(),
    sends: integer('sends').notNull().default(1),
    sends_since: timestamptz('sends_since').notNull().defaultNow(),
  },
  (t) => [
    index('otp_codes_email_idx').on(t.email, t.purpose),
    check('otp_codes_purpose_check', sql`${t.purpose} in ('signup', 'reset', 'email_change')`),
  ],
);

/**
 * Opaque refresh tokens, stored as SHA-256. Each refresh replaces the token by a new one of the same
 * family; presenting a replaced token again revokes the whole family (token theft detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid('family_id').notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    remember_me: boolean('remember_me').notNull().default(false),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    expires_at: timestamptz('expires_at').notNull(),
    revoked_at: timestamptz('revoked_at'),
    replaced_by_id: integer('replaced_by_id'),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.user_id),
    index('refresh_tokens_family_idx').on(t.family_id),
  ],
);
