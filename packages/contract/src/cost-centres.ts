import { z } from 'zod';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { amountField, idField, isoDateField, queryIdField, requiredText, userSummarySchema } from './master-data-fields.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';

export const COST_CENTRE_SORT_COLUMNS = ['ordinate', 'name', 'enabled_for_new'] as const;
export const COST_CENTRE_USER_SORT_COLUMNS = ['surname', 'login'] as const;
export const COST_CENTRE_BUDGET_SORT_COLUMNS = ['date_from', 'ordinate', 'amount'] as const;

export const COST_CENTRE_ORDINATE_MAX_LENGTH = 50;
export const COST_CENTRE_NAME_MAX_LENGTH = 200;

/** Cost centre (spec §3): an ordinate unique in the company, a name, enabled or not for new documents. */
export const costCentreSchema = z.object({
  id: z.number().int(),
  ordinate: z.string(),
  name: z.string(),
  enabled_for_new: z.boolean(),
  /** Users assigned to it (or having it as their default). */
  user_count: z.number().int(),
  budget_count: z.number().int(),
});
export type CostCentreDto = z.infer<typeof costCentreSchema>;

export const costCentreOptionSchema = costCentreSchema.pick({ id: true, ordinate: true, name: true, enabled_for_new: true });
export type CostCentreOption = z.infer<typeof costCentreOptionSchema>;

export const costCentreBodySchema = z.strictObject({
  id: idField.optional(),
  ordinate: requiredText(COST_CENTRE_ORDINATE_MAX_LENGTH),
  name: z.string().trim().max(COST_CENTRE_NAME_MAX_LENGTH, 'validation.tooLong'),
  enabled_for_new: z.boolean(),
});

export const costCentreUserSchema = userSummarySchema.extend({
  cost_centre_ids: z.array(z.number().int()),
  default_cost_centre_id: z.number().int().nullable(),
});
export type CostCentreUserDto = z.infer<typeof costCentreUserSchema>;

export const costCentreUserBodySchema = z.strictObject({
  user_id: idField,
  cost_centre_ids: z.array(idField).max(1000),
  default_cost_centre_id: idField.nullable(),
});

export const costCentreBudgetSchema = z.object({
  id: z.number().int(),
  cost_centre_id: z.number().int(),
  cost_centre_ordinate: z.string(),
  cost_centre_name: z.string(),
  date_from: z.string(),
  date_to: z.string(),
  amount: z.string(),
});
export type CostCentreBudgetDto = z.infer<typeof costCentreBudgetSchema>;

export const costCentreBudgetBodySchema = z
  .strictObject({
    id: idField.optional(),
    cost_centre_id: idField,
    date_from: isoDateField,
    date_to: isoDateField,
    amount: amountField,
  })
  .refine((body) => body.date_from <= body.date_to, { message: 'validation.dateRange', path: ['date_to'] });

export const costCentreApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/cost-centre/list',
    summary: "The company's cost centres with their use",
    query: listQuerySchema(COST_CENTRE_SORT_COLUMNS),
    response: pageSchema(costCentreSchema),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/settings/cost-centre/options',
    summary: 'Every cost centre, for choosing one',
    response: z.object({ items: z.array(costCentreOptionSchema) }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/cost-centre/save',
    summary: 'Create or change a cost centre',
    body: costCentreBodySchema,
    response: z.object({ status: z.literal('ok'), cost_centre: costCentreSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/settings/cost-centre/delete',
    summary: 'Delete a cost centre nobody uses',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  userList: defineEndpoint({
    method: 'GET',
    path: '/settings/cost-centre/users/list',
    summary: 'Users with their cost centres and default cost centre',
    query: listQuerySchema(COST_CENTRE_USER_SORT_COLUMNS, { cost_centre_id: queryIdField }),
    response: pageSchema(costCentreUserSchema),
  }),
  userSave: defineEndpoint({
    method: 'POST',
    path: '/settings/cost-centre/users/save',
    summary: "Set a user's cost centres and default cost centre",
    body: costCentreUserBodySchema,
    response: z.object({ status: z.literal('ok'), user: costCentreUserSchema }),
  }),
  budgetList: defineEndpoint({
    method: 'GET',
    path: '/settings/cost-centre/budget/list',
    summary: 'Budgets of the cost centres',
    query: listQuerySchema(COST_CENTRE_BUDGET_SORT_COLUMNS, { cost_centre_id: queryIdField }),
    response: pageSchema(costCentreBudgetSchema),
  }),
  budgetSave: defineEndpoint({
    method: 'POST',
    path: '/settings/cost-centre/budget/save',
    summary: 'Create or change a budget; periods of one cost centre must not overlap',
    body: costCentreBudgetBodySchema,
    response: z.object({ status: z.literal('ok'), budget: costCentreBudgetSchema }),
  }),
  budgetDelete: defineEndpoint({
    method: 'POST',
    path: '/settings/cost-centre/budget/delete',
    summary: 'Delete a budget',
    body: idBodySchema,
    response: okResponseSchema,
  }),
} as const;
