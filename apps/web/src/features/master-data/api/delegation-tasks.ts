import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { delegationTaskApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from './mutations.ts';

const KEY = ['master-data', 'delegation-tasks'] as const;

export function useDelegationTasks(query: QueryOf<typeof delegationTaskApi.list>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(delegationTaskApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAvailableDelegationTasks() {
  return useQuery({ queryKey: [...KEY, 'available'], queryFn: ({ signal }) => call(delegationTaskApi.available, undefined, { signal }) });
}

export function useSaveDelegationTask() {
  return useInvalidatingMutation((body: BodyOf<typeof delegationTaskApi.save>) => call(delegationTaskApi.save, { body }), [KEY]);
}

export function useDeleteDelegationTask() {
  return useInvalidatingMutation((id: number) => call(delegationTaskApi.delete, { body: { id } }), [KEY]);
}
