import { z } from 'zod';
import {
  ADVANCE_PAYMENT_TYPES,
  ADVANCE_STATUSES,
  DOCUMENT_ACTIONS,
  NUMBERING_ASSIGNMENTS,
  ORDER_STATUSES,
  delegationOrderFormSchema,
  formIssueSchema,
  type OrderEstimate,
} from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { boundedPageSchema, idBodySchema, listQuerySchema } from './paging.ts';
import { availableUsersQuerySchema, idSchema, localDateSchema, queryIdSchema } from './primitives.ts';
import { attachmentSchema } from './settlements.ts';

const isoDate = localDateSchema;
const documentActionSchema = z.enum(DOCUMENT_ACTIONS);
const issueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export const orderPersonSchema = z.object({ id: z.number().int(), fullName: z.string() });
export type OrderPersonDto = z.infer<typeof orderPersonSchema>;

export const orderEstimateSchema = z.custom<OrderEstimate>((value) => typeof value === 'object' && value !== null);

export const orderAdvanceDtoSchema = z.object({
  id: z.number().int(),
  amount_in_currency: z.string(),
  currency: z.string(),
  payment_type: z.enum(ADVANCE_PAYMENT_TYPES),
  payment_date: z.string().nullable(),
  comment: z.string(),
  status: z.enum(ADVANCE_STATUSES),
  /** Spec §3 "Advance … files", attached on the advances screen; read-only here. */
  files: z.array(attachmentSchema),
});
export type OrderAdvanceDto = z.infer<typeof orderAdvanceDtoSchema>;

export const orderDecisionSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  from_status: z.string(),
  to_status: z.string(),
  stage: z.string().nullable(),
  /** Who decided: the acceptor, or the substitute logged in as them. */
  user_name: z.string(),
  /** Who the decision was made for, when a substitute acted for them. */
  context_user_name: z.string().nullable(),
  channel: z.enum(['app', 'emailLink']),
  comment: z.string(),
  created_at: z.string(),
});
export type OrderDecisionDto = z.infer<typeof orderDecisionSchema>;

/** An order as loaded for the form, the read-only view and the decision screen. */
export const delegationOrderDtoSchema = delegationOrderFormSchema.extend({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  stage: z.enum(['substantive', 'financial']).nullable(),
  number: z.string().nullable(),
  is_number_permanent: z.boolean(),
  employee: orderPersonSchema,
  created_by: orderPersonSchema,
  task_name: z.string().nullable(),
  estimate: orderEstimateSchema.nullable(),
  estimated_total_cost: z.string().nullable(),
  advances: z.array(orderAdvanceDtoSchema.extend({ id: z.number().int().optional() })),
  sent_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  created_at: z.string(),
  has_settlement: z.boolean(),
  allowedActions: z.array(documentActionSchema),
  decisions: z.array(orderDecisionSchema),
  current_approvers: z.array(orderPersonSchema),
  /** Sent and waiting for the budget keepers' acceptance (the extra step of `budget_exceeded_rule`); `current_approvers` are they. */
  waiting_for_budget: z.boolean().default(false),
});
export type DelegationOrderDto = z.infer<typeof delegationOrderDtoSchema>;

export const delegationOrderListItemSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  number: z.string().nullable(),
  is_number_permanent: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  stage: z.enum(['substantive', 'financial']).nullable(),
  employee: orderPersonSchema,
  start_date: z.string(),
  end_date: z.string(),
  destination: z.string(),
  task_name: z.string().nullable(),
  estimated_total_cost: z.string().nullable(),
  /** The order waits for the user's decision. */
  waiting_for_me: z.boolean(),
  /** Sent and waiting for the budget keepers' acceptance. */
  waiting_for_budget: z.boolean().default(false),
  allowedActions: z.array(documentActionSchema),
});
export type DelegationOrderListItem = z.infer<typeof delegationOrderListItemSchema>;

export const DELEGATION_ORDER_SORT = ['start_date', 'number', 'status', 'employee', 'created_at'] as const;

export const delegationOrderListQuerySchema = listQuerySchema(DELEGATION_ORDER_SORT, {
  status: z.enum(ORDER_STATUSES).optional(),
  /** Trips that end on or after this day. */
  date_from: isoDate.optional(),
  /** Trips that start on or before this day. */
  date_to: isoDate.optional(),
  user_id: queryIdSchema.optional(),
  number: z.string().trim().max(100).optional(),
  waiting_for_me: z.enum(['true', 'false']).optional(),
});

/** Spec §8: a failed save answers `status: 'error'` (the web shows 'Formularz nie został zwalidowany'). */
export const orderSaveErrorSchema = z.object({
  status: z.literal('error'),
  code: z.string(),
  message: z.string(),
  issues: z.array(issueSchema),
});

export const orderTransitionResultSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  stage: z.string().nullable(),
  number: z.string().nullable(),
  version: z.number().int(),
  allowedActions: z.array(documentActionSchema),
});

export const orderFormDataSchema = z.object({
  tasks: z.array(z.object({ id: z.number().int(), name_pl: z.string(), name_en: z.string(), comment_required: z.boolean() })),
  cost_centres: z.array(z.object({ id: z.number().int(), ordinate: z.string(), name: z.string() })),
  projects: z.array(z.object({ id: z.number().int(), name: z.string(), contractor_id: z.number().int().nullable() })),
  contractors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  settings: z.object({
    numbering_assignment: z.enum(NUMBERING_ASSIGNMENTS),
    multiple_advances: z.boolean(),
    advance_flow: z.enum(['basic', 'extended']),
    trip_order_requirement: z.enum(['disabled', 'optional', 'required']),
  }),
});
export type OrderFormData = z.infer<typeof orderFormDataSchema>;

export const savedTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_shared: z.boolean(),
  owner: orderPersonSchema,
  is_mine: z.boolean(),
  created_at: z.string(),
});
export type SavedTemplateDto = z.infer<typeof savedTemplateSchema>;

export const delegationOrderApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/delegation-order/list',
    summary: 'Trip orders the user may see, with the actions allowed on each',
    query: delegationOrderListQuerySchema,
    response: boundedPageSchema(delegationOrderListItemSchema),
  }),
  availableUsers: defineEndpoint({
    method: 'GET',
    path: '/delegation-order/available-users',
    query: availableUsersQuerySchema,
    summary: 'Workers the user may create trip orders for',
    response: z.array(orderPersonSchema),
  }),
  formData: defineEndpoint({
    method: 'GET',
    path: '/delegation-order/form-data',
    summary: 'Choices of the order form: trip reasons, cost centres, projects, contractors and the settings it follows',
    response: orderFormDataSchema,
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: '/delegation-order/delegation-order-edit',
    summary: 'One trip order with its allowed actions and decision history',
    body: idBodySchema,
    response: z.object({ delegationOrder: delegationOrderDtoSchema }),
  }),
  saveStandard: defineEndpoint({
    method: 'POST',
    path: '/delegation-order/save-standard',
    summary: 'Create or update a trip order',
    body: delegationOrderFormSchema,
    response: z.union([
      z.object({ status: z.literal('OK'), delegationOrder: delegationOrderDtoSchema, messages: z.array(z.string()).optional() }),
      orderSaveErrorSchema,
    ]),
  }),
  estimate: defineEndpoint({
    method: 'POST',
    path: '/delegation-order/estimate',
    summary: 'The cost estimate of an order being edited',
    body: delegationOrderFormSchema,
    // The save's issues at their fields (spec §5), said while the order is edited.
    response: z.object({ estimate: orderEstimateSchema.nullable(), validation: z.array(formIssueSchema).default([]) }),
  }),
  action: defineEndpoint({
    method: 'POST',
    path: '/delegation-order/action',
    summary: 'A workflow action on a trip order (submit, accept, reject, …)',
    body: z.strictObject({
      id: idSchema,
      action: documentActionSchema,
      comment: z.string().max(2000).optional(),
      version: idSchema.optional(),
    }),
    response: z.object({ status: z.literal('OK'), result: orderTransitionResultSchema, messages: z.array(z.string()).optional() }),
  }),
  templateList: defineEndpoint({
    method: 'GET',
    path: '/delegation-order/template/list',
    summary: 'Saved order templates: mine and those shared in the company',
    response: z.object({ items: z.array(savedTemplateSchema) }),
  }),
  templateSave: defineEndpoint({
    method: 'POST',
    path: '/delegation-order/template/save',
    summary: 'Save an order as a named template',
    body: z.strictObject({ name: z.string().trim().min(1, 'global.error.required').max(200, 'validation.tooLong'), is_shared: z.boolean(), order: delegationOrderFormSchema }),
    response: z.object({ status: z.literal('OK'), template: savedTemplateSchema }),
  }),
  templateGet: defineEndpoint({
    method: 'POST',
    path: '/delegation-order/template/get',
    summary: 'A saved template with its order, to start a new order from',
    body: idBodySchema,
    response: z.object({ template: savedTemplateSchema, order: delegationOrderFormSchema }),
  }),
  templateDelete: defineEndpoint({
    method: 'POST',
    path: '/delegation-order/template/delete',
    summary: 'Delete one of my templates',
    body: idBodySchema,
    response: okResponseSchema,
  }),
} as const;

export type OrderSaveError = z.infer<typeof orderSaveErrorSchema>;
