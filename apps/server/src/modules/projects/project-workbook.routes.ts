// Routes that write a project's workbook and settings (optimistic lock on `version`, ADR 0051).
import {
  ResetSettingsSchema,
  SaveResultSchema,
  SaveWorkbookSchema,
  UpdateSettingsSchema,
} from '@pfahlplaner/contracts';
import type { FastifySchemaCompiler, onRequestAsyncHookHandler } from 'fastify';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { bearer } from '#app/lib/fastify-types';
import { zodValidatorCompiler } from '#app/lib/validation';
import { requireAuth } from '#app/plugins/auth';
import { BASE, ProjectParams, tags } from '#app/modules/projects/project-route-parts';
import type { ProjectsService } from '#app/modules/projects/projects.service';

/**
 * The workbook body is validated by the service (field rules, cross-row rules and the plan's limits in one
 * pass, ADR 0051); the route schema only documents it.
 */
const bodyCheckedByService: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);

/** PUT …/update-table-datas/, PUT …/update-settings/, POST …/reset-settings/. */
export const projectWorkbookRoutes = (
  app: App,
  projects: ProjectsService,
  authenticate: onRequestAsyncHookHandler,
  opts: { workbookMaxBytes: number },
) => {
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
};
