import { z } from 'zod';
import { BUDGET_EXCEEDED_RULES, BUDGET_STATES } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idSchema, localDateSchema, moneySchema, queryIdSchema } from './primitives.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';

export const BUDGET_SORT_COLUMNS = ['ordinate', 'date_from', 'amount'] as const;

/** Spent, committed, left and state of a budget (docs/domain/budgets.md); amounts in PLN as decimal strings. */
export const budgetFiguresSchema = z.object({
  amount: z.string(),
  spent: z.string(),
  committed: z.string(),
  left: z.string(),
  /** (spent + committed) / amount in percent, one decimal; null for a budget of zero. */
  used_percent: z.string().nullable(),
  state: z.enum(BUDGET_STATES),
  /** Currencies of travel services left out for want of an exchange rate. */
  unconverted_currencies: z.array(z.string()),
});
export type BudgetFiguresDto = z.infer<typeof budgetFiguresSchema>;

/** A cost-centre budget (spec §3: from, to, amount), optionally of one project. */
export const budgetSchema = z.object({
  id: z.number().int(),
  cost_centre_id: z.number().int(),
  cost_centre_ordinate: z.string(),
  cost_centre_name: z.string(),
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  date_from: z.string(),
  date_to: z.string(),
  amount: z.string(),
});
export type BudgetDto = z.infer<typeof budgetSchema>;

export const budgetViewSchema = budgetSchema.extend({ figures: budgetFiguresSchema });
export type BudgetViewDto = z.infer<typeof budgetViewSchema>;

/** A budget as the form sends it: the amount more than zero, from not after to (messages at the field). */
export const budgetBodySchema = z
  .strictObject({
    id: idSchema.optional(),
    cost_centre_id: idSchema,
    project_id: idSchema.nullable(),
    date_from: localDateSchema,
    date_to: localDateSchema,
    amount: moneySchema.refine((amount) => /[1-9]/.test(amount), 'validation.amountPositive'),
  })
  .refine((body) => body.date_from <= body.date_to, { message: 'validation.dateRange', path: ['date_to'] });
export type BudgetBody = z.output<typeof budgetBodySchema>;
export type BudgetBodyInput = z.input<typeof budgetBodySchema>;

const option = z.object({ id: z.number().int(), name: z.string() });

/** The budget of a cost centre on a day, as a form shows it before sending. */
export const budgetStateQuerySchema = z.strictObject({
  cost_centre_id: queryIdSchema,
  project_id: queryIdSchema.optional(),
  date: localDateSchema,
  /** The document's own amount in PLN, counted as committed. */
  amount: moneySchema.optional(),
  /** The trip order the document settles: its estimate is no longer counted as committed. */
  delegation_order_id: queryIdSchema.optional(),
});

export const budgetStateSchema = z.object({
  budget: budgetSchema,
  figures: budgetFiguresSchema,
  /** The figures with the document counted; null when no amount was given. */
  with_document: budgetFiguresSchema.nullable(),
});

/** Budgets (spec §2 `/booking/report/budget`, `/new`, `/edit/{id}`; issue 11 §3). */
export const budgetApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/booking/report/budget/list',
    summary: "The company's budgets with what is spent, committed and left; `on` keeps those whose period contains that day",
    query: listQuerySchema(BUDGET_SORT_COLUMNS, { on: localDateSchema.optional(), cost_centre_id: queryIdSchema.optional() }),
    response: pageSchema(budgetViewSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/booking/report/budget/get',
    summary: 'One budget, for its edit form',
    query: z.strictObject({ id: queryIdSchema }),
    response: z.object({ budget: budgetSchema }),
  }),
  formOptions: defineEndpoint({
    method: 'GET',
    path: '/booking/report/budget/form-options',
    summary: "The company's cost centres and projects a budget can be given to",
    response: z.object({ cost_centres: z.array(option), projects: z.array(option) }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/booking/report/budget/save',
    summary: 'Create or change a budget; periods of one cost centre and project must not overlap',
    body: budgetBodySchema,
    response: z.object({ status: z.literal('ok'), budget: budgetSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/booking/report/budget/delete',
    summary: 'Delete a budget',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  state: defineEndpoint({
    method: 'GET',
    path: '/booking/report/budget/state',
    summary: "The budgets of a cost centre (and project) on a day, with and without the document being filled in",
    query: budgetStateQuerySchema,
    /** `exceeded_rule`: the company's choice when a trip order or settlement exceeds a budget (warn, or an extra acceptance). */
    response: z.object({ items: z.array(budgetStateSchema), exceeded_rule: z.enum(BUDGET_EXCEEDED_RULES) }),
  }),
} as const;
