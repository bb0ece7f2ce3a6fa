import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customPageApi, delegationInfoApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from './mutations.ts';

const KEY = ['master-data', 'pages'] as const;
/** What employees read: the delegation-info menu and pages. */
const INFO_KEY = ['master-data', 'delegation-info'] as const;

export function useCustomPages(query: QueryOf<typeof customPageApi.list>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(customPageApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomPage(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => call(customPageApi.edit, { body: { id: id! } }, { signal }),
    enabled: id !== null,
  });
}

export function useSaveCustomPage() {
  return useInvalidatingMutation((body: BodyOf<typeof customPageApi.save>) => call(customPageApi.save, { body }), [KEY, INFO_KEY]);
}

export function useDeleteCustomPage() {
  return useInvalidatingMutation((id: number) => call(customPageApi.delete, { body: { id } }), [KEY, INFO_KEY]);
}

export function useTripPolicy() {
  return useQuery({ queryKey: [...KEY, 'trip-policy'], queryFn: ({ signal }) => call(customPageApi.tripPolicy, undefined, { signal }) });
}

export function useSaveTripPolicy() {
  return useInvalidatingMutation((body: BodyOf<typeof customPageApi.tripPolicySave>) => call(customPageApi.tripPolicySave, { body }), [KEY, INFO_KEY]);
}

export function useDelegationInfoPages() {
  return useQuery({ queryKey: [...INFO_KEY, 'pages'], queryFn: ({ signal }) => call(delegationInfoApi.pages, undefined, { signal }) });
}

/** A missing alias is an answer (the page shows "not found"), not an error to notify. */
export function useDelegationInfoPage(alias: string) {
  return useQuery({
    queryKey: [...INFO_KEY, 'page', alias],
    queryFn: ({ signal }) => call(delegationInfoApi.page, { query: { alias } }, { signal, notifyErrors: false }),
  });
}
