import type { FastifyInstance } from 'fastify';
import { optimaApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import { readSingleFile, registerSingleFileUploads } from '../../http/upload.ts';
import { sendFile } from '../settlements/settlements.routes.ts';
import type { OptimaService } from './optima.service.ts';

/** Optima's dictionary export of a large company stays below this. */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export function registerOptimaRoutes(app: FastifyInstance, service: OptimaService): void {
  bindEndpoint(app, optimaApi.exportInvoices, async (ctx, { query, reply }) =>
    sendFile(reply, await service.exportInvoices(ctx, query)),
  );
  bindEndpoint(app, optimaApi.documents, (ctx, { query }) => service.documents(ctx, query));
  bindEndpoint(app, optimaApi.exports, (ctx) => service.exports(ctx));
  bindEndpoint(app, optimaApi.settings, (ctx) => service.settings(ctx));
  bindEndpoint(app, optimaApi.saveSettings, (ctx, { body }) => service.saveSettings(ctx, body));
  bindEndpoint(app, optimaApi.categories, (ctx) => service.categories(ctx));
  bindEndpoint(app, optimaApi.contractors, (ctx) => service.contractors(ctx));
  bindEndpoint(app, optimaApi.mapContractor, (ctx, { body }) => service.mapContractor(ctx, body));
  bindEndpoint(app, optimaApi.employees, (ctx) => service.employees(ctx));
  bindEndpoint(app, optimaApi.mapEmployee, (ctx, { body }) => service.mapEmployee(ctx, body));
  void app.register(async (scope) => {
    await registerSingleFileUploads(scope, IMPORT_MAX_BYTES);
    bindEndpoint(scope, optimaApi.import, async (ctx, { request }) =>
      service.importDictionaries(ctx, await readSingleFile(request, IMPORT_MAX_BYTES)),
    );
  });
}
