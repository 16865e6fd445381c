import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from '#app/lib/envelope';

/**
 * Serves the built web app (apps/web/dist) when it exists, with index.html for every non-API GET that has
 * no file (client-side routes). API paths without a route get the 404 envelope.
 */
export const registerWebApp = async (
  app: FastifyInstance,
  opts: { webDist: string; apiBase: string },
) => {
  const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: ['index.html'],
      setHeaders: (res, filePath) => {
        // Vite puts content hashes into the file names under assets/; index.html must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === opts.apiBase || pathname.startsWith(`${opts.apiBase}/`);
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(failure('NOT_FOUND'));
  });
};
