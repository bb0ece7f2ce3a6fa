import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ratesApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

const KEY = ['rates'] as const;

export function useRatesInForce(query: QueryOf<typeof ratesApi.inForce>) {
  return useQuery({ queryKey: [...KEY, 'in-force', query], queryFn: ({ signal }) => call(ratesApi.inForce, { query }, { signal }), placeholderData: keepPreviousData });
}

export function useMyRates(query: QueryOf<typeof ratesApi.myRates>) {
  return useQuery({ queryKey: [...KEY, 'mine', query], queryFn: ({ signal }) => call(ratesApi.myRates, { query }, { signal }), placeholderData: keepPreviousData });
}

export function useCustomRates(query: QueryOf<typeof ratesApi.customList>) {
  return useQuery({ queryKey: [...KEY, 'custom', query], queryFn: ({ signal }) => call(ratesApi.customList, { query }, { signal }), placeholderData: keepPreviousData });
}

export function useMileageRates(query: QueryOf<typeof ratesApi.mileageList>) {
  return useQuery({ queryKey: [...KEY, 'mileage', query], queryFn: ({ signal }) => call(ratesApi.mileageList, { query }, { signal }), placeholderData: keepPreviousData });
}

export function useRateGroups(query: QueryOf<typeof ratesApi.groupList>) {
  return useQuery({ queryKey: [...KEY, 'groups', query], queryFn: ({ signal }) => call(ratesApi.groupList, { query }, { signal }), placeholderData: keepPreviousData });
}

export function useRateGroupOptions() {
  return useQuery({ queryKey: [...KEY, 'group-options'], queryFn: ({ signal }) => call(ratesApi.groupOptions, undefined, { signal }) });
}

/** Every change invalidates all rate lists: an override changes the rates in force, a group the selects. */
function useRatesMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useSaveCustomRate = () => useRatesMutation((body: BodyOf<typeof ratesApi.customSave>) => call(ratesApi.customSave, { body }));
export const useDeleteCustomRate = () => useRatesMutation((id: number) => call(ratesApi.customDelete, { body: { id } }));
export const useSaveMileageRate = () => useRatesMutation((body: BodyOf<typeof ratesApi.mileageSave>) => call(ratesApi.mileageSave, { body }));
export const useDeleteMileageRate = () => useRatesMutation((id: number) => call(ratesApi.mileageDelete, { body: { id } }));
export const useSaveRateGroup = () => useRatesMutation((body: BodyOf<typeof ratesApi.groupSave>) => call(ratesApi.groupSave, { body }));
export const useDeleteRateGroup = () => useRatesMutation((id: number) => call(ratesApi.groupDelete, { body: { id } }));
