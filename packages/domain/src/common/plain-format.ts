/**
 * The formats that need no date library: decimals, days and wall times as people read them. Apart from
 * `display-format.ts` (which needs Luxon for instants) so that a page showing only messages with such
 * parameters (the login page's validation texts) does not download Luxon (docs/performance.md), and from
 * `decimal-format.ts` (which rounds with the exact decimal) so that it does not download that either.
 */

export const NO_BREAK_SPACE = '\u00a0';
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;
const WALL_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const CLOCK_TIME = /^(\d{2}):(\d{2})$/;

/** Whether the text is a plain decimal ("-12", "4.50"), the only texts the decimal formats change. */
export function isDecimalText(text: string): boolean {
  return DECIMAL_TEXT.test(text);
}

export function isPolish(language: string): boolean {
  return language.startsWith('pl');
}

/**
 * A decimal string for the language as it is written, digits unchanged (`formatDecimal` of `decimal-format.ts` rounds
 * or pads first). Non-decimals come back as they are.
 */
export function writeDecimal(text: string, language: string): string {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return text;
  const [, sign = '', integer = '', fraction] = match;
  const groupSeparator = isPolish(language) ? NO_BREAK_SPACE : ',';
  const decimalSeparator = isPolish(language) ? ',' : '.';
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator);
  return `${sign}${grouped}${fraction === undefined ? '' : decimalSeparator + fraction}`;
}

const PARAM_DECIMAL = /^-?\d+\.\d+$/;
const PARAM_WALL_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/;

/**
 * Interpolation params of a message for display: decimals ("45.00", "16.3333") in the language's
 * format with their own precision, days and wall times ("2026-03-10", "2026-03-10 07:00") in the
 * language's date format; counts, codes and paragraphs unchanged.
 */
export function formatParams(params: Readonly<Record<string, string | number>> | undefined, language: string): Record<string, string | number> {
  const formatted: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (typeof value !== 'string') formatted[key] = value;
    else if (PARAM_DECIMAL.test(value)) formatted[key] = writeDecimal(value, language);
    else if (PARAM_WALL_TIME.test(value)) formatted[key] = formatWallTime(value, language);
    else formatted[key] = value;
  }
  return formatted;
}

/** The date format of the interface language: `dd.MM.yyyy` in Polish, `MM/dd/yyyy` in English (luxon tokens). */
export function dateFormatOf(language: string): string {
  return isPolish(language) ? 'dd.MM.yyyy' : 'MM/dd/yyyy';
}

/** Whether times are written with AM/PM: in English; Polish writes 24-hour times. */
export function usesTwelveHourClock(language: string): boolean {
  return !isPolish(language);
}

/** The date-and-time format of the interface language: `dd.MM.yyyy HH:mm` in Polish, `MM/dd/yyyy hh:mm a` in English. */
export function dateTimeFormatOf(language: string): string {
  return `${dateFormatOf(language)} ${usesTwelveHourClock(language) ? 'hh:mm a' : 'HH:mm'}`;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** A day of the calendar (e.g. no 30 February), checked against the proleptic Gregorian calendar in UTC. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `HH:mm` as the language writes it: `19:30` in Polish, `07:30 PM` in English; null when it is no time of day. */
function clockText(hour: number, minute: number, language: string): string | null {
  if (hour > 23 || minute > 59) return null;
  if (!usesTwelveHourClock(language)) return `${pad(hour)}:${pad(minute)}`;
  return `${pad(hour % 12 || 12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * A wall time of the API (`YYYY-MM-DD HH:mm`, Warsaw) or a day (`YYYY-MM-DD`) in the interface
 * language's format; anything else comes back as it is.
 */
export function formatWallTime(text: string, language: string): string {
  const dateOnly = text.length === 10;
  const match = (dateOnly ? WALL_DAY : WALL_DATE_TIME).exec(text.slice(0, dateOnly ? 10 : 16));
  if (!match) return text;
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map(Number) as [number, number, number, number?, number?];
  if (!isCalendarDay(year, month, day)) return text;
  const date = isPolish(language) ? `${pad(day)}.${pad(month)}.${year}` : `${pad(month)}/${pad(day)}/${year}`;
  if (dateOnly) return date;
  const clock = clockText(hour, minute, language);
  return clock === null ? text : `${date} ${clock}`;
}

/** A trip's period, the end's day left out when it is the start's: "05.03.2026 07:00 – 20:00". */
export function formatWallPeriod(start: string, end: string, language: string): string {
  const sameDay = start.slice(0, 10) === end.slice(0, 10) && end.length > 10;
  const endClock = CLOCK_TIME.exec(end.slice(11, 16));
  const endTime = endClock ? clockText(Number(endClock[1]), Number(endClock[2]), language) : null;
  const endText = sameDay ? (endTime ?? end.slice(11, 16)) : formatWallTime(end, language);
  return `${formatWallTime(start, language)} – ${endText}`;
}
