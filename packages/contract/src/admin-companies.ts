import { z } from 'zod';
import { MODULES, systemSettingsPatchSchema, systemSettingsSchema } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { languageSchema, sessionResponseSchema } from './auth.ts';
import { listQuerySchema, pageSchema } from './paging.ts';
import { idSchema } from './primitives.ts';

const moduleFlagSchema = z.union([z.literal(1), z.literal(2)]);
/** Each module on (2) or off (1), spec §6. */
export const companyModulesSchema = z.strictObject(
  Object.fromEntries(MODULES.map((name) => [name, moduleFlagSchema])) as Record<(typeof MODULES)[number], typeof moduleFlagSchema>,
);

export const COMPANY_SORT_COLUMNS = ['name', 'code', 'created_at'] as const;
export const COMPANY_STATUS_FILTERS = ['all', 'active', 'disabled'] as const;

export const companyListItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nip: z.string().nullable(),
  is_active: z.boolean(),
  modules: z.object(Object.fromEntries(MODULES.map((name) => [name, z.number().int()])) as Record<(typeof MODULES)[number], z.ZodNumber>),
  user_count: z.number().int(),
  created_at: z.string(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

const text = (max: number) => z.string().max(max, 'validation.tooLong');

export const companyCreateBodySchema = z.strictObject({
  code: text(64),
  name: text(400),
  nip: text(20),
  modules: companyModulesSchema,
  /** The company's first administrator: gets an e-mail with a link to set their password. */
  administrator: z.strictObject({
    login: text(128),
    name: text(200),
    surname: text(200),
    email: text(254),
    language: languageSchema,
  }),
});
export type CompanyCreateBody = z.infer<typeof companyCreateBodySchema>;

/** Spec §6 manageCompanies, mainDbSettings and acting in a company's context; §7 `admin/company-admin/log-in-back-admin-context`. */
export const adminCompaniesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/companies/list',
    summary: 'Every company the provider runs: search by code, name or NIP; filter active or disabled',
    query: listQuerySchema(COMPANY_SORT_COLUMNS, { status: z.enum(COMPANY_STATUS_FILTERS).default('all') }),
    response: pageSchema(companyListItemSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/companies/create',
    summary: 'Create a company with its modules and first administrator, who is sent a link to set a password',
    body: companyCreateBodySchema,
    response: z.object({ status: z.literal('ok'), company: companyListItemSchema }),
  }),
  setActive: defineEndpoint({
    method: 'POST',
    path: '/admin/companies/set-active',
    summary: "Enable or disable a company; disabling ends its users' sessions and refuses their logins, nothing is deleted",
    body: z.strictObject({ id: idSchema, is_active: z.boolean() }),
    response: okResponseSchema,
  }),
  logInCompanyContext: defineEndpoint({
    method: 'POST',
    path: '/admin/company-admin/log-in-company-context',
    summary: "Act in a company's context as its administrator, to help (audited with both identities)",
    body: z.strictObject({ company_id: idSchema }),
    response: sessionResponseSchema,
  }),
  logInBackAdminContext: defineEndpoint({
    method: 'POST',
    path: '/admin/company-admin/log-in-back-admin-context',
    summary: "Leave the company's context and come back to the provider-admin account",
    response: sessionResponseSchema,
  }),
  getDefaults: defineEndpoint({
    method: 'GET',
    path: '/admin/system-settings',
    summary: 'The system settings a new company starts with (provider-wide defaults)',
    response: z.object({ settings: systemSettingsSchema }),
  }),
  saveDefaults: defineEndpoint({
    method: 'POST',
    path: '/admin/system-settings/save',
    summary: 'Change the provider-wide defaults named in the body; the others keep their values',
    body: systemSettingsPatchSchema,
    response: z.object({ status: z.literal('ok'), settings: systemSettingsSchema }),
  }),
} as const;
