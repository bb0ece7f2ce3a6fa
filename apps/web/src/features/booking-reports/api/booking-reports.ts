import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bookingReportApi, type BookingReportQuery } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';

const KEY = ['booking-reports'] as const;

export function useBookingReportOptions() {
  return useQuery({
    queryKey: [...KEY, 'form-options'],
    queryFn: ({ signal }) => call(bookingReportApi.formOptions, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A report for the chosen filters; the previous one stays on screen while the next is read. */
export function useBookingReport(query: BookingReportQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'data', query],
    queryFn: ({ signal }) => call(bookingReportApi.data, { query }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The same report as an XLSX file (lists travel comma-separated in the query). */
export function downloadBookingReport(query: BookingReportQuery): Promise<string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text !== '') flat[key] = text;
  }
  return downloadFile(bookingReportApi.export.path, flat, {
    fallbackName: `booking-report_${query.kind}.xlsx`,
  });
}
