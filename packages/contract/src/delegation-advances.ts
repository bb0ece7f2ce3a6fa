import { z } from 'zod';
import { ADVANCE_PAYMENT_TYPES, ADVANCE_STATUSES, ORDER_STATUSES } from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';
import { orderPersonSchema } from './delegation-orders.ts';
import { boundedPageSchema } from './paging.ts';
import { idSchema, localDateSchema, queryIdSchema, queryIntSchema } from './primitives.ts';
import { attachmentSchema } from './settlements.ts';

/** At most this many files per advance (a transfer confirmation, a cash receipt, a correction). */
export const MAX_ADVANCE_FILES = 10;

export const ADVANCE_ACTIONS = ['edit', 'approve', 'reject', 'markPaid'] as const;
export type AdvanceAction = (typeof ADVANCE_ACTIONS)[number];

export const advanceListItemSchema = z.object({
  id: z.number().int(),
  employee: orderPersonSchema,
  order: z.object({
    id: z.number().int(),
    number: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
    start_date: z.string(),
    end_date: z.string(),
    destination: z.string(),
  }),
  amount_in_currency: z.string(),
  currency: z.string(),
  payment_type: z.enum(ADVANCE_PAYMENT_TYPES),
  payment_date: z.string().nullable(),
  status: z.enum(ADVANCE_STATUSES),
  comment: z.string(),
  /** Spec §3 "Advance … files", e.g. the transfer confirmation; shown to whoever sees the advance. */
  files: z.array(attachmentSchema),
  allowedActions: z.array(z.enum(ADVANCE_ACTIONS)),
});
export type AdvanceListItem = z.infer<typeof advanceListItemSchema>;

export const delegationAdvanceApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/delegation-advance/list',
    summary: "My advances, or those waiting for the user's decision",
    query: z.strictObject({
      scope: z.enum(['mine', 'toDecide']).default('mine'),
      status: z.enum(ADVANCE_STATUSES).optional(),
      page: queryIntSchema(1).default(1),
      page_size: queryIntSchema(1, 200).default(25),
    }),
    response: boundedPageSchema(advanceListItemSchema).extend({
      /** What the screen shows: the company's flow, whether several advances per trip are allowed, and whether the user decides. */
      advance_flow: z.enum(['basic', 'extended']),
      multiple_advances: z.boolean(),
      can_decide: z.boolean(),
      /** The company's file rules (spec §5 "Files"): size limit and whether only PDF files are taken. */
      attachment_max_mb: z.number().int(),
      pdf_attachment_only: z.boolean(),
    }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/delegation-advance/save',
    summary: 'Request an advance on a trip order, or change one not decided yet',
    body: z.strictObject({
      id: idSchema.optional(),
      delegation_order_id: idSchema,
      amount_in_currency: z.string().max(32),
      currency: z.string().max(3),
      payment_type: z.enum(ADVANCE_PAYMENT_TYPES).or(z.literal('')),
      payment_date: z.string().max(10).nullable(),
      comment: z.string().max(1000),
      /**
       * The advance's files: uploads of the user (`/delegation/attachment/upload`, section `advance`) or
       * files it already has; one it has that is not named goes with this save. Left out, they stay as they are.
       */
      files: z.array(idSchema).max(MAX_ADVANCE_FILES).optional(),
    }),
    response: z.object({ status: z.literal('OK'), advance: advanceListItemSchema }),
  }),
  decision: defineEndpoint({
    method: 'POST',
    path: '/delegation-advance/decision',
    summary: 'Approve, reject or mark paid an advance (extended flow)',
    body: z.strictObject({
      id: idSchema,
      decision: z.enum(['approve', 'reject', 'markPaid']),
      payment_date: localDateSchema.optional(),
      comment: z.string().max(1000).optional(),
    }),
    response: z.object({ status: z.literal('OK'), advance: advanceListItemSchema }),
  }),
  attachment: defineEndpoint({
    method: 'GET',
    path: '/delegation-advance/attachment/download',
    summary: "One file of an advance, for whoever sees the advance (its employee, the order's author, the financial acceptors, the order's acceptors)",
    query: z.strictObject({ id: queryIdSchema }),
    /** A file answer (blob, named by content-disposition); the web fetches it with its download helper. */
    response: z.unknown(),
  }),
} as const;
