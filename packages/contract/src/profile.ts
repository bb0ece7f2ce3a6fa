import { z } from 'zod';
import { PAYMENT_TYPES, PERMISSIONS } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { languageSchema } from './auth.ts';

const permissionSchema = z.enum(PERMISSIONS);
const named = z.object({ id: z.number().int(), name: z.string() });

export const myProfileSchema = z.object({
  user: z.object({
    login: z.string(),
    name: z.string(),
    middle_name: z.string().nullable(),
    surname: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    language: languageSchema,
    position: z.string().nullable(),
    department: z.string().nullable(),
    responsibilities: z.string().nullable(),
    birth_date: z.string().nullable(),
    identity_document_number: z.string().nullable(),
    identity_document_expiry: z.string().nullable(),
    identity_document_issue_place: z.string().nullable(),
    nationality: z.string().nullable(),
    superior: z.string().nullable(),
    organization_unit: z.string().nullable(),
    rate_group: z.string().nullable(),
    private_vehicle: z.string().nullable(),
    default_vehicle: z.string().nullable(),
    cost_centres: z.array(z.object({ id: z.number().int(), label: z.string(), is_default: z.boolean() })),
    payment_type: z.enum(PAYMENT_TYPES),
    bank_name: z.string().nullable(),
    bank_account_number: z.string().nullable(),
  }),
  /** Roles held, each with the parent roles it inherits from (nearest first). */
  roles: z.array(
    z.object({ id: z.number().int(), name: z.string(), description: z.string(), is_blocked: z.boolean(), inherits_from: z.array(z.string()) }),
  ),
  direct_permissions: z.array(permissionSchema),
  /** Permissions and roles handed over to the user that are in force today. */
  transfers: z.array(
    z.object({ permission_name: permissionSchema.nullable(), role: named.nullable(), date_from: z.string(), date_to: z.string(), granted_by: z.string() }),
  ),
  /** Everything the user may do: roles, parents, direct grants and transfers together. */
  effective_permissions: z.array(permissionSchema),
});
export type MyProfile = z.infer<typeof myProfileSchema>;

/** The policy is checked by the server's `setPassword`, which reports its issues at `new_password`. */
export const changeMyPasswordRequestSchema = z.strictObject({
  password: z.string().min(1, 'global.error.required').max(256),
  new_password: z.string().max(256),
  repeat_password: z.string().max(256),
});

export const profileApi = {
  myProfile: defineEndpoint({
    method: 'GET',
    path: '/settings/my-profile/get',
    summary: "The signed-in user's own data, roles and effective permissions",
    response: myProfileSchema,
  }),
  changeMyPassword: defineEndpoint({
    method: 'POST',
    path: '/settings/my-profile/change-password',
    summary: "Change one's own password under the company's policy; the user's other sessions end",
    body: changeMyPasswordRequestSchema,
    response: okResponseSchema,
  }),
} as const;
