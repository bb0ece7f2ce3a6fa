import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportApi, type Report, type ReportRequestInput } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

const KEY = ['reports'] as const;

/** While a report is queued or being written, the list asks again every few seconds for its progress. */
export const REPORT_POLL_MS = 2000;

const inProgress = (items: readonly Report[] | undefined) => (items ?? []).some((item) => item.status === 'queued' || item.status === 'running');

export function useReports() {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => call(reportApi.list, undefined, { signal }),
    refetchInterval: (query) => (inProgress(query.state.data?.items) ? REPORT_POLL_MS : false),
  });
}

export function useReportFormOptions() {
  return useQuery({
    queryKey: [...KEY, 'form-options'],
    queryFn: ({ signal }) => call(reportApi.formOptions, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportRequestInput) => call(reportApi.create, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}
