import type { FastifyInstance } from 'fastify';
import { adminCompaniesApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CompaniesService } from './companies.service.ts';

export function registerCompaniesRoutes(app: FastifyInstance, service: CompaniesService, auth: AuthService): void {
  bindEndpoint(app, adminCompaniesApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, adminCompaniesApi.create, (ctx, { body }) => service.create(ctx, body));
  bindEndpoint(app, adminCompaniesApi.setActive, (ctx, { body }) => service.setActive(ctx, body.id, body.is_active));
  bindEndpoint(app, adminCompaniesApi.logInCompanyContext, (ctx, { body }) => auth.logInCompanyContext(ctx, body.company_id));
  bindEndpoint(app, adminCompaniesApi.logInBackAdminContext, (ctx) => auth.logInBackAdminContext(ctx));
  bindEndpoint(app, adminCompaniesApi.getDefaults, (ctx) => service.getDefaults(ctx));
  bindEndpoint(app, adminCompaniesApi.saveDefaults, (ctx, { body }) => service.saveDefaults(ctx, body));
}
