import type { FastifyInstance } from 'fastify';
import { bookingApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import { readSingleFile, registerSingleFileUploads } from '../../http/upload.ts';
import type { BookingsService } from './bookings.service.ts';

/** A booking site's file of 20 000 rows stays well below this. */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export function registerBookingRoutes(app: FastifyInstance, service: BookingsService): void {
  bindEndpoint(app, bookingApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, bookingApi.details, (ctx, { body }) => service.details(ctx, body.id));
  bindEndpoint(app, bookingApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, bookingApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
  bindEndpoint(app, bookingApi.users, (ctx) => service.users(ctx));
  bindEndpoint(app, bookingApi.mappingList, (ctx) => service.mappingList(ctx));
  bindEndpoint(app, bookingApi.mappingSave, (ctx, { body }) => service.mappingSave(ctx, body));
  bindEndpoint(app, bookingApi.forSettlement, (ctx, { query }) => service.forSettlement(ctx, query));
  void app.register(async (scope) => {
    await registerSingleFileUploads(scope, IMPORT_MAX_BYTES);
    bindEndpoint(scope, bookingApi.import, async (ctx, { query, request }) =>
      service.importFile(
        ctx,
        { mode: query.mode, skipInvalid: query.skip_invalid === 'true' },
        await readSingleFile(request, IMPORT_MAX_BYTES),
      ),
    );
  });
}
