import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { organizationUnitApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { USER_EDITOR_KEY } from './keys.ts';
import { useInvalidatingMutation } from './mutations.ts';

const KEY = ['master-data', 'organisation'] as const;

export function useOrganizationUnits() {
  return useQuery({ queryKey: [...KEY, 'tree'], queryFn: ({ signal }) => call(organizationUnitApi.tree, undefined, { signal }) });
}

export function useSaveOrganizationUnit() {
  return useInvalidatingMutation((body: BodyOf<typeof organizationUnitApi.save>) => call(organizationUnitApi.save, { body }), [KEY]);
}

export function useDeleteOrganizationUnit() {
  return useInvalidatingMutation((id: number) => call(organizationUnitApi.delete, { body: { id } }), [KEY]);
}

export function useOrganizationUnitUsers(query: QueryOf<typeof organizationUnitApi.userList>) {
  return useQuery({
    queryKey: [...KEY, 'users', query],
    queryFn: ({ signal }) => call(organizationUnitApi.userList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAssignOrganizationUnitUsers() {
  return useInvalidatingMutation((body: BodyOf<typeof organizationUnitApi.assignUsers>) => call(organizationUnitApi.assignUsers, { body }), [KEY, USER_EDITOR_KEY]);
}
