import type { FastifyInstance } from 'fastify';
import { customPageApi, delegationInfoApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { CustomPageService } from './custom-page.service.ts';

export function registerCustomPageRoutes(app: FastifyInstance, service: CustomPageService): void {
  bindEndpoint(app, customPageApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, customPageApi.edit, (ctx, { body }) => service.edit(ctx, body.id));
  bindEndpoint(app, customPageApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, customPageApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
  bindEndpoint(app, customPageApi.tripPolicy, (ctx) => service.tripPolicy(ctx));
  bindEndpoint(app, customPageApi.tripPolicySave, (ctx, { body }) => service.saveTripPolicy(ctx, body));
  bindEndpoint(app, delegationInfoApi.pages, (ctx) => service.menuPages(ctx));
  bindEndpoint(app, delegationInfoApi.page, (ctx, { query }) => service.pageByAlias(ctx, query.alias));
}
