import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app';
import { testConfig } from '#app/config';
import type { Database } from '#app/db/database';
import { freshDatabase, json } from '#app/test/test-app';

/** The real Redis of this machine (.ci/run starts it and sets TEST_REDIS_URL); without it these are skipped. */
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

/**
 * A TCP forwarder to the real Redis on a loopback port of its own: the server under test talks to Redis
 * through it, so closing it makes that port unreachable (nothing listens any more, open sockets are cut)
 * and opening it again on the same port brings Redis back — what a Redis restart looks like to the server.
 */
const forwarder = (target: URL) => {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const srv = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        port = (srv.address() as { port: number }).port;
        server = srv;
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  return { open, close, url: () => `redis://127.0.0.1:${port}` };
};

/** Asks `/ready` until it answers `status` (Redis reconnects on its own schedule); at most `tries` times. */
const readyUntil = async (app: FastifyInstance, status: number, tries = 200) => {
  let res = await app.inject({ method: 'GET', url: '/api/ready' });
  for (let i = 1; i < tries && res.statusCode !== status; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    res = await app.inject({ method: 'GET', url: '/api/ready' });
  }
  return res;
};

describe.skipIf(!redisUrl)('readiness with REDIS_URL (ADR 0197)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers 200 with redis up while the real Redis answers', async () => {
    const app = await buildApp({ config: testConfig({ redisUrl }), database });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data).toMatchObject({ status: 'ready', redis: 'up' });
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming redis once its port is unreachable, and 200 again when Redis is back', async () => {
    const proxy = forwarder(new URL(redisUrl!));
    await proxy.open();
    const app = await buildApp({ config: testConfig({ redisUrl: proxy.url() }), database });
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      await proxy.close();
      const down = await readyUntil(app, 503);
      expect(down.statusCode, down.body).toBe(503);
      expect(json(down).error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        details: [{ path: 'redis', code: 'SERVICE_UNAVAILABLE' }],
      });
      // Liveness does not ask Redis: the process still answers.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await proxy.open();
      const back = await readyUntil(app, 200);
      expect(back.statusCode, back.body).toBe(200);
      expect(json(back).data).toMatchObject({ redis: 'up' });
    } finally {
      await app.close();
      await proxy.close();
    }
  });
});
