/**
 * Amounts as people type them. Polish users write the decimal comma and group thousands with spaces
 * ("1 234,56"); others write the dot and group with commas ("1,234.56"); some paste "1.234,56".
 * Every input of an amount reads them all the same way and hands the API its decimal string.
 */

/** Grouping characters that are never a decimal separator: spaces, the no-break spaces, the apostrophe. */
const GROUPING_SPACES = /[\s\u00a0\u202f']/g;
const DIGITS = /^\d+$/;

/** How an amount input reads what is typed. */
export interface TypedAmountOptions {
  /** At most this many decimals (2 for money, 3 for kilometres). */
  maxDecimals?: number;
  allowNegative?: boolean;
  /** The interface language's decimal separator, which decides "1,234" and "1.234". */
  decimalSeparator?: ',' | '.';
}

/**
 * Reads an amount as typed into its decimal string: "1 234,56", "1234.56", "1,234.56" and "1.234,56"
 * all give "1234.56". When both a comma and a dot appear, the last one is the decimal separator and
 * the other groups thousands; a single one is the decimal separator when at most `maxDecimals` digits
 * follow it, and otherwise groups thousands when three follow and it is not the decimal separator of
 * the interface language (`decimalSeparator`, the comma by default): in Polish "1.234" is 1234 and
 * "1,234" has too many decimals, in English the other way round. A repeated one groups thousands. Returns '' for an empty text and null for a text that is no amount
 * (letters, too many decimals, badly grouped thousands, a minus where none is allowed).
 */
export function parseTypedAmount(text: string, options: TypedAmountOptions = {}): string | null {
  const maxDecimals = options.maxDecimals ?? 2;
  let rest = text.replace(GROUPING_SPACES, '');
  if (rest === '') return '';
  let sign = '';
  if (rest.startsWith('-')) {
    if (!options.allowNegative) return null;
    sign = '-';
    rest = rest.slice(1);
  }
  const commas = rest.split(',').length - 1;
  const dots = rest.split('.').length - 1;
  let integer = rest;
  let fraction = '';
  if (commas > 0 && dots > 0) {
    const decimal = rest.lastIndexOf(',') > rest.lastIndexOf('.') ? ',' : '.';
    const at = rest.lastIndexOf(decimal);
    if (rest.indexOf(decimal) !== at) return null;
    const grouped = rest.slice(0, at);
    if (!isGrouped(grouped, decimal === ',' ? '.' : ',')) return null;
    integer = grouped.replace(/[.,]/g, '');
    fraction = rest.slice(at + 1);
  } else if (commas + dots === 1) {
    const at = Math.max(rest.indexOf(','), rest.indexOf('.'));
    const after = rest.slice(at + 1);
    if (after.length <= maxDecimals) {
      integer = rest.slice(0, at);
      fraction = after;
    } else if (rest[at] !== (options.decimalSeparator ?? ',') && isGrouped(rest, rest[at]!)) {
      integer = rest.slice(0, at) + after;
    } else {
      return null;
    }
  } else if (commas + dots > 1) {
    const grouping = commas > 0 ? ',' : '.';
    if (!isGrouped(rest, grouping)) return null;
    integer = rest.split(grouping).join('');
  }
  if (integer === '') integer = '0';
  if (!DIGITS.test(integer) || (fraction !== '' && !DIGITS.test(fraction)) || fraction.length > maxDecimals) return null;
  const value = fraction === '' ? integer.replace(/^0+(?=\d)/, '') : `${integer.replace(/^0+(?=\d)/, '')}.${fraction}`;
  return sign && /^[0.]+$/.test(value) ? value : `${sign}${value}`;
}

/** Thousands grouped by `separator`: one to three digits, then groups of exactly three. */
function isGrouped(text: string, separator: string): boolean {
  const groups = text.split(separator);
  return /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((group) => /^\d{3}$/.test(group)) && (groups.length > 1 || DIGITS.test(text));
}

/** The number of digits before the decimal separator of a decimal string ("1234.5" → 4). */
function integerDigitsOf(value: string): number {
  return value.replace('-', '').split('.')[0]!.replace(/^0+(?=\d)/, '').length;
}

/**
 * Whether a text typed so far is an amount within the limits, or on its way to one (it ends with the
 * separator or the minus just typed). An input refuses a keystroke that breaks this, so it stops at
 * its limits instead of complaining once the text is typed.
 */
export function isTypedAmountAllowed(text: string, options: TypedAmountOptions & { maxIntegerDigits: number }): boolean {
  const parsed = parseTypedAmount(text, options);
  if (parsed !== null) return parsed === '' || integerDigitsOf(parsed) <= options.maxIntegerDigits;
  const unfinished = /[.,-]$/.test(text) ? text.slice(0, -1) : null;
  if (unfinished === null || /[.,]$/.test(unfinished)) return false;
  const head = parseTypedAmount(unfinished, options);
  return head !== null && (head === '' ? text.trim() === '-' && options.allowNegative === true : integerDigitsOf(head) <= options.maxIntegerDigits && !/-$/.test(text));
}
