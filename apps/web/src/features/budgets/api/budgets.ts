import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { budgetApi, type BudgetBodyInput } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

const KEY = ['budgets'] as const;

export interface BudgetListQuery {
  page: number;
  page_size: number;
  sort: 'ordinate' | 'date_from' | 'amount';
  order: 'asc' | 'desc';
  search?: string;
}

export function useBudgets(query: BudgetListQuery) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(budgetApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBudget(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'get', id],
    queryFn: ({ signal }) => call(budgetApi.get, { query: { id: id! } }, { signal }),
    enabled: id !== null,
  });
}

export function useBudgetFormOptions() {
  return useQuery({
    queryKey: [...KEY, 'form-options'],
    queryFn: ({ signal }) => call(budgetApi.formOptions, undefined, { signal }),
    staleTime: 60_000,
  });
}

export function useSaveBudget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BudgetBodyInput) => call(budgetApi.save, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteBudget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(budgetApi.delete, { body: { id } }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
