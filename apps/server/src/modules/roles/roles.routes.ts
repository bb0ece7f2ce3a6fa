import type { FastifyInstance } from 'fastify';
import { rolesApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { RolesService } from './roles.service.ts';

export function registerRolesRoutes(app: FastifyInstance, service: RolesService): void {
  bindEndpoint(app, rolesApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, rolesApi.options, (ctx) => service.options(ctx));
  bindEndpoint(app, rolesApi.edit, (ctx, { body }) => service.get(ctx, body.id));
  bindEndpoint(app, rolesApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, rolesApi.setBlocked, (ctx, { body }) => service.setBlocked(ctx, body.id, body.is_blocked));
  bindEndpoint(app, rolesApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
  bindEndpoint(app, rolesApi.members, (ctx, { body }) => service.members(ctx, body.id));
  bindEndpoint(app, rolesApi.addMember, (ctx, { body }) => service.addMember(ctx, body.id, body.user_id));
  bindEndpoint(app, rolesApi.removeMember, (ctx, { body }) => service.removeMember(ctx, body.id, body.user_id));
  bindEndpoint(app, rolesApi.saveDefaults, (ctx, { body }) => service.saveDefaults(ctx, body.role_ids));
  bindEndpoint(app, rolesApi.mappingList, (ctx, { query }) => service.mappingList(ctx, query));
  bindEndpoint(app, rolesApi.mappingEdit, (ctx, { body }) => service.mappingGet(ctx, body.external_name));
  bindEndpoint(app, rolesApi.mappingSave, (ctx, { body }) => service.mappingSave(ctx, body));
  bindEndpoint(app, rolesApi.mappingDelete, (ctx, { body }) => service.mappingDelete(ctx, body.external_name));
  bindEndpoint(app, rolesApi.transferList, (ctx, { query }) => service.transferList(ctx, query));
  bindEndpoint(app, rolesApi.transferSave, (ctx, { body }) => service.transferSave(ctx, body));
  bindEndpoint(app, rolesApi.transferDelete, (ctx, { body }) => service.transferDelete(ctx, body.id));
  bindEndpoint(app, rolesApi.ownTransferOptions, (ctx) => service.ownTransferOptions(ctx));
  bindEndpoint(app, rolesApi.ownTransferList, (ctx, { query }) => service.ownTransferList(ctx, query));
  bindEndpoint(app, rolesApi.ownTransferSave, (ctx, { body }) => service.ownTransferSave(ctx, body));
  bindEndpoint(app, rolesApi.ownTransferDelete, (ctx, { body }) => service.ownTransferDelete(ctx, body.id));
}
