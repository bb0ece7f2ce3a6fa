import { DateTime, Duration } from 'luxon';

/** Every calendar decision in Delego is taken in Polish local time. */
export const BUSINESS_TIME_ZONE = 'Europe/Warsaw';

/** The spec's datetime format on the wire: `YYYY-MM-DD HH:mm` in Warsaw time. */
export const LOCAL_DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm';
export const LOCAL_DATE_FORMAT = 'yyyy-MM-dd';

export const LOCAL_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
export const LOCAL_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Parses `YYYY-MM-DD HH:mm[:ss[.SSS]]` as a Warsaw wall-clock time.
 * Returns null for a malformed or non-existent time (e.g. inside the spring DST gap).
 */
export function parseLocalDateTime(text: string): DateTime | null {
  if (!LOCAL_DATE_TIME_PATTERN.test(text)) return null;
  const [datePart, timePart = ''] = text.split(' ');
  const parsed = DateTime.fromISO(`${datePart}T${timePart}`, { zone: BUSINESS_TIME_ZONE });
  if (!parsed.isValid) return null;
  // Luxon shifts a wall time inside the DST gap forward; such a time never happened.
  if (parsed.toFormat(timePart.length > 5 ? "yyyy-MM-dd HH:mm:ss" : LOCAL_DATE_TIME_FORMAT) !== text.slice(0, timePart.length > 5 ? 19 : 16)) {
    return null;
  }
  return parsed;
}

/** Parses `YYYY-MM-DD` as the start of that Warsaw day. */
export function parseLocalDate(text: string): DateTime | null {
  if (!LOCAL_DATE_PATTERN.test(text)) return null;
  const parsed = DateTime.fromISO(text, { zone: BUSINESS_TIME_ZONE });
  return parsed.isValid ? parsed.startOf('day') : null;
}

export function formatLocalDateTime(value: DateTime): string {
  return value.setZone(BUSINESS_TIME_ZONE).toFormat(LOCAL_DATE_TIME_FORMAT);
}

export function formatLocalDate(value: DateTime): string {
  return value.setZone(BUSINESS_TIME_ZONE).toFormat(LOCAL_DATE_FORMAT);
}

/** The Warsaw calendar date of an instant. */
export function toLocalDate(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: BUSINESS_TIME_ZONE }).toFormat(LOCAL_DATE_FORMAT);
}

/** Elapsed real time between two instants, in minutes (DST-aware: real hours, not wall hours). */
export function minutesBetween(start: DateTime, end: DateTime): number {
  return Math.round(end.diff(start).as('minutes'));
}

export { DateTime, Duration };
