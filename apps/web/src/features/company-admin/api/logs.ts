import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logsApi, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

export function useAuditLog(query: QueryOf<typeof logsApi.list>) {
  return useQuery({
    queryKey: ['company-admin', 'logs', query],
    queryFn: ({ signal }) => call(logsApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLogFilterOptions() {
  return useQuery({ queryKey: ['company-admin', 'logs', 'filter-options'], queryFn: ({ signal }) => call(logsApi.filterOptions, undefined, { signal }) });
}
