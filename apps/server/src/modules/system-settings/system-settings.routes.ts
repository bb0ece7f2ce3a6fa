import type { FastifyInstance } from 'fastify';
import { systemSettingsApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { SystemSettingsService } from './system-settings.service.ts';

export function registerSystemSettingsRoutes(app: FastifyInstance, service: SystemSettingsService): void {
  bindEndpoint(app, systemSettingsApi.get, (ctx) => service.get(ctx));
  bindEndpoint(app, systemSettingsApi.save, (ctx, { body }) => service.save(ctx, body));
}
