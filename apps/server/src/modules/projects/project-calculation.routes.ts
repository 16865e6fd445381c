// Routes of a project's calculation: run it, read the stored result and one load point's detail, the
// configured calculation servers (ADR 0045–0049, ADR 0170).
import {
  CalculateQuerySchema,
  CalculateResponseSchema,
  CalculationJobStatusSchema,
  CalculationServerSchema,
  PileDetailSchema,
  StoredCalculationSchema,
} from '@pfahlplaner/contracts';
import type { PileDetailData } from '@pfahlplaner/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { bearer } from '#app/lib/fastify-types';
import { requireAuth } from '#app/plugins/auth';
import { BASE, ProjectParams, tags } from '#app/modules/projects/project-route-parts';
import type { ProjectsService } from '#app/modules/projects/projects.service';

/**
 * GET …/calculate/, …/calculation/, …/calculation/piles/{index}/, …/calculation/job/ and
 * /v1/calculation-servers/.
 */
export const projectCalculationRoutes = (
  app: App,
  projects: ProjectsService,
  authenticate: onRequestAsyncHookHandler,
) => {
  app.get(
    `${BASE}/:projectId/calculate/`,
    {
      onRequest: authenticate,
      config: { heavy: 'calculate' },
      schema: {
        tags,
        summary:
          'Calculate the project on a calculation server (default: the local worker pool) and store the result',
        description:
          'On PostgreSQL a local calculation is a durable job in pg-boss (ADR 0208); the answer names the job the request joined in the `Calculation-Job` header, whose state `GET …/calculation/job/` tells (ADR 0196).',
        security: bearer,
        params: ProjectParams,
        querystring: CalculateQuerySchema,
        response: responses(200, CalculateResponseSchema, [400, 401, 403, 404, 503]),
      },
    },
    async (request, reply) => {
      const { jobId, ...answer } = await projects.calculate(
        requireAuth(request),
        request.params.companyId,
        request.params.projectId,
        request.query.dhpd_server,
      );
      if (jobId !== null) reply.header('calculation-job', jobId);
      // Serialised as it is, without the zod response check: for 1,000 load points (1.76 MiB) the check took
      // about 40 ms of main-thread time per calculation (ADR 0209). The answer is typed by the service; that it
      // conforms to CalculateResponseSchema with nothing stripped is tested (compact-results.test.ts), as the
      // cached detail of ADR 0171 is sent without a check.
      return reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(ok(answer, 'Calculated')));
    },
  );

  app.get(
    `${BASE}/:projectId/calculation/`,
    {
      onRequest: authenticate,
      config: { heavy: 'detail' },
      schema: {
        tags,
        summary: 'The last stored calculation (also when stale), or null',
        security: bearer,
        params: ProjectParams,
        response: responses(200, StoredCalculationSchema, [400, 401, 404]),
      },
    },
    async (request) =>
      ok(
        await projects.calculation(
          requireAuth(request),
          request.params.companyId,
          request.params.projectId,
        ),
      ),
  );

  app.get(
    `${BASE}/:projectId/calculation/piles/:index/`,
    {
      onRequest: authenticate,
      config: { heavy: 'calculate' },
      schema: {
        tags,
        summary:
          'Full result of one load point (trace, load rows with distributions), computed on demand while the calculation is fresh',
        security: bearer,
        params: ProjectParams.extend({ index: z.coerce.number().int().min(0).max(100_000) }),
        response: responses(200, PileDetailSchema, [400, 401, 404, 409, 503]),
      },
    },
    async (request) =>
      ok(
        (await projects.pileDetail(
          requireAuth(request),
          request.params.companyId,
          request.params.projectId,
          request.params.index,
        )) as unknown as PileDetailData,
      ),
  );

  app.get(
    `${BASE}/:projectId/calculation/job/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'State of the newest calculation job of the project (queued, running, done, failed), or null',
        description:
          'A client whose calculate request was cut off (its instance died: network error, 502, 503) polls this until the job is done or failed, then reads the stored calculation (ADR 0196).',
        security: bearer,
        params: ProjectParams,
        response: responses(200, CalculationJobStatusSchema, [400, 401, 404]),
      },
    },
    async (request) =>
      ok(
        await projects.calculationJob(
          requireAuth(request),
          request.params.companyId,
          request.params.projectId,
        ),
      ),
  );

  app.get(
    '/v1/calculation-servers/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Configured calculation servers (`dhpd_server` values)',
        security: bearer,
        response: responses(200, z.array(CalculationServerSchema), [401]),
      },
    },
    (request, reply) => {
      requireAuth(request);
      return reply.send(ok(projects.servers()));
    },
  );
};
