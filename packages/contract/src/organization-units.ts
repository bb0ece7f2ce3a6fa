import { z } from 'zod';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idField, requiredText, userSummarySchema } from './master-data-fields.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';
import { queryIdSchema } from './primitives.ts';

export const ORGANIZATION_UNIT_NAME_MAX_LENGTH = 200;
export const ORGANIZATION_UNIT_USER_SORT_COLUMNS = ['surname', 'login', 'unit'] as const;

/** One unit of the organisation structure; the web builds the tree from `parent_id`. */
export const organizationUnitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  is_main: z.boolean(),
  user_count: z.number().int(),
  child_count: z.number().int(),
});
export type OrganizationUnitDto = z.infer<typeof organizationUnitSchema>;

export const organizationUnitBodySchema = z.strictObject({
  id: idField.optional(),
  name: requiredText(ORGANIZATION_UNIT_NAME_MAX_LENGTH),
  /** Null only for the main unit. */
  parent_id: idField.nullable(),
});

export const organizationUnitUserSchema = userSummarySchema.extend({
  organization_unit_id: z.number().int().nullable(),
  organization_unit_name: z.string().nullable(),
});
export type OrganizationUnitUserDto = z.infer<typeof organizationUnitUserSchema>;

/** `unit=none` lists users outside every unit. */
const unitFilter = z.union([z.literal('none'), queryIdSchema]).optional();

export const organizationUnitApi = {
  tree: defineEndpoint({
    method: 'GET',
    path: '/settings/organizational-structure/tree',
    summary: 'Every unit of the structure (the main unit is created when missing)',
    response: z.object({ units: z.array(organizationUnitSchema) }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/organizational-structure/save',
    summary: 'Create a unit under a parent, rename it or move it',
    body: organizationUnitBodySchema,
    response: z.object({ status: z.literal('ok'), unit: organizationUnitSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/settings/organizational-structure/delete',
    summary: 'Delete a unit without users and child units (never the main unit)',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  userList: defineEndpoint({
    method: 'GET',
    path: '/settings/organizational-structure/users/list',
    summary: 'Users with their organisation unit',
    query: listQuerySchema(ORGANIZATION_UNIT_USER_SORT_COLUMNS, { unit: unitFilter }),
    response: pageSchema(organizationUnitUserSchema),
  }),
  assignUsers: defineEndpoint({
    method: 'POST',
    path: '/settings/organizational-structure/users/assign',
    summary: 'Put users into a unit, or take them out of every unit with null',
    body: z.strictObject({ organization_unit_id: idField.nullable(), user_ids: z.array(idField).min(1, 'global.error.required').max(500) }),
    response: z.object({ status: z.literal('ok'), updated: z.number().int() }),
  }),
} as const;
