import { z } from 'zod';
import { CUSTOM_PAGE_ALIAS_MAX_LENGTH, customPageAliasIssues } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idField } from './master-data-fields.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';

export const CUSTOM_PAGE_SORT_COLUMNS = ['sort_order', 'title', 'alias', 'updated_at'] as const;
export const CUSTOM_PAGE_KINDS = ['tripPolicy', 'custom'] as const;
export const CUSTOM_PAGE_TITLE_MAX_LENGTH = 200;
/** Stored HTML per language; generous for long policies, bounded by the 1 MB request limit. */
export const CUSTOM_PAGE_CONTENT_MAX_LENGTH = 200_000;

export const customPageSummarySchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  kind: z.enum(CUSTOM_PAGE_KINDS),
  title_pl: z.string(),
  title_en: z.string(),
  show_in_menu: z.boolean(),
  sort_order: z.number().int(),
  updated_at: z.string(),
});
export type CustomPageSummary = z.infer<typeof customPageSummarySchema>;

/** A page with its sanitised HTML content in both languages. */
export const customPageSchema = customPageSummarySchema.extend({ content_pl: z.string(), content_en: z.string() });
export type CustomPageDto = z.infer<typeof customPageSchema>;

const pageTextShape = {
  title_pl: z.string().trim().min(1, 'global.error.required').max(CUSTOM_PAGE_TITLE_MAX_LENGTH, 'validation.tooLong'),
  /** Empty: English readers see the Polish title. */
  title_en: z.string().trim().max(CUSTOM_PAGE_TITLE_MAX_LENGTH, 'validation.tooLong'),
  /** HTML; the server keeps only the allowed elements. */
  content_pl: z.string().max(CUSTOM_PAGE_CONTENT_MAX_LENGTH, 'validation.tooLong'),
  content_en: z.string().max(CUSTOM_PAGE_CONTENT_MAX_LENGTH, 'validation.tooLong'),
  show_in_menu: z.boolean(),
};

export const customPageBodySchema = z
  .strictObject({
    id: idField.optional(),
    alias: z.string().trim().max(CUSTOM_PAGE_ALIAS_MAX_LENGTH, 'validation.tooLong'),
    ...pageTextShape,
    sort_order: z.number().int().min(0).max(9999),
  })
  .superRefine((body, ctx) => {
    for (const issue of customPageAliasIssues(body.alias)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.code });
  });

export const tripPolicyBodySchema = z.strictObject(pageTextShape);

/** A page as every employee reads it at /delegation-info/{alias}. */
export const delegationInfoPageSchema = customPageSchema.pick({
  alias: true,
  kind: true,
  title_pl: true,
  title_en: true,
  content_pl: true,
  content_en: true,
  updated_at: true,
});
export type DelegationInfoPage = z.infer<typeof delegationInfoPageSchema>;

export const delegationInfoLinkSchema = customPageSummarySchema.pick({ alias: true, kind: true, title_pl: true, title_en: true });
export type DelegationInfoLink = z.infer<typeof delegationInfoLinkSchema>;

export const customPageApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/custom-webpage/list',
    summary: "The company's custom pages (the trip policy has its own screen)",
    query: listQuerySchema(CUSTOM_PAGE_SORT_COLUMNS),
    response: pageSchema(customPageSummarySchema),
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: '/settings/custom-webpage/edit',
    summary: 'One custom page with its content',
    body: idBodySchema,
    response: z.object({ page: customPageSchema }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/custom-webpage/save',
    summary: 'Create or change a custom page; the HTML is sanitised',
    body: customPageBodySchema,
    response: z.object({ status: z.literal('ok'), page: customPageSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/settings/custom-webpage/delete',
    summary: 'Delete a custom page',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  tripPolicy: defineEndpoint({
    method: 'GET',
    path: '/settings/trip-policy',
    summary: "The company's trip policy page, or null before it is first saved",
    response: z.object({ page: customPageSchema.nullable() }),
  }),
  tripPolicySave: defineEndpoint({
    method: 'POST',
    path: '/settings/trip-policy/save',
    summary: 'Save the trip policy page; the HTML is sanitised',
    body: tripPolicyBodySchema,
    response: z.object({ status: z.literal('ok'), page: customPageSchema }),
  }),
} as const;

export const delegationInfoApi = {
  pages: defineEndpoint({
    method: 'GET',
    path: '/delegation-info/pages',
    summary: 'The trip policy and the custom pages shown in the delegation-info menu',
    response: z.object({ items: z.array(delegationInfoLinkSchema) }),
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/delegation-info/page',
    summary: 'One page of the delegation info by its alias',
    query: z.strictObject({ alias: z.string().trim().min(1).max(CUSTOM_PAGE_ALIAS_MAX_LENGTH) }),
    response: z.object({ page: delegationInfoPageSchema }),
  }),
} as const;
