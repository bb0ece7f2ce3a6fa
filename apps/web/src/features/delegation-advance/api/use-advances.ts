import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { delegationAdvanceApi, delegationOrderApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

const KEY = ['delegation-advances'] as const;

export function useAdvances(query: QueryOf<typeof delegationAdvanceApi.list>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(delegationAdvanceApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The advances waiting for the user's decision or payment: their count and the first few ('what waits for me'). */
export function useAdvancesWaitingForMe(enabled: boolean, first: number) {
  return useQuery({
    queryKey: [...KEY, 'waiting', first],
    queryFn: ({ signal }) => call(delegationAdvanceApi.list, { query: { scope: 'toDecide', page: 1, page_size: first } }, { signal, notifyErrors: false }),
    enabled,
    staleTime: 30_000,
  });
}

/** The user's own trip orders that may still get an advance. */
export function useMyOpenOrders() {
  return useQuery({
    queryKey: [...KEY, 'orders'],
    queryFn: ({ signal }) => call(delegationOrderApi.list, { query: { page: 1, page_size: 200, sort: 'start_date', order: 'desc' } }, { signal }),
  });
}

export function useSaveAdvance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof delegationAdvanceApi.save>) => call(delegationAdvanceApi.save, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAdvanceDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof delegationAdvanceApi.decision>) => call(delegationAdvanceApi.decision, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
