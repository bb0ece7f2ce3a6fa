import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, ErrorCode } from '@delego/domain';
import { delegationApi, delegationFilesApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import { registerSingleFileUploads } from '../../http/upload.ts';
import { contentDisposition, type AttachmentsService, type FileAnswer } from './attachments.service.ts';
import type { SettlementsService } from './settlements.service.ts';
import type { TripDocumentsService } from './trip-documents.service.ts';

/** The largest limit a company may set (`attachment_max_mb` ≤ 50); each upload is then held to its company's. */
const MULTIPART_HARD_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * Sends a file as a download named by `Content-Disposition` (spec §7 file download helper). Uploaded files come
 * from users: should a browser render one anyway, the sandboxing policy gives it no scripts, no origin and nothing
 * to load (ASVS 5.0 3.2.1, 5.4).
 */
export function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}

function uploadIssue(code: string, params?: Record<string, string | number>): AppError {
  return new AppError(ErrorCode.validationFailed, { issues: [{ path: ['file'], code, ...(params ? { params } : {}) }] });
}

export function registerSettlementRoutes(
  app: FastifyInstance,
  services: { settlements: SettlementsService; attachments: AttachmentsService; documents: TripDocumentsService },
): void {
  const { settlements, attachments, documents } = services;
  bindEndpoint(app, delegationApi.list, (ctx, { query }) => settlements.list(ctx, query));
  bindEndpoint(app, delegationApi.availableUsers, (ctx, { query }) => settlements.availableUsers(ctx, query.others === 'true'));
  bindEndpoint(app, delegationApi.formOptions, (ctx) => settlements.formOptions(ctx));
  bindEndpoint(app, delegationApi.availableOrders, (ctx) => settlements.availableOrders(ctx));
  bindEndpoint(app, delegationApi.delegationOrderImport, (ctx, { body }) => settlements.delegationOrderImport(ctx, body.id));
  bindEndpoint(app, delegationApi.delegationEdit, (ctx, { body }) => settlements.delegationEdit(ctx, body.id));
  bindEndpoint(app, delegationApi.saveStandard, async (ctx, { body, request }) => {
    try {
      return await settlements.saveStandard(ctx, body);
    } catch (error) {
      // Expected refusals (404, 403) keep their status; anything else is spec §8's "unknown error".
      if (error instanceof AppError) throw error;
      request.log.error({ err: error }, 'settlement save failed');
      return { status: 'unknownError' as const, code: ErrorCode.internal, message: 'Internal server error', request_id: String(request.id) };
    }
  });
  bindEndpoint(app, delegationApi.action, (ctx, { body }) => settlements.action(ctx, body));
  bindEndpoint(app, delegationApi.attachmentDelete, (ctx, { body }) => attachments.deletePending(ctx, body.id));

  bindEndpoint(app, delegationFilesApi.attachment, async (ctx, { query, reply }) => sendFile(reply, await attachments.download(ctx, query.id)));
  bindEndpoint(app, delegationFilesApi.allAttachments, async (ctx, { query, reply }) => sendFile(reply, await attachments.downloadAll(ctx, query.id)));
  bindEndpoint(app, delegationFilesApi.pdf, async (ctx, { query, reply }) => sendFile(reply, await documents.settlementPdf(ctx, query.id)));
  bindEndpoint(app, delegationFilesApi.orderPdf, async (ctx, { query, reply }) => sendFile(reply, await documents.orderPdf(ctx, query.id)));

  // Multipart parsing only where files are uploaded.
  void app.register(async (scope) => {
    await registerSingleFileUploads(scope, MULTIPART_HARD_LIMIT_BYTES);
    bindEndpoint(scope, delegationApi.attachmentUpload, async (ctx, { query, request }) => {
      if (!request.isMultipart()) throw uploadIssue('attachment.fileMissing');
      const maxBytes = attachments.maxBytes(ctx);
      const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
      if (!part) throw uploadIssue('attachment.fileMissing');
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw uploadIssue('attachment.tooLarge', { max_mb: ctx.actor.settings.attachment_max_mb });
        throw error;
      }
      await app.uploadLimits.assertRoom(ctx, content.length);
      return attachments.upload(ctx, query, { fileName: part.filename, content });
    });
  });
}
