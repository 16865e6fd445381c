import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '#app/lib/app-error';

/** The one file of a multipart upload: its name as the client sent it, and its bytes. */
export type UploadedPart = { filename: string; bytes: Buffer };

/**
 * The one file of a multipart/form-data upload in the field `file`, with optional stream limits (a cut stream
 * answers 413 through the multipart plugin). Not multipart → 415; no `file` field → 400 `file` REQUIRED; a
 * broken multipart body (busboy: "Unexpected end of multipart data", malformed part headers) → 400 `file`
 * INVALID_VALUE: the client's mistake, never a 500. Errors that carry a status keep it.
 */
export const readUploadedPart = async (
  request: FastifyRequest,
  limits?: { fileSize: number; files: number },
): Promise<UploadedPart> => {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const file = await request.file(limits ? { limits } : undefined);
    if (!file || file.fieldname !== 'file') throw fieldError('file', 'REQUIRED');
    return { filename: file.filename, bytes: await file.toBuffer() };
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: unknown }).statusCode) throw error;
    throw fieldError('file', 'INVALID_VALUE');
  }
};

/** The bytes of the one file of a multipart/form-data upload in the field `file` (see readUploadedPart). */
export const readUploadedFile = async (request: FastifyRequest): Promise<Buffer> =>
  (await readUploadedPart(request)).bytes;
