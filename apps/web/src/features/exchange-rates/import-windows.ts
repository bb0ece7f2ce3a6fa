import { addDaysToLocalDate } from '@delego/domain';

/** NBP answers at most 93 days per enquiry, and the import endpoint takes as much. */
export const NBP_WINDOW_DAYS = 93;

/** Splits an inclusive range of days into consecutive windows of at most `size` days. */
export function splitIntoWindows(from: string, to: string, size = NBP_WINDOW_DAYS): { date_from: string; date_to: string }[] {
  const windows: { date_from: string; date_to: string }[] = [];
  for (let start = from; start <= to; start = addDaysToLocalDate(start, size)) {
    const end = addDaysToLocalDate(start, size - 1);
    windows.push({ date_from: start, date_to: end < to ? end : to });
  }
  return windows;
}
