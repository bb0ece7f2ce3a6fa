import type { FastifyInstance } from 'fastify';
import { externalSystemApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { ExternalSystemService } from './external-system.service.ts';

export function registerExternalSystemRoutes(app: FastifyInstance, service: ExternalSystemService): void {
  bindEndpoint(app, externalSystemApi.get, (ctx) => service.get(ctx));
  bindEndpoint(app, externalSystemApi.save, (ctx, { body }) => service.save(ctx, body));
}
