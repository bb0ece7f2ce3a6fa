import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { delegationOrderApi, type BodyOf, type QueryOf } from '@delego/contract';
import type { DelegationOrderForm, DocumentAction } from '@delego/domain';
import { call } from '../../../lib/api-client.ts';

const KEY = ['delegation-orders'] as const;

export function useDelegationOrders(query: QueryOf<typeof delegationOrderApi.list>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(delegationOrderApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The orders waiting for the user's decision: their count and the first few, soonest trip first ('what waits for me'). */
export function useOrdersWaitingForMe(enabled: boolean, first: number) {
  return useQuery({
    queryKey: [...KEY, 'waiting', first],
    queryFn: ({ signal }) =>
      call(delegationOrderApi.list, { query: { page: 1, page_size: first, sort: 'start_date', order: 'asc', waiting_for_me: 'true' } }, { signal, notifyErrors: false }),
    enabled,
    staleTime: 30_000,
  });
}

export function useDelegationOrder(id: number) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => call(delegationOrderApi.edit, { body: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useAvailableUsers() {
  return useQuery({
    queryKey: [...KEY, 'available-users'],
    queryFn: ({ signal }) => call(delegationOrderApi.availableUsers, { query: {} }, { signal }),
    staleTime: 60_000,
  });
}

/**
 * The workers besides oneself one may order a trip for (`others=true`); the server refuses with 'No users assigned'
 * when there is none (ADR 0036), which the page shows where the worker would be chosen, so no notification here.
 */
export function useOtherWorkers(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'available-users', 'others'],
    queryFn: ({ signal }) => call(delegationOrderApi.availableUsers, { query: { others: 'true' } }, { signal, notifyErrors: false }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export function useOrderFormData() {
  return useQuery({
    queryKey: [...KEY, 'form-data'],
    queryFn: ({ signal }) => call(delegationOrderApi.formData, {}, { signal }),
    staleTime: 60_000,
  });
}

/** Saves the order; a `status: 'error'` answer resolves too, so the form shows its issues. */
export function useSaveDelegationOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DelegationOrderForm) => call(delegationOrderApi.saveStandard, { body }),
    onSuccess: (answer) => {
      if (answer.status === 'OK') void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

/**
 * The order's estimate and the save's issues for the form as it stands, like the settlement's calculation: each form
 * value is its own query, so a newer one makes the older unused and its request is aborted; only the newest answer
 * shows. Null waits for the first change.
 */
export function useOrderEstimate(body: DelegationOrderForm | null) {
  return useQuery({
    queryKey: [...KEY, 'estimate', body],
    queryFn: ({ signal }) => call(delegationOrderApi.estimate, { body: body! }, { signal, notifyErrors: false }),
    enabled: body !== null,
    retry: false,
    staleTime: 0,
    gcTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

export function useOrderAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; action: DocumentAction; comment?: string; version?: number }) => call(delegationOrderApi.action, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useOrderTemplates() {
  return useQuery({
    queryKey: [...KEY, 'templates'],
    queryFn: ({ signal }) => call(delegationOrderApi.templateList, {}, { signal }),
  });
}

export function useSaveOrderTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof delegationOrderApi.templateSave>) => call(delegationOrderApi.templateSave, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'templates'] }),
  });
}

export function useLoadOrderTemplate() {
  return useMutation({ mutationFn: (id: number) => call(delegationOrderApi.templateGet, { body: { id } }) });
}

export function useDeleteOrderTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(delegationOrderApi.templateDelete, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'templates'] }),
  });
}
