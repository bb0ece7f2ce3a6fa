import { z } from 'zod';
import { defineEndpoint } from './define-endpoint.ts';
import { budgetViewSchema } from './budgets.ts';

/** The home screen of whoever decides (issue 11 point 4). */
export const dashboardApi = {
  budgets: defineEndpoint({
    method: 'GET',
    path: '/dashboard/budgets',
    summary: "The company's budgets in force today with what is spent, committed and left, for acceptors, finance and administrators",
    response: z.object({ day: z.string(), items: z.array(budgetViewSchema) }),
  }),
} as const;
