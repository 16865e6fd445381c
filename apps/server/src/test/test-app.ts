import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#app/app';
import type { BuildAppOptions } from '#app/app';
import type { Config } from '#app/config';
import { testConfig } from '#app/config';
import type { Database } from '#app/db/database';
import { openPostgres, usePglite } from '#app/db/database';
import type { Role } from '@pfahlplaner/contracts';
import type { ManualClock } from '#app/lib/clock';
import { manualClock } from '#app/lib/clock';
import { hashPassword } from '#app/lib/passwords';
import { usersRepository } from '#app/modules/users/users.repository';
import { startTestPglite } from '#app/test/pglite-instance';
import { createScratchDatabase } from '#app/test/scratch-database';

export type DbKind = 'pglite' | 'postgres';

/** Every API test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const databases: DbKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A fresh database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server (dropped on close). */
export const freshDatabase = async (kind: DbKind): Promise<Database> => {
  if (kind === 'pglite') {
    return usePglite(await startTestPglite(inject('pgliteTemplate')));
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const scratch = await createScratchDatabase(adminUrl);
  const database = await openPostgres(scratch.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
};

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  close: () => Promise<void>;
  /** app.inject with a JSON body and optional bearer token; `ip` sets the client address. */
  call: (
    method: InjectOptions['method'],
    url: string,
    opts?: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> },
  ) => Promise<LightMyRequestResponse>;
};

export const createTestApp = async (
  kind: DbKind,
  opts: Partial<Omit<BuildAppOptions, 'database' | 'clock' | 'config'>> & {
    config?: Partial<Config>;
  } = {},
): Promise<TestApp> => {
  const database = await freshDatabase(kind);
  const clock = manualClock();
  const config = testConfig(opts.config);
  const app = await buildApp({ ...opts, config, database, clock });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
    call: (method, url, o = {}) =>
      app.inject({
        method,
        url,
        remoteAddress: o.ip ?? '10.0.0.1',
        headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
        ...(o.body === undefined ? {} : { payload: o.body as Record<string, unknown> }),
      }),
  };
};

/**
 * The parsed envelope. `data` is deliberately loose: tests assert its shape with toMatchObject/toEqual, and
 * typing every answer would only repeat the contracts (test files switch off the no-unsafe-* lint rules).
 */
export type LooseEnvelope = {
  status_code: number;
  status_message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  error?: { code: string; details: { path: string; code: string }[] };
};
export const json = <T = LooseEnvelope>(res: LightMyRequestResponse): T => res.json<T>();

let counter = 0;
/** A unique e-mail address per call (tests of one file share an app). */
export const uniqueEmail = (prefix = 'user'): string => {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
};

export const PASSWORD = 'Secret#123';

/** A client on this machine: the development outbox answers only loopback requests (lib/local-only.ts). */
export const LOCAL_IP = '127.0.0.1';

export type OutboxMail = { to: string; subject: string; text: string; html: string };

/** The mails kept for `email` in the development outbox, newest first. */
export const mailsTo = async (t: TestApp, email: string): Promise<OutboxMail[]> => {
  const res = await t.call('GET', `/api/dev/outbox/?to=${encodeURIComponent(email)}`, {
    ip: LOCAL_IP,
  });
  return json(res).data as OutboxMail[];
};

/**
 * The code line of a code mail: four spaces and six digits on a line of their own (otp-mail.ts `codeMail`).
 * Not the first six digits anywhere: the address in an invitation link can hold six digits too.
 */
const OTP_LINE = /^ {4}(\d{6})\s*$/m;

/** The newest 6-digit code mailed to `email`, read through the development outbox route. */
export const readOtp = async (t: TestApp, email: string): Promise<string> => {
  const mails = await mailsTo(t, email);
  const code = OTP_LINE.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no OTP mail for ${email}`);
  return code;
};

export type SignedIn = {
  email: string;
  userId: number;
  companyId: number;
  access: string;
  refresh: string;
};

/** The full sign-up (step 1, OTP from the outbox, verify, step 2); the answer of step 2 signs in. */
export const signUp = async (
  t: TestApp,
  email = uniqueEmail(),
  companyName = 'Test GmbH',
): Promise<SignedIn> => {
  const ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const step1 = await t.call('POST', '/api/v1/users/register/', {
    ip,
    body: {
      step: 1,
      full_name: 'Erika Muster',
      email,
      phone: '+49 30 123456',
      password: PASSWORD,
      confirm_password: PASSWORD,
      accept_terms: true,
    },
  });
  if (step1.statusCode !== 201) throw new Error(`step 1 failed: ${step1.body}`);
  const otp = await readOtp(t, email);
  const verify = await t.call('POST', '/api/v1/otp/verify-otp/', { ip, body: { email, otp } });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const step2 = await t.call('POST', '/api/v1/users/register/', {
    ip,
    body: {
      step: 2,
      email,
      company: {
        name: companyName,
        street: 'Hauptstr. 1',
        postal_code: '80331',
        location: 'München',
        country_id: 'DE',
      },
    },
  });
  if (step2.statusCode !== 201) throw new Error(`step 2 failed: ${step2.body}`);
  const data = json(step2).data as {
    access_token: string;
    refresh_token: string;
    user: { id: number; company: { id: number } };
  };
  return {
    email,
    userId: data.user.id,
    companyId: data.user.company.id,
    access: data.access_token,
    refresh: data.refresh_token,
  };
};

/** Adds an active user with `role` to a company (there is no employee route yet) and signs them in. */
export const addColleague = async (
  t: TestApp,
  companyId: number,
  role: Role,
): Promise<SignedIn> => {
  const email = uniqueEmail(role.toLowerCase());
  const now = t.clock.now();
  const user = await usersRepository(t.database.db).insert({
    company_id: companyId,
    role,
    email,
    full_name: `${role} Person`,
    phone: '+49 30 999999',
    password_hash: await hashPassword(PASSWORD),
    email_verified_at: now,
    activated_at: now,
    created_date: now,
    modified_date: now,
  });
  const res = await t.call('POST', '/api/v1/auth/login/', {
    body: { email, password: PASSWORD },
    ip: '10.9.9.9',
  });
  const data = json(res).data as { access_token: string; refresh_token: string };
  return {
    email,
    userId: user.id,
    companyId,
    access: data.access_token,
    refresh: data.refresh_token,
  };
};

/** A multipart/form-data body with one file field (upload routes). */
export const multipartBody = (
  field: string,
  bytes: Buffer,
  filename = 'logo.png',
  type = 'image/png',
) => {
  const boundary = '----pfahlplanerTestBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/**
 * A second app on the database of `t` (same config, secrets and clock): a restarted server, or another
 * server process sharing the database. Its `close` closes only the app; the database stays with `t`.
 */
export const appOnSameDatabase = async (
  t: TestApp,
): Promise<Pick<TestApp, 'app' | 'call' | 'close'>> => {
  const app = await buildApp({ config: t.config, database: t.database, clock: t.clock });
  await app.ready();
  return {
    app,
    close: () => app.close(),
    call: (method, url, o = {}) =>
      app.inject({
        method,
        url,
        remoteAddress: o.ip ?? '10.0.0.1',
        headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
        ...(o.body === undefined ? {} : { payload: o.body as Record<string, unknown> }),
      }),
  };
};
