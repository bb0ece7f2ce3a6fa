import { z } from 'zod';
import { MAILING_DELIVERY_STATES, MAILING_STATUSES } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { listQuerySchema, pageSchema } from './paging.ts';
import { idSchema, queryIdSchema, userIdSchema } from './primitives.ts';

const text = (max: number) => z.string().max(max, 'validation.tooLong');

/** One recipient rule of a list (see `MailingRecipientRule` in the domain). */
export const mailingRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('company'), company_id: idSchema }),
  z.strictObject({ kind: z.literal('role'), role_name: text(400), company_id: idSchema.nullable() }),
  z.strictObject({ kind: z.literal('user'), user_id: userIdSchema }),
]);

/** A rule as shown: with the names of the company and the person it names. */
export const mailingRuleViewSchema = z.object({
  kind: z.enum(['company', 'role', 'user']),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  role_name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
});
export type MailingRuleView = z.infer<typeof mailingRuleViewSchema>;

export const mailingListBodySchema = z.strictObject({ name: text(400), rules: z.array(mailingRuleSchema).max(1000) });
export type MailingListBody = z.infer<typeof mailingListBodySchema>;

/** How many a list reaches now, and how many it leaves out and why (spec: disabled companies and inactive users get nothing). */
export const mailingPreviewSchema = z.object({
  recipients: z.number().int(),
  excluded_disabled_company: z.number().int(),
  excluded_inactive_user: z.number().int(),
  /** Accounts sharing an address already counted: the address gets one message. */
  duplicate_addresses: z.number().int(),
});
export type MailingPreview = z.infer<typeof mailingPreviewSchema>;

export const mailingListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rules: z.array(mailingRuleViewSchema),
  mailing_count: z.number().int(),
  updated_at: z.string(),
});
export type MailingListItem = z.infer<typeof mailingListItemSchema>;

export const mailingProgressSchema = z.object({
  status: z.enum(MAILING_STATUSES),
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type MailingProgress = z.infer<typeof mailingProgressSchema>;

export const mailingBodySchema = z.strictObject({
  list_id: idSchema.nullable(),
  subject_pl: text(1000),
  subject_en: text(1000),
  body_pl: text(40_000),
  body_en: text(40_000),
});
export type MailingBody = z.infer<typeof mailingBodySchema>;

export const mailingItemSchema = z.object({
  id: z.number().int(),
  subject_pl: z.string(),
  subject_en: z.string(),
  list_id: z.number().int().nullable(),
  list_name: z.string(),
  status: z.enum(MAILING_STATUSES),
  created_by: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  progress: mailingProgressSchema,
});
export type MailingItem = z.infer<typeof mailingItemSchema>;

export const mailingDetailSchema = mailingItemSchema.extend({
  body_pl: z.string(),
  body_en: z.string(),
  allowed_actions: z.array(z.enum(['edit', 'delete', 'send'])),
});
export type MailingDetail = z.infer<typeof mailingDetailSchema>;

export const mailingDeliverySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  company_name: z.string(),
  email: z.string(),
  language: z.enum(['pl', 'en']),
  state: z.enum(MAILING_DELIVERY_STATES),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type MailingDelivery = z.infer<typeof mailingDeliverySchema>;

export const MAILING_SORT_COLUMNS = ['created_at', 'subject'] as const;
export const MAILING_LIST_SORT_COLUMNS = ['name', 'updated_at'] as const;
export const MAILING_DELIVERY_SORT_COLUMNS = ['name', 'email', 'state'] as const;
export const MAILING_DELIVERY_FILTERS = ['all', ...MAILING_DELIVERY_STATES] as const;

const optionQuery = z.strictObject({ search: z.string().trim().max(200).optional() });

/** Spec §2 `/admin/mailing`, §6 manageMailingList: the provider's recipient lists and mailings, in the admin context only. */
export const adminMailingApi = {
  lists: defineEndpoint({
    method: 'GET',
    path: '/admin/mailing-list/list',
    summary: "The provider's recipient lists with their rules",
    query: listQuerySchema(MAILING_LIST_SORT_COLUMNS),
    response: pageSchema(mailingListItemSchema),
  }),
  getList: defineEndpoint({
    method: 'GET',
    path: '/admin/mailing-list/get',
    summary: 'One recipient list with its rules and how many it reaches now',
    query: z.strictObject({ id: queryIdSchema }),
    response: z.object({ list: mailingListItemSchema, preview: mailingPreviewSchema }),
  }),
  createList: defineEndpoint({
    method: 'POST',
    path: '/admin/mailing-list/create',
    summary: 'Create a recipient list: companies, roles within companies, named persons',
    body: mailingListBodySchema,
    response: z.object({ status: z.literal('ok'), id: z.number().int() }),
  }),
  updateList: defineEndpoint({
    method: 'POST',
    path: '/admin/mailing-list/update',
    summary: "Change a recipient list's name and rules (mailings already sent keep their recipients)",
    body: mailingListBodySchema.extend({ id: idSchema }),
    response: okResponseSchema,
  }),
  deleteList: defineEndpoint({
    method: 'POST',
    path: '/admin/mailing-list/delete',
    summary: 'Delete a recipient list no draft mailing uses (sent mailings keep its name)',
    body: z.strictObject({ id: idSchema }),
    response: okResponseSchema,
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/admin/mailing-list/preview',
    summary: 'How many distinct recipients the rules reach now, and how many disabled companies and inactive users leave out',
    body: z.strictObject({ rules: z.array(mailingRuleSchema).max(1000) }),
    response: mailingPreviewSchema,
  }),
  companyOptions: defineEndpoint({
    method: 'GET',
    path: '/admin/mailing-list/companies',
    summary: 'Companies to choose for a rule, by code or name',
    query: optionQuery,
    response: z.object({ items: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), is_active: z.boolean() })) }),
  }),
  roleOptions: defineEndpoint({
    method: 'GET',
    path: '/admin/mailing-list/roles',
    summary: "Role names used in the companies (or in one), to choose for a rule",
    query: optionQuery.extend({ company_id: queryIdSchema.optional() }),
    response: z.object({ items: z.array(z.object({ name: z.string(), company_count: z.number().int() })) }),
  }),
  userOptions: defineEndpoint({
    method: 'GET',
    path: '/admin/mailing-list/users',
    summary: 'Persons of the companies to choose for a rule, by name, login or e-mail',
    query: optionQuery,
    response: z.object({
      items: z.array(
        z.object({ id: z.number().int(), name: z.string(), email: z.string(), company_name: z.string(), is_active: z.boolean(), company_is_active: z.boolean() }),
      ),
    }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/mailing/list',
    summary: "The provider's mailings, newest first, with their delivery progress",
    query: listQuerySchema(MAILING_SORT_COLUMNS),
    response: pageSchema(mailingItemSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/mailing/get',
    summary: 'One mailing with its texts, progress and what can be done with it',
    query: z.strictObject({ id: queryIdSchema }),
    response: mailingDetailSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/mailing/create',
    summary: 'Create a draft mailing: a list and a subject and body in Polish and English (plain text)',
    body: mailingBodySchema,
    response: z.object({ status: z.literal('ok'), id: z.number().int() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/admin/mailing/update',
    summary: 'Change a draft mailing',
    body: mailingBodySchema.extend({ id: idSchema }),
    response: okResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/admin/mailing/delete',
    summary: 'Delete a draft mailing',
    body: z.strictObject({ id: idSchema }),
    response: okResponseSchema,
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/admin/mailing/send',
    summary: "Send a draft: one outbox message per distinct recipient of its list, in the recipient's language; the outbox delivers them",
    body: z.strictObject({ id: idSchema }),
    response: z.object({ status: z.literal('ok'), progress: mailingProgressSchema }),
  }),
  progress: defineEndpoint({
    method: 'GET',
    path: '/admin/mailing/progress',
    summary: "A mailing's deliveries counted by state",
    query: z.strictObject({ id: queryIdSchema }),
    response: mailingProgressSchema,
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/admin/mailing/deliveries',
    summary: "A mailing's recipients with the state of each message",
    query: listQuerySchema(MAILING_DELIVERY_SORT_COLUMNS, { id: queryIdSchema, state: z.enum(MAILING_DELIVERY_FILTERS).default('all') }),
    response: pageSchema(mailingDeliverySchema),
  }),
} as const;
