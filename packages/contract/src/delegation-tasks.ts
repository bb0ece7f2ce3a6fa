import { z } from 'zod';
import { TASK_COMMENT_REQUIREMENTS } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idField, requiredText } from './master-data-fields.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';

export const DELEGATION_TASK_SORT_COLUMNS = ['name_pl', 'name_en', 'comment_requirement', 'enabled_for_new'] as const;
export const DELEGATION_TASK_NAME_MAX_LENGTH = 200;

/** Trip reason (spec §3 "task"): names in both languages, the comment rule, enabled for new documents. */
export const delegationTaskSchema = z.object({
  id: z.number().int(),
  name_pl: z.string(),
  name_en: z.string(),
  comment_requirement: z.enum(TASK_COMMENT_REQUIREMENTS),
  enabled_for_new: z.boolean(),
});
export type DelegationTaskDto = z.infer<typeof delegationTaskSchema>;

export const delegationTaskBodySchema = z.strictObject({
  id: idField.optional(),
  name_pl: requiredText(DELEGATION_TASK_NAME_MAX_LENGTH),
  name_en: requiredText(DELEGATION_TASK_NAME_MAX_LENGTH),
  comment_requirement: z.enum(TASK_COMMENT_REQUIREMENTS),
  enabled_for_new: z.boolean(),
});

export const delegationTaskApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/delegation-task/list',
    summary: "The company's trip reasons",
    query: listQuerySchema(DELEGATION_TASK_SORT_COLUMNS),
    response: pageSchema(delegationTaskSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/delegation-task/save',
    summary: 'Create or change a trip reason',
    body: delegationTaskBodySchema,
    response: z.object({ status: z.literal('ok'), task: delegationTaskSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/settings/delegation-task/delete',
    summary: 'Delete a trip reason no document uses',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  available: defineEndpoint({
    method: 'GET',
    path: '/delegation-info/delegation-task',
    summary: 'The trip reasons enabled for new documents, for every employee',
    response: z.object({ items: z.array(delegationTaskSchema.omit({ enabled_for_new: true })) }),
  }),
} as const;
