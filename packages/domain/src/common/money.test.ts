import { describe, expect, it } from 'vitest';
import { clampAtZero, dec, formatMoney, parseDecimal, roundMoney, sumDecimals } from './money.ts';

describe('money', () => {
  it('rounds half up to whole grosze', () => {
    expect(roundMoney('16.335').toFixed(2)).toBe('16.34');
    expect(roundMoney('16.334999').toFixed(2)).toBe('16.33');
    expect(roundMoney('-0.005').toFixed(2)).toBe('-0.01');
  });

  it('adds exactly where binary floats would drift', () => {
    expect(sumDecimals(['0.1', '0.2']).toString()).toBe('0.3');
    expect(formatMoney(dec('49').div(3))).toBe('16.33');
  });

  it('never lets a per diem go below zero', () => {
    expect(clampAtZero(dec('-3.5')).toString()).toBe('0');
    expect(clampAtZero(dec('3.5')).toString()).toBe('3.5');
  });

  it('parses decimal strings only, never numbers or comma decimals', () => {
    expect(parseDecimal('12.50')?.toFixed(2)).toBe('12.50');
    expect(parseDecimal('-3')?.toString()).toBe('-3');
    expect(parseDecimal('12,50')).toBeNull();
    expect(parseDecimal('1.234')).toBeNull();
    expect(parseDecimal('1.234', 3)?.toString()).toBe('1.234');
    expect(parseDecimal(null)).toBeNull();
  });
});
