import { describe, expect, it } from 'vitest';
import { idSchema, localDateSchema, localDateTimeSchema, moneySchema, queryIdSchema } from '@delego/contract';

describe('contract primitives', () => {
  it('takes ids from 1 to 2 147 483 647 only', () => {
    expect(idSchema.safeParse(2147483647).success).toBe(true);
    expect(idSchema.safeParse(2147483648).success).toBe(false);
    expect(idSchema.safeParse(0).success).toBe(false);
    expect(idSchema.safeParse(1.5).success).toBe(false);
    expect(queryIdSchema.safeParse('2147483648').success).toBe(false);
    expect(queryIdSchema.safeParse('12').data).toBe(12);
  });

  it('refuses calendar days and times that do not exist', () => {
    expect(localDateSchema.safeParse('2026-02-28').success).toBe(true);
    expect(localDateSchema.safeParse('2026-02-30').success).toBe(false);
    expect(localDateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(localDateTimeSchema.safeParse('2026-03-10 08:00').success).toBe(true);
    expect(localDateTimeSchema.safeParse('2026-02-30 08:00').success).toBe(false);
    // The spring DST gap in Warsaw: 02:00–03:00 on the last Sunday of March never happens.
    expect(localDateTimeSchema.safeParse('2026-03-29 02:30').success).toBe(false);
  });

  it('refuses amounts with more digits than numeric(14,2) holds', () => {
    expect(moneySchema.safeParse('999999999999.99').success).toBe(true);
    expect(moneySchema.safeParse('9999999999999').success).toBe(false);
    expect(moneySchema.safeParse('1.234').success).toBe(false);
  });
});
