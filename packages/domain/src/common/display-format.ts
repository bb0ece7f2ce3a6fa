import { DateTime } from 'luxon';
import { SETTLEMENT_CURRENCY } from '../settlement/rates/statutory-rates.ts';
import { BUSINESS_TIME_ZONE } from './dates.ts';
import { dec } from './money.ts';

/**
 * How people read amounts and dates, in the browser and in e-mails alike.
 *
 * Formatting of the engine's decimal strings for the interface language, without ever going through
 * a float: "1234.5" → "1 234,50" in Polish, "1,234.50" in English. Polish groups thousands in every
 * amount (the spec's "1 234,56 zł"), which the browsers' Polish number format skips for four digits.
 */

const NO_BREAK_SPACE = '\u00a0';
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

function isPolish(language: string): boolean {
  return language.startsWith('pl');
}

/** A decimal string for the language; `fractionDigits` rounds half-up or pads. Non-decimals come back as they are. */
export function formatDecimal(text: string, language: string, fractionDigits?: number): string {
  if (!DECIMAL_TEXT.test(text)) return text;
  const fixed = fractionDigits === undefined ? text : dec(text).toFixed(fractionDigits);
  const [, sign = '', integer = '', fraction] = DECIMAL_TEXT.exec(fixed) ?? [];
  const groupSeparator = isPolish(language) ? NO_BREAK_SPACE : ',';
  const decimalSeparator = isPolish(language) ? ',' : '.';
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator);
  return `${sign}${grouped}${fraction === undefined ? '' : decimalSeparator + fraction}`;
}

/** The currency's symbol in the text: "zł" for złoty in Polish, the ISO code otherwise. */
function currencyLabel(currency: string, language: string): string {
  return currency === SETTLEMENT_CURRENCY && isPolish(language) ? 'zł' : currency;
}

/** An amount with two decimals and its currency, e.g. "1 234,56 zł" or "1,234.56 EUR". */
export function formatMoneyText(amount: string, currency: string, language: string): string {
  return `${formatDecimal(amount, language, 2)}${NO_BREAK_SPACE}${currencyLabel(currency, language)}`;
}

/** Spec §9: exchange rates are shown with four decimals. */
export function formatExchangeRate(rate: string, language: string): string {
  return formatDecimal(rate, language, 4);
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
    else if (PARAM_DECIMAL.test(value)) formatted[key] = formatDecimal(value, language);
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

function luxonLocale(language: string): string {
  return isPolish(language) ? 'pl' : 'en-US';
}

/** An instant (ISO text) as date and time in Warsaw, where the company works, whatever the browser's zone. */
export function formatDateTime(instant: string, language: string): string {
  const value = DateTime.fromISO(instant, { zone: BUSINESS_TIME_ZONE });
  return value.isValid ? value.toFormat(dateTimeFormatOf(language), { locale: luxonLocale(language) }) : instant;
}

/**
 * A wall time of the API (`YYYY-MM-DD HH:mm`, Warsaw) or a day (`YYYY-MM-DD`) in the interface
 * language's format; anything else comes back as it is.
 */
export function formatWallTime(text: string, language: string): string {
  const dateOnly = text.length === 10;
  const value = DateTime.fromFormat(text.slice(0, dateOnly ? 10 : 16), dateOnly ? 'yyyy-MM-dd' : 'yyyy-MM-dd HH:mm');
  if (!value.isValid) return text;
  return value.toFormat(dateOnly ? dateFormatOf(language) : dateTimeFormatOf(language), { locale: luxonLocale(language) });
}

/** A trip's period, the end's day left out when it is the start's: "05.03.2026 07:00 – 20:00". */
export function formatWallPeriod(start: string, end: string, language: string): string {
  const sameDay = start.slice(0, 10) === end.slice(0, 10) && end.length > 10;
  const endText = sameDay ? DateTime.fromFormat(end.slice(11, 16), 'HH:mm').toFormat(usesTwelveHourClock(language) ? 'hh:mm a' : 'HH:mm', { locale: luxonLocale(language) }) : formatWallTime(end, language);
  return `${formatWallTime(start, language)} – ${endText}`;
}
