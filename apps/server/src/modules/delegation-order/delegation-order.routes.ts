import type { FastifyInstance } from 'fastify';
import { delegationOrderApi } from '@delego/contract';
import type { DelegationOrderForm } from '@delego/domain';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { DelegationOrderService } from './delegation-order.service.ts';

export function registerDelegationOrderRoutes(app: FastifyInstance, service: DelegationOrderService): void {
  bindEndpoint(app, delegationOrderApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, delegationOrderApi.availableUsers, (ctx, { query }) => service.availableUsers(ctx, query.others === 'true'));
  bindEndpoint(app, delegationOrderApi.formData, (ctx) => service.formData(ctx));
  bindEndpoint(app, delegationOrderApi.edit, (ctx, { body }) => service.edit(ctx, body.id));
  bindEndpoint(app, delegationOrderApi.saveStandard, (ctx, { body }) => service.saveStandard(ctx, body));
  bindEndpoint(app, delegationOrderApi.estimate, (ctx, { body }) => service.estimate(ctx, body as DelegationOrderForm));
  bindEndpoint(app, delegationOrderApi.action, (ctx, { body }) => service.action(ctx, body));
  bindEndpoint(app, delegationOrderApi.templateList, (ctx) => service.templateList(ctx));
  bindEndpoint(app, delegationOrderApi.templateSave, (ctx, { body }) => service.templateSave(ctx, body));
  bindEndpoint(app, delegationOrderApi.templateGet, (ctx, { body }) => service.templateGet(ctx, body.id));
  bindEndpoint(app, delegationOrderApi.templateDelete, (ctx, { body }) => service.templateDelete(ctx, body.id));
}
