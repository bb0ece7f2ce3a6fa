import { z } from 'zod';
import { defineEndpoint } from './define-endpoint.ts';
import { budgetFiguresSchema, budgetViewSchema } from './budgets.ts';

/**
 * A budget in force today: its figures for the whole period, and for today's month (Europe/Warsaw) the
 * spending of the month's documents against the budget's share of the month, pro rata of the period by
 * days (ADR 0021); `from`–`to` are the month's days within the period.
 */
export const dashboardBudgetSchema = budgetViewSchema.extend({
  month: z.object({ from: z.string(), to: z.string(), figures: budgetFiguresSchema }),
});
export type DashboardBudgetDto = z.infer<typeof dashboardBudgetSchema>;

/** The home screen of whoever decides (issue 11 point 4). */
export const dashboardApi = {
  budgets: defineEndpoint({
    method: 'GET',
    path: '/dashboard/budgets',
    summary: "The company's budgets in force today with what is spent, committed and left, in the period and this month against its share, for acceptors, finance and administrators",
    response: z.object({ day: z.string(), items: z.array(dashboardBudgetSchema) }),
  }),
} as const;
