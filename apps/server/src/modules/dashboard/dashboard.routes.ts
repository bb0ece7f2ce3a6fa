import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { DashboardService } from './dashboard.service.ts';

export function registerDashboardRoutes(app: FastifyInstance, service: DashboardService): void {
  bindEndpoint(app, dashboardApi.budgets, (ctx) => service.budgets(ctx));
}
