import { useQuery } from '@tanstack/react-query';
import { dashboardApi } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

/** The budgets in force today with what is spent, committed and left. */
export function useDashboardBudgets(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'budgets'],
    queryFn: ({ signal }) => call(dashboardApi.budgets, undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
