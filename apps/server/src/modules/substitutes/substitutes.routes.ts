import type { FastifyInstance } from 'fastify';
import { substitutesApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AbsentWaitingService } from './absent-waiting.service.ts';
import type { SubstitutesService } from './substitutes.service.ts';

export function registerSubstitutesRoutes(app: FastifyInstance, service: SubstitutesService, auth: AuthService, waiting: AbsentWaitingService): void {
  bindEndpoint(app, substitutesApi.mine, (ctx) => service.mine(ctx));
  bindEndpoint(app, substitutesApi.colleagues, (ctx, { query }) => service.colleagues(ctx, query));
  bindEndpoint(app, substitutesApi.saveMine, (ctx, { body }) => service.saveMine(ctx, body));
  bindEndpoint(app, substitutesApi.deleteMine, (ctx, { body }) => service.deleteMine(ctx, body.id));
  bindEndpoint(app, substitutesApi.waiting, (ctx) => waiting.waiting(ctx));
  bindEndpoint(app, substitutesApi.loginAs, (ctx, { body }) => auth.loginAs(ctx, body.absent_user_id));
  bindEndpoint(app, substitutesApi.loginBack, (ctx) => auth.loginBack(ctx));
  bindEndpoint(app, substitutesApi.adminList, (ctx, { query }) => service.adminList(ctx, query));
  bindEndpoint(app, substitutesApi.adminSave, (ctx, { body }) => service.adminSave(ctx, body));
  bindEndpoint(app, substitutesApi.adminDelete, (ctx, { body }) => service.adminDelete(ctx, body.id));
}
