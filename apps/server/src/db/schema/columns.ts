import { customType, timestamp } from 'drizzle-orm/pg-core';

/** timestamptz as a JS Date. Values are written from the injected clock, the default is a safety net. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** bytea: PGlite returns Uint8Array, pg a Buffer; both reach the code as Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});
