import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '@delego/domain';

function fileIssue(code: string, params?: Record<string, string | number>): AppError {
  return new AppError(ErrorCode.validationFailed, {
    issues: [{ path: ['file'], code, ...(params ? { params } : {}) }],
  });
}

/**
 * Registers multipart parsing in a scope of routes that take one uploaded file; every request to
 * them counts against its user's upload rate before the file is read.
 */
export async function registerSingleFileUploads(scope: FastifyInstance, maxBytes: number): Promise<void> {
  await scope.register(multipart, { limits: { files: 1, fields: 0, parts: 1, fileSize: maxBytes } });
  scope.addHook('preHandler', async (request) => scope.uploadLimits.admit(request));
}

/** The one file of a multipart request (field `file`), refused clearly when missing or over `maxBytes`. */
export async function readSingleFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fileName: string; content: Buffer }> {
  if (!request.isMultipart()) throw fileIssue('attachment.fileMissing');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
  if (!part) throw fileIssue('attachment.fileMissing');
  try {
    return { fileName: part.filename, content: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fileIssue('attachment.tooLarge', { max_mb: Math.round(maxBytes / 1024 / 1024) });
    throw error;
  }
}
