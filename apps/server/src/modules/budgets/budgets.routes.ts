import type { FastifyInstance } from 'fastify';
import { budgetApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { BudgetsService } from './budgets.service.ts';

export function registerBudgetRoutes(app: FastifyInstance, service: BudgetsService): void {
  bindEndpoint(app, budgetApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, budgetApi.get, (ctx, { query }) => service.get(ctx, query.id));
  bindEndpoint(app, budgetApi.formOptions, (ctx) => service.formOptions(ctx));
  bindEndpoint(app, budgetApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, budgetApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
  bindEndpoint(app, budgetApi.state, (ctx, { query }) => service.state(ctx, query));
}
