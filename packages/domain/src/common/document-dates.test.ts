import { describe, expect, it } from 'vitest';
import { isKnownCurrency } from './currencies.ts';
import { documentDateRangeIssue, latestDocumentDate } from './document-dates.ts';

describe('dates far from today', () => {
  it('refuses a day before 2000 and more than two years after today', () => {
    expect(documentDateRangeIssue('1900-01-01', '2026-11-25')).toBe('validation.dateTooEarly');
    expect(documentDateRangeIssue('1999-12-31', '2026-11-25')).toBe('validation.dateTooEarly');
    expect(documentDateRangeIssue('2000-01-01', '2026-11-25')).toBeNull();
    expect(documentDateRangeIssue('2028-11-25', '2026-11-25')).toBeNull();
    expect(documentDateRangeIssue('2028-11-26', '2026-11-25')).toBe('validation.dateTooLate');
    expect(documentDateRangeIssue('2999-12-31', '2026-11-25')).toBe('validation.dateTooLate');
  });

  it('keeps the last allowed day real after a leap day', () => {
    expect(latestDocumentDate('2028-02-29')).toBe('2030-02-28');
  });
});

describe('currencies', () => {
  it('knows the złoty and the currencies the NBP quotes, not made-up codes', () => {
    for (const code of ['PLN', 'EUR', 'USD', 'CHF', 'GBP', 'AED']) expect(isKnownCurrency(code), code).toBe(true);
    for (const code of ['XYZ', 'eur', 'EU', 'ABC']) expect(isKnownCurrency(code), code).toBe(false);
  });
});
