import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from '#app/config';
import { fastifyTrustProxy } from '#app/config';
import type { Database } from '#app/db/database';
import { JOB_LOCKS, withJobLock } from '#app/db/advisory-lock';
import { AppError } from '#app/lib/app-error';
import type { Clock } from '#app/lib/clock';
import { loggerOptions } from '#app/lib/log-redaction';
import { systemClock } from '#app/lib/clock';
import type { App } from '#app/lib/fastify-types';
import type { RateLimits } from '#app/lib/rate-limiter';
import { createRateLimiter, DEFAULT_RATE_LIMITS, LIMIT_SWEEP_MS } from '#app/lib/rate-limiter';
import { createRedisRateLimiter, openRedis } from '#app/lib/rate-limiter-redis';
import { sha256 } from '#app/lib/secrets';
import { zodValidatorCompiler } from '#app/lib/validation';
import { authRepository } from '#app/modules/auth/auth.repository';
import { authRoutes } from '#app/modules/auth/auth.routes';
import { authService } from '#app/modules/auth/auth.service';
import { billingRepository } from '#app/modules/billing/billing.repository';
import { billingRoutes } from '#app/modules/billing/billing.routes';
import { billingService } from '#app/modules/billing/billing.service';
import type { PaymentProvider } from '#app/modules/billing/payment-provider';
import { selectPaymentProvider } from '#app/modules/billing/payment-provider';
import { renewalJob, renewalService } from '#app/modules/billing/renewal.service';
import type { RenewalService } from '#app/modules/billing/renewal.service';
import { stripeWebhookService } from '#app/modules/billing/stripe-webhook.service';
import { companiesRepository } from '#app/modules/companies/companies.repository';
import { companiesRoutes } from '#app/modules/companies/companies.routes';
import { companiesService } from '#app/modules/companies/companies.service';
import { employeesRepository } from '#app/modules/employees/employees.repository';
import { employeesRoutes } from '#app/modules/employees/employees.routes';
import { employeesService } from '#app/modules/employees/employees.service';
import { emailChangeRoutes } from '#app/modules/email-change/email-change.routes';
import { emailChangeService } from '#app/modules/email-change/email-change.service';
import { formatsCodecs } from '#app/modules/files/codecs';
import type { XlsxReader } from '#app/modules/files/xlsx-reader';
import { createXlsxReader } from '#app/modules/files/xlsx-reader';
import { filesRepository } from '#app/modules/files/files.repository';
import { filesRoutes } from '#app/modules/files/files.routes';
import { filesService } from '#app/modules/files/files.service';
import { importUndoRepository } from '#app/modules/files/import-undo.repository';
import { generalRoutes } from '#app/modules/general/general.routes';
import { generalService } from '#app/modules/general/general.service';
import { mailRepository } from '#app/modules/mail/mail.repository';
import type { Mailer } from '#app/modules/mail/mailer';
import { outboxMailer, smtpMailer } from '#app/modules/mail/mailer';
import { outboxRoutes } from '#app/modules/mail/outbox.routes';
import type { CalculationPool } from '#app/modules/calculation/worker-pool';
import { createCalculationJobs } from '#app/modules/calculation/calculation-jobs';
import { createCalculationPool } from '#app/modules/calculation/worker-pool';
import { projectsRepository } from '#app/modules/projects/projects.repository';
import { projectsRoutes } from '#app/modules/projects/projects.routes';
import { projectsService, storeJobResult } from '#app/modules/projects/projects.service';
import { otpRepository } from '#app/modules/registration/otp.repository';
import { registrationRoutes } from '#app/modules/registration/registration.routes';
import { registrationService } from '#app/modules/registration/registration.service';
import { usersRepository } from '#app/modules/users/users.repository';
import { usersRoutes } from '#app/modules/users/users.routes';
import { usersService } from '#app/modules/users/users.service';
import { licenceGuard } from '#app/modules/billing/licence-guard';
import { authenticateHook } from '#app/plugins/auth';
import { supportAuthHook } from '#app/plugins/support-auth';
import { failure } from '#app/lib/envelope';
import { registerErrorHandler } from '#app/plugins/error-handler';
import { registerTextRule } from '#app/plugins/text-rules';
import { registerSecurityHeaders } from '#app/plugins/security-headers';
import { registerSessionCookie } from '#app/plugins/session-cookie';
import { registerWebApp } from '#app/plugins/static';
import { registerSwagger } from '#app/plugins/swagger';
import { healthRoutes } from '#app/plugins/health';
import type { HeavyGateLimits } from '#app/plugins/heavy-gate';
import { defaultHeavyGateLimits, registerHeavyGates } from '#app/plugins/heavy-gate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads multipart/form-data; every other route with a body takes JSON only. */
    multipart?: boolean;
  }
  interface FastifyInstance {
    /** The automatic renewal (ADR 0084); the interval timer calls `runRenewals`, tests call it by hand. */
    renewals: RenewalService;
  }
}

export type BuildAppOptions = {
  config: Config;
  /** Opened (and migrated) by the caller, who also closes it after the app. */
  database: Database;
  clock?: Clock;
  /** Default: SMTP when config.smtpUrl is set, else the database outbox. */
  mailer?: Mailer;
  rateLimits?: Partial<RateLimits>;
  /** Where outbox mails are printed for people (default: stdout, except in tests). */
  printMail?: (text: string) => void;
  /** Default: a worker pool of config.calcWorkers threads, closed with the app. */
  calculationPool?: CalculationPool;
  /** Where the JSON log lines go (default: stdout); tests capture them here. */
  logStream?: { write: (line: string) => void };
  /** Excel import reader (worker threads with limits, ADR 0120); tests pass one with small limits. */
  xlsxReader?: XlsxReader;
  /** Default: Stripe when config.stripeSecretKey is set, else the embedded test provider (ADR 0081). */
  paymentProvider?: PaymentProvider;
  /** Limits of the heavy-route gates (ADR 0183); default from config and the database kind. */
  heavyGateLimits?: Partial<HeavyGateLimits>;
};

/** Builds the Fastify app with all routes. Never listens (see server.ts); tests use app.inject. */
export const buildApp = async (opts: BuildAppOptions): Promise<FastifyInstance> => {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits };
  // REDIS_URL: the limits live in Redis (ADR 0184); a server whose Redis does not answer does not start.
  const redis = config.redisUrl ? await openRedis(config.redisUrl) : undefined;

  const app = Fastify({
    logger: loggerOptions(config.logLevel, opts.logStream),
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Errors of the router itself (a path that is not valid percent-encoding, FST_ERR_BAD_URL) answer in
    // the envelope like every other refusal.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .send(failure('VALIDATION_FAILED', [{ path: 'url', code: 'INVALID_VALUE' }], null));
    },
  }).withTypeProvider();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First onRequest hook: heavy routes queue here before they authenticate or query (ADR 0183).
  registerHeavyGates(app, {
    ...defaultHeavyGateLimits({
      kind: database.kind,
      calcWorkers: config.calcWorkers,
      concurrency: config.heavyConcurrency,
      maxQueue: config.heavyQueue,
    }),
    ...opts.heavyGateLimits,
  });
  registerTextRule(app);
  // Only JSON and (on upload routes) multipart bodies: text/plain and everything else get 415.
  app.removeContentTypeParser('text/plain');
  await app.register(multipart, {
    limits: { fileSize: config.logoMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const wrongType = request.isMultipart() && !request.routeOptions.config.multipart;
    done(wrongType ? new AppError('UNSUPPORTED_MEDIA_TYPE') : undefined);
  });
  registerSecurityHeaders(app, {
    apiBase: config.apiBase,
    publicUrl: config.publicUrl,
    stripe: Boolean(config.stripePublishableKey),
  });
  const sessionCookie = registerSessionCookie(app, {
    apiBase: config.apiBase,
    secure: config.publicUrl.startsWith('https://'),
  });
  await registerSwagger(app, { version: config.version, apiBase: config.apiBase });

  // Composition root: repositories → services → routes.
  const { db } = database;
  const limiter = redis
    ? createRedisRateLimiter(redis, config.redisKeyPrefix, clock)
    : createRateLimiter(db, clock);
  // Old hits and run-out trust leave the shared limit tables every 15 minutes (ADR 0175); Redis expires keys.
  const sweep = setInterval(() => {
    limiter.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'rate limit sweep'));
  }, LIMIT_SWEEP_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    // quit() waits for the answers of sent commands; with Redis gone it fails and the socket is just closed.
    await redis?.quit().catch(() => redis.disconnect());
  });
  const mails = mailRepository(db, clock);
  const print =
    opts.printMail ??
    (config.nodeEnv === 'test' ? () => {} : (text: string) => process.stdout.write(text));
  const mailer =
    opts.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(mails, app.log, print));
  const users = usersRepository(db);
  const tokens = authRepository(db);
  const auth = authService({
    users,
    repository: tokens,
    clock,
    secret: config.jwtSecret,
    apiBase: config.apiBase,
    limiter,
    limits,
  });
  const otpKey = Buffer.from(
    sha256(Buffer.concat([Buffer.from('otp-key:'), config.jwtSecret])),
    'hex',
  );
  const otp = otpRepository(db);
  const registration = registrationService({
    users,
    otp,
    tokens,
    auth,
    mailer,
    clock,
    otpKey,
    publicUrl: config.publicUrl,
    limiter,
    limits,
  });
  /** Licence guard of every write route on company data (lib/policy.ts; the projects module uses it too). */
  const licence = licenceGuard({ db, clock });
  const billingRepo = billingRepository(db);
  const paymentProvider = opts.paymentProvider ?? selectPaymentProvider(config);
  const billingSvc = billingService({
    billing: billingRepo,
    users,
    mailer,
    clock,
    otpKey,
    publicUrl: config.publicUrl,
    provider: paymentProvider,
    limiter,
    limits,
  });
  const renewals = renewalService({
    billing: billingRepo,
    provider: paymentProvider,
    clock,
    log: app.log,
    mailer,
    publicUrl: config.publicUrl,
    settlePending: billingSvc.settlePending,
  });
  app.decorate('renewals', renewals);
  const webhooks = stripeWebhookService({
    billing: billingRepo,
    provider: paymentProvider,
    clock,
    log: app.log,
    webhookSecret: config.stripeWebhookSecret,
    settlePending: billingSvc.settlePending,
    renewals,
  });
  if (config.renewalIntervalMs > 0) {
    // Once across instances (ADR 0163): the pass runs where the PostgreSQL advisory lock was taken; the
    // other instances skip this tick. The per-period claim and idempotency key (ADR 0084) stay as well.
    const job = renewalJob({
      run: async () => {
        const pass = await withJobLock(database, JOB_LOCKS.renewals, renewals.runRenewals);
        if (pass.ran) {
          app.log.debug('renewal pass ran');
          return pass.value;
        }
        app.log.debug('renewal pass skipped: running in another instance');
        return { settled: 0, renewed: 0, failed: 0, skipped: 0, retry: 0, noticed: 0 };
      },
      intervalMs: config.renewalIntervalMs,
      log: app.log,
    });
    app.addHook('onReady', (done) => {
      job.start();
      done();
    });
    app.addHook('onClose', async () => {
      await job.stop();
    });
  }
  const employeesSvc = employeesService({
    employees: employeesRepository(db),
    users,
    otp,
    billing: billingSvc,
    licence,
    mailer,
    clock,
    otpKey,
    publicUrl: config.publicUrl,
  });
  const emailChange = emailChangeService({
    db,
    users,
    otp,
    tokens,
    auth,
    mailer,
    clock,
    otpKey,
    publicUrl: config.publicUrl,
    limiter,
    limits,
    managedEmployee: employeesSvc.managedEmployee,
  });
  const supportOnly = supportAuthHook(config.supportToken);
  const usersSvc = usersService({ users, tokens, auth, clock, apiBase: config.apiBase });
  const companiesSvc = companiesService({
    companies: companiesRepository(db),
    clock,
    apiBase: config.apiBase,
  });
  const pool = opts.calculationPool ?? createCalculationPool(config.calcWorkers);
  const projectsRepo = projectsRepository(db);
  // PostgreSQL: calculations are durable jobs in pg-boss any instance may run (ADR 0208); embedded: the pool.
  const jobs =
    database.kind === 'postgres' && database.pgPool
      ? createCalculationJobs({
          db,
          pgPool: database.pgPool,
          pool,
          store: storeJobResult(projectsRepo, clock),
          expireSeconds: config.calcJobExpireSeconds,
          log: app.log,
        })
      : undefined;
  if (jobs && config.calcJobsStart === 'ready') {
    // Production: fetch jobs from the start, so this instance takes over those of a dead one by itself.
    app.addHook('onReady', async () => {
      await jobs.start();
    });
  }
  app.addHook('onClose', async () => {
    await jobs?.stop(); // the jobs running here finish and store first (ADR 0162)
    if (!opts.calculationPool) await pool.close();
  });
  const projectsSvc = projectsService({
    projects: projectsRepo,
    clock,
    pool,
    jobs,
    servers: config.calcServers,
    remoteTimeoutMs: config.calcRemoteTimeoutMs,
    licence,
  });
  const xlsxReader = opts.xlsxReader ?? createXlsxReader();
  app.addHook('onClose', () => xlsxReader.close());
  const filesSvc = filesService({
    projects: projectsSvc,
    files: filesRepository(db),
    codecs: formatsCodecs(xlsxReader),
    undo: importUndoRepository(db),
    clock,
  });
  const general = generalService({ termsUrl: config.termsUrl, version: config.version });
  const authenticate = authenticateHook(auth);

  app.decorateRequest('authContext', null);
  /** Set when app.close() begins (SIGTERM): /ready answers 503 from then on (ADR 0161). */
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // While closing, every answer ends its connection: a keep-alive connection whose request was running when
  // the close began is not idle then (so not closed), and would otherwise hold the exit until Fastify's
  // keep-alive timeout (72 s) runs out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(
    (scope, _opts, done) => {
      const api = scope.withTypeProvider() as unknown as App;
      healthRoutes(api, { database, isClosing: () => closing, redis });
      authRoutes(api, auth, sessionCookie);
      registrationRoutes(api, registration);
      usersRoutes(api, usersSvc, authenticate);
      companiesRoutes(api, companiesSvc, authenticate);
      projectsRoutes(api, projectsSvc, authenticate, { workbookMaxBytes: config.workbookMaxBytes });
      employeesRoutes(api, employeesSvc, authenticate, supportOnly);
      emailChangeRoutes(api, emailChange, authenticate);
      billingRoutes(api, billingSvc, webhooks, authenticate, supportOnly);
      filesRoutes(api, filesSvc, authenticate);
      generalRoutes(api, general);
      if (!config.isProduction) outboxRoutes(api, mails);
      done();
    },
    { prefix: config.apiBase },
  );

  await registerWebApp(app, { webDist: config.webDist, apiBase: config.apiBase });
  return app;
};
