import type { FastifyInstance } from 'fastify';
import { profileApi, usersApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { UsersService } from './users.service.ts';

export function registerUsersRoutes(app: FastifyInstance, service: UsersService): void {
  bindEndpoint(app, usersApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, usersApi.formOptions, (ctx) => service.formOptions(ctx));
  bindEndpoint(app, usersApi.edit, (ctx, { body }) => service.get(ctx, body.id));
  bindEndpoint(app, usersApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, usersApi.setActive, (ctx, { body }) => service.setActive(ctx, body.id, body.is_active));
  bindEndpoint(app, profileApi.myProfile, (ctx) => service.myProfile(ctx));
}
