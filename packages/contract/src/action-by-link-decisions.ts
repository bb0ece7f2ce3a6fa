import { z } from 'zod';
import { ADVANCE_PAYMENT_TYPES } from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';

export const LINK_DECISIONS = ['accept', 'reject', 'returnForCorrection'] as const;
export type LinkDecision = (typeof LINK_DECISIONS)[number];

/** What the decision page shows of the document (read-only, no login). */
export const linkDocumentSchema = z.object({
  kind: z.enum(['delegationOrder', 'delegation']),
  id: z.number().int(),
  number: z.string().nullable(),
  status: z.string(),
  employee_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  destination: z.string(),
  purpose: z.string().nullable(),
  description: z.string().nullable(),
  estimated_total_cost: z.string().nullable(),
  advances: z.array(z.object({ amount_in_currency: z.string(), currency: z.string(), payment_type: z.enum(ADVANCE_PAYMENT_TYPES), payment_date: z.string().nullable() })),
});
export type LinkDocument = z.infer<typeof linkDocumentSchema>;

export const actionByLinkDecisionApi = {
  /** Opening a link changes nothing (mail scanners open links): it only says what the link can do. */
  peek: defineEndpoint({
    method: 'GET',
    path: '/action-by-link/decision/:token',
    isPublic: true,
    summary: 'What a decision link from an e-mail can do',
    params: z.strictObject({ token: z.string().min(1).max(200) }),
    response: z.discriminatedUnion('state', [
      z.object({ state: z.literal('valid'), approver_name: z.string(), document: linkDocumentSchema, decisions: z.array(z.enum(LINK_DECISIONS)) }),
      z.object({ state: z.enum(['expired', 'used', 'notFound']) }),
    ]),
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/action-by-link/decision',
    isPublic: true,
    summary: 'Decide a trip document through a one-time e-mail link',
    body: z.strictObject({ token: z.string().min(1).max(200), decision: z.enum(LINK_DECISIONS), comment: z.string().max(2000).optional() }),
    response: z.object({ status: z.literal('OK'), document_status: z.string(), number: z.string().nullable() }),
  }),
} as const;
