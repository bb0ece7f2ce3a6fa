import { z } from 'zod';
import { PERMISSIONS } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { listQuerySchema, pageSchema } from './paging.ts';
import { idSchema, localDateSchema } from './primitives.ts';

const isoDate = localDateSchema;
const id = idSchema;
const permissionSchema = z.enum(PERMISSIONS);

export const ROLE_SORT_COLUMNS = ['name', 'member_count', 'is_default', 'is_blocked'] as const;
export const ROLE_STATUS_FILTERS = ['all', 'active', 'blocked'] as const;

export const roleListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  parent_role_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  is_default: z.boolean(),
  is_blocked: z.boolean(),
  member_count: z.number().int(),
  permission_count: z.number().int(),
});
export type RoleListItem = z.infer<typeof roleListItemSchema>;

export const roleDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  parent_role_id: z.number().int().nullable(),
  is_default: z.boolean(),
  is_blocked: z.boolean(),
  permissions: z.array(permissionSchema),
  /** What the role receives from its parent chain, shown but not editable here. */
  inherited_permissions: z.array(permissionSchema),
  member_count: z.number().int(),
});
export type RoleDetail = z.infer<typeof roleDetailSchema>;

const roleUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  login: z.string(),
  email: z.string(),
  is_active: z.boolean(),
});
export type RoleUser = z.infer<typeof roleUserSchema>;

export const roleOptionsSchema = z.object({
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), parent_role_id: z.number().int().nullable(), is_blocked: z.boolean(), is_default: z.boolean() })),
  users: z.array(roleUserSchema),
  /** Provider permissions may be granted only in the provider-admin context. */
  is_admin_context: z.boolean(),
});
export type RoleOptions = z.infer<typeof roleOptionsSchema>;

export const roleMappingSchema = z.object({ external_name: z.string(), role_id: z.number().int(), role_name: z.string() });
export type RoleMapping = z.infer<typeof roleMappingSchema>;

export const DEPUTY_AUTH_SORT_COLUMNS = ['date_from', 'date_to', 'to_user'] as const;
export const DEPUTY_AUTH_STATUS_FILTERS = ['all', 'current', 'upcoming', 'past'] as const;
/** `/substitutes/deputyAuth`: what I handed over, or what was handed over to me. */
export const OWN_TRANSFER_DIRECTIONS = ['given', 'received'] as const;

const userRefSchema = z.object({ id: z.number().int(), name: z.string(), surname: z.string(), login: z.string() });

export const permissionTransferSchema = z.object({
  id: z.number().int(),
  /** Who granted the transfer. */
  from_user: userRefSchema,
  /** The permitted user. */
  to_user: userRefSchema,
  permission_name: permissionSchema.nullable(),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  date_from: z.string(),
  date_to: z.string(),
  comment: z.string(),
  /** current | upcoming | past, on the Warsaw calendar date of the request. */
  state: z.enum(['current', 'upcoming', 'past']),
});
export type PermissionTransfer = z.infer<typeof permissionTransferSchema>;

const roleNameField = z.string().trim().min(1, 'global.error.required').max(100, 'validation.tooLong');
const externalNameField = z.string().trim().min(1, 'global.error.required').max(200, 'validation.tooLong');

export const roleSaveBodySchema = z.strictObject({
  id: id.optional(),
  name: roleNameField,
  description: z.string().trim().max(1000, 'validation.tooLong'),
  parent_role_id: id.nullable(),
  is_default: z.boolean(),
  permissions: z.array(permissionSchema).max(PERMISSIONS.length),
});
export type RoleSaveBody = z.infer<typeof roleSaveBodySchema>;

export const permissionTransferSaveBodySchema = z
  .strictObject({
    id: id.optional(),
    to_user_id: id.nullable(),
    permission_name: permissionSchema.nullable(),
    role_id: id.nullable(),
    date_from: isoDate,
    date_to: isoDate,
    comment: z.string().trim().max(1000, 'validation.tooLong'),
  })
  .refine((body) => body.date_from <= body.date_to, { message: 'validation.dateRange', path: ['date_to'] });
export type PermissionTransferSaveBody = z.infer<typeof permissionTransferSaveBodySchema>;

/** What a user may hand over of their own: the permissions and roles they hold themselves (not those handed to them). */
export const ownTransferOptionsSchema = roleOptionsSchema.extend({ permissions: z.array(permissionSchema) });
export type OwnTransferOptions = z.infer<typeof ownTransferOptionsSchema>;

export const rolesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/role/list',
    summary: "The company's roles with their member counts",
    query: listQuerySchema(ROLE_SORT_COLUMNS, { status: z.enum(ROLE_STATUS_FILTERS).default('all') }),
    response: pageSchema(roleListItemSchema),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/settings/role/options',
    summary: 'Roles and users for the selects of the role screens',
    response: roleOptionsSchema,
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: '/settings/role/edit',
    summary: 'One role with its own and inherited permissions',
    body: z.strictObject({ id }),
    response: roleDetailSchema,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/role/save',
    summary: 'Create or update a role',
    body: roleSaveBodySchema,
    response: z.object({ status: z.literal('ok'), role: roleDetailSchema }),
  }),
  setBlocked: defineEndpoint({
    method: 'POST',
    path: '/settings/role/set-blocked',
    summary: 'Block or unblock a role; a role with members cannot be blocked',
    body: z.strictObject({ id, is_blocked: z.boolean() }),
    response: okResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/settings/role/delete',
    summary: 'Delete a role that has no members, child roles, mappings or transfers',
    body: z.strictObject({ id }),
    response: okResponseSchema,
  }),
  members: defineEndpoint({
    method: 'POST',
    path: '/settings/role/members',
    summary: "A role's members",
    body: z.strictObject({ id }),
    response: z.object({ role: z.object({ id: z.number().int(), name: z.string(), is_blocked: z.boolean() }), members: z.array(roleUserSchema) }),
  }),
  addMember: defineEndpoint({
    method: 'POST',
    path: '/settings/role/add-member',
    summary: 'Assign a user to a role',
    body: z.strictObject({ id, user_id: id }),
    response: okResponseSchema,
  }),
  removeMember: defineEndpoint({
    method: 'POST',
    path: '/settings/role/remove-member',
    summary: 'Detach a user from a role',
    body: z.strictObject({ id, user_id: id }),
    response: okResponseSchema,
  }),
  saveDefaults: defineEndpoint({
    method: 'POST',
    path: '/settings/role/default/save',
    summary: 'Choose the roles every new user gets',
    body: z.strictObject({ role_ids: z.array(id).max(500) }),
    response: okResponseSchema,
  }),
  mappingList: defineEndpoint({
    method: 'GET',
    path: '/settings/role/mapping/list',
    summary: 'External-system role names and the roles they map to',
    query: listQuerySchema(['external_name', 'role_name'] as const),
    response: pageSchema(roleMappingSchema),
  }),
  mappingEdit: defineEndpoint({
    method: 'POST',
    path: '/settings/role/mapping/edit',
    summary: 'One role mapping by its external name',
    body: z.strictObject({ external_name: externalNameField }),
    response: roleMappingSchema,
  }),
  mappingSave: defineEndpoint({
    method: 'POST',
    path: '/settings/role/mapping/save',
    summary: 'Create or update a role mapping',
    body: z.strictObject({
      /** The external name being edited; null for a new mapping. */
      original_name: z.string().max(200).nullable(),
      external_name: externalNameField,
      role_id: id.nullable(),
    }),
    response: z.object({ status: z.literal('ok'), mapping: roleMappingSchema }),
  }),
  mappingDelete: defineEndpoint({
    method: 'POST',
    path: '/settings/role/mapping/delete',
    summary: 'Delete a role mapping',
    body: z.strictObject({ external_name: externalNameField }),
    response: okResponseSchema,
  }),
  transferList: defineEndpoint({
    method: 'GET',
    path: '/settings/role/deputy-auth/list',
    summary: 'Permissions and roles handed over for a time',
    query: listQuerySchema(DEPUTY_AUTH_SORT_COLUMNS, { status: z.enum(DEPUTY_AUTH_STATUS_FILTERS).default('all') }),
    response: pageSchema(permissionTransferSchema),
  }),
  transferSave: defineEndpoint({
    method: 'POST',
    path: '/settings/role/deputy-auth/save',
    summary: 'Hand a permission or a role over to a user for a time',
    body: permissionTransferSaveBodySchema,
    response: z.object({ status: z.literal('ok'), transfer: permissionTransferSchema }),
  }),
  transferDelete: defineEndpoint({
    method: 'POST',
    path: '/settings/role/deputy-auth/delete',
    summary: 'Withdraw a transferred permission',
    body: z.strictObject({ id }),
    response: okResponseSchema,
  }),
  ownTransferOptions: defineEndpoint({
    method: 'GET',
    path: '/user-substitute/deputy-auth/options',
    summary: 'The colleagues, and the permissions and roles of my own, that I may hand over',
    response: ownTransferOptionsSchema,
  }),
  ownTransferList: defineEndpoint({
    method: 'GET',
    path: '/user-substitute/deputy-auth/list',
    summary: 'Permissions and roles I handed over for a time, or that were handed over to me',
    query: listQuerySchema(DEPUTY_AUTH_SORT_COLUMNS, {
      status: z.enum(DEPUTY_AUTH_STATUS_FILTERS).default('all'),
      direction: z.enum(OWN_TRANSFER_DIRECTIONS).default('given'),
    }),
    response: pageSchema(permissionTransferSchema),
  }),
  ownTransferSave: defineEndpoint({
    method: 'POST',
    path: '/user-substitute/deputy-auth/save',
    summary: 'Hand one of my own permissions or roles over to a colleague for a time',
    body: permissionTransferSaveBodySchema,
    response: z.object({ status: z.literal('ok'), transfer: permissionTransferSchema }),
  }),
  ownTransferDelete: defineEndpoint({
    method: 'POST',
    path: '/user-substitute/deputy-auth/delete',
    summary: 'Withdraw a permission or role I handed over',
    body: z.strictObject({ id }),
    response: okResponseSchema,
  }),
} as const;
