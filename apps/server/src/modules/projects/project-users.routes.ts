// Routes of the users assigned to a project (Owner, Admin, Manager; docs/permissions.md).
import { ProjectUserSchema, UserIdsSchema } from '@pfahlplaner/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { bearer } from '#app/lib/fastify-types';
import { requireAuth } from '#app/plugins/auth';
import { BASE, ProjectParams, tags } from '#app/modules/projects/project-route-parts';
import type { ProjectsService } from '#app/modules/projects/projects.service';

/** GET …/assigned-users/ and …/unassigned-users/, POST …/assign-users/ and …/unassign-users/. */
export const projectUsersRoutes = (
  app: App,
  projects: ProjectsService,
  authenticate: onRequestAsyncHookHandler,
) => {
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
};
