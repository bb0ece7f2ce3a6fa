import type { FastifyInstance } from 'fastify';
import { logsApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { LogsService } from './logs.service.ts';

export function registerLogsRoutes(app: FastifyInstance, service: LogsService): void {
  bindEndpoint(app, logsApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, logsApi.filterOptions, (ctx) => service.filterOptions(ctx));
}
