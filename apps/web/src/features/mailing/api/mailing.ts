import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminMailingApi, type BodyOf, type QueryOf } from '@delego/contract';
import type { MailingRecipientRule } from '@delego/domain';
import { call } from '../../../lib/api-client.ts';

const mailingKey = ['provider-admin', 'mailing'] as const;
const listsKey = ['provider-admin', 'mailing-lists'] as const;

/** How often a mailing on its way asks for its progress. */
export const PROGRESS_POLL_MS = 2000;

export function useMailings(query: QueryOf<typeof adminMailingApi.list>) {
  return useQuery({
    queryKey: [...mailingKey, 'list', query],
    queryFn: ({ signal }) => call(adminMailingApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMailing(id: number) {
  return useQuery({ queryKey: [...mailingKey, 'detail', id], queryFn: ({ signal }) => call(adminMailingApi.get, { query: { id } }, { signal }) });
}

/** The progress of a mailing, asked again every few seconds while its messages are on their way. */
export function useMailingProgress(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...mailingKey, 'progress', id],
    queryFn: ({ signal }) => call(adminMailingApi.progress, { query: { id } }, { signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'draft' || query.state.data?.status === 'sent' ? false : PROGRESS_POLL_MS),
  });
}

export function useDeliveries(query: QueryOf<typeof adminMailingApi.deliveries>, refetchInterval: number | false) {
  return useQuery({
    queryKey: [...mailingKey, 'deliveries', query],
    queryFn: ({ signal }) => call(adminMailingApi.deliveries, { query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** Field issues are shown at the editor's fields, so they are not also notified. */
export function useSaveMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof adminMailingApi.create> & { id?: number }) =>
      body.id === undefined
        ? call(adminMailingApi.create, { body }, { notifyErrors: false })
        : call(adminMailingApi.update, { body: { ...body, id: body.id } }, { notifyErrors: false }).then(() => ({ status: 'ok' as const, id: body.id! })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailingKey }),
  });
}

/** A refusal (a list a draft uses, a mailing sent meanwhile) carries its reason as an issue: the deletion's confirmation shows it. */
export function useDeleteMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminMailingApi.delete, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailingKey }),
  });
}

export function useSendMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminMailingApi.send, { body: { id } }, { notifyErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailingKey }),
  });
}

export function useMailingLists(query: QueryOf<typeof adminMailingApi.lists>) {
  return useQuery({
    queryKey: [...listsKey, 'list', query],
    queryFn: ({ signal }) => call(adminMailingApi.lists, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMailingList(id: number | null) {
  return useQuery({
    queryKey: [...listsKey, 'detail', id],
    queryFn: ({ signal }) => call(adminMailingApi.getList, { query: { id: id! } }, { signal }),
    enabled: id !== null,
  });
}

/** How many the rules reach now; asked again whenever the chosen rules change. */
export function useRecipientPreview(rules: MailingRecipientRule[]) {
  return useQuery({
    queryKey: [...listsKey, 'preview', rules],
    queryFn: ({ signal }) => call(adminMailingApi.preview, { body: { rules } }, { signal }),
    enabled: rules.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSaveMailingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof adminMailingApi.createList> & { id?: number }) =>
      body.id === undefined
        ? call(adminMailingApi.createList, { body }, { notifyErrors: false })
        : call(adminMailingApi.updateList, { body: { ...body, id: body.id } }, { notifyErrors: false }).then(() => ({ status: 'ok' as const, id: body.id! })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKey }),
  });
}

export function useDeleteMailingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminMailingApi.deleteList, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKey }),
  });
}

/** The three pickers' server searches. */
export const recipientSearch = {
  companies: (search: string, signal: AbortSignal) => call(adminMailingApi.companyOptions, { query: search ? { search } : {} }, { signal }),
  roles: (search: string, signal: AbortSignal) => call(adminMailingApi.roleOptions, { query: search ? { search } : {} }, { signal }),
  users: (search: string, signal: AbortSignal) => call(adminMailingApi.userOptions, { query: search ? { search } : {} }, { signal }),
};
