import {
  FailureEnvelopeSchema,
  FileLanguageQuerySchema,
  PdfReportQuerySchema,
  IMPORT_MAX_BYTES,
  ImportApplyResultSchema,
  ImportPreviewSchema,
  ImportProjectQuerySchema,
  ImportProjectResultSchema,
  ImportQuerySchema,
  ImportUndoSchema,
  ImportUndoStatusSchema,
} from '@pfahlplaner/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok, responses } from '#app/lib/envelope';
import { readUploadedPart } from '#app/lib/upload';
import type { App } from '#app/lib/fastify-types';
import { bearer, IdSchema } from '#app/lib/fastify-types';
import { requireAuth } from '#app/plugins/auth';
import type { FileAnswer, FilesService, UploadedFile } from '#app/modules/files/files.service';

const ProjectParamsSchema = z.object({ companyId: IdSchema, projectId: IdSchema });
const CompanyParamsSchema = z.object({ companyId: IdSchema });

/**
 * The one file of an import upload (multipart field `file`, at most IMPORT_MAX_BYTES: the stream is cut
 * and the answer is 413). Not multipart → 415; no `file` field → 400.
 */
const importUpload = async (request: FastifyRequest): Promise<UploadedFile> => {
  const { filename, bytes } = await readUploadedPart(request, {
    fileSize: IMPORT_MAX_BYTES,
    files: 1,
  });
  return { name: filename, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
};

/** Failure envelopes of a file download (the success is the file itself, not an envelope). */
const fileResponses = (statuses: readonly number[]) =>
  Object.fromEntries([...statuses, 500].map((s) => [s, FailureEnvelopeSchema]));

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / RFC 5987). */
export const contentDisposition = (fileName: string): string => {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

const sendFile = (reply: FastifyReply, file: FileAnswer) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));

export const filesRoutes = (
  app: App,
  files: FilesService,
  authenticate: onRequestAsyncHookHandler,
) => {
  app.get(
    '/v1/companies/:companyId/projects/:projectId/pdf/',
    {
      onRequest: authenticate,
      config: { heavy: 'files' },
      schema: {
        tags: ['files'],
        summary:
          'PDF report (application/pdf) in German or English, `detail` summary (default) | piles | groups | all with `select` (load point names or group numbers, comma-separated); 409 CALCULATION_MISSING / CALCULATION_STALE without a calculation of the current inputs',
        security: bearer,
        params: ProjectParamsSchema,
        querystring: PdfReportQuerySchema,
        produces: ['application/pdf'],
        response: fileResponses([400, 401, 404, 409]),
      },
    },
    async (request, reply) => {
      const { companyId, projectId } = request.params;
      const file = await files.pdf(requireAuth(request), companyId, projectId, request.query);
      return sendFile(reply, file);
    },
  );

  app.get(
    '/v1/companies/:companyId/projects/:projectId/xlsx/',
    {
      onRequest: authenticate,
      config: { heavy: 'files' },
      schema: {
        tags: ['files'],
        summary:
          'Excel export (.xlsx) of the workbook, headers in `lang` (default German, the predecessor layout); result sheets when the calculation is fresh',
        security: bearer,
        params: ProjectParamsSchema,
        querystring: FileLanguageQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: fileResponses([400, 401, 404]),
      },
    },
    async (request, reply) => {
      const { companyId, projectId } = request.params;
      return sendFile(
        reply,
        await files.xlsx(requireAuth(request), companyId, projectId, request.query.lang),
      );
    },
  );

  app.get(
    '/v1/companies/:companyId/projects/:projectId/xml/',
    {
      onRequest: authenticate,
      config: { heavy: 'files' },
      schema: {
        tags: ['files'],
        summary:
          'InputDaten XML export; results in the output section when the calculation is fresh',
        security: bearer,
        params: ProjectParamsSchema,
        produces: ['application/xml'],
        response: fileResponses([400, 401, 404]),
      },
    },
    async (request, reply) => {
      const { companyId, projectId } = request.params;
      return sendFile(reply, await files.xml(requireAuth(request), companyId, projectId));
    },
  );

  app.get(
    '/v1/sample-import-file/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['files'],
        summary: 'The "Sample Import File" (.xlsx with an example project)',
        security: bearer,
        querystring: FileLanguageQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: fileResponses([400, 401]),
      },
    },
    async (request, reply) => {
      requireAuth(request);
      return sendFile(reply, await files.sample(request.query.lang));
    },
  );

  app.post(
    '/v1/companies/:companyId/projects/:projectId/import-file/',
    {
      onRequest: authenticate,
      config: { multipart: true },
      schema: {
        tags: ['files'],
        summary:
          'Import .xls, .xlsx or InputDaten .xml (multipart field `file`, max. 20 MB). mode=preview answers the workbook and every issue and changes nothing; mode=apply (with version) replaces the workbook, undoable for 60 minutes',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: ProjectParamsSchema,
        querystring: ImportQuerySchema,
        response: responses(
          200,
          z.union([ImportPreviewSchema, ImportApplyResultSchema]),
          [400, 401, 403, 404, 409, 413, 415],
        ),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const file = await importUpload(request);
      const { companyId, projectId } = request.params;
      const answer = await files.importFile(auth, companyId, projectId, file, request.query);
      return ok(answer, request.query.mode === 'apply' ? 'Import applied' : 'Import preview');
    },
  );

  app.post(
    '/v1/companies/:companyId/projects/import-file/',
    {
      onRequest: authenticate,
      config: { multipart: true },
      schema: {
        tags: ['files'],
        summary:
          "A new project from .xls, .xlsx or InputDaten .xml (multipart field `file`, max. 20 MB; roles that may create projects). mode=preview needs no project: it checks the name and the plan, answers the workbook and every issue, and changes nothing (200); mode=apply creates the project named `name` with the file's workbook in one transaction (201) — a refusal creates nothing",
        security: bearer,
        consumes: ['multipart/form-data'],
        params: CompanyParamsSchema,
        querystring: ImportProjectQuerySchema,
        response: {
          ...responses(200, ImportPreviewSchema, [400, 401, 403, 404, 413, 415]),
          ...responses(201, ImportProjectResultSchema),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await importUpload(request);
      const answer = await files.importProject(auth, request.params.companyId, file, request.query);
      if ('project' in answer) return reply.code(201).send(ok(answer, 'Project imported'));
      return ok(answer, 'Import preview');
    },
  );

  app.post(
    '/v1/companies/:companyId/projects/:projectId/import-file/undo/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['files'],
        summary: 'Undo the last import (restores the previous workbook; version-checked)',
        security: bearer,
        params: ProjectParamsSchema,
        body: ImportUndoSchema,
        response: responses(200, ImportApplyResultSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { companyId, projectId } = request.params;
      return ok(
        await files.undoImport(requireAuth(request), companyId, projectId, request.body.version),
        'Import undone',
      );
    },
  );

  app.get(
    '/v1/companies/:companyId/projects/:projectId/import-file/undo/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['files'],
        summary:
          'Whether the last import can be undone now (kept, within its 60 minutes, project unchanged since) and until when; changes nothing',
        security: bearer,
        params: ProjectParamsSchema,
        response: responses(200, ImportUndoStatusSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { companyId, projectId } = request.params;
      return ok(await files.undoStatus(requireAuth(request), companyId, projectId), 'Import undo');
    },
  );
};
