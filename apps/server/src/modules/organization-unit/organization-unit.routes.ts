import type { FastifyInstance } from 'fastify';
import { organizationUnitApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { OrganizationUnitService } from './organization-unit.service.ts';

export function registerOrganizationUnitRoutes(app: FastifyInstance, service: OrganizationUnitService): void {
  bindEndpoint(app, organizationUnitApi.tree, (ctx) => service.tree(ctx));
  bindEndpoint(app, organizationUnitApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, organizationUnitApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
  bindEndpoint(app, organizationUnitApi.userList, (ctx, { query }) => service.userList(ctx, query));
  bindEndpoint(app, organizationUnitApi.assignUsers, (ctx, { body }) => service.assignUsers(ctx, body));
}
