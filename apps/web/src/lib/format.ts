import { BUSINESS_TIME_ZONE, dec, SETTLEMENT_CURRENCY } from '@delego/domain';

/**
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
export function formatMoney(amount: string, currency: string, language: string): string {
  return `${formatDecimal(amount, language, 2)}${NO_BREAK_SPACE}${currencyLabel(currency, language)}`;
}

/** Spec §9: exchange rates are shown with four decimals. */
export function formatExchangeRate(rate: string, language: string): string {
  return formatDecimal(rate, language, 4);
}

const PARAM_DECIMAL = /^-?\d+\.\d+$/;

/**
 * Interpolation params of an engine message for display: decimals ("45.00", "16.3333") in the
 * language's format with their own precision; counts, codes, dates and paragraphs unchanged.
 */
export function formatParams(params: Readonly<Record<string, string | number>> | undefined, language: string): Record<string, string | number> {
  const formatted: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    formatted[key] = typeof value === 'string' && PARAM_DECIMAL.test(value) ? formatDecimal(value, language) : value;
  }
  return formatted;
}

/** An instant (ISO text) as date and time in Warsaw, where the company works, whatever the browser's zone. */
export function formatDateTime(instant: string, language: string): string {
  return new Date(instant).toLocaleString(language, { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
}
