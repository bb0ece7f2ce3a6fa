import { describe, expect, it } from 'vitest';
import { sumDecimals } from '../common/money.ts';
import { calculateSettlement } from '../settlement/calculate-settlement.ts';
import type { ExchangeRate } from '../settlement/rates/rate-book.ts';
import { contextOf, rail, stayAbroad } from '../settlement/test-fixtures.ts';
import { budgetFigures } from '../budgets/budget-figures.ts';
import {
  budgetRow,
  costLinesOf,
  invoiceExchangeRows,
  invoiceInternalRows,
  REPORT_COLUMNS,
  REPORT_TYPES,
  ReportTotals,
  summaryExchangeRows,
  summaryRow,
  type SettlementReportSource,
} from './trip-reports.ts';

const nbp = (date: string, rate: string, table_no: string): ExchangeRate => ({ currency: 'EUR', date, rate, table_no, source: 'nbp' });
const rates = [nbp('2026-03-05', '4.1000', '044/A/NBP/2026'), nbp('2026-03-13', '4.3000', '050/A/NBP/2026')];

/** A stay in Germany with a hotel bill in euro, a PLN train ticket, a euro taxi and a euro advance. */
function germanTrip() {
  const trip = stayAbroad('DE', '2026-03-09 09:00', '2026-03-11 14:00', {
    part: {
      accommodation: [
        { settlement_type_id: 'invoiceWorkerPayment', start_date: '2026-03-09 15:00', end_date: '2026-03-11 10:00', amount_in_currency: '150.00', currency: 'EUR' },
      ],
    },
    form: {
      transport: [rail('2026-03-09 09:00', '2026-03-09 09:00', { amount_in_currency: '210.00' }), rail('2026-03-11 14:00', '2026-03-11 14:00')],
      other: [{ type_id: 'taxi', payment_type_id: 'cash', amount_in_currency: '40.00', currency: 'EUR', bill_date: '2026-03-10' }],
      advances: [{ amount_in_currency: '100.00', currency: 'EUR', payment_type: 'cash', payment_date: '2026-03-05', status: 'paid' }],
    },
  });
  const { calculated, issues } = calculateSettlement(trip, contextOf({ rates: { exchangeRates: rates }, settlementDate: '2026-03-16' }));
  expect(issues).toEqual([]);
  return calculated;
}

function sourceOf(calculated: ReturnType<typeof germanTrip>): SettlementReportSource {
  return {
    number: 'RD/1/2026',
    employee: 'Anna Nowak',
    organizationUnit: 'Sprzedaż',
    costCentre: 'MPK-100',
    project: null,
    destination: 'Berlin',
    tripStart: '2026-03-09 09:00',
    tripEnd: '2026-03-11 14:00',
    status: 'settled',
    settledAt: '2026-03-16 10:00',
    calculated,
  };
}

describe('trip report rows', () => {
  it('every type has columns, each with a Polish and an English header', () => {
    for (const type of REPORT_TYPES) {
      expect(REPORT_COLUMNS[type].length).toBeGreaterThan(0);
      for (const column of REPORT_COLUMNS[type]) expect(column.label.every((label) => label.length > 0)).toBe(true);
    }
  });

  it('summary: the kinds of cost add up to the engine total, and advances and balance are the engine’s', () => {
    const calculated = germanTrip();
    const row = summaryRow(sourceOf(calculated), 'pl');
    const kinds = ['perDiem', 'accommodation', 'lumpSums', 'transport', 'mileage', 'other'].map((key) => row[key] as string);
    expect(sumDecimals(kinds).toFixed(2)).toBe(calculated.total_pln);
    expect(row).toMatchObject({ total: calculated.total_pln, advances: calculated.advances_total_pln, balance: calculated.balance_pln, transport: '210.00' });
    expect(sumDecimals(costLinesOf(calculated).map((entry) => entry.line.amount_pln)).toFixed(2)).toBe(calculated.total_pln);
  });

  it('summary in currencies: one row per currency whose PLN due adds up to the total, with the NBP tables used', () => {
    const calculated = germanTrip();
    const rows = summaryExchangeRows(sourceOf(calculated));
    expect(rows.map((row) => row.currency)).toEqual(['PLN', 'EUR']);
    expect(sumDecimals(rows.map((row) => row.duePln as string)).toFixed(2)).toBe(calculated.total_pln);
    const euro = rows[1]!;
    expect(euro).toMatchObject({ advancesInCurrency: '100.00' });
    // The company rule (last table before the settlement date) values the euro due and the advance alike.
    expect(euro.rates).toBe('4.3000 (050/A/NBP/2026, 2026-03-13)');
  });

  it('bills in currency: one row per conversion of the hotel bill and the taxi, none for per diems or PLN tickets', () => {
    const calculated = germanTrip();
    const rows = invoiceExchangeRows(sourceOf(calculated), 'pl');
    expect(new Set(rows.map((row) => row.costKind))).toEqual(new Set(['Nocleg', 'Inny koszt']));
    const billsPln = costLinesOf(calculated)
      .filter((entry) => entry.isDocument && entry.line.currency === 'EUR')
      .map((entry) => entry.line.amount_pln);
    expect(sumDecimals(rows.map((row) => row.amountPln as string)).toFixed(2)).toBe(sumDecimals(billsPln).toFixed(2));
    for (const row of rows) expect(row.tableNo).toMatch(/NBP\/2026$/);
    expect(invoiceExchangeRows(sourceOf(calculated), 'en', { from: '2026-03-13', to: '2026-03-13' }).every((row) => row.tableDate === '2026-03-13')).toBe(true);
  });

  it('bills in PLN: the train ticket only', () => {
    expect(invoiceInternalRows(sourceOf(germanTrip()), 'en')).toEqual([expect.objectContaining({ costKind: 'Transport', amountPln: '210.00' })]);
  });

  it('budget: the row is the budget arithmetic of the view, figures unchanged, currencies without a rate named', () => {
    const figures = budgetFigures({ amount: '1000.00', spentPln: '700.10', spentForeign: [], committedPln: '150.00', committedForeign: [{ currency: 'USD', amount: '10.00' }] }, new Map());
    expect(budgetRow({ costCentre: 'MPK', project: null, periodFrom: '2026-01-01', periodTo: '2026-12-31', figures })).toEqual({
      costCentre: 'MPK',
      project: null,
      periodFrom: '2026-01-01',
      periodTo: '2026-12-31',
      budget: '1000.00',
      spent: '700.10',
      committed: '150.00',
      left: '149.90',
      used: '85.0',
      unconverted: 'USD',
    });
  });

  it('totals add every money column exactly', () => {
    const columns = REPORT_COLUMNS.invoiceInternalReport;
    const totals = new ReportTotals(columns);
    totals.add({ amountPln: '0.10' });
    totals.add({ amountPln: '0.20' });
    expect(totals.row('Razem')).toEqual({ number: 'Razem', amountPln: '0.30' });
  });
});
