import { describe, expect, it } from 'vitest';
import { COUNT_BOUND, boundedTotal, countLimit } from './paging.ts';

describe('bounded list totals', () => {
  it('reports a count below the limit as the exact total', () => {
    expect(boundedTotal(37, { offset: 0 })).toEqual({ total: 37, total_is_exact: true });
  });

  it('reports a count that reached the limit as a lower bound of the page start plus the bound', () => {
    const window = { offset: 50 };
    expect(countLimit(window)).toBe(50 + COUNT_BOUND + 1);
    expect(boundedTotal(countLimit(window), window)).toEqual({ total: 50 + COUNT_BOUND, total_is_exact: false });
  });

  it('counts exactly one short of the limit', () => {
    expect(boundedTotal(COUNT_BOUND, { offset: 0 })).toEqual({ total: COUNT_BOUND, total_is_exact: true });
  });
});
