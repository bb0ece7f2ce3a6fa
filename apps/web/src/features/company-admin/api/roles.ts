import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rolesApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { usersKeys } from './users.ts';

export const rolesKeys = {
  all: ['company-admin', 'roles'] as const,
  list: (query: QueryOf<typeof rolesApi.list>) => ['company-admin', 'roles', 'list', query] as const,
  options: ['company-admin', 'roles', 'options'] as const,
  detail: (id: number) => ['company-admin', 'roles', 'detail', id] as const,
  members: (id: number) => ['company-admin', 'roles', 'members', id] as const,
  mappings: (query: QueryOf<typeof rolesApi.mappingList>) => ['company-admin', 'roles', 'mappings', query] as const,
  mapping: (name: string) => ['company-admin', 'roles', 'mapping', name] as const,
  transfers: (query: QueryOf<typeof rolesApi.transferList>) => ['company-admin', 'roles', 'transfers', query] as const,
};

/** Every role change can change user lists (role names) and the editors' options. */
function useInvalidateAccess() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: rolesKeys.all }), queryClient.invalidateQueries({ queryKey: usersKeys.all })]);
}

export function useRoleList(query: QueryOf<typeof rolesApi.list>) {
  return useQuery({ queryKey: rolesKeys.list(query), queryFn: ({ signal }) => call(rolesApi.list, { query }, { signal }), placeholderData: keepPreviousData });
}

export function useRoleOptions() {
  return useQuery({ queryKey: rolesKeys.options, queryFn: ({ signal }) => call(rolesApi.options, undefined, { signal }) });
}

export function useRole(id: number | null) {
  return useQuery({
    queryKey: rolesKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(rolesApi.edit, { body: { id: id! } }, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

export function useSaveRole() {
  const invalidate = useInvalidateAccess();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.save>) => call(rolesApi.save, { body }), onSuccess: invalidate });
}

/** Refusals (members still attached) come back as issues that the screens explain in a dialog. */
export function useSetRoleBlocked() {
  const invalidate = useInvalidateAccess();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.setBlocked>) => call(rolesApi.setBlocked, { body }), onSettled: invalidate });
}

export function useDeleteRole() {
  const invalidate = useInvalidateAccess();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.delete>) => call(rolesApi.delete, { body }), onSettled: invalidate });
}

export function useRoleMembers(id: number) {
  return useQuery({ queryKey: rolesKeys.members(id), queryFn: ({ signal }) => call(rolesApi.members, { body: { id } }, { signal }) });
}

export function useAddRoleMember() {
  const invalidate = useInvalidateAccess();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.addMember>) => call(rolesApi.addMember, { body }), onSettled: invalidate });
}

export function useRemoveRoleMember() {
  const invalidate = useInvalidateAccess();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.removeMember>) => call(rolesApi.removeMember, { body }), onSettled: invalidate });
}

export function useSaveDefaultRoles() {
  const invalidate = useInvalidateAccess();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.saveDefaults>) => call(rolesApi.saveDefaults, { body }), onSuccess: invalidate });
}

export function useRoleMappingList(query: QueryOf<typeof rolesApi.mappingList>) {
  return useQuery({
    queryKey: rolesKeys.mappings(query),
    queryFn: ({ signal }) => call(rolesApi.mappingList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRoleMapping(name: string | null) {
  return useQuery({
    queryKey: rolesKeys.mapping(name ?? ''),
    queryFn: ({ signal }) => call(rolesApi.mappingEdit, { body: { external_name: name! } }, { signal }),
    enabled: name !== null,
    staleTime: Infinity,
  });
}

export function useSaveRoleMapping() {
  const invalidate = useInvalidateAccess();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.mappingSave>) => call(rolesApi.mappingSave, { body }), onSuccess: invalidate });
}

export function useDeleteRoleMapping() {
  const invalidate = useInvalidateAccess();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.mappingDelete>) => call(rolesApi.mappingDelete, { body }), onSettled: invalidate });
}

export function useTransferList(query: QueryOf<typeof rolesApi.transferList>) {
  return useQuery({
    queryKey: rolesKeys.transfers(query),
    queryFn: ({ signal }) => call(rolesApi.transferList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveTransfer() {
  const invalidate = useInvalidateAccess();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.transferSave>) => call(rolesApi.transferSave, { body }), onSuccess: invalidate });
}

export function useDeleteTransfer() {
  const invalidate = useInvalidateAccess();
  return useMutation({ mutationFn: (body: BodyOf<typeof rolesApi.transferDelete>) => call(rolesApi.transferDelete, { body }), onSettled: invalidate });
}
