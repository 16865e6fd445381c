import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { CalcServerConfig } from '#app/modules/calculation/calc-servers';
import { LOCAL_SERVER, parseCalcServers } from '#app/modules/calculation/calc-servers';

/**
 * The repository root: relative DATA_DIR values resolve against it, wherever npm or tsx was started. The
 * nearest folder above this module that holds apps/server/package.json, so that the same code finds it
 * from src/config.ts (tsx, tests) and from the compiled dist/server.mjs (ADR 0160).
 */
const findRepoRoot = (from: string): string => {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps/server/package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../..');
  }
};
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
export const SERVER_ROOT = path.join(REPO_ROOT, 'apps/server');

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** One proxy address, a CIDR network or one of proxy-addr's names. */
const PROXY_ENTRY =
  /^(?:loopback|linklocal|uniquelocal|[0-9.]+(?:\/\d{1,2})?|[0-9a-fA-F:]+(?::[0-9.]+)?(?:\/\d{1,3})?)$/;

/**
 * TRUST_PROXY: off, on (every X-Forwarded-For entry trusted), or the proxies to trust by address. Fastify
 * 5.12 refuses hop counts (a direct client could then spoof the header): name the proxies instead.
 */
const parseTrustProxy = (v: string): boolean | string | null => {
  const value = v.trim();
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  const entries = value.split(',').map((e) => e.trim());
  return entries.every((e) => PROXY_ENTRY.test(e)) ? entries.join(',') : null;
};

const EnvSchema = z.object({
  NODE_ENV: z.string().optional().default('development'),
  HOST: z.string().optional().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).optional().default(3000),
  DATA_DIR: z.string().optional().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional().default('Pfahlplaner <no-reply@pfahlplaner.local>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  API_BASE: z
    .string()
    .optional()
    .default('/api')
    .refine(
      (v) => /^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/.test(v),
      'API_BASE must start and not end with /, e.g. /api',
    ),
  DEMO_ACCOUNT: flag,
  TERMS_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().optional().default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseTrustProxy(v) !== null, {
      message:
        'TRUST_PROXY must be 1/true, 0/false, or a comma-separated list of proxy addresses or networks (10.0.0.2, 172.16.0.0/12, loopback, uniquelocal)',
    })
    .transform((v) => (v === undefined ? false : (parseTrustProxy(v) ?? false))),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().optional().default(1_048_576),
  LOGO_MAX_BYTES: z.coerce.number().int().positive().optional().default(2_097_152),
  WORKBOOK_MAX_BYTES: z.coerce.number().int().positive().optional().default(33_554_432),
  CALC_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  CALC_SERVERS: z.string().optional(),
  CALC_REMOTE_TIMEOUT_MS: z.coerce.number().int().positive().optional().default(120_000),
  SUPPORT_TOKEN: z.string().min(32, 'SUPPORT_TOKEN must have at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  RENEWAL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional().default(300),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).optional().default(30_000),
});

type Env = z.infer<typeof EnvSchema>;

/**
 * Stripe needs both keys of the same mode: the secret one charges, the publishable one lets the browser's
 * card element create the PaymentMethod (ADR 0082). A half or mixed configuration fails at start.
 */
const stripeKeyProblems = (env: Env): string[] => {
  const secret = env.STRIPE_SECRET_KEY || undefined;
  const publishable = env.STRIPE_PUBLISHABLE_KEY || undefined;
  if (!secret && !publishable) return [];
  const problems: string[] = [];
  const secretMode = secret ? /^(?:sk|rk)_(test|live)_\w+$/.exec(secret)?.[1] : undefined;
  const publishableMode = publishable ? /^pk_(test|live)_\w+$/.exec(publishable)?.[1] : undefined;
  if (!secret) {
    problems.push(
      'STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required when STRIPE_PUBLISHABLE_KEY is set',
    );
  } else if (!secretMode) {
    problems.push(
      'STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)',
    );
  }
  if (!publishable) {
    problems.push(
      'STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set (the card element needs it)',
    );
  } else if (!publishableMode) {
    problems.push(
      'STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)',
    );
  }
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    problems.push(
      `STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY is a ${publishableMode} key but STRIPE_SECRET_KEY a ${secretMode} key`,
    );
  }
  return problems;
};

/** The webhook signing secret belongs to a Stripe configuration and looks like Stripe's (`whsec_…`). */
const webhookSecretProblems = (env: Env): string[] => {
  const secret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (!secret) return [];
  if (!/^whsec_\w+$/.test(secret)) {
    return [
      'STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…)',
    ];
  }
  if (!env.STRIPE_SECRET_KEY) {
    return [
      'STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
    ];
  }
  return [];
};

export type Config = {
  nodeEnv: string;
  isProduction: boolean;
  host: string;
  port: number;
  /** Absolute path of the data directory (embedded database, lock file, generated JWT secret). */
  dataDir: string;
  /** Set: run on PostgreSQL. Unset: embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: Uint8Array;
  apiBase: string;
  /** Create the demo company on an empty database (always on an empty embedded one). */
  demoAccount: boolean;
  termsUrl: string;
  webDist: string;
  logLevel: string;
  /**
   * Behind reverse proxies: the client IP (rate limits, logs) comes from X-Forwarded-For. A list of proxy
   * addresses/networks: the right-most entry not written by one of them; `true`: the left-most entry (only
   * when every path to the server rewrites the header); false: the socket address.
   */
  trustProxy: boolean | string;
  bodyLimitBytes: number;
  logoMaxBytes: number;
  /** Largest workbook save body (update-table-datas); a 10,000-row workbook is a few MB. */
  workbookMaxBytes: number;
  /** Worker threads of the local calculation pool. */
  calcWorkers: number;
  /** Calculation servers; `local` (the worker pool) first and default. */
  calcServers: CalcServerConfig[];
  calcRemoteTimeoutMs: number;
  version: string;
  /** Bearer token of the support-side routes (employee delete); unset: those routes answer 403. */
  supportToken: string | undefined;
  /** Set: payments go through Stripe; unset: the embedded test provider (ADR 0081). */
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  /** Signing secret of the Stripe webhook endpoint (ADR 0085); unset: the webhook route is not active. */
  stripeWebhookSecret: string | undefined;
  /** Interval of the renewal job (ADR 0084); 0: not started (tests run it by hand). */
  renewalIntervalMs: number;
  /** On SIGTERM/SIGINT: how long running requests and jobs may take before the process is ended (ADR 0162). */
  shutdownTimeoutMs: number;
};

const readVersion = (): string => {
  const pkg = JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
};

/** Reads `dataDir/jwt-secret`, creating it with 48 random bytes on the first start. */
const loadOrCreateSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
};

/** Parses the environment once. Throws with every invalid variable listed. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const stripeProblems = [...stripeKeyProblems(e), ...webhookSecretProblems(e)];
  if (stripeProblems.length > 0) {
    throw new Error(`Invalid configuration:\n${stripeProblems.join('\n')}`);
  }
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  let calcServers: CalcServerConfig[];
  try {
    calcServers = parseCalcServers(e.CALC_SERVERS);
  } catch (error) {
    throw new Error(
      `Invalid configuration:\nCALC_SERVERS: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? loadOrCreateSecret(dataDir)),
    apiBase: e.API_BASE,
    demoAccount: e.DEMO_ACCOUNT,
    termsUrl: e.TERMS_URL ?? `${publicUrl}/terms.html`,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    logoMaxBytes: e.LOGO_MAX_BYTES,
    workbookMaxBytes: e.WORKBOOK_MAX_BYTES,
    calcWorkers: e.CALC_WORKERS ?? Math.min(2, availableParallelism()),
    calcServers,
    calcRemoteTimeoutMs: e.CALC_REMOTE_TIMEOUT_MS,
    version: readVersion(),
    supportToken: e.SUPPORT_TOKEN || undefined,
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
    renewalIntervalMs: e.RENEWAL_INTERVAL_SECONDS * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
};

/** A config for tests and scripts: no environment, no files. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  nodeEnv: 'test',
  isProduction: false,
  host: '127.0.0.1',
  port: 0,
  dataDir: path.join(REPO_ROOT, '.data-test'),
  databaseUrl: undefined,
  publicUrl: 'http://localhost:3000',
  smtpUrl: undefined,
  mailFrom: 'Pfahlplaner <no-reply@pfahlplaner.local>',
  jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789'),
  apiBase: '/api',
  demoAccount: false,
  termsUrl: 'http://localhost:3000/terms.html',
  webDist: path.join(REPO_ROOT, 'apps/web/dist'),
  logLevel: 'silent',
  trustProxy: false,
  bodyLimitBytes: 1_048_576,
  logoMaxBytes: 2_097_152,
  workbookMaxBytes: 33_554_432,
  calcWorkers: 1,
  calcServers: [LOCAL_SERVER],
  calcRemoteTimeoutMs: 10_000,
  version: readVersion(),
  supportToken: undefined,
  stripeSecretKey: undefined,
  stripePublishableKey: undefined,
  stripeWebhookSecret: undefined,
  renewalIntervalMs: 0,
  shutdownTimeoutMs: 30_000,
  ...overrides,
});
