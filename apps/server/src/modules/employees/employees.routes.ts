import {
  AddEmployeeSchema,
  DeactivatedEmployeeSchema,
  EmployeeListQuerySchema,
  EmployeeListSchema,
  EmployeeProjectSchema,
  EmployeeSchema,
  EmployeeProjectIdsSchema,
  UpdateEmployeeInfoSchema,
  UpdateRoleSchema,
} from '@pfahlplaner/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { bearer, IdSchema } from '#app/lib/fastify-types';
import type { EmployeesService } from '#app/modules/employees/employees.service';
import { pickLang } from '#app/modules/mail/otp-mail';
import { requireAuth } from '#app/plugins/auth';

const CompanyParams = z.object({ companyId: IdSchema });
const EmployeeParams = z.object({ companyId: IdSchema, employeeId: IdSchema });
const tags = ['employees'];

export const employeesRoutes = (
  app: App,
  service: EmployeesService,
  authenticate: onRequestAsyncHookHandler,
  supportOnly: onRequestAsyncHookHandler,
) => {
  const base = '/v1/companies/:companyId/employees';

  app.get(
    `${base}/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Users of the company: search, sort, 5 or 10 per page (Owner, Admin, Manager)',
        security: bearer,
        params: CompanyParams,
        querystring: EmployeeListQuerySchema,
        response: responses(200, EmployeeListSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(await service.list(requireAuth(request), request.params.companyId, request.query)),
  );

  app.post(
    `${base}/add-employee/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Add a user and mail the invitation code (Owner, Admin, Manager)',
        security: bearer,
        params: CompanyParams,
        body: AddEmployeeSchema,
        response: responses(201, EmployeeSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const lang = pickLang(request.body.lang, request.headers['accept-language']);
      const employee = await service.add(
        requireAuth(request),
        request.params.companyId,
        request.body,
        lang,
      );
      reply.code(201);
      return ok(employee, 'The users have been added successfully');
    },
  );

  app.get(
    `${base}/:employeeId/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'One user of the company (Owner, Admin, Manager)',
        security: bearer,
        params: EmployeeParams,
        response: responses(200, EmployeeSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(
        await service.get(
          requireAuth(request),
          request.params.companyId,
          request.params.employeeId,
        ),
      ),
  );

  for (const assigned of [true, false]) {
    app.get(
      `${base}/:employeeId/${assigned ? 'assigned' : 'unassigned'}-projects/`,
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: `Projects of the company ${assigned ? 'assigned' : 'not assigned'} to the user (Owner, Admin, Manager)`,
          security: bearer,
          params: EmployeeParams,
          response: responses(200, z.array(EmployeeProjectSchema), [400, 401, 403, 404]),
        },
      },
      async (request) =>
        ok(
          await service.projects(
            requireAuth(request),
            request.params.companyId,
            request.params.employeeId,
            assigned,
          ),
        ),
    );

    app.post(
      `${base}/:employeeId/${assigned ? 'assign' : 'unassign'}-projects/`,
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: `${assigned ? 'Assign' : 'Unassign'} projects of the company; answers the assigned projects (Owner, Admin, Manager)`,
          security: bearer,
          params: EmployeeParams,
          body: EmployeeProjectIdsSchema,
          response: responses(200, z.array(EmployeeProjectSchema), [400, 401, 403, 404]),
        },
      },
      async (request) =>
        ok(
          await service.setProjects(
            requireAuth(request),
            request.params.companyId,
            request.params.employeeId,
            request.body.project_ids,
            assigned,
          ),
          assigned ? 'Projects assigned' : 'Projects unassigned',
        ),
    );
  }

  app.put(
    `${base}/:employeeId/update-info/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Change name, e-mail and phone of a user of a lower role',
        security: bearer,
        params: EmployeeParams,
        body: UpdateEmployeeInfoSchema,
        response: responses(200, EmployeeSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      ok(
        await service.updateInfo(
          requireAuth(request),
          request.params.companyId,
          request.params.employeeId,
          request.body,
        ),
        'User updated',
      ),
  );

  app.patch(
    `${base}/:employeeId/update-role/`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Change a user's role (a Manager cannot assign Manager or Admin; never the Owner)",
        security: bearer,
        params: EmployeeParams,
        body: UpdateRoleSchema,
        response: responses(200, EmployeeSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(
        await service.updateRole(
          requireAuth(request),
          request.params.companyId,
          request.params.employeeId,
          request.body.role,
        ),
        'Role updated',
      ),
  );

  app.delete(
    `${base}/:employeeId/delete/`,
    {
      onRequest: supportOnly,
      schema: {
        tags,
        summary:
          'Support only (Authorization: Bearer $SUPPORT_TOKEN): deactivate a user; their work stays attributed',
        security: bearer,
        params: EmployeeParams,
        response: responses(200, DeactivatedEmployeeSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(
        await service.deactivate(request.params.companyId, request.params.employeeId),
        'User deactivated',
      ),
  );
};
