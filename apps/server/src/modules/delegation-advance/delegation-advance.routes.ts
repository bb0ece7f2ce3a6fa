import type { FastifyInstance } from 'fastify';
import { delegationAdvanceApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import { sendFile } from '../settlements/settlements.routes.ts';
import type { DelegationAdvanceService } from './delegation-advance.service.ts';

export function registerDelegationAdvanceRoutes(app: FastifyInstance, service: DelegationAdvanceService): void {
  bindEndpoint(app, delegationAdvanceApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, delegationAdvanceApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, delegationAdvanceApi.decision, (ctx, { body }) => service.decision(ctx, body));
  bindEndpoint(app, delegationAdvanceApi.attachment, async (ctx, { query, reply }) => sendFile(reply, await service.download(ctx, query.id)));
}
