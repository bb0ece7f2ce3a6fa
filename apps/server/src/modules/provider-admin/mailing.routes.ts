import type { FastifyInstance } from 'fastify';
import { adminMailingApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { MailingService } from './mailing.service.ts';

export function registerMailingRoutes(app: FastifyInstance, service: MailingService): void {
  bindEndpoint(app, adminMailingApi.lists, (ctx, { query }) => service.lists(ctx, query));
  bindEndpoint(app, adminMailingApi.getList, (ctx, { query }) => service.getList(ctx, query.id));
  bindEndpoint(app, adminMailingApi.createList, (ctx, { body }) => service.createList(ctx, body));
  bindEndpoint(app, adminMailingApi.updateList, (ctx, { body }) => service.updateList(ctx, body));
  bindEndpoint(app, adminMailingApi.deleteList, (ctx, { body }) => service.deleteList(ctx, body.id));
  bindEndpoint(app, adminMailingApi.preview, (ctx, { body }) => service.preview(ctx, body.rules));
  bindEndpoint(app, adminMailingApi.companyOptions, (ctx, { query }) => service.companyOptions(ctx, query.search));
  bindEndpoint(app, adminMailingApi.roleOptions, (ctx, { query }) => service.roleOptions(ctx, query.search, query.company_id));
  bindEndpoint(app, adminMailingApi.userOptions, (ctx, { query }) => service.userOptions(ctx, query.search));
  bindEndpoint(app, adminMailingApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, adminMailingApi.get, (ctx, { query }) => service.get(ctx, query.id));
  bindEndpoint(app, adminMailingApi.create, (ctx, { body }) => service.create(ctx, body));
  bindEndpoint(app, adminMailingApi.update, (ctx, { body }) => service.update(ctx, body));
  bindEndpoint(app, adminMailingApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
  bindEndpoint(app, adminMailingApi.send, (ctx, { body }) => service.send(ctx, body.id));
  bindEndpoint(app, adminMailingApi.progress, (ctx, { query }) => service.progress(ctx, query.id));
  bindEndpoint(app, adminMailingApi.deliveries, (ctx, { query }) => service.deliveries(ctx, query));
}
