import type { FastifyInstance } from 'fastify';
import { delegationTaskApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { DelegationTaskService } from './delegation-task.service.ts';

export function registerDelegationTaskRoutes(app: FastifyInstance, service: DelegationTaskService): void {
  bindEndpoint(app, delegationTaskApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, delegationTaskApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, delegationTaskApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
  bindEndpoint(app, delegationTaskApi.available, (ctx) => service.available(ctx));
}
