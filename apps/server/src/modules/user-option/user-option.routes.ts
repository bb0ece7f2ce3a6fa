import type { FastifyInstance } from 'fastify';
import { userOptionsApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { UserOptionService } from './user-option.service.ts';

export function registerUserOptionRoutes(app: FastifyInstance, service: UserOptionService): void {
  bindEndpoint(app, userOptionsApi.search, (ctx, { query }) => service.search(ctx, query));
}
