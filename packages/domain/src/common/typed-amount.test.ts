import { describe, expect, it } from 'vitest';
import { isTypedAmountAllowed, parseTypedAmount } from './typed-amount.ts';

describe('amounts as people type them', () => {
  it('reads the Polish comma, the dot and grouped thousands alike', () => {
    expect(parseTypedAmount('1234,56')).toBe('1234.56');
    expect(parseTypedAmount('1234.56')).toBe('1234.56');
    expect(parseTypedAmount('1 234,56')).toBe('1234.56');
    expect(parseTypedAmount('1\u00a0234,5')).toBe('1234.5');
    expect(parseTypedAmount('1.234,56')).toBe('1234.56');
    expect(parseTypedAmount('1,234.56')).toBe('1234.56');
    expect(parseTypedAmount('1.234.567,89')).toBe('1234567.89');
    expect(parseTypedAmount('12 345 678')).toBe('12345678');
    expect(parseTypedAmount(',5')).toBe('0.5');
    expect(parseTypedAmount('007')).toBe('7');
    expect(parseTypedAmount('')).toBe('');
  });

  it('reads a lone separator before three digits by the interface language', () => {
    expect(parseTypedAmount('1.234')).toBe('1234');
    expect(parseTypedAmount('1,234')).toBeNull();
    expect(parseTypedAmount('1,234', { decimalSeparator: '.' })).toBe('1234');
    expect(parseTypedAmount('1.234', { decimalSeparator: '.' })).toBeNull();
    expect(parseTypedAmount('1,234', { maxDecimals: 3 })).toBe('1.234');
  });

  it('refuses letters, too many decimals, badly grouped thousands and an unwanted minus', () => {
    expect(parseTypedAmount('12a')).toBeNull();
    expect(parseTypedAmount('1,2345')).toBeNull();
    expect(parseTypedAmount('1.23.4')).toBeNull();
    expect(parseTypedAmount('1,2,3')).toBeNull();
    expect(parseTypedAmount('1.234.5,6')).toBeNull();
    expect(parseTypedAmount('-5')).toBeNull();
    expect(parseTypedAmount('-5', { allowNegative: true })).toBe('-5');
  });

  it('lets a keystroke through only while the text stays within the digits allowed', () => {
    const money = { maxIntegerDigits: 7 };
    expect(isTypedAmountAllowed('9999999', money)).toBe(true);
    expect(isTypedAmountAllowed('99999999', money)).toBe(false);
    expect(isTypedAmountAllowed('1 234,', money)).toBe(true);
    expect(isTypedAmountAllowed('1 234,5', money)).toBe(true);
    expect(isTypedAmountAllowed('1 234,567', money)).toBe(false);
    expect(isTypedAmountAllowed('12x', money)).toBe(false);
    expect(isTypedAmountAllowed('', money)).toBe(true);
    expect(isTypedAmountAllowed('-', money)).toBe(false);
    expect(isTypedAmountAllowed('-', { ...money, allowNegative: true })).toBe(true);
  });
});
