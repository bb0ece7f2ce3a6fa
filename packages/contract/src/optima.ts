import { z } from 'zod';
import { defineEndpoint } from './define-endpoint.ts';
import { idSchema, queryIdSchema } from './primitives.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
/** `1,2,3` or a repeated parameter: a list of ids in a query string. */
const idList = z.preprocess(
  (value) =>
    value === undefined || value === ''
      ? []
      : (Array.isArray(value) ? value : String(value).split(',')).map((entry) => Number(entry)),
  z.array(z.number().int().positive('validation.invalidValue')).max(1000),
);

export const optimaSettingsSchema = z.object({
  source_database_id: z.string().trim().min(1, 'global.error.required').max(20),
  target_database_id: z.string().trim().min(1, 'global.error.required').max(20),
  purchase_register: z.string().trim().min(1, 'global.error.required').max(20),
  settlement_register: z.string().trim().min(1, 'global.error.required').max(20),
  default_category_code: z
    .string()
    .trim()
    .max(20)
    .nullable()
    .transform((value) => (value ? value : null)),
  payment_form: z.string().trim().min(1, 'global.error.required').max(30),
  company_tax_id: z
    .string()
    .trim()
    .max(20)
    .nullable()
    .transform((value) => (value ? value : null)),
});
export type OptimaSettings = z.output<typeof optimaSettingsSchema>;
/** The settings as answered (the body schema's transforms only clean input). */
export const optimaSettingsDtoSchema = z.object({
  source_database_id: z.string(),
  target_database_id: z.string(),
  purchase_register: z.string(),
  settlement_register: z.string(),
  default_category_code: z.string().nullable(),
  payment_form: z.string(),
  company_tax_id: z.string().nullable(),
});

export const optimaDocumentSchema = z.object({
  type: z.enum(['invoice', 'delegation']),
  id: z.number().int(),
  number: z.string(),
  /** Issue date of an invoice, end of the trip of a settlement. */
  date: z.string(),
  /** The seller, or the employee. */
  party: z.string(),
  amount: z.string(),
  currency: z.string(),
  category_code: z.string().nullable(),
  status: z.string(),
  exported_at: z.string().nullable(),
  /** Why it cannot be exported yet (e.g. the employee has no Optima code), as a translation key. */
  blocker: z.string().nullable(),
});
export type OptimaDocument = z.infer<typeof optimaDocumentSchema>;

export const optimaDocumentsQuerySchema = z.strictObject({
  type: z.enum(['invoice', 'delegation']),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  cost_centre_id: queryIdSchema.optional(),
  status: z.enum(['accepted', 'settled']).optional(),
  exported: z.enum(['true', 'false']).optional(),
});

const importCountsSchema = z.object({ created: z.number().int(), updated: z.number().int() });

/** The accounting-export area (spec §2, §7 `optima/export-invoices`). */
export const optimaApi = {
  exportInvoices: defineEndpoint({
    method: 'GET',
    path: '/optima/export-invoices',
    summary:
      "The chosen invoices (and settlements) as Comarch Optima's offline XML; repeated exports carry the same source ids",
    query: z.strictObject({ invoice_ids: idList, delegation_ids: idList.optional() }),
    response: z.unknown(),
  }),
  documents: defineEndpoint({
    method: 'GET',
    path: '/optima/documents',
    summary: 'Invoices and numbered settlements of a period to export, with when each was exported',
    query: optimaDocumentsQuerySchema,
    response: z.object({ items: z.array(optimaDocumentSchema) }),
  }),
  exports: defineEndpoint({
    method: 'GET',
    path: '/optima/exports',
    summary: 'The export files made so far',
    response: z.object({
      items: z.array(
        z.object({
          id: z.number().int(),
          file_name: z.string(),
          invoice_count: z.number().int(),
          delegation_count: z.number().int(),
          created_at: z.string(),
          created_by: z.string(),
        }),
      ),
    }),
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/optima/settings',
    summary: "The company's Optima identifiers, registers, default category and payment form",
    response: z.object({ settings: optimaSettingsDtoSchema }),
  }),
  saveSettings: defineEndpoint({
    method: 'POST',
    path: '/optima/settings/save',
    summary: "Save the company's Optima settings",
    body: optimaSettingsSchema,
    response: z.object({ status: z.literal('ok'), settings: optimaSettingsDtoSchema }),
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/optima/import',
    fileField: 'file',
    summary:
      "Import Optima's categories, contractors and employees from its offline XML export (multipart field 'file')",
    response: z.object({
      categories: importCountsSchema,
      contractors: importCountsSchema,
      employees: importCountsSchema,
    }),
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/optima/categories',
    summary: 'Categories imported from Optima, to choose a settlement’s optima_category_code from',
    response: z.object({
      items: z.array(
        z.object({
          id: z.number().int(),
          code: z.string(),
          general_code: z.string().nullable(),
          type: z.string().nullable(),
          description: z.string().nullable(),
          is_active: z.boolean(),
        }),
      ),
    }),
  }),
  contractors: defineEndpoint({
    method: 'GET',
    path: '/optima/contractors',
    summary: 'Contractors imported from Optima, the company contractor carrying each code, and the contractors to choose from',
    response: z.object({
      items: z.array(
        z.object({
          id: z.number().int(),
          code: z.string(),
          name: z.string(),
          tax_id: z.string().nullable(),
          city: z.string().nullable(),
          contractor_id: z.number().int().nullable(),
          contractor_name: z.string().nullable(),
        }),
      ),
      /** The company's active contractors, to give one an Optima contractor's code. */
      choices: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  }),
  mapContractor: defineEndpoint({
    method: 'POST',
    path: '/optima/contractors/map',
    summary: "Give a company contractor the Optima contractor's code (or take it away)",
    body: z.strictObject({
      id: idSchema,
      contractor_id: idSchema.nullable(),
    }),
    response: z.object({ status: z.literal('ok') }),
  }),
  employees: defineEndpoint({
    method: 'GET',
    path: '/optima/employees',
    summary: 'Employees imported from Optima and the user each is matched to, with a suggestion by name, and the users to choose from',
    response: z.object({
      items: z.array(
        z.object({
          id: z.number().int(),
          code: z.string(),
          name: z.string(),
          surname: z.string(),
          user_id: z.number().int().nullable(),
          user_name: z.string().nullable(),
          suggested_user_id: z.number().int().nullable(),
        }),
      ),
      /** The company's active users, to match an employee to. */
      users: z.array(z.object({ id: z.number().int(), full_name: z.string() })),
    }),
  }),
  mapEmployee: defineEndpoint({
    method: 'POST',
    path: '/optima/employees/map',
    summary: 'Match an Optima employee to a user (or clear the match)',
    body: z.strictObject({
      id: idSchema,
      user_id: idSchema.nullable(),
    }),
    response: z.object({ status: z.literal('ok') }),
  }),
} as const;
