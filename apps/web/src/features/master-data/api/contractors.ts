import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contractorApi, projectApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from './mutations.ts';

const CONTRACTORS = ['master-data', 'contractors'] as const;
/** Project rows show their contractor's name, so contractor changes refresh them too. */
const PROJECTS = ['master-data', 'projects'] as const;

export function useContractors(query: QueryOf<typeof contractorApi.list>) {
  return useQuery({
    queryKey: [...CONTRACTORS, 'list', query],
    queryFn: ({ signal }) => call(contractorApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useContractorOptions() {
  return useQuery({ queryKey: [...CONTRACTORS, 'options'], queryFn: ({ signal }) => call(contractorApi.options, undefined, { signal }) });
}

export function useSaveContractor() {
  return useInvalidatingMutation((body: BodyOf<typeof contractorApi.save>) => call(contractorApi.save, { body }), [CONTRACTORS, PROJECTS]);
}

export function useDeleteContractor() {
  return useInvalidatingMutation((id: number) => call(contractorApi.delete, { body: { id } }), [CONTRACTORS]);
}

export function useProjects(query: QueryOf<typeof projectApi.list>) {
  return useQuery({
    queryKey: [...PROJECTS, 'list', query],
    queryFn: ({ signal }) => call(projectApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveProject() {
  return useInvalidatingMutation((body: BodyOf<typeof projectApi.save>) => call(projectApi.save, { body }), [PROJECTS, CONTRACTORS]);
}

export function useDeleteProject() {
  return useInvalidatingMutation((id: number) => call(projectApi.delete, { body: { id } }), [PROJECTS, CONTRACTORS]);
}
