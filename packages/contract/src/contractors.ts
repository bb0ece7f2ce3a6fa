import { z } from 'zod';
import { contractorIssues, isCountryCode, normalizeNip } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idField, optionalText, queryIdField, requiredText } from './master-data-fields.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';

export const CONTRACTOR_SORT_COLUMNS = ['name', 'tax_id', 'city', 'country_code', 'is_active'] as const;
export const PROJECT_SORT_COLUMNS = ['name', 'contractor_name', 'order_number', 'is_active'] as const;
/** `active=all` lists disabled ones too. */
const activeFilter = z.enum(['all', 'active', 'inactive']).optional();

/** External company (contractor, "kontrahent"). */
export const contractorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tax_id: z.string().nullable(),
  street: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country_code: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  accounting_code: z.string().nullable(),
  is_active: z.boolean(),
  project_count: z.number().int(),
});
export type ContractorDto = z.infer<typeof contractorSchema>;

export const contractorBodySchema = z
  .strictObject({
    id: idField.optional(),
    name: requiredText(300),
    tax_id: optionalText(30),
    street: optionalText(200),
    postal_code: optionalText(20),
    city: optionalText(100),
    country_code: z.string().refine(isCountryCode, 'validation.country'),
    email: optionalText(254),
    phone: optionalText(40),
    accounting_code: optionalText(50),
    is_active: z.boolean(),
  })
  .transform((body) => ({ ...body, tax_id: body.tax_id && body.country_code === 'PL' ? normalizeNip(body.tax_id) : body.tax_id }))
  .superRefine((body, ctx) => {
    for (const issue of contractorIssues(body)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.code });
  });

export const contractorOptionSchema = z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() });

export const projectSchema = z.object({
  id: z.number().int(),
  contractor_id: z.number().int().nullable(),
  contractor_name: z.string().nullable(),
  name: z.string(),
  order_number: z.string().nullable(),
  is_active: z.boolean(),
  /** Settlements assigned to the project (deleted ones left out). */
  delegation_count: z.number().int(),
});
export type ProjectDto = z.infer<typeof projectSchema>;

export const projectBodySchema = z.strictObject({
  id: idField.optional(),
  contractor_id: idField.nullable(),
  name: requiredText(300),
  order_number: optionalText(100),
  is_active: z.boolean(),
});

export const contractorApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/external-company/list',
    summary: "The company's external companies (contractors)",
    query: listQuerySchema(CONTRACTOR_SORT_COLUMNS, { active: activeFilter }),
    response: pageSchema(contractorSchema),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/settings/external-company/options',
    summary: 'Every contractor, for choosing one',
    response: z.object({ items: z.array(contractorOptionSchema) }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/external-company/save',
    summary: 'Create or change a contractor',
    body: contractorBodySchema,
    response: z.object({ status: z.literal('ok'), contractor: contractorSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/settings/external-company/delete',
    summary: 'Delete a contractor without projects (others can be disabled)',
    body: idBodySchema,
    response: okResponseSchema,
  }),
} as const;

export const projectApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/project/list',
    summary: "The company's projects with their contractor",
    query: listQuerySchema(PROJECT_SORT_COLUMNS, { active: activeFilter, contractor_id: queryIdField }),
    response: pageSchema(projectSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/project/save',
    summary: 'Create or change a project',
    body: projectBodySchema,
    response: z.object({ status: z.literal('ok'), project: projectSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/settings/project/delete',
    summary: 'Delete a project no settlement uses',
    body: idBodySchema,
    response: okResponseSchema,
  }),
} as const;
