import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rolesApi, substitutesApi, userOptionsApi, type BodyOf, type QueryOf } from '@delego/contract';
import type { UserOptionsSource } from '../../components/form/form-user-field.tsx';
import { call } from '../../lib/api-client.ts';

export const substitutesKeys = {
  all: ['substitutes'] as const,
  mine: ['substitutes', 'mine'] as const,
  waiting: ['substitutes', 'waiting'] as const,
  admin: (query: QueryOf<typeof substitutesApi.adminList>) => ['substitutes', 'admin', query] as const,
};

/** Colleagues to choose one's substitute from (anyone logged in). */
export const colleagueSource: UserOptionsSource = {
  key: ['substitutes', 'colleagues'],
  search: (query, signal) => call(substitutesApi.colleagues, { query }, { signal }),
};

/** Everyone of the company, for the administrator's screen. */
export const companyUserSource: UserOptionsSource = {
  key: ['substitutes', 'company-users'],
  search: (query, signal) => call(userOptionsApi.search, { query }, { signal }),
};

function useInvalidateSubstitutes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: substitutesKeys.all });
}

export function useMySubstitutes() {
  return useQuery({ queryKey: substitutesKeys.mine, queryFn: ({ signal }) => call(substitutesApi.mine, undefined, { signal }) });
}

/** What waits for the colleagues the signed-in user substitutes today (only asked of someone who substitutes). */
export function useAbsentWaiting(enabled: boolean) {
  return useQuery({
    queryKey: substitutesKeys.waiting,
    queryFn: ({ signal }) => call(substitutesApi.waiting, undefined, { signal, notifyErrors: false }),
    enabled,
    staleTime: 30_000,
  });
}

export function useSaveMySubstitute() {
  const invalidate = useInvalidateSubstitutes();
  return useMutation({ mutationFn: (body: BodyOf<typeof substitutesApi.saveMine>) => call(substitutesApi.saveMine, { body }), onSuccess: invalidate });
}

export function useDeleteMySubstitute() {
  const invalidate = useInvalidateSubstitutes();
  return useMutation({ mutationFn: (body: BodyOf<typeof substitutesApi.deleteMine>) => call(substitutesApi.deleteMine, { body }), onSettled: invalidate });
}

export function useAdminSubstitutes(query: QueryOf<typeof substitutesApi.adminList>) {
  return useQuery({ queryKey: substitutesKeys.admin(query), queryFn: ({ signal }) => call(substitutesApi.adminList, { query }, { signal }), placeholderData: keepPreviousData });
}

export function useSaveAdminSubstitute() {
  const invalidate = useInvalidateSubstitutes();
  return useMutation({ mutationFn: (body: BodyOf<typeof substitutesApi.adminSave>) => call(substitutesApi.adminSave, { body }), onSuccess: invalidate });
}

export function useDeleteAdminSubstitute() {
  const invalidate = useInvalidateSubstitutes();
  return useMutation({ mutationFn: (body: BodyOf<typeof substitutesApi.adminDelete>) => call(substitutesApi.adminDelete, { body }), onSettled: invalidate });
}

/** `/substitutes/deputyAuth`: what I handed over, or what was handed over to me. */
export function useOwnTransfers(query: QueryOf<typeof rolesApi.ownTransferList>) {
  return useQuery({
    queryKey: [...substitutesKeys.all, 'transfers', query],
    queryFn: ({ signal }) => call(rolesApi.ownTransferList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOwnTransferOptions() {
  return useQuery({ queryKey: [...substitutesKeys.all, 'transfer-options'], queryFn: ({ signal }) => call(rolesApi.ownTransferOptions, undefined, { signal }) });
}

export function useSaveOwnTransfer() {
  const invalidate = useInvalidateSubstitutes();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.ownTransferSave>) => call(rolesApi.ownTransferSave, { body }), onSuccess: invalidate });
}

export function useDeleteOwnTransfer() {
  const invalidate = useInvalidateSubstitutes();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.ownTransferDelete>) => call(rolesApi.ownTransferDelete, { body }), onSettled: invalidate });
}
