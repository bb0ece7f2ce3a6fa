import { z } from 'zod';
import { ACCEPTANCE_KINDS, WORKFLOW_DOCUMENT_KINDS, workflowDefinitionSchema } from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';
import { idSchema } from './primitives.ts';

const id = idSchema;

/** Spec §7 `GET settings/workflow/get-data`: what the workflow editor chooses from. */
export const workflowDataSchema = z.object({
  users: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      surname: z.string(),
      login: z.string(),
      superior_id: z.number().int().nullable(),
      is_active: z.boolean(),
      accepts_substantive: z.boolean(),
      accepts_financial: z.boolean(),
    }),
  ),
  cost_centres: z.array(z.object({ id: z.number().int(), ordinate: z.string(), name: z.string(), enabled_for_new: z.boolean() })),
  delegation_tasks: z.array(z.object({ id: z.number().int(), name_pl: z.string(), name_en: z.string(), enabled_for_new: z.boolean() })),
});
export type WorkflowData = z.infer<typeof workflowDataSchema>;

export const workflowDocumentKindSchema = z.enum(WORKFLOW_DOCUMENT_KINDS);

export const workflowSchema = z.object({
  document_kind: workflowDocumentKindSchema,
  definition: workflowDefinitionSchema,
  /** 0 for the default path of a company that has not saved its own. */
  version: z.number().int(),
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
});
export type WorkflowDto = z.infer<typeof workflowSchema>;

export const workflowSaveBodySchema = z.strictObject({
  document_kind: workflowDocumentKindSchema,
  definition: workflowDefinitionSchema,
  /** The version the editor loaded; a save over a newer version is refused (409). */
  version: z.number().int().min(0),
});

export const workflowPreviewTripSchema = z.strictObject({
  employee_id: id,
  task_id: id.nullable(),
  cost_centre_id: id.nullable(),
  total_cost: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'workflow.totalCostFormat')
    .nullable(),
});

export const approvalStepSchema = z.object({
  node_id: z.string(),
  kind: z.enum(ACCEPTANCE_KINDS),
  fallback: z.boolean(),
  acceptors: z.array(
    z.object({ user_id: z.number().int(), name: z.string(), surname: z.string(), source: z.enum(['chosen', 'superior', 'permission']) }),
  ),
});

export const workflowApi = {
  getData: defineEndpoint({
    method: 'GET',
    path: '/settings/workflow/get-data',
    summary: "The company's users, cost centres and trip reasons for the workflow editor",
    response: workflowDataSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/settings/workflow/get',
    summary: "The company's approval path for a document kind (the default one until it saves its own)",
    query: z.strictObject({ document_kind: workflowDocumentKindSchema }),
    response: workflowSchema,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/workflow/save',
    summary: 'Save the approval path of a document kind',
    body: workflowSaveBodySchema,
    response: z.object({ status: z.literal('ok'), workflow: workflowSchema }),
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/settings/workflow/reset',
    summary: 'Drop the saved approval path so the default applies again',
    body: z.strictObject({ document_kind: workflowDocumentKindSchema }),
    response: z.object({ status: z.literal('ok'), workflow: workflowSchema }),
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/settings/workflow/preview',
    summary: 'Who would approve a sample trip under a (possibly unsaved) approval path',
    body: z.strictObject({
      document_kind: workflowDocumentKindSchema,
      /** The editor's current graph; the saved path when left out. */
      definition: workflowDefinitionSchema.optional(),
      trip: workflowPreviewTripSchema,
    }),
    response: z.object({
      steps: z.array(approvalStepSchema),
      node_ids: z.array(z.string()),
      issues: z.array(
        z.object({
          path: z.array(z.union([z.string(), z.number()])),
          code: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      ),
    }),
  }),
} as const;
