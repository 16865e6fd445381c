import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';

/** OpenAPI document built from the zod route schemas; served at {API_BASE}/docs and committed as openapi.json. */
export const registerSwagger = async (app: FastifyInstance, opts: { version: string }) => {
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
};
