// What the route files of the projects module share: the path parameters, the base path and the tag.
import { z } from 'zod';
import { IdSchema } from '#app/lib/fastify-types';

export const CompanyParams = z.object({ companyId: IdSchema });
export const ProjectParams = z.object({ companyId: IdSchema, projectId: IdSchema });
export const BASE = '/v1/companies/:companyId/projects';
export const tags = ['projects'];
