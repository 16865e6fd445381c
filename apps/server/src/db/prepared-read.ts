import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders } from 'drizzle-orm';
import type { Db } from '#app/db/database';

/** A select built with drizzle whose placeholders are named (`sql.placeholder('id')`). */
type Built<Row> = {
  _: { selectedFields: Record<string, unknown> };
  toSQL: () => { sql: string; params: unknown[] };
  prepare: (name: string) => { execute: (values?: Record<string, unknown>) => Promise<Row[]> };
};

/** Statements prepared per embedded database (one session each): name → the PREPARE's text. */
const preparedOn = new WeakMap<
  PGlite,
  Map<string, { text: string; ready: Promise<unknown> | null }>
>();

/** A parameter written into `EXECUTE name(…)`: only safe integers and booleans, never text. */
const literal = (value: unknown): string => {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new TypeError(`prepared read: parameter ${typeof value} is not a safe integer or boolean`);
};

/**
 * A hot read (run on every request of a route) as a **server-side prepared statement** on both databases
 * (ADR 0206). On PostgreSQL drizzle's named statement (pg prepares it once per connection). On the embedded
 * database drizzle's `prepare` sends the text with every call, so PostgreSQL parses and plans it every
 * time on the server's own thread (and the plan reads every relation's size through the file system):
 * there the statement is `PREPARE`d once per database and run as `EXECUTE name(…)` in the simple protocol.
 * The parameters are then written into the statement's text, so they must be safe integers or booleans
 * (anything else throws). The select must be flat (one column per key) and its columns must parse to the
 * same values on both drivers: integers, booleans, text (no dates or numerics, which drizzle maps itself).
 */
export const preparedRead = <Row extends Record<string, unknown>>(
  db: Db,
  name: string,
  query: Built<Row>,
): ((values: Record<string, number | boolean>) => Promise<Row[]>) => {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    const statement = query.prepare(name);
    return (values) => statement.execute(values);
  }
  const { sql: text, params } = query.toSQL();
  const keys = Object.keys(query._.selectedFields); // the columns in this order
  const prepare = `prepare ${name} as ${text}`;
  let statements = preparedOn.get(client);
  if (!statements) {
    statements = new Map();
    preparedOn.set(client, statements);
  }
  const known = statements.get(name);
  if (known && known.text !== prepare) {
    throw new Error(`prepared read ${name}: two different texts`);
  }
  const entry = known ?? { text: prepare, ready: null };
  statements.set(name, entry);
  return async (values) => {
    // prepared on first use (after the migrations); a failed PREPARE is tried again by the next call
    entry.ready ??= client.exec(prepare).catch((error: unknown) => {
      entry.ready = null;
      throw error;
    });
    await entry.ready;
    const args = fillPlaceholders(params, values).map(literal).join(', ');
    const [result] = await client.exec(`execute ${name}(${args})`, { rowMode: 'array' });
    return ((result?.rows ?? []) as unknown[][]).map(
      (values) => Object.fromEntries(keys.map((key, i) => [key, values[i]])) as Row,
    );
  };
};
