/**
 * The currencies an amount may be in: the złoty and every ISO 4217 currency the NBP quotes a mid rate
 * for (table A daily, table B weekly), so that every foreign amount can be converted (§ 20 of the
 * regulation and the tax rules convert at the NBP mid rate). A code outside the list could never be
 * converted, so it is refused when typed.
 */

/** NBP table A: the currencies quoted every business day. */
export const NBP_TABLE_A_CURRENCIES = [
  'THB', 'USD', 'AUD', 'HKD', 'CAD', 'NZD', 'SGD', 'EUR', 'HUF', 'CHF', 'GBP', 'UAH', 'JPY', 'CZK', 'DKK', 'ISK',
  'NOK', 'SEK', 'RON', 'BGN', 'TRY', 'ILS', 'CLP', 'PHP', 'MXN', 'ZAR', 'BRL', 'MYR', 'IDR', 'INR', 'KRW', 'CNY', 'XDR',
] as const;

/** NBP table B: the other currencies, quoted weekly. */
export const NBP_TABLE_B_CURRENCIES = [
  'AFN', 'MGA', 'PAB', 'ETB', 'VES', 'BOB', 'CRC', 'SVC', 'NIO', 'GMD', 'MKD', 'DZD', 'BHD', 'BIF', 'XOF', 'XAF',
  'XPF', 'DJF', 'DOP', 'EGP', 'AED', 'FJD', 'GHS', 'GNF', 'GYD', 'HTG', 'HNL', 'IQD', 'IRR', 'JMD', 'JOD', 'KES',
  'PGK', 'LAK', 'KZT', 'COP', 'KMF', 'CDF', 'CUP', 'KWD', 'LSL', 'LBP', 'LYD', 'MWK', 'MVR', 'MAD', 'MUR', 'MRU',
  'MDL', 'MNT', 'MMK', 'NAD', 'NPR', 'NGN', 'TWD', 'PKR', 'PYG', 'PEN', 'ALL', 'RWF', 'RUB', 'WST', 'RSD', 'SCR',
  'SLE', 'SOS', 'SZL', 'LKR', 'SDG', 'SRD', 'SYP', 'TJS', 'TZS', 'TOP', 'TTD', 'TND', 'TMT', 'UGX', 'UYU', 'UZS',
  'VUV', 'VND', 'YER', 'ZMW', 'AMD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BND', 'BSD', 'BWP', 'BYN', 'BZD', 'CVE',
  'ERN', 'GEL', 'GIP', 'GTQ', 'KGS', 'KHR', 'MOP', 'MZN', 'OMR', 'QAR', 'SAR', 'SBD', 'STN', 'ANG', 'AOA', 'ARS',
] as const;

/** Every currency an amount may be in, PLN first. */
export const CURRENCY_CODES: readonly string[] = ['PLN', ...NBP_TABLE_A_CURRENCIES, ...NBP_TABLE_B_CURRENCIES];

const KNOWN = new Set(CURRENCY_CODES);

/** Whether `code` is the złoty or a currency with an NBP rate. */
export function isKnownCurrency(code: string): boolean {
  return KNOWN.has(code);
}
