import { describe, expect, it } from 'vitest';
import { balanceDirectionOf } from './balance.ts';

describe('the direction of a balance', () => {
  it('is paid to the employee when positive, returned by the employee when negative, and settled at zero', () => {
    expect(balanceDirectionOf('128.41')).toBe('payOut');
    expect(balanceDirectionOf('-1.59')).toBe('payBack');
    expect(balanceDirectionOf('0.00')).toBe('settled');
    expect(balanceDirectionOf('-0.00')).toBe('settled');
  });
});
