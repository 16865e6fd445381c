import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ensurePrivateDir } from '#app/db/data-dir-modes';
import type { CalcServerConfig } from '#app/calc-server-config';
import { LOCAL_SERVER, parseCalcServers } from '#app/calc-server-config';

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
  TRUST_PROXY: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['stripe', 'test', '']).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().optional().default(1_048_576),
  LOGO_MAX_BYTES: z.coerce.number().int().positive().optional().default(2_097_152),
  WORKBOOK_MAX_BYTES: z.coerce.number().int().positive().optional().default(33_554_432),
  CALC_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  CALC_SERVERS: z.string().optional(),
  CALC_REMOTE_TIMEOUT_MS: z.coerce.number().int().positive().optional().default(120_000),
  // pg-boss 10 refuses an expiry above 24 hours (attorney.js, POLICY.MAX_EXPIRATION_HOURS).
  CALC_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_399).optional().default(60),
  SUPPORT_TOKEN: z.string().min(32, 'SUPPORT_TOKEN must have at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  RENEWAL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional().default(300),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).optional().default(30_000),
  HEAVY_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).optional(),
  HEAVY_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .optional()
    .default('pfahlplaner:')
    .refine(
      (v) => /^[A-Za-z0-9:_.-]{1,64}$/.test(v),
      'REDIS_KEY_PREFIX: 1–64 of A–Z a–z 0–9 : _ . -',
    ),
});

type Env = z.infer<typeof EnvSchema>;

/** What `TRUST_PROXY` means to Fastify: off, a number of proxy hops, or the proxies' addresses (ADR 0117). */
export type TrustProxy = false | number | string[];

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, optionally with a /prefix, or one of proxy-addr's named ranges. */
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * `TRUST_PROXY`: unset/0/false: no proxy; an integer n ≥ 1: n proxy hops in front of the server (the client
 * address is the n-th entry of X-Forwarded-For from the right); otherwise a comma-separated list of the
 * proxies' addresses or CIDR ranges. "Trust every hop" (`true`) is refused: a client could then choose its own
 * address with a forged left-most X-Forwarded-For entry and skip the per-address limits.
 */
export const parseTrustProxy = (raw: string | undefined): TrustProxy => {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust every X-Forwarded-For hop (a client could pick its own address); give the number of proxies in front of the server (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8)',
    );
  }
  const entries = value.split(',').map((e) => e.trim());
  const wrong = entries.filter((e) => !isProxyAddress(e));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses/CIDR ranges; not understood: ${wrong.join(', ')}`,
    );
  }
  return entries;
};

/**
 * Fastify's `trustProxy` option for a TRUST_PROXY value. A hop count becomes a function that trusts the
 * first n addresses from the socket on: Fastify itself answers a bare number with "trust nothing".
 */
export const fastifyTrustProxy = (
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * Settings a production server refuses to start without (ADR 0115, 0116): the embedded test payment provider
 * only when asked for by name, and mail only through SMTP (the outbox keeps and prints sign-in codes).
 */
const productionProblems = (env: Env): string[] => {
  const problems: string[] = [];
  const hasStripe = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY);
  if (env.PAYMENT_PROVIDER === 'test' && hasStripe) {
    problems.push(
      'PAYMENT_PROVIDER: PAYMENT_PROVIDER=test contradicts STRIPE_SECRET_KEY/STRIPE_PUBLISHABLE_KEY; set one or the other',
    );
  }
  if (env.PAYMENT_PROVIDER === 'stripe' && !hasStripe) {
    problems.push(
      'PAYMENT_PROVIDER: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
    );
  }
  if (env.NODE_ENV !== 'production') return problems;
  if (!hasStripe && env.PAYMENT_PROVIDER !== 'test') {
    problems.push(
      'STRIPE_SECRET_KEY: production needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to take payments; to run the embedded test payment provider (no money moves) set PAYMENT_PROVIDER=test explicitly',
    );
  }
  if (!env.SMTP_URL) {
    problems.push(
      'SMTP_URL: production needs SMTP_URL; the embedded mail outbox (which keeps and prints sign-up and reset codes) is for development only',
    );
  }
  return problems;
};

/**
 * REDIS_URL, when set, must be a Redis URL (redis:// or rediss:// with a host): the sign-in and code limits
 * are kept there (ADR 0184), and a typo must not start a server whose limits fail at the first sign-in.
 * Whether Redis answers is checked when the app opens it (lib/rate-limiter-redis.ts `openRedis`).
 */
const redisUrlProblems = (env: Env): string[] => {
  const raw = env.REDIS_URL || undefined;
  if (!raw) return [];
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !['redis:', 'rediss:'].includes(url.protocol) || !url.hostname) {
    return [
      'REDIS_URL: REDIS_URL must be a Redis URL such as redis://127.0.0.1:6379 (rediss:// for TLS, redis://:password@host:6379/0 with a password); unset it to keep the limits in the database',
    ];
  }
  return [];
};

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
   * Behind reverse proxies: how many hops (or which proxy addresses) of X-Forwarded-For to trust for the
   * client IP (rate limits); never every hop (ADR 0117).
   */
  trustProxy: TrustProxy;
  bodyLimitBytes: number;
  logoMaxBytes: number;
  /** Largest workbook save body (update-table-datas); a 10,000-row workbook is a few MB. */
  workbookMaxBytes: number;
  /** Worker threads of the local calculation pool. */
  calcWorkers: number;
  /** Calculation servers; `local` (the worker pool) first and default. */
  calcServers: CalcServerConfig[];
  calcRemoteTimeoutMs: number;
  /**
   * PostgreSQL only: the expiry of a calculation job in pg-boss, its lease (ADR 0208): a job still active this
   * long after an instance took it (the instance died) is run again by any instance. Default 60 s, far above
   * a 1,000-load-point calculation (~0.3 s, docs/benchmarks.md).
   */
  calcJobExpireSeconds: number;
  /**
   * PostgreSQL only: when pg-boss starts (installs its schema, fetches jobs). `ready`: with the server, so an
   * instance takes over jobs of a dead one without a request of its own (production). `first-use`: at the
   * first calculation or job status of this app (tests: most test databases never calculate, ADR 0208).
   */
  calcJobsStart: 'ready' | 'first-use';
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
  /**
   * Heavy routes (project detail, stored calculation) running at once per instance; unset: 1 on the embedded
   * database, 2 on PostgreSQL (ADR 0183). Exports take at most 2.
   */
  heavyConcurrency: number | undefined;
  /** Heavy requests waiting for a place; beyond, 503 SERVER_BUSY with Retry-After. Unset: 256. */
  heavyQueue: number | undefined;
  /** Set: the sign-in and code limits are kept in this Redis (ADR 0184); unset: in the database (ADR 0175). */
  redisUrl: string | undefined;
  /** Prefix of every Redis key of this application (several applications or test runs on one Redis). */
  redisKeyPrefix: string;
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
  ensurePrivateDir(dataDir);
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
  const problems = [
    ...stripeKeyProblems(e),
    ...webhookSecretProblems(e),
    ...productionProblems(e),
    ...redisUrlProblems(e),
  ];
  let trustProxy: TrustProxy = false;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (error) {
    problems.push(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
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
    trustProxy,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    logoMaxBytes: e.LOGO_MAX_BYTES,
    workbookMaxBytes: e.WORKBOOK_MAX_BYTES,
    calcWorkers: e.CALC_WORKERS ?? Math.min(2, availableParallelism()),
    calcServers,
    calcRemoteTimeoutMs: e.CALC_REMOTE_TIMEOUT_MS,
    calcJobExpireSeconds: e.CALC_JOB_EXPIRE_SECONDS,
    calcJobsStart: 'ready',
    version: readVersion(),
    supportToken: e.SUPPORT_TOKEN || undefined,
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
    renewalIntervalMs: e.RENEWAL_INTERVAL_SECONDS * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    heavyConcurrency: e.HEAVY_CONCURRENCY,
    heavyQueue: e.HEAVY_QUEUE,
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
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
  calcJobExpireSeconds: 60,
  calcJobsStart: 'first-use',
  version: readVersion(),
  supportToken: undefined,
  stripeSecretKey: undefined,
  stripePublishableKey: undefined,
  stripeWebhookSecret: undefined,
  renewalIntervalMs: 0,
  shutdownTimeoutMs: 30_000,
  heavyConcurrency: undefined,
  heavyQueue: undefined,
  redisUrl: undefined,
  redisKeyPrefix: 'pfahlplaner-test:',
  ...overrides,
});
