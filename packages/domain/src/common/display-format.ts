import { DateTime } from 'luxon';
import { SETTLEMENT_CURRENCY } from '../settlement/rates/statutory-rates.ts';
import { BUSINESS_TIME_ZONE } from './dates.ts';
import { formatDecimal } from './decimal-format.ts';
import { NO_BREAK_SPACE, dateTimeFormatOf, isPolish } from './plain-format.ts';

// The formats without Luxon live apart (plain-format.ts, so the login page does without Luxon); they stay part of this module's surface.
export { formatParams, dateFormatOf, usesTwelveHourClock, dateTimeFormatOf, formatWallTime, formatWallPeriod } from './plain-format.ts';
export { formatDecimal } from './decimal-format.ts';

/**
 * How people read amounts and dates, in the browser and in e-mails alike.
 *
 * Formatting of the engine's decimal strings for the interface language, without ever going through
 * a float: "1234.5" → "1 234,50" in Polish, "1,234.50" in English. Polish groups thousands in every
 * amount (the spec's "1 234,56 zł"), which the browsers' Polish number format skips for four digits.
 */

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

function luxonLocale(language: string): string {
  return isPolish(language) ? 'pl' : 'en-US';
}

/** An instant (ISO text) as date and time in Warsaw, where the company works, whatever the browser's zone. */
export function formatDateTime(instant: string, language: string): string {
  const value = DateTime.fromISO(instant, { zone: BUSINESS_TIME_ZONE });
  return value.isValid ? value.toFormat(dateTimeFormatOf(language), { locale: luxonLocale(language) }) : instant;
}
