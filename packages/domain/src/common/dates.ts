import { DateTime, Duration, IANAZone } from 'luxon';

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
  if (
    parsed.toFormat(timePart.length > 5 ? 'yyyy-MM-dd HH:mm:ss' : LOCAL_DATE_TIME_FORMAT) !==
    text.slice(0, timePart.length > 5 ? 19 : 16)
  ) {
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

/**
 * The Warsaw day last asked for, as its instants [start, end): nearly every call asks about today (each
 * request's permissions, substitutions and settlement date), and a time-zone conversion costs far more than
 * two comparisons.
 */
let lastLocalDay = { start: 0, end: 0, date: '' };

/** The Warsaw calendar date of an instant. */
export function toLocalDate(instant: Date): string {
  const time = instant.getTime();
  if (time >= lastLocalDay.start && time < lastLocalDay.end) return lastLocalDay.date;
  const local = DateTime.fromMillis(time, { zone: BUSINESS_TIME_ZONE });
  if (!local.isValid) return local.toFormat(LOCAL_DATE_FORMAT);
  // A Warsaw day has 23 or 25 hours when the clocks change (at 2:00 or 3:00, never at midnight).
  const start = local.startOf('day');
  lastLocalDay = { start: start.toMillis(), end: start.plus({ days: 1 }).toMillis(), date: local.toFormat(LOCAL_DATE_FORMAT) };
  return lastLocalDay.date;
}

/** Elapsed real time between two instants, in minutes (DST-aware: real hours, not wall hours). */
export function minutesBetween(start: DateTime, end: DateTime): number {
  return Math.round(end.diff(start).as('minutes'));
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Days since 1970-01-01 to a civil date and back (H. Hinnant's algorithms): calendar arithmetic on
 * plain numbers, with no clock and no Date object.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function civilFromDays(days: number): { year: number; month: number; day: number } {
  const shifted = days + 719468;
  const era = Math.floor(shifted / 146097);
  const dayOfEra = shifted - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1,
  };
}

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

/**
 * Warsaw's UTC offset (minutes) at an instant. Asking the time-zone database is slow, so the offset
 * changes of each year are found once (a scan every 6 hours, then a binary search to the minute)
 * and kept; the rules themselves still come from the database, so a change of law needs no code.
 */
const warsawZone = IANAZone.create(BUSINESS_TIME_ZONE);
const offsetChangesByYear = new Map<number, { from: number; offset: number }[]>();

function offsetChangesOf(year: number): { from: number; offset: number }[] {
  const known = offsetChangesByYear.get(year);
  if (known) return known;
  const start = daysFromCivil(year, 1, 1) * DAY_MS - DAY_MS;
  const end = daysFromCivil(year + 1, 1, 1) * DAY_MS + DAY_MS;
  const changes = [{ from: -Infinity, offset: warsawZone.offset(start) }];
  const step = 6 * HOUR_MS;
  for (let probe = start + step; probe <= end; probe += step) {
    const offset = warsawZone.offset(probe);
    if (offset === changes[changes.length - 1]?.offset) continue;
    let low = probe - step;
    let high = probe;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (warsawZone.offset(middle) === offset) high = middle;
      else low = middle;
    }
    changes.push({ from: high, offset });
  }
  offsetChangesByYear.set(year, changes);
  return changes;
}

/** Warsaw's offset from UTC, in minutes, at an instant (epoch milliseconds). */
export function warsawOffsetMinutes(instant: number): number {
  const changes = offsetChangesOf(civilFromDays(Math.floor(instant / DAY_MS)).year);
  let offset = changes[0]?.offset ?? 0;
  for (const change of changes) if (change.from <= instant) offset = change.offset;
  return offset;
}

/**
 * The instant of a Warsaw wall time, or null when the date does not exist or the time falls in the
 * spring gap. An autumn time that happens twice is the later one, as luxon reads it.
 */
export function localTimeToMillis(day: string, hour: number, minute: number, second = 0): number | null {
  const days = daysOf(day);
  if (days === null || hour > 23 || minute > 59 || second > 59) return null;
  const wall = days * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS + second * 1000;
  // The offsets a day before and a day after bracket any change; when both fit, keep the later instant.
  let found: number | null = null;
  for (const offset of [warsawOffsetMinutes(wall - DAY_MS), warsawOffsetMinutes(wall + DAY_MS)]) {
    const instant = wall - offset * MINUTE_MS;
    if (warsawOffsetMinutes(instant) === offset && (found === null || instant > found)) found = instant;
  }
  return found;
}

/** Days since 1970-01-01 of a real calendar day written `YYYY-MM-DD`, or null. */
function daysOf(text: string): number | null {
  if (!LOCAL_DATE_PATTERN.test(text)) return null;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return null;
  const days = daysFromCivil(year, month, day);
  return civilFromDays(days).month === month ? days : null;
}

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isLocalDate(text: string): boolean {
  return daysOf(text) !== null;
}

/**
 * Parses `YYYY-MM-DD HH:mm[:ss[.SSS]]` Warsaw wall time to epoch milliseconds; null when malformed or
 * non-existent. The same reading as `parseLocalDateTime`, without building a luxon DateTime.
 */
export function parseLocalDateTimeToMillis(text: string): number | null {
  const known = PARSED_INSTANTS.get(text);
  if (known !== undefined) return known;
  const instant = parseInstantText(text);
  if (PARSED_INSTANTS.size >= MEMO_LIMIT) PARSED_INSTANTS.clear();
  PARSED_INSTANTS.set(text, instant);
  return instant;
}

/**
 * Wall times and days already converted: a form repeats its times across lines, and the server
 * calculates the same form again on every change. The answers never change, so they are kept.
 */
const MEMO_LIMIT = 20_000;
const PARSED_INSTANTS = new Map<string, number | null>();
const LOCAL_DATES = new Map<number, string>();

function parseInstantText(text: string): number | null {
  if (!LOCAL_DATE_TIME_PATTERN.test(text)) return null;
  // The pattern fixes the layout: `YYYY-MM-DD HH:mm`, then optionally `:ss` and `.SSS`.
  const seconds = text.length > 16 ? Number(text.slice(17)) : 0;
  const instant = localTimeToMillis(
    text.slice(0, 10),
    Number(text.slice(11, 13)),
    Number(text.slice(14, 16)),
    Math.floor(seconds),
  );
  return instant === null ? null : instant + Math.round((seconds - Math.floor(seconds)) * 1000);
}

/** The Warsaw calendar day (`YYYY-MM-DD`) of an instant in epoch milliseconds. */
export function localDateOfMillis(instant: number): string {
  let text = LOCAL_DATES.get(instant);
  if (text === undefined) {
    const local = instant + warsawOffsetMinutes(instant) * MINUTE_MS;
    const { year, month, day } = civilFromDays(Math.floor(local / DAY_MS));
    text = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
    if (LOCAL_DATES.size >= MEMO_LIMIT) LOCAL_DATES.clear();
    LOCAL_DATES.set(instant, text);
  }
  return text;
}

/** Instants already formatted (`formatLocalDateTimeMillis`): the engine explains every doba by its start. */
const LOCAL_DATE_TIMES = new Map<number, string>();

/** An instant in epoch milliseconds as `YYYY-MM-DD HH:mm` Warsaw wall time. */
export function formatLocalDateTimeMillis(instant: number): string {
  let text = LOCAL_DATE_TIMES.get(instant);
  if (text === undefined) {
    const local = instant + warsawOffsetMinutes(instant) * MINUTE_MS;
    const minutes = Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
    text = `${localDateOfMillis(instant)} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    if (LOCAL_DATE_TIMES.size >= MEMO_LIMIT) LOCAL_DATE_TIMES.clear();
    LOCAL_DATE_TIMES.set(instant, text);
  }
  return text;
}

/** The day `count` days after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDaysToLocalDate(day: string, count: number): string {
  const civil = civilFromDays(
    daysFromCivil(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))) + count,
  );
  return `${pad(civil.year, 4)}-${pad(civil.month)}-${pad(civil.day)}`;
}

export { DateTime, Duration };
