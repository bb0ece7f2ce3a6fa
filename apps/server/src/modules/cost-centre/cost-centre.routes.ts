import type { FastifyInstance } from 'fastify';
import { costCentreApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { CostCentreService } from './cost-centre.service.ts';

export function registerCostCentreRoutes(app: FastifyInstance, service: CostCentreService): void {
  bindEndpoint(app, costCentreApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, costCentreApi.options, (ctx) => service.options(ctx));
  bindEndpoint(app, costCentreApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, costCentreApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
  bindEndpoint(app, costCentreApi.userList, (ctx, { query }) => service.userList(ctx, query));
  bindEndpoint(app, costCentreApi.userSave, (ctx, { body }) => service.userSave(ctx, body));
  bindEndpoint(app, costCentreApi.budgetList, (ctx, { query }) => service.budgetList(ctx, query));
  bindEndpoint(app, costCentreApi.budgetSave, (ctx, { body }) => service.budgetSave(ctx, body));
  bindEndpoint(app, costCentreApi.budgetDelete, (ctx, { body }) => service.budgetDelete(ctx, body.id));
}
