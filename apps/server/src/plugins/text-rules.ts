import type { FastifyInstance } from 'fastify';
import { AppError } from '#app/lib/app-error';
import { textRuleViolations } from '#app/lib/text-rules';

/**
 * Applies the one text rule (lib/text-rules.ts) to every route, with or without a schema: path
 * parameters, query and JSON body. A refused request is a 400 VALIDATION_FAILED whose details name each
 * offending field with INVALID_CHARACTERS; nothing of it reaches a service or the database. Multipart
 * bodies are bytes (files) and are checked by their readers.
 */
export const registerTextRule = (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    const body = Buffer.isBuffer(request.body) ? undefined : request.body;
    const details = [
      ...textRuleViolations(request.params, ['params']),
      ...textRuleViolations(request.query, ['query']),
      ...textRuleViolations(body),
    ];
    done(details.length > 0 ? new AppError('VALIDATION_FAILED', { details }) : undefined);
  });
};
