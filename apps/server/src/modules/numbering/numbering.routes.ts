import type { FastifyInstance } from 'fastify';
import { numberingApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { NumberingService } from './numbering.service.ts';

export function registerNumberingRoutes(app: FastifyInstance, service: NumberingService): void {
  bindEndpoint(app, numberingApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, numberingApi.edit, (ctx, { body }) => service.edit(ctx, body.id));
  bindEndpoint(app, numberingApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, numberingApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
}
