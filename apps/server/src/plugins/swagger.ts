import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The reference page's own Content-Security-Policy (ADR 0164). Swagger UI loads only its bundled files
 * from this server ('self'; no CDN, so it works offline) but sets style attributes from script, hence
 * 'unsafe-inline' for styles only. Scripts stay 'self' (no inline script, no eval). It replaces whatever
 * policy the app sets for its own pages, on the docs routes only.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/** Whether the client asked for a page: browsers send text/html; curl, fetch and scripts do not. */
const wantsHtml = (request: FastifyRequest): boolean =>
  /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * OpenAPI document built from the zod route schemas, committed as openapi.json, and its interactive
 * reference (Swagger UI, bundled with @fastify/swagger-ui) at {API_BASE}/docs. The same URL keeps answering
 * the JSON document to every client that does not ask for HTML (as it did before the page existed);
 * {API_BASE}/docs/json and /docs/yaml always answer the document.
 */
export const registerSwagger = async (
  app: FastifyInstance,
  opts: { version: string; apiBase: string },
) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pfahlplaner API',
        version: opts.version,
        description:
          'Every JSON answer is an envelope { status_code: 1|0, status_message, data } (failures add error: { code, details }).',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  const prefix = `${opts.apiBase}/docs`;
  await app.register(swaggerUi, {
    routePrefix: prefix,
    // No request to swagger.io's validator: the page works offline and sends nothing elsewhere.
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
    staticCSP: DOCS_CSP,
    uiHooks: {
      onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        if (request.routeOptions.url?.replace(/\/$/, '') === prefix) {
          void reply.header('vary', 'Accept');
          if (!wantsHtml(request)) {
            void reply.type('application/json; charset=utf-8').send(app.swagger());
            return;
          }
        }
        done();
      },
    },
  });
};
