import type { FastifyInstance } from 'fastify';
import { bookingReportApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import { sendFile } from '../settlements/settlements.routes.ts';
import type { BookingReportsService } from './booking-reports.service.ts';

export function registerBookingReportRoutes(app: FastifyInstance, service: BookingReportsService): void {
  bindEndpoint(app, bookingReportApi.data, (ctx, { query }) => service.report(ctx, query));
  bindEndpoint(app, bookingReportApi.formOptions, (ctx) => service.formOptions(ctx));
  bindEndpoint(app, bookingReportApi.export, async (ctx, { query, reply }) =>
    sendFile(reply, await service.export(ctx, query)),
  );
}
