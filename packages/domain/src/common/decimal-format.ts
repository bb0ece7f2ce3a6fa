import { dec } from './money.ts';
import { isDecimalText, writeDecimal } from './plain-format.ts';

/** A decimal string for the language; `fractionDigits` rounds half-up or pads. Non-decimals come back as they are. */
export function formatDecimal(text: string, language: string, fractionDigits?: number): string {
  if (fractionDigits === undefined || !isDecimalText(text)) return writeDecimal(text, language);
  return writeDecimal(dec(text).toFixed(fractionDigits), language);
}
