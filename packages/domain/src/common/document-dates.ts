import { addDaysToLocalDate } from './dates.ts';

/**
 * How far from today a trip's dates may lie. A date before 2000 or years ahead is a typing slip
 * (a year of 1900 or 2999 made a 364-night, 344 025 zł order), so it is refused with a message
 * instead of being calculated.
 */
export const EARLIEST_DOCUMENT_DATE = '2000-01-01';
/** Dates may lie at most this many years after today (trips are ordered months ahead, not years). */
export const MAX_YEARS_AHEAD = 2;

/** The latest day a document date may have, `YYYY-MM-DD`, for today's Warsaw day. */
export function latestDocumentDate(today: string): string {
  const year = Number(today.slice(0, 4)) + MAX_YEARS_AHEAD;
  const sameDay = `${String(year).padStart(4, '0')}${today.slice(4)}`;
  // 29 February two years on does not exist: the day before it does.
  return today.slice(5) === '02-29' ? addDaysToLocalDate(`${year}-03-01`, -1) : sameDay;
}

/**
 * The issue code for a day outside the allowed range, or null: `validation.dateTooEarly` before
 * 2000, `validation.dateTooLate` more than two years after `today`.
 */
export function documentDateRangeIssue(day: string, today: string): 'validation.dateTooEarly' | 'validation.dateTooLate' | null {
  if (day < EARLIEST_DOCUMENT_DATE) return 'validation.dateTooEarly';
  if (day > latestDocumentDate(today)) return 'validation.dateTooLate';
  return null;
}
