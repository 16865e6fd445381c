import {
  CalculateQuerySchema,
  CalculateResponseSchema,
  CalculationServerSchema,
  ProjectBasicDataSchema,
  ProjectCopyResultSchema,
  ProjectDeleteResultSchema,
  ProjectDetailSchema,
  ProjectIdQuerySchema,
  ProjectIdsSchema,
  ProjectListQuerySchema,
  ProjectListSchema,
  ProjectLogoSchema,
  ProjectSettingDataSchema,
  ProjectSummarySchema,
  ProjectUserSchema,
  PileDetailSchema,
  ResetSettingsSchema,
  SaveResultSchema,
  SaveWorkbookSchema,
  StoredCalculationSchema,
  UpdateSettingsSchema,
  UserIdsSchema,
} from '@pfahlplaner/contracts';
import type { PileDetailData } from '@pfahlplaner/contracts';
import type { FastifySchemaCompiler, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { bearer, IdSchema } from '#app/lib/fastify-types';
import { readUploadedFile } from '#app/lib/upload';
import { zodValidatorCompiler } from '#app/lib/validation';
import { requireAuth } from '#app/plugins/auth';
import type { ProjectsService } from '#app/modules/projects/projects.service';

/** If-None-Match names `etag` (a list of tags, or `*`; weak comparison, RFC 9110 §13.1.2). */
const matchesEtag = (header: string | undefined, etag: string): boolean =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

const CompanyParams = z.object({ companyId: IdSchema });
const ProjectParams = z.object({ companyId: IdSchema, projectId: IdSchema });
const BASE = '/v1/companies/:companyId/projects';
const tags = ['projects'];

/**
 * The workbook body is validated by the service (field rules, cross-row rules and the plan's limits in one
 * pass, ADR 0051); the route schema only documents it.
 */
const bodyCheckedByService: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);

export const projectsRoutes = (
  app: App,
  projects: ProjectsService,
  authenticate: onRequestAsyncHookHandler,
  opts: { workbookMaxBytes: number },
) => {
  app.get(
    `${BASE}/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'List projects (Member, Employee, Guest: only assigned ones)',
        security: bearer,
        params: CompanyParams,
        querystring: ProjectListQuerySchema,
        response: responses(200, ProjectListSchema, [400, 401, 404]),
      },
    },
    async (request) =>
      ok(await projects.list(requireAuth(request), request.params.companyId, request.query)),
  );

  app.post(
    `${BASE}/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Create a project (Owner, Admin, Manager; Free plan: 1 project)',
        security: bearer,
        params: CompanyParams,
        body: ProjectBasicDataSchema,
        response: responses(201, ProjectSummarySchema, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const created = await projects.create(
        requireAuth(request),
        request.params.companyId,
        request.body,
      );
      return reply.code(201).send(ok(created, 'Project created'));
    },
  );

  app.post(
    `${BASE}/copy-multi-projects/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Copy projects with their workbooks (all or nothing)',
        security: bearer,
        params: CompanyParams,
        body: ProjectIdsSchema,
        response: responses(200, ProjectCopyResultSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(
        await projects.copyMany(
          requireAuth(request),
          request.params.companyId,
          request.body.project_ids,
        ),
        'Projects copied',
      ),
  );

  app.delete(
    `${BASE}/delete-multi-projects/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Delete projects permanently (all or nothing)',
        security: bearer,
        params: CompanyParams,
        body: ProjectIdsSchema,
        response: responses(200, ProjectDeleteResultSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(
        await projects.deleteMany(
          requireAuth(request),
          request.params.companyId,
          request.body.project_ids,
        ),
        'Project have been deleted successfully',
      ),
  );

  app.get(
    `${BASE}/:projectId/`,
    {
      onRequest: authenticate,
      config: { heavy: 'detail' },
      schema: {
        tags,
        summary: 'Project with its workbook and calculation state',
        description:
          'Answers with an ETag; a request whose If-None-Match names it gets 304 without a body (ADR 0171).',
        security: bearer,
        params: ProjectParams,
        response: responses(200, ProjectDetailSchema, [400, 401, 404]),
      },
    },
    async (request, reply) => {
      const answer = await projects.detailAnswer(
        requireAuth(request),
        request.params.companyId,
        request.params.projectId,
      );
      reply.header('etag', answer.etag);
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
        // Not Modified has no body, so it has no declared response schema to type it by.
        return reply.code(304 as 200).send(undefined as never);
      }
      // Already serialised (and validated when it was made): a JSON string is sent as it is.
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );

  app.put(
    `${BASE}/:projectId/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Rename a project and change its basic data',
        security: bearer,
        params: ProjectParams,
        body: ProjectBasicDataSchema,
        response: responses(200, ProjectSummarySchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(
        await projects.update(
          requireAuth(request),
          request.params.companyId,
          request.params.projectId,
          request.body,
        ),
        'Project updated',
      ),
  );

  app.put(
    `${BASE}/:projectId/update-table-datas/`,
    {
      onRequest: authenticate,
      bodyLimit: opts.workbookMaxBytes,
      validatorCompiler: bodyCheckedByService,
      schema: {
        tags,
        summary:
          'Save the whole workbook (optimistic lock on `version`; 409 VERSION_CONFLICT with the current workbook in data)',
        security: bearer,
        params: ProjectParams,
        body: SaveWorkbookSchema,
        response: responses(200, SaveResultSchema, [400, 401, 403, 404, 409, 413]),
      },
    },
    async (request) =>
      ok(
        await projects.saveWorkbook(
          requireAuth(request),
          request.params.companyId,
          request.params.projectId,
          request.body,
        ),
        'Saved',
      ),
  );

  app.put(
    `${BASE}/:projectId/update-settings/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Save the project settings (optimistic lock on `version`)',
        security: bearer,
        params: ProjectParams,
        body: UpdateSettingsSchema,
        response: responses(200, SaveResultSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      ok(
        await projects.updateSettings(
          requireAuth(request),
          request.params.companyId,
          request.params.projectId,
          request.body,
        ),
        'Saved',
      ),
  );

  app.post(
    `${BASE}/:projectId/reset-settings/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Reset the settings to the model defaults (project and company data are kept)',
        security: bearer,
        params: ProjectParams,
        body: ResetSettingsSchema,
        response: responses(200, SaveResultSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      ok(
        await projects.resetSettings(
          requireAuth(request),
          request.params.companyId,
          request.params.projectId,
          request.body.version,
        ),
        'Settings reset',
      ),
  );

  app.get(
    `${BASE}/:projectId/calculate/`,
    {
      onRequest: authenticate,
      config: { heavy: 'calculate' },
      schema: {
        tags,
        summary:
          'Calculate the project on a calculation server (default: the local worker pool) and store the result',
        security: bearer,
        params: ProjectParams,
        querystring: CalculateQuerySchema,
        response: responses(200, CalculateResponseSchema, [400, 401, 403, 404, 503]),
      },
    },
    async (request) =>
      ok(
        await projects.calculate(
          requireAuth(request),
          request.params.companyId,
          request.params.projectId,
          request.query.dhpd_server,
        ),
        'Calculated',
      ),
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

  for (const [path, assigned] of [
    ['assigned-users', true],
    ['unassigned-users', false],
  ] as const) {
    app.get(
      `${BASE}/:projectId/${path}/`,
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: `${assigned ? 'Users assigned to' : 'Company users not assigned to'} the project (Owner, Admin, Manager)`,
          security: bearer,
          params: ProjectParams,
          response: responses(200, z.array(ProjectUserSchema), [400, 401, 403, 404]),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { companyId, projectId } = request.params;
        return ok(
          assigned
            ? await projects.assignedUsers(auth, companyId, projectId)
            : await projects.unassignedUsers(auth, companyId, projectId),
        );
      },
    );
  }

  for (const [path, assign] of [
    ['assign-users', true],
    ['unassign-users', false],
  ] as const) {
    app.post(
      `${BASE}/:projectId/${path}/`,
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: `${assign ? 'Assign' : 'Unassign'} users of the company (Owner, Admin, Manager); answers the assigned users`,
          security: bearer,
          params: ProjectParams,
          body: UserIdsSchema,
          response: responses(200, z.array(ProjectUserSchema), [400, 401, 403, 404]),
        },
      },
      async (request) =>
        ok(
          await projects.changeAssignment(
            requireAuth(request),
            request.params.companyId,
            request.params.projectId,
            request.body.user_ids,
            assign,
          ),
        ),
    );
  }

  app.get(
    '/projects/api/getProjectSettingData/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Settings, version and report-logo flag of a project',
        security: bearer,
        querystring: ProjectIdQuerySchema,
        response: responses(200, ProjectSettingDataSchema, [400, 401, 404]),
      },
    },
    async (request) =>
      ok(await projects.settingData(requireAuth(request), request.query.project_id)),
  );

  app.post(
    `${BASE}/:projectId/upload-company-logo/`,
    {
      onRequest: authenticate,
      config: { multipart: true },
      schema: {
        tags,
        summary: 'Report logo of the project: multipart/form-data, field `file`, PNG or JPEG',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: ProjectParams,
        response: responses(200, ProjectLogoSchema, [400, 401, 403, 404, 413, 415]),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const bytes = await readUploadedFile(request);
      return ok(
        await projects.uploadLogo(auth, request.params.companyId, request.params.projectId, bytes),
        'Logo uploaded',
      );
    },
  );
};
