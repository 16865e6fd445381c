import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '#app/lib/app-error';

/**
 * The bytes of the one file of a multipart/form-data upload in the field `file` (size limit: the multipart
 * plugin, 413). Not multipart → 415; no `file` field → 400 `file` REQUIRED.
 */
export const readUploadedFile = async (request: FastifyRequest): Promise<Buffer> => {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw fieldError('file', 'REQUIRED');
  return file.toBuffer();
};
