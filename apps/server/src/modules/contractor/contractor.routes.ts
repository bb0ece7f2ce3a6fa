import type { FastifyInstance } from 'fastify';
import { contractorApi, projectApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { ContractorService } from './contractor.service.ts';

export function registerContractorRoutes(app: FastifyInstance, service: ContractorService): void {
  bindEndpoint(app, contractorApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, contractorApi.options, (ctx) => service.options(ctx));
  bindEndpoint(app, contractorApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, contractorApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
  bindEndpoint(app, projectApi.list, (ctx, { query }) => service.projectList(ctx, query));
  bindEndpoint(app, projectApi.save, (ctx, { body }) => service.projectSave(ctx, body));
  bindEndpoint(app, projectApi.delete, (ctx, { body }) => service.projectDelete(ctx, body.id));
}
