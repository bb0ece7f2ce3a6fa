import type { FastifyInstance } from 'fastify';
import { reportApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import { sendFile } from '../settlements/settlements.routes.ts';
import type { ReportsService } from './reports.service.ts';

export function registerReportRoutes(app: FastifyInstance, service: ReportsService): void {
  bindEndpoint(app, reportApi.list, (ctx) => service.list(ctx));
  bindEndpoint(app, reportApi.formOptions, (ctx) => service.formOptions(ctx));
  bindEndpoint(app, reportApi.create, (ctx, { body }) => service.create(ctx, body));
  bindEndpoint(app, reportApi.download, async (ctx, { query, reply }) => sendFile(reply, await service.download(ctx, query.id)));
}
