import { CompanyLogoSchema, CompanySchema, CompanyUpdateSchema } from '@pfahlplaner/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import type { App } from '#app/lib/fastify-types';
import { bearer, IdSchema } from '#app/lib/fastify-types';
import { readUploadedFile } from '#app/lib/upload';
import { requireAuth } from '#app/plugins/auth';
import type { CompaniesService } from '#app/modules/companies/companies.service';

const CompanyParamsSchema = z.object({ companyId: IdSchema });
const LogoParamsSchema = z.object({
  companyId: IdSchema,
  hash: z.string().regex(/^[0-9a-f]{32,64}$/, { error: 'NOT_FOUND' }),
});

export const companiesRoutes = (
  app: App,
  companies: CompaniesService,
  authenticate: onRequestAsyncHookHandler,
) => {
  app.put(
    '/v1/companies/:companyId/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['companies'],
        summary: 'Update company data (Owner, Admin)',
        security: bearer,
        params: CompanyParamsSchema,
        body: CompanyUpdateSchema,
        response: responses(200, CompanySchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(
        await companies.update(requireAuth(request), request.params.companyId, request.body),
        'Company updated',
      ),
  );

  app.post(
    '/v1/companies/:companyId/upload-company-logo/',
    {
      onRequest: authenticate,
      config: { multipart: true },
      schema: {
        tags: ['companies'],
        summary:
          'Upload the company logo: multipart/form-data, field `file`, PNG or JPEG (Owner, Admin)',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: CompanyParamsSchema,
        response: responses(200, CompanyLogoSchema, [400, 401, 403, 404, 413, 415]),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const bytes = await readUploadedFile(request);
      return ok(
        await companies.uploadLogo(auth, request.params.companyId, bytes),
        'Company logo uploaded',
      );
    },
  );

  app.get(
    '/v1/companies/:companyId/logo/:hash/',
    {
      schema: {
        tags: ['companies'],
        summary: 'The company logo image (URL from `company.logo`; usable as <img src>)',
        params: LogoParamsSchema,
        produces: ['image/png', 'image/jpeg'],
      },
    },
    async (request, reply) => {
      const logo = await companies.logo(request.params.companyId, request.params.hash);
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(logo.data);
    },
  );
};
