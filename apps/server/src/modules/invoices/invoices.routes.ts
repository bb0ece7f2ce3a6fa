import type { FastifyInstance } from 'fastify';
import { invoiceApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import { readSingleFile, registerSingleFileUploads } from '../../http/upload.ts';
import { sendFile } from '../settlements/settlements.routes.ts';
import { INVOICE_FILE_MAX_BYTES, type InvoicesService } from './invoices.service.ts';

/** A ZIP of KSeF invoices of a month stays below this. */
const KSEF_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

export function registerInvoiceRoutes(app: FastifyInstance, service: InvoicesService): void {
  bindEndpoint(app, invoiceApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, invoiceApi.details, (ctx, { body }) => service.details(ctx, body.id));
  bindEndpoint(app, invoiceApi.download, async (ctx, { query, reply }) =>
    sendFile(reply, await service.download(ctx, query.id)),
  );
  bindEndpoint(app, invoiceApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, invoiceApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
  bindEndpoint(app, invoiceApi.matchConfirm, (ctx, { body }) => service.matchConfirm(ctx, body));
  bindEndpoint(app, invoiceApi.matchReject, (ctx, { body }) => service.matchReject(ctx, body.id));
  bindEndpoint(app, invoiceApi.costCheck, (ctx, { query }) => service.costCheck(ctx, query.id));
  void app.register(async (scope) => {
    await registerSingleFileUploads(scope, KSEF_UPLOAD_MAX_BYTES);
    bindEndpoint(scope, invoiceApi.upload, async (ctx, { request }) => {
      const file = await readSingleFile(request, INVOICE_FILE_MAX_BYTES);
      await app.uploadLimits.assertRoom(ctx, file.content.length);
      return service.upload(ctx, file);
    });
    bindEndpoint(scope, invoiceApi.ksefImport, async (ctx, { request }) => {
      const file = await readSingleFile(request, KSEF_UPLOAD_MAX_BYTES);
      await app.uploadLimits.assertRoom(ctx, file.content.length);
      return service.ksefImport(ctx, file);
    });
  });
}
