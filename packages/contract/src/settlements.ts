import { z } from 'zod';
import {
  DOCUMENT_ACTIONS,
  boughtServiceSchema,
  SETTLEMENT_CONFIRMATIONS,
  SETTLEMENT_STATUSES,
  type CalculatedSettlement,
  type DelegationFormInput,
  type Issue,
} from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';
import { boundedPageSchema, idBodySchema, listQuerySchema } from './paging.ts';
import { availableUsersQuerySchema, idSchema, localDateSchema, queryIdSchema } from './primitives.ts';

const isoDate = localDateSchema;
const issuesSchema = z.custom<Issue[]>((value) => Array.isArray(value));

export const documentActionSchema = z.enum(DOCUMENT_ACTIONS);
export const settlementStatusSchema = z.enum(SETTLEMENT_STATUSES);
export const decisionStageSchema = z.enum(['substantive', 'financial']);

/** Columns the settlement list sorts by. */
export const DELEGATION_LIST_SORTS = ['start_date', 'end_date', 'number', 'status', 'employee', 'total_pln', 'updated_at'] as const;
export type DelegationListSort = (typeof DELEGATION_LIST_SORTS)[number];

/**
 * Which settlements a list shows among those the user may see: `all`, only the user's own (and
 * those typed in for others), or those waiting for the user's decision.
 */
export const DELEGATION_LIST_SCOPES = ['all', 'own', 'toDecide'] as const;
export type DelegationListScope = (typeof DELEGATION_LIST_SCOPES)[number];

export const delegationListQuerySchema = listQuerySchema(DELEGATION_LIST_SORTS, {
  status: settlementStatusSchema.exclude(['deleted']).optional(),
  /** Trips that end on or after this day. */
  date_from: isoDate.optional(),
  /** Trips that start on or before this day. */
  date_to: isoDate.optional(),
  user_id: queryIdSchema.optional(),
  number: z.string().trim().max(100).optional(),
  scope: z.enum(DELEGATION_LIST_SCOPES).default('all'),
});

/** One row of the settlement list, with the actions the user may take on it now. */
export const delegationListItemSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  status: settlementStatusSchema,
  stage: decisionStageSchema.nullable(),
  user_id: z.number().int(),
  employee_name: z.string(),
  /** `YYYY-MM-DD HH:mm`, Warsaw. */
  start_date: z.string(),
  end_date: z.string(),
  destination_text: z.string().nullable(),
  delegation_order_id: z.number().int().nullable(),
  delegation_order_number: z.string().nullable(),
  total_pln: z.string(),
  balance_pln: z.string(),
  attachment_count: z.number().int(),
  version: z.number().int(),
  updated_at: z.string(),
  /** Sent and waiting for the budget keepers' acceptance (the extra step of `budget_exceeded_rule`). */
  waiting_for_budget: z.boolean().default(false),
  allowedActions: z.array(documentActionSchema),
});
export type DelegationListItem = z.infer<typeof delegationListItemSchema>;

export const attachmentSectionSchema = z.enum(['document', 'transport', 'accommodation', 'other', 'advance']);
export type AttachmentSection = z.infer<typeof attachmentSectionSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  section: attachmentSectionSchema,
  /** The form line it belongs to: `transport.1`, `country.0.accommodation.2`, `other.3`, `advance.0`; null for the document. */
  item_key: z.string().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type AttachmentDto = z.infer<typeof attachmentSchema>;

export const decisionSchema = z.object({
  action: z.string(),
  from_status: z.string(),
  to_status: z.string(),
  stage: z.string().nullable(),
  /** Who decided: the acceptor, or the substitute logged in as them. */
  user_name: z.string(),
  /** Who the decision was made for, when a substitute acted for them. */
  context_user_name: z.string().nullable(),
  channel: z.string(),
  comment: z.string(),
  created_at: z.string(),
});
export type DecisionDto = z.infer<typeof decisionSchema>;

/** A saved settlement as the form loads it. */
export const delegationDocumentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  employee_name: z.string(),
  created_by_id: z.number().int(),
  status: settlementStatusSchema,
  stage: decisionStageSchema.nullable(),
  number: z.string().nullable(),
  version: z.number().int(),
  delegation_order_id: z.number().int().nullable(),
  delegation_order_number: z.string().nullable(),
  /** The form as saved (spec field names), with `id`, `user_id` and `number` filled in. */
  form: z.custom<DelegationFormInput>((value) => typeof value === 'object' && value !== null),
  /** The engine's calculation at the last save, with the rates and NBP tables it used. */
  calculated: z.custom<CalculatedSettlement | null>((value) => value === null || typeof value === 'object'),
  total_pln: z.string(),
  balance_pln: z.string(),
  /** Sent and waiting for the budget keepers' acceptance; `budget_approvers` name them. */
  waiting_for_budget: z.boolean().default(false),
  budget_approvers: z.array(z.string()).default([]),
  allowedActions: z.array(documentActionSchema),
  attachments: z.array(attachmentSchema),
  decisions: z.array(decisionSchema),
  sent_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DelegationDocument = z.infer<typeof delegationDocumentSchema>;

/** An accepted trip order as a settlement takes it over (spec §7 `delegation-order-import`). */
export const importedOrderSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  user_id: z.number().int(),
  employee_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  cost_centre_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  task_id: z.number().int().nullable(),
  task: z.string().nullable(),
  external_customer_id: z.number().int().nullable(),
  destinations: z.array(z.object({ place_text: z.string(), country_code: z.string() })),
  destination_text: z.string().nullable(),
  start_place_text: z.string().nullable(),
  end_place_text: z.string().nullable(),
  allowed_transport: z.array(z.string()),
  advances: z.array(
    z.object({
      id: z.number().int(),
      amount_in_currency: z.string(),
      currency: z.string(),
      payment_type: z.string(),
      payment_date: z.string().nullable(),
      status: z.string(),
      comment: z.string(),
    }),
  ),
  /** The travel services bought for the order, which the new settlement starts with. */
  bought_services: z.array(boughtServiceSchema),
});
export type ImportedOrder = z.infer<typeof importedOrderSchema>;

/** An accepted order that has no settlement yet, to choose as a base (spec §2 `start-choose-order`). */
export const orderChoiceSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  user_id: z.number().int(),
  employee_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  destination_text: z.string(),
  accepted_at: z.string().nullable(),
});
export type OrderChoice = z.infer<typeof orderChoiceSchema>;

/** Spec §7/§8: the answer of `save-standard` is a status in the body. */
export const saveStandardResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('OK'), delegation: delegationDocumentSchema }),
  z.object({ status: z.literal('validationError'), code: z.string(), message: z.string(), issues: issuesSchema }),
  z.object({ status: z.literal('unknownError'), code: z.string(), message: z.string(), request_id: z.string().optional() }),
  /** Nothing is wrong, but the user must confirm these (spec §5 'Limit exceeded'); resend with `confirmed`. */
  z.object({ status: z.literal('confirm'), confirmations: issuesSchema }),
]);
export type SaveStandardResponse = z.infer<typeof saveStandardResponseSchema>;

/**
 * Spec §5 "Files": where a file is attached. An uploaded file waits for the settlement's next save,
 * which takes it over at the line whose `file_id` (or the settlement's `file` list) names it.
 */
export const attachmentUploadQuerySchema = z.strictObject({
  section: attachmentSectionSchema,
  item_key: z
    .string()
    .regex(/^(transport\.\d{1,3}|country\.\d{1,2}\.accommodation\.\d{1,3}|other\.\d{1,3}|advance\.\d{1,2})$/, 'validation.invalidValue')
    .optional(),
});

export const delegationApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/delegation/list',
    summary: 'Settlements the user may see, filtered and paged, each with the actions allowed now',
    query: delegationListQuerySchema,
    response: boundedPageSchema(delegationListItemSchema),
  }),
  availableUsers: defineEndpoint({
    method: 'GET',
    path: '/delegation/available-users',
    query: availableUsersQuerySchema,
    summary: 'The employees the user may settle a trip for',
    response: z.object({ items: z.array(z.object({ id: z.number().int(), fullName: z.string() })) }),
  }),
  formOptions: defineEndpoint({
    method: 'GET',
    path: '/delegation/form-options',
    summary: 'Cost centres, projects and trip purposes a settlement may name, and the company settings of its screens',
    response: z.object({
      cost_centres: z.array(z.object({ id: z.number().int(), ordinate: z.string(), name: z.string(), enabled_for_new: z.boolean() })),
      projects: z.array(z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() })),
      tasks: z.array(z.object({ id: z.number().int(), name_pl: z.string(), name_en: z.string(), enabled_for_new: z.boolean() })),
      /** The company settings the settlement screens follow. */
      settings: z.object({
        attachment_max_mb: z.number().int(),
        pdf_attachment_only: z.boolean(),
        trip_order_requirement: z.enum(['disabled', 'optional', 'required']),
      }),
    }),
  }),
  availableOrders: defineEndpoint({
    method: 'GET',
    path: '/delegation/available-orders',
    summary: 'Accepted trip orders without a settlement that the user may settle',
    response: z.object({ items: z.array(orderChoiceSchema) }),
  }),
  delegationOrderImport: defineEndpoint({
    method: 'POST',
    path: '/delegation/delegation-order-import',
    summary: 'An accepted trip order without a settlement, as a new settlement takes it over',
    body: idBodySchema,
    response: z.object({ delegationOrder: importedOrderSchema }),
  }),
  delegationEdit: defineEndpoint({
    method: 'POST',
    path: '/delegation/delegation-edit',
    summary: "A saved settlement, with its order's allowed transport types",
    body: idBodySchema,
    response: z.object({ delegation: delegationDocumentSchema, selected_transport_types: z.array(z.string()) }),
  }),
  saveStandard: defineEndpoint({
    method: 'POST',
    path: '/delegation/save-standard',
    summary: 'Save a settlement after every rule of spec §5; the answer says OK, validationError or unknownError',
    body: z.strictObject({
      delegation: z.record(z.string(), z.unknown()),
      /** The version the form loaded; a save over a newer one is refused. */
      version: idSchema.optional(),
      /** The confirmations the user gave to a `confirm` answer. */
      confirmed: z.array(z.enum(SETTLEMENT_CONFIRMATIONS)).max(SETTLEMENT_CONFIRMATIONS.length).optional(),
    }),
    response: saveStandardResponseSchema,
  }),
  action: defineEndpoint({
    method: 'POST',
    path: '/delegation/action',
    summary: 'Submit, accept, settle, reject, return, step back, withdraw, cancel or delete a settlement',
    body: z.strictObject({
      id: idSchema,
      action: documentActionSchema.exclude(['edit']),
      comment: z.string().trim().max(2000).optional(),
      version: idSchema.optional(),
    }),
    // `messages` are catalogue texts the web shows after the action (e.g. the number was changed).
    response: z.object({ status: z.literal('OK'), delegation: delegationListItemSchema, messages: z.array(z.string()) }),
  }),
  attachmentUpload: defineEndpoint({
    method: 'POST',
    path: '/delegation/attachment/upload',
    fileField: 'file',
    summary: 'Upload a file (multipart/form-data, field "file") to a settlement line or the settlement',
    query: attachmentUploadQuerySchema,
    response: z.object({ attachment: attachmentSchema }),
  }),
  attachmentDelete: defineEndpoint({
    method: 'POST',
    path: '/delegation/attachment/delete',
    summary: 'Remove an uploaded file that no saved settlement holds yet',
    body: idBodySchema,
    response: z.object({ status: z.literal('OK') }),
  }),
} as const;

const fileQuerySchema = z.strictObject({ id: queryIdSchema });
/** A file answer (blob, named by content-disposition); the web fetches it with its download helper. */
const fileResponseSchema = z.unknown();

/** File downloads (spec §7 "File download helper"). */
export const delegationFilesApi = {
  attachment: defineEndpoint({
    method: 'GET',
    path: '/delegation/attachment/download',
    summary: 'One attached file',
    query: fileQuerySchema,
    response: fileResponseSchema,
  }),
  allAttachments: defineEndpoint({
    method: 'GET',
    path: '/delegation/attachment/download-all',
    summary: 'Every file of a settlement as one ZIP; 404 with the reason noFiles when it has none',
    query: fileQuerySchema,
    response: fileResponseSchema,
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/delegation/pdf',
    summary: 'The settlement as a PDF document',
    query: fileQuerySchema,
    response: fileResponseSchema,
  }),
  orderPdf: defineEndpoint({
    method: 'GET',
    path: '/delegation-order/pdf',
    summary: 'The trip order as a PDF document',
    query: fileQuerySchema,
    response: fileResponseSchema,
  }),
} as const;
