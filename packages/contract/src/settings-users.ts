import { z } from 'zod';
import { PASSWORD_EXPIRY_CHOICES, PAYMENT_TYPES, PERMISSIONS } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { languageSchema } from './auth.ts';
import { listQuerySchema, pageSchema } from './paging.ts';
import { idSchema, localDateSchema, userIdSchema } from './primitives.ts';

const isoDate = localDateSchema;
const id = idSchema;
/** Free text as typed; the server trims it and stores an empty text as null. */
const text = (max: number) => z.string().max(max, 'validation.tooLong');
const optionalText = (max: number) => text(max).nullable();

export const USER_SORT_COLUMNS = ['surname', 'login', 'email', 'position', 'is_active'] as const;
export const USER_STATUS_FILTERS = ['all', 'active', 'disabled'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

export const userListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  middle_name: z.string().nullable(),
  surname: z.string(),
  login: z.string(),
  email: z.string(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  is_active: z.boolean(),
  roles: z.array(z.string()),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** Every field of a user (spec §3 User) as the editor loads and saves it. */
const userFieldsShape = {
  name: text(200),
  middle_name: optionalText(200),
  surname: text(200),
  login: text(128),
  email: text(254),
  phone: optionalText(40),
  birth_date: isoDate.nullable(),
  identity_document_number: optionalText(30),
  identity_document_expiry: isoDate.nullable(),
  identity_document_issue_place: optionalText(200),
  nationality: optionalText(100),
  /** Null: the company's password-expiry setting applies. */
  password_expiry: z.enum(PASSWORD_EXPIRY_CHOICES).nullable(),
  notify_of_all_offers: z.boolean(),
  integration_id: optionalText(200),
  superior_id: id.nullable(),
  organization_unit_id: id.nullable(),
  private_vehicle_id: id.nullable(),
  default_vehicle_id: id.nullable(),
  bank_name: optionalText(200),
  bank_account_number: optionalText(40),
  cost_centre_ids: z.array(id).max(1000),
  default_cost_centre_id: id.nullable(),
  rate_group_id: id.nullable(),
  language: languageSchema,
  position: optionalText(200),
  department: optionalText(200),
  responsibilities: optionalText(4000),
  payment_type: z.enum(PAYMENT_TYPES),
  is_active: z.boolean(),
  /** Permissions granted directly, beside the roles. */
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
};

export const userDetailSchema = z.object({
  id: z.number().int(),
  ...userFieldsShape,
  role_ids: z.array(z.number().int()),
  is_external: z.boolean(),
  password_changed_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userSaveBodySchema = z.strictObject({
  /** Absent for a new user. */
  id: userIdSchema.optional(),
  /** The version the editor loaded; a save over a newer version is refused. */
  version: z.number().int().optional(),
  ...userFieldsShape,
  /** Required for a new user; on edit, null keeps the current password. */
  password: z.string().max(256).nullable(),
  repeat_password: z.string().max(256).nullable(),
  /** A new user without it gets the company's default roles. */
  role_ids: z.array(id).max(500).optional(),
});
export type UserSaveBody = z.infer<typeof userSaveBodySchema>;

const optionUserSchema = z.object({ id: z.number().int(), name: z.string(), surname: z.string(), login: z.string(), is_active: z.boolean() });

export const userFormOptionsSchema = z.object({
  users: z.array(optionUserSchema),
  cost_centres: z.array(z.object({ id: z.number().int(), ordinate: z.string(), name: z.string(), enabled_for_new: z.boolean() })),
  vehicles: z.array(
    z.object({
      id: z.number().int(),
      plates: z.string(),
      model: z.string(),
      is_private: z.boolean(),
      owner_user_id: z.number().int().nullable(),
      is_active: z.boolean(),
    }),
  ),
  organization_units: z.array(z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable(), is_main: z.boolean() })),
  rate_groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string(), is_default: z.boolean(), is_blocked: z.boolean() })),
  password_policy: z.object({
    min_length: z.number().int(),
    require_lowercase: z.boolean(),
    require_uppercase: z.boolean(),
    require_digit: z.boolean(),
    require_special: z.boolean(),
  }),
  /** The company's password expiry, which a user without their own setting follows. */
  company_password_expiry: z.enum(PASSWORD_EXPIRY_CHOICES),
  /** Provider permissions may be granted only in the provider-admin context. */
  is_admin_context: z.boolean(),
});
export type UserFormOptions = z.infer<typeof userFormOptionsSchema>;

export const usersApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/users/list',
    summary: "The company's users: search by name, login or e-mail; filter active or disabled",
    query: listQuerySchema(USER_SORT_COLUMNS, { status: z.enum(USER_STATUS_FILTERS).default('all') }),
    response: pageSchema(userListItemSchema),
  }),
  formOptions: defineEndpoint({
    method: 'GET',
    path: '/settings/users/form-options',
    summary: "Choices for the user editor's selects, from the company's own data",
    response: userFormOptionsSchema,
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: '/settings/users/edit',
    summary: 'One user with every field, roles and direct permissions',
    body: z.strictObject({ id: userIdSchema }),
    response: userDetailSchema,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/users/save',
    summary: 'Create or update a user',
    body: userSaveBodySchema,
    response: z.object({ status: z.literal('ok'), user: userDetailSchema }),
  }),
  setActive: defineEndpoint({
    method: 'POST',
    path: '/settings/users/set-active',
    summary: "Enable or disable a user; disabling ends the user's sessions at once",
    body: z.strictObject({ id: userIdSchema, is_active: z.boolean() }),
    response: okResponseSchema,
  }),
} as const;
