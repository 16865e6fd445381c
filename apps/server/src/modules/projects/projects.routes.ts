import {
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
} from '@pfahlplaner/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { bearer } from '#app/lib/fastify-types';
import { readUploadedFile } from '#app/lib/upload';
import { requireAuth } from '#app/plugins/auth';
import { projectCalculationRoutes } from '#app/modules/projects/project-calculation.routes';
import {
  BASE,
  CompanyParams,
  ProjectParams,
  tags,
} from '#app/modules/projects/project-route-parts';
import { projectUsersRoutes } from '#app/modules/projects/project-users.routes';
import { projectWorkbookRoutes } from '#app/modules/projects/project-workbook.routes';
import type { ProjectsService } from '#app/modules/projects/projects.service';

/** If-None-Match names `etag` (a list of tags, or `*`; weak comparison, RFC 9110 §13.1.2). */
const matchesEtag = (header: string | undefined, etag: string): boolean =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

/**
 * The projects module's routes: list, create, copy, delete, detail and basic data here, then the workbook,
 * calculation and user routes from their files, then the settings data and the report logo (in this order:
 * the order of the API reference).
 */
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
      // Already serialised (and validated when it was made) and encoded: the bytes are sent as they are.
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

  projectWorkbookRoutes(app, projects, authenticate, opts);
  projectCalculationRoutes(app, projects, authenticate);
  projectUsersRoutes(app, projects, authenticate);

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
