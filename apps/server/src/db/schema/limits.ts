import { bigint, bigserial, index, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Rate and attempt limits shared by every instance on one database (ADR 0175): one row per counted hit of a
 * key such as `login:ip:1.2.3.4`, with the injected clock's time in ms. `expires_ms` = `at_ms` + the limit's
 * window, so that a sweep can drop old hits without knowing which limit a key belongs to.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: varchar('key', { length: 400 }).notNull(),
    at_ms: bigint('at_ms', { mode: 'number' }).notNull(),
    expires_ms: bigint('expires_ms', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('rate_limit_hits_key_at').on(t.key, t.at_ms),
    index('rate_limit_hits_expires').on(t.expires_ms),
  ],
);

/** Keys marked as known until `until_ms` (an (account, address) pair that signed in before; ADR 0038). */
export const rateLimitTrust = pgTable('rate_limit_trust', {
  key: varchar('key', { length: 400 }).primaryKey(),
  until_ms: bigint('until_ms', { mode: 'number' }).notNull(),
});
