import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { costCentreApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from './mutations.ts';
import { USER_EDITOR_KEY } from './keys.ts';

const KEY = ['master-data', 'cost-centres'] as const;

export function useCostCentres(query: QueryOf<typeof costCentreApi.list>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(costCentreApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCostCentreOptions() {
  return useQuery({ queryKey: [...KEY, 'options'], queryFn: ({ signal }) => call(costCentreApi.options, undefined, { signal }) });
}

export function useSaveCostCentre() {
  return useInvalidatingMutation((body: BodyOf<typeof costCentreApi.save>) => call(costCentreApi.save, { body }), [KEY]);
}

export function useDeleteCostCentre() {
  return useInvalidatingMutation((id: number) => call(costCentreApi.delete, { body: { id } }), [KEY]);
}

export function useCostCentreUsers(query: QueryOf<typeof costCentreApi.userList>) {
  return useQuery({
    queryKey: [...KEY, 'users', query],
    queryFn: ({ signal }) => call(costCentreApi.userList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCostCentreUser() {
  return useInvalidatingMutation((body: BodyOf<typeof costCentreApi.userSave>) => call(costCentreApi.userSave, { body }), [KEY, USER_EDITOR_KEY]);
}

export function useCostCentreBudgets(query: QueryOf<typeof costCentreApi.budgetList>) {
  return useQuery({
    queryKey: [...KEY, 'budgets', query],
    queryFn: ({ signal }) => call(costCentreApi.budgetList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCostCentreBudget() {
  return useInvalidatingMutation((body: BodyOf<typeof costCentreApi.budgetSave>) => call(costCentreApi.budgetSave, { body }), [KEY]);
}

export function useDeleteCostCentreBudget() {
  return useInvalidatingMutation((id: number) => call(costCentreApi.budgetDelete, { body: { id } }), [KEY]);
}
