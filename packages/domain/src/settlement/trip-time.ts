import {
  addDaysToLocalDate,
  formatLocalDateTimeMillis,
  isLocalDate,
  localDateOfMillis,
  localTimeToMillis,
  parseLocalDateTimeToMillis,
} from '../common/dates.ts';

/**
 * Trip time as the law counts it: real elapsed time between instants (milliseconds since the epoch),
 * so a calendar day of 23 or 25 hours at a daylight-saving change counts 23 or 25 hours. Wall-clock
 * times only enter and leave here, in Europe/Warsaw.
 */

/** One minute in milliseconds. */
export const MINUTE_MS = 60_000;
/** One hour in milliseconds. */
export const HOUR_MS = 60 * MINUTE_MS;
/** A doba is 24 real hours counted from the start of the trip, not a calendar day (§ 7 ust. 2, § 13 ust. 3). */
export const DOBA_MS = 24 * HOUR_MS;

/** A span of real time, `start` inclusive and `end` exclusive, in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

/**
 * The years a trip's times may fall in. A year outside them is a slip of the keyboard (a picker
 * mid-typing sends `0020-03-10`), and the engine walks a trip doba by doba: a part spanning two
 * thousand years would keep the server busy for minutes. Outside them a time is no time at all,
 * so the engine never calculates it and the form reports it at its field. The documents' own,
 * narrower window (from 2000 to two years after today) is `documentDateRangeIssue`.
 */
const EARLIEST_TRIP_YEAR = '2000';
const LATEST_TRIP_YEAR = '2099';

/**
 * Instants of texts already read (`parseInstant`): a form's times are read for every line and part
 * they bound, and again on every change of the form; one look-up replaces cutting out the year,
 * comparing it and looking the text up again (docs/performance.md, "The engine").
 */
const INSTANTS_OF_TEXTS = new Map<string, number | null>();

/** The instant of a `YYYY-MM-DD HH:mm` Warsaw wall time, or null when missing, malformed, non-existent or outside the trip years. */
export function parseInstant(text: string | null | undefined): number | null {
  if (!text) return null;
  let instant = INSTANTS_OF_TEXTS.get(text);
  if (instant === undefined) {
    const year = text.slice(0, 4);
    instant = year < EARLIEST_TRIP_YEAR || year > LATEST_TRIP_YEAR ? null : parseLocalDateTimeToMillis(text);
    if (INSTANTS_OF_TEXTS.size >= MEMO_LIMIT) INSTANTS_OF_TEXTS.clear();
    INSTANTS_OF_TEXTS.set(text, instant);
  }
  return instant;
}

/** Both ends of a period, when both parse and the end is after the start. */
export function parseInterval(
  start: string | null | undefined,
  end: string | null | undefined,
): Interval | null {
  const startInstant = parseInstant(start);
  const endInstant = parseInstant(end);
  if (startInstant === null || endInstant === null || endInstant <= startInstant) return null;
  return { start: startInstant, end: endInstant };
}

/**
 * Days of texts already read (`dayOfText`): every cost line has one (its bill date or its end), a
 * form repeats them, and the server calculates the same form again on every change, while reading
 * one checked the calendar and the Warsaw offset each time (docs/performance.md, "The engine").
 */
const DAYS_OF_TEXTS = new Map<string, string | null>();

/** The calendar day (`YYYY-MM-DD`, Warsaw) of a day or date-time text, or null when it is neither. */
export function dayOfText(text: string | null | undefined): string | null {
  if (!text) return null;
  let day = DAYS_OF_TEXTS.get(text);
  if (day === undefined) {
    day = readDayOfText(text);
    if (DAYS_OF_TEXTS.size >= MEMO_LIMIT) DAYS_OF_TEXTS.clear();
    DAYS_OF_TEXTS.set(text, day);
  }
  return day;
}

function readDayOfText(text: string): string | null {
  if (text.length === 10) return isLocalDate(text) ? text : null;
  const instant = parseInstant(text);
  return instant === null ? null : localDateOf(instant);
}

/** The Warsaw calendar day of an instant. */
export function localDateOf(instant: number): string {
  return localDateOfMillis(instant);
}

/** An instant as `YYYY-MM-DD HH:mm` Warsaw wall time, for explanations. */
export function localDateTimeOf(instant: number): string {
  return formatLocalDateTimeMillis(instant);
}

/** Memo bound: a few thousand days cover many trips; when full, a memo starts over. */
const MEMO_LIMIT = 20_000;

/**
 * Days already stepped (`nextDay`) and night windows already placed (`nightWindow`): the accommodation
 * walks every night of every stay, and each step used to format a date and look up Warsaw offsets
 * (docs/performance.md, "The engine").
 */
const NEXT_DAYS = new Map<string, string>();
const NIGHT_WINDOWS = new Map<string, Interval>();

/** The day after a `YYYY-MM-DD` day. */
export function nextDay(day: string): string {
  let next = NEXT_DAYS.get(day);
  if (next === undefined) {
    next = addDaysToLocalDate(day, 1);
    if (NEXT_DAYS.size >= MEMO_LIMIT) NEXT_DAYS.clear();
    NEXT_DAYS.set(day, next);
  }
  return next;
}

/** The day before a `YYYY-MM-DD` day. */
export function previousDay(day: string): string {
  return addDaysToLocalDate(day, -1);
}

/** The days from `first` to `last` inclusive. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = nextDay(day)) days.push(day);
  return days;
}

/** Length of the overlap of two intervals, in milliseconds (0 when they do not meet). */
export function overlapMs(a: Interval, b: Interval): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

/** Whether two intervals share some time (touching ends do not). */
export function overlaps(a: Interval, b: Interval): boolean {
  return overlapMs(a, b) > 0;
}

/** Merges overlapping or touching intervals into disjoint ones, sorted by start. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}

/** The night of `day`: from 21:00 that day to 07:00 the next, Warsaw time (§ 8 ust. 4). Shared and frozen: read only. */
export function nightWindow(day: string): Readonly<Interval> {
  let window = NIGHT_WINDOWS.get(day);
  if (window === undefined) {
    // 21:00 and 07:00 always exist in Warsaw: the clocks change at 02:00/03:00.
    window = Object.freeze({ start: localTimeToMillis(day, 21, 0) ?? 0, end: localTimeToMillis(nextDay(day), 7, 0) ?? 0 });
    if (NIGHT_WINDOWS.size >= MEMO_LIMIT) NIGHT_WINDOWS.clear();
    NIGHT_WINDOWS.set(day, window);
  }
  return window;
}

/** A duration split into whole hours and minutes, for explanations. */
export function hoursAndMinutes(durationMs: number): { hours: number; minutes: number } {
  const totalMinutes = Math.floor(durationMs / MINUTE_MS);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
