import type { FastifyInstance } from 'fastify';
import { workflowApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { WorkflowService } from './workflow.service.ts';

export function registerWorkflowRoutes(app: FastifyInstance, service: WorkflowService): void {
  bindEndpoint(app, workflowApi.getData, (ctx) => service.getData(ctx));
  bindEndpoint(app, workflowApi.get, (ctx, { query }) => service.get(ctx, query.document_kind));
  bindEndpoint(app, workflowApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, workflowApi.reset, (ctx, { body }) => service.reset(ctx, body.document_kind));
  bindEndpoint(app, workflowApi.preview, (ctx, { body }) => service.preview(ctx, body));
}
