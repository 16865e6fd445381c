import { buildApp } from '#app/app';
import { loadConfig } from '#app/config';
import { openDatabase } from '#app/db/database';
import { systemClock } from '#app/lib/clock';
import { redactRedisUrl } from '#app/lib/rate-limiter-redis';
import { seedDemo, shouldSeedDemo } from '#app/modules/seed/demo-seed';

/** Entry point: config → database (migrated) → demo seed → app → listen; closes everything on a signal. */
const main = async () => {
  const config = loadConfig();
  const database = await openDatabase(config);
  let closing = false;
  try {
    if (shouldSeedDemo(database.kind, config.demoAccount)) {
      const demo = await seedDemo(database, systemClock);
      if (demo) {
        const rule = '='.repeat(72);
        process.stdout.write(
          `${rule}\nDemo account created (first start on an empty database):\n` +
            `  E-mail:   ${demo.email}\n  Password: ${demo.password}\n` +
            `The password is shown only this once; change it under Account after signing in.\n${rule}\n`,
        );
      }
    }
    const app = await buildApp({ config, database });
    /**
     * Graceful shutdown (ADR 0162): /ready turns 503, the listening socket closes (no new connection),
     * running requests finish (a running calculation included), then the onClose hooks stop the renewal
     * job (waiting for a running pass) and the worker pool, and the database closes (PGlite releases the
     * data directory lock). SHUTDOWN_TIMEOUT_MS bounds all of it: past it the process exits with 1.
     */
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
      const force = setTimeout(() => {
        app.log.error(
          { timeoutMs: config.shutdownTimeoutMs },
          'shutdown timed out: running requests or jobs did not finish, exiting',
        );
        process.exit(1);
      }, config.shutdownTimeoutMs);
      force.unref();
      let code = 0;
      try {
        await app.close();
      } catch (error) {
        app.log.error({ err: error }, 'closing the server failed');
        code = 1;
      }
      try {
        await database.close();
      } catch (error) {
        app.log.error({ err: error }, 'closing the database failed');
        code = 1;
      }
      app.log.info({ code }, 'shutdown complete');
      process.exit(code);
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => void shutdown(signal));
    }
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      `Pfahlplaner ${config.version} on ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'}; sign-in limits: ${config.redisUrl ? `Redis ${redactRedisUrl(config.redisUrl)}` : 'database'}; mail: ${config.smtpUrl ? 'SMTP' : `outbox, see ${config.apiBase}/dev/outbox/view/`})`,
    );
  } catch (error) {
    await database.close();
    throw error;
  }
};

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
