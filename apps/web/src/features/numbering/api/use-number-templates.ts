import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { numberingApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

const KEY = ['number-templates'] as const;

export function useNumberTemplates(query: QueryOf<typeof numberingApi.list>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(numberingApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One template with its counters, for the editor. */
export function useNumberTemplate(id: number) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => call(numberingApi.edit, { body: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Field issues are shown by the form, so the client does not also notify them. */
export function useSaveNumberTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof numberingApi.save>) => call(numberingApi.save, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteNumberTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(numberingApi.delete, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
