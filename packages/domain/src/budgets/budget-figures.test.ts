import { describe, expect, it } from 'vitest';
import { amountsInPln, budgetFigures, budgetStateOf, budgetWithDocument, exceedsBudget, monthlyShareOfBudget, type BudgetSums } from './budget-figures.ts';
import { dec } from '../common/money.ts';

const noRates = new Map<string, string>();
const sums = (overrides: Partial<BudgetSums>): BudgetSums => ({
  amount: '1000.00',
  spentPln: '0',
  spentForeign: [],
  committedPln: '0',
  committedForeign: [],
  ...overrides,
});

describe('budget figures', () => {
  it('left is the amount less what is spent and what is committed', () => {
    const figures = budgetFigures(sums({ amount: '5000.00', spentPln: '1234.56', committedPln: '765.44' }), noRates);
    expect(figures).toMatchObject({ amount: '5000.00', spent: '1234.56', committed: '765.44', left: '3000.00', usedPercent: '40.0', state: 'ok' });
  });

  it('adds decimals exactly (0.1 + 0.2 is 0.30, not a binary float)', () => {
    const figures = budgetFigures(sums({ amount: '0.30', spentPln: '0.10', committedPln: '0.20' }), noRates);
    expect(figures.left).toBe('0.00');
    expect(figures.state).toBe('warning');
  });

  it('converts foreign-currency travel services at the given rate, rounded half-up to the grosz per currency', () => {
    const rates = new Map([['EUR', '4.3215']]);
    // 100.10 EUR × 4.3215 = 432.58215 → 432.58; 0.50 EUR spent × 4.3215 = 2.16075 → 2.16
    const figures = budgetFigures(sums({ committedForeign: [{ currency: 'EUR', amount: '100.10' }], spentForeign: [{ currency: 'EUR', amount: '0.50' }] }), rates);
    expect(figures.committed).toBe('432.58');
    expect(figures.spent).toBe('2.16');
    expect(figures.unconvertedCurrencies).toEqual([]);
  });

  it('names a currency without a rate instead of counting it as zero silently', () => {
    const figures = budgetFigures(sums({ committedPln: '10.00', committedForeign: [{ currency: 'USD', amount: '50.00' }, { currency: 'CHF', amount: '1.00' }] }), noRates);
    expect(figures.committed).toBe('10.00');
    expect(figures.unconvertedCurrencies).toEqual(['CHF', 'USD']);
  });

  it('a budget of zero has no percentage and is over once anything is used', () => {
    expect(budgetFigures(sums({ amount: '0.00' }), noRates)).toMatchObject({ usedPercent: null, state: 'ok' });
    expect(budgetFigures(sums({ amount: '0.00', committedPln: '0.01' }), noRates)).toMatchObject({ usedPercent: null, state: 'over', left: '-0.01' });
  });

  it('an exceeded budget has a negative left and more than 100 %', () => {
    expect(budgetFigures(sums({ spentPln: '900.00', committedPln: '250.00' }), noRates)).toMatchObject({ left: '-150.00', usedPercent: '115.0', state: 'over' });
  });
});

describe('budget state thresholds', () => {
  const state = (used: string) => budgetStateOf(dec('1000.00'), dec(used));

  it('is ok below 80 %', () => {
    expect(state('0')).toBe('ok');
    expect(state('799.99')).toBe('ok');
  });

  it('warns from exactly 80 % up to exactly 100 %', () => {
    expect(state('800.00')).toBe('warning');
    expect(state('999.99')).toBe('warning');
    expect(state('1000.00')).toBe('warning');
  });

  it('is over above 100 %, by a single grosz too', () => {
    expect(state('1000.01')).toBe('over');
  });

  it('decides 80 % exactly even where the percentage rounds up to 80.0', () => {
    // 79.996 % shows as "80.0" but is still below the threshold.
    const figures = budgetFigures(sums({ amount: '10000.00', spentPln: '7999.60' }), noRates);
    expect(figures.usedPercent).toBe('80.0');
    expect(figures.state).toBe('ok');
  });
});

describe('a document about to be sent', () => {
  const base = budgetFigures(sums({ spentPln: '500.00', committedPln: '300.00' }), noRates);

  it('adds its amount to committed', () => {
    const withOrder = budgetWithDocument(base, { add: '250.00', release: '0' });
    expect(withOrder).toMatchObject({ committed: '550.00', left: '-50.00', state: 'over' });
    expect(exceedsBudget(withOrder)).toBe(true);
  });

  it('replaces the estimate it settles, so a settlement is not counted twice against its own order', () => {
    const withSettlement = budgetWithDocument(base, { add: '320.00', release: '300.00' });
    expect(withSettlement).toMatchObject({ committed: '320.00', left: '180.00', state: 'warning' });
    expect(exceedsBudget(withSettlement)).toBe(false);
  });

  it('never releases more than is committed', () => {
    expect(budgetWithDocument(base, { add: '0', release: '900.00' }).committed).toBe('0.00');
  });

  it('reaching the amount exactly does not exceed it', () => {
    expect(exceedsBudget(budgetWithDocument(base, { add: '200.00', release: '0' }))).toBe(false);
    expect(exceedsBudget(budgetWithDocument(base, { add: '200.01', release: '0' }))).toBe(true);
  });
});

describe("a budget's share of this month (pro rata of the period by days)", () => {
  const year = { amount: '36500.00', dateFrom: '2026-01-01', dateTo: '2026-12-31' };

  it('gives a calendar-year budget the days of the month over the days of the year: 31/365 in March, 30/365 in April', () => {
    expect(monthlyShareOfBudget(year, '2026-03-29')).toEqual({ from: '2026-03-01', to: '2026-03-31', amount: '3100.00' });
    expect(monthlyShareOfBudget(year, '2026-04-20')).toEqual({ from: '2026-04-01', to: '2026-04-30', amount: '3000.00' });
    expect(monthlyShareOfBudget(year, '2026-02-01')?.amount).toBe('2800.00');
  });

  it('counts only the period’s days within the month when the period starts or ends in it', () => {
    // 10–30 April of a period 10 April – 9 May: 21 of 30 days.
    expect(monthlyShareOfBudget({ amount: '3000.00', dateFrom: '2026-04-10', dateTo: '2026-05-09' }, '2026-04-20')).toEqual({ from: '2026-04-10', to: '2026-04-30', amount: '2100.00' });
    // A budget within the month is all this month's.
    expect(monthlyShareOfBudget({ amount: '999.99', dateFrom: '2026-04-03', dateTo: '2026-04-05' }, '2026-04-20')?.amount).toBe('999.99');
  });

  it('rounds half-up to the grosz: 1000 zł over 3 days, one day in the month, is 333.33', () => {
    expect(monthlyShareOfBudget({ amount: '1000.00', dateFrom: '2026-03-31', dateTo: '2026-04-02' }, '2026-03-15')?.amount).toBe('333.33');
    expect(monthlyShareOfBudget({ amount: '0.05', dateFrom: '2026-03-31', dateTo: '2026-04-01' }, '2026-03-15')?.amount).toBe('0.03');
  });

  it('counts the October day of the change from summer time as one day', () => {
    expect(monthlyShareOfBudget({ amount: '3100.00', dateFrom: '2026-10-01', dateTo: '2026-10-31' }, '2026-10-25')?.amount).toBe('3100.00');
    expect(monthlyShareOfBudget({ amount: '3200.00', dateFrom: '2026-10-01', dateTo: '2026-11-01' }, '2026-10-25')?.amount).toBe('3100.00');
  });

  it('has no share in a month outside the period', () => {
    expect(monthlyShareOfBudget(year, '2027-01-10')).toBeNull();
  });
});

describe('amounts in several currencies as PLN', () => {
  it('adds PLN as it is and converts each other currency once, half-up to the grosz, naming a currency without a rate', () => {
    const rates = new Map([['EUR', '4.3215']]);
    expect(amountsInPln([{ currency: 'PLN', amount: '100.00' }, { currency: 'EUR', amount: '60.05' }, { currency: 'EUR', amount: '40.05' }, { currency: 'USD', amount: '10.00' }], rates)).toEqual({
      // 100.10 EUR × 4.3215 = 432.58215 → 432.58
      pln: '532.58',
      unconvertedCurrencies: ['USD'],
    });
  });
});
