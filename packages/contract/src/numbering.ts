import { z } from 'zod';
import { NUMBER_MASK_MAX_LENGTH, NUMBER_TEMPLATE_DESCRIPTION_MAX_LENGTH, NUMBERING_DOCUMENT_TYPES, NUMBERING_RESET_TYPES } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';
import { idSchema } from './primitives.ts';

export const numberTemplateSchema = z.object({
  id: z.number().int(),
  document_type: z.enum(NUMBERING_DOCUMENT_TYPES),
  reset_type: z.enum(NUMBERING_RESET_TYPES),
  mask: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  /** How many numbers the template has given; its mask and reset type are fixed once it has. */
  issued_count: z.number().int(),
  updated_at: z.string(),
});
export type NumberTemplateDto = z.infer<typeof numberTemplateSchema>;

export const numberCounterSchema = z.object({ period_key: z.string(), scope_key: z.string(), last_value: z.number().int() });

export const NUMBER_TEMPLATE_SORT_COLUMNS = ['document_type', 'mask', 'reset_type', 'is_active', 'updated_at'] as const;

export const numberTemplateBodySchema = z.strictObject({
  id: idSchema.optional(),
  document_type: z.enum(NUMBERING_DOCUMENT_TYPES),
  reset_type: z.enum(NUMBERING_RESET_TYPES),
  // Longer masks pass here so that the domain rule reports them with its own code.
  mask: z.string().max(NUMBER_MASK_MAX_LENGTH * 4, 'validation.tooLong'),
  description: z.string().max(NUMBER_TEMPLATE_DESCRIPTION_MAX_LENGTH * 2, 'validation.tooLong'),
  is_active: z.boolean(),
});

export const numberingApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/document-number-template/list',
    summary: "The company's document number templates",
    query: listQuerySchema(NUMBER_TEMPLATE_SORT_COLUMNS, { document_type: z.enum(NUMBERING_DOCUMENT_TYPES).optional() }),
    response: pageSchema(numberTemplateSchema),
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: '/settings/document-number-template/edit',
    summary: 'One template with its counters, for the editor',
    body: idBodySchema,
    response: z.object({ template: numberTemplateSchema, counters: z.array(numberCounterSchema) }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/document-number-template/save',
    summary: 'Create or change a document number template',
    body: numberTemplateBodySchema,
    response: z.object({ status: z.literal('ok'), template: numberTemplateSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/settings/document-number-template/delete',
    summary: 'Delete a template that has not given any number',
    body: idBodySchema,
    response: okResponseSchema,
  }),
} as const;
