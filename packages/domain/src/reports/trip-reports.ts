import { dec, sumDecimals, type Dec } from '../common/money.ts';
import type { CalculatedLine, CalculatedSettlement } from '../settlement/calculate-settlement.ts';
import { SETTLEMENT_CURRENCY } from '../settlement/rates/statutory-rates.ts';
import type { BudgetFigures } from '../budgets/budget-figures.ts';
import { documentStatusLabel } from '../trips/document-status.ts';

/**
 * Trip reports (spec §2 `/report`, §3 Report and its enumerations). What each type lists and how its
 * amounts follow from the settlement engine is documented in docs/domain/reports.md; the row builders
 * here are the only place that turns a stored calculation into report cells, so every format agrees.
 */

export const REPORT_TYPES = [
  'summaryReport',
  'summaryExchangeReport',
  'invoiceExchangeReport',
  'invoiceExchangeDateRange',
  'invoiceInternalReport',
  'budgetReport',
  'delegationOrdersReport',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Report titles, Polish and English, for files and their headers. */
export const REPORT_TYPE_TITLES: Record<ReportType, readonly [string, string]> = {
  summaryReport: ['Zestawienie rozliczeń', 'Settlement summary'],
  summaryExchangeReport: ['Zestawienie rozliczeń w walutach', 'Settlement summary in currencies'],
  invoiceExchangeReport: ['Rachunki w walutach', 'Bills in foreign currencies'],
  invoiceExchangeDateRange: ['Rachunki w walutach według dat tabel NBP', 'Bills in foreign currencies by NBP table date'],
  invoiceInternalReport: ['Rachunki krajowe', 'Bills in PLN'],
  budgetReport: ['Budżety MPK', 'Cost centre budgets'],
  delegationOrdersReport: ['Polecenia wyjazdu', 'Trip orders'],
};

/** Which moment of a document the report's range is applied to. */
export const REPORT_DATE_TYPES = ['trip', 'sent', 'accept', 'settle'] as const;
export type ReportDateType = (typeof REPORT_DATE_TYPES)[number];

export const REPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** queued → running → ready, or failed (the reason kept as a message code). */
export const REPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * A PDF is a document to read, not a data export: its pages are laid out in memory, so it is refused
 * above this many rows (XLSX and CSV are streamed and have no limit).
 */
export const PDF_REPORT_MAX_ROWS = 2000;

/** How a cell is written: money and rates as numbers, dates as text in the business time zone. */
export type ReportCellKind = 'text' | 'money' | 'rate' | 'percent';

export interface ReportColumn {
  key: string;
  kind: ReportCellKind;
  /** Polish, English. */
  label: readonly [string, string];
  /** Money columns added up in the report's last row. */
  total?: boolean;
}

const text = (key: string, pl: string, en: string): ReportColumn => ({ key, kind: 'text', label: [pl, en] });
const money = (key: string, pl: string, en: string, total = true): ReportColumn => ({ key, kind: 'money', label: [pl, en], total });

const DOCUMENT_COLUMNS = [
  text('number', 'Numer', 'Number'),
  text('employee', 'Pracownik', 'Employee'),
  text('organizationUnit', 'Jednostka organizacyjna', 'Organisation unit'),
  text('costCentre', 'MPK', 'Cost centre'),
  text('project', 'Projekt', 'Project'),
];
const CONVERSION_COLUMNS = [
  text('currency', 'Waluta', 'Currency'),
  money('amountInCurrency', 'Kwota w walucie', 'Amount in currency', false),
  { key: 'rate', kind: 'rate', label: ['Kurs NBP', 'NBP rate'] } satisfies ReportColumn,
  text('tableNo', 'Tabela NBP', 'NBP table'),
  text('tableDate', 'Data tabeli', 'Table date'),
  money('amountPln', 'Kwota PLN', 'Amount PLN'),
];
const COST_KIND_COLUMN = text('costKind', 'Rodzaj kosztu', 'Cost type');

export const REPORT_COLUMNS: Record<ReportType, readonly ReportColumn[]> = {
  summaryReport: [
    ...DOCUMENT_COLUMNS,
    text('destination', 'Miejsce docelowe', 'Destination'),
    text('tripStart', 'Wyjazd', 'Departure'),
    text('tripEnd', 'Powrót', 'Return'),
    text('status', 'Status', 'Status'),
    text('settledAt', 'Data rozliczenia', 'Settled on'),
    money('perDiem', 'Diety', 'Per diems'),
    money('accommodation', 'Noclegi', 'Accommodation'),
    money('lumpSums', 'Ryczałty na dojazdy', 'Travel lump sums'),
    money('transport', 'Przejazdy', 'Transport'),
    money('mileage', 'Kilometrówka', 'Mileage'),
    money('other', 'Inne koszty', 'Other costs'),
    money('total', 'Razem PLN', 'Total PLN'),
    money('advances', 'Zaliczki PLN', 'Advances PLN'),
    money('balance', 'Do wypłaty / zwrotu PLN', 'Balance PLN'),
  ],
  summaryExchangeReport: [
    ...DOCUMENT_COLUMNS,
    text('currency', 'Waluta', 'Currency'),
    money('due', 'Należność w walucie', 'Due in currency', false),
    money('advancesInCurrency', 'Zaliczki w walucie', 'Advances in currency', false),
    money('balanceInCurrency', 'Saldo w walucie', 'Balance in currency', false),
    text('rates', 'Kursy NBP (tabela, data)', 'NBP rates (table, date)'),
    money('duePln', 'Należność PLN', 'Due PLN'),
    money('advancesPln', 'Zaliczki PLN', 'Advances PLN'),
    money('balancePln', 'Saldo PLN', 'Balance PLN'),
  ],
  invoiceExchangeReport: [...DOCUMENT_COLUMNS, COST_KIND_COLUMN, ...CONVERSION_COLUMNS],
  invoiceExchangeDateRange: [...DOCUMENT_COLUMNS, COST_KIND_COLUMN, ...CONVERSION_COLUMNS],
  invoiceInternalReport: [...DOCUMENT_COLUMNS, COST_KIND_COLUMN, money('amountPln', 'Kwota PLN', 'Amount PLN')],
  budgetReport: [
    text('costCentre', 'MPK', 'Cost centre'),
    text('project', 'Projekt', 'Project'),
    text('periodFrom', 'Od', 'From'),
    text('periodTo', 'Do', 'To'),
    money('budget', 'Budżet', 'Budget'),
    money('spent', 'Wydano (rozliczone)', 'Spent (settled)'),
    money('committed', 'Zaangażowano (polecenia i usługi)', 'Committed (orders and services)'),
    money('left', 'Pozostało', 'Left'),
    { key: 'used', kind: 'percent', label: ['Wykorzystanie', 'Used'] },
    text('unconverted', 'Waluty bez kursu', 'Currencies without a rate'),
  ],
  delegationOrdersReport: [
    ...DOCUMENT_COLUMNS,
    text('destination', 'Miejsce docelowe', 'Destination'),
    text('tripStart', 'Wyjazd', 'Departure'),
    text('tripEnd', 'Powrót', 'Return'),
    text('status', 'Status', 'Status'),
    text('sentAt', 'Wysłano', 'Sent'),
    text('acceptedAt', 'Zaakceptowano', 'Accepted'),
    money('estimate', 'Szacowany koszt PLN', 'Estimated cost PLN'),
    text('settlementNumber', 'Numer rozliczenia', 'Settlement number'),
    text('settlementStatus', 'Status rozliczenia', 'Settlement status'),
    money('settledTotal', 'Koszt rozliczony PLN', 'Settled cost PLN'),
  ],
};

/** A row as cells keyed by column; a missing key is an empty cell. */
export type ReportRow = Readonly<Record<string, string | null>>;

/** The names and moments of a document that reports print beside its amounts. */
export interface ReportDocumentFields {
  number: string | null;
  employee: string;
  organizationUnit: string | null;
  costCentre: string | null;
  project: string | null;
}

export interface SettlementReportSource extends ReportDocumentFields {
  destination: string | null;
  /** Local date-times, `YYYY-MM-DD HH:mm` (Europe/Warsaw). */
  tripStart: string;
  tripEnd: string;
  status: string;
  settledAt: string | null;
  calculated: CalculatedSettlement | null;
}

/** The kinds of cost a settlement line is, as reports name them. */
export const REPORT_COST_KINDS = ['perDiem', 'accommodation', 'lumpSum', 'transport', 'mileage', 'other'] as const;
export type ReportCostKind = (typeof REPORT_COST_KINDS)[number];

const COST_KIND_LABELS: Record<ReportCostKind, readonly [string, string]> = {
  perDiem: ['Dieta', 'Per diem'],
  accommodation: ['Nocleg', 'Accommodation'],
  lumpSum: ['Ryczałt', 'Lump sum'],
  transport: ['Przejazd', 'Transport'],
  mileage: ['Kilometrówka', 'Mileage'],
  other: ['Inny koszt', 'Other cost'],
};

export function costKindLabel(kind: ReportCostKind, language: 'pl' | 'en'): string {
  return COST_KIND_LABELS[kind][language === 'pl' ? 0 : 1];
}

interface KindedLine {
  kind: ReportCostKind;
  /** A bill the employee brought (ticket, hotel bill, other cost), as opposed to a per diem or lump sum. */
  isDocument: boolean;
  line: CalculatedLine;
}

/** Every line due to the employee, with its kind: together their `amount_pln` is the settlement's `total_pln`. */
export function costLinesOf(calculated: CalculatedSettlement): KindedLine[] {
  const lines: KindedLine[] = [];
  for (const part of calculated.singleCountryCost) {
    lines.push({ kind: 'perDiem', isDocument: false, line: part.lines.diet });
    for (const accommodation of part.lines.accommodation) {
      lines.push({ kind: 'accommodation', isDocument: accommodation.kind === 'bill', line: accommodation });
    }
    lines.push({ kind: 'lumpSum', isDocument: false, line: part.lines.local_transport });
    for (const transfer of part.lines.transfers) lines.push({ kind: 'lumpSum', isDocument: false, line: transfer });
  }
  for (const transport of calculated.transport) {
    lines.push(transport.kind === 'mileage' ? { kind: 'mileage', isDocument: false, line: transport } : { kind: 'transport', isDocument: transport.kind === 'ticket', line: transport });
  }
  for (const other of calculated.other) lines.push({ kind: 'other', isDocument: true, line: other });
  return lines;
}

const plnOf = (lines: readonly KindedLine[], kind: ReportCostKind): string => sumDecimals(lines.filter((entry) => entry.kind === kind).map((entry) => entry.line.amount_pln)).toFixed(2);

/**
 * A row of the document's cells and `cells`. Built with `Object.assign`, not by spreading the document's
 * cells into a literal with more properties: V8 (Node 20) took about 30 µs for each such literal, a third
 * of a 100 000-row report's time (docs/performance.md, "Reports").
 */
function documentRow(source: ReportDocumentFields, cells: Record<string, string | null>): ReportRow {
  return Object.assign(
    { number: source.number, employee: source.employee, organizationUnit: source.organizationUnit, costCentre: source.costCentre, project: source.project },
    cells,
  );
}

/** summaryReport: one row per settlement, its engine total split by kind of cost, its status named in the report's language. */
export function summaryRow(source: SettlementReportSource, language: 'pl' | 'en'): ReportRow {
  const calculated = source.calculated;
  const lines = calculated ? costLinesOf(calculated) : [];
  const zero = '0.00';
  return documentRow(source, {
    destination: source.destination,
    tripStart: source.tripStart,
    tripEnd: source.tripEnd,
    status: documentStatusLabel(source.status, language),
    settledAt: source.settledAt,
    perDiem: plnOf(lines, 'perDiem'),
    accommodation: plnOf(lines, 'accommodation'),
    lumpSums: plnOf(lines, 'lumpSum'),
    transport: calculated?.transport_total_pln ?? zero,
    mileage: calculated?.mileage_total_pln ?? zero,
    other: calculated?.other_total_pln ?? zero,
    total: calculated?.total_pln ?? zero,
    advances: calculated?.advances_total_pln ?? zero,
    balance: calculated?.balance_pln ?? zero,
  });
}

function rateText(line: CalculatedLine): string[] {
  return line.conversions.flatMap((conversion) =>
    conversion.exchange_rate ? [`${conversion.exchange_rate.rate} (${conversion.exchange_rate.table_no}, ${conversion.exchange_rate.date})`] : [],
  );
}

/**
 * summaryExchangeReport: one row per settlement and currency (PLN too, so the rows add up to the
 * settlement's total), the amounts in the currency beside their PLN values and the NBP tables used.
 */
export function summaryExchangeRows(source: SettlementReportSource): ReportRow[] {
  const calculated = source.calculated;
  if (!calculated) return [];
  const lines = costLinesOf(calculated).map((entry) => entry.line);
  const advances = calculated.advances.filter((line) => line.counted);
  return calculated.balances_by_currency.map((balance) => {
    const rates = new Set([...lines, ...advances].filter((line) => line.currency === balance.currency).flatMap(rateText));
    return documentRow(source, {
      currency: balance.currency,
      due: balance.due,
      advancesInCurrency: balance.advances,
      balanceInCurrency: balance.balance,
      rates: [...rates].join('; '),
      duePln: balance.due_pln,
      advancesPln: balance.advances_pln,
      balancePln: balance.balance_pln,
    });
  });
}

/**
 * invoiceExchangeReport and invoiceExchangeDateRange: one row per conversion of each bill in a foreign
 * currency (tickets, hotel bills, other costs). `tableDay` keeps only the conversions at a table of
 * that range (the date-range type).
 */
export function invoiceExchangeRows(
  source: SettlementReportSource,
  language: 'pl' | 'en',
  tableDay?: { from: string; to: string },
): ReportRow[] {
  if (!source.calculated) return [];
  return costLinesOf(source.calculated)
    .filter((entry) => entry.isDocument && entry.line.currency !== SETTLEMENT_CURRENCY)
    .flatMap((entry) =>
      entry.line.conversions
        .filter((conversion) => !tableDay || (conversion.exchange_rate !== null && conversion.exchange_rate.date >= tableDay.from && conversion.exchange_rate.date <= tableDay.to))
        .map((conversion) =>
          documentRow(source, {
            costKind: costKindLabel(entry.kind, language),
            currency: entry.line.currency,
            amountInCurrency: conversion.amount_in_currency,
            rate: conversion.exchange_rate?.rate ?? null,
            tableNo: conversion.exchange_rate?.table_no ?? null,
            tableDate: conversion.exchange_rate?.date ?? null,
            amountPln: conversion.amount_pln,
          }),
        ),
    );
}

/** invoiceInternalReport: one row per bill in PLN (tickets, hotel bills, other costs). */
export function invoiceInternalRows(source: SettlementReportSource, language: 'pl' | 'en'): ReportRow[] {
  if (!source.calculated) return [];
  return costLinesOf(source.calculated)
    .filter((entry) => entry.isDocument && entry.line.currency === SETTLEMENT_CURRENCY && !dec(entry.line.amount_pln).isZero())
    .map((entry) => documentRow(source, { costKind: costKindLabel(entry.kind, language), amountPln: entry.line.amount_pln }));
}

/** A budget with the figures the budget view shows. */
export interface BudgetReportSource {
  costCentre: string;
  project: string | null;
  periodFrom: string;
  periodTo: string;
  /** `budgetFigures` of packages/domain/src/budgets, computed as for the view, so the report and the view agree to the grosz. */
  figures: BudgetFigures;
}

/** One budget's row: its figures as they are, the report adds no arithmetic of its own. */
export function budgetRow({ figures, ...source }: BudgetReportSource): ReportRow {
  return {
    ...source,
    budget: figures.amount,
    spent: figures.spent,
    committed: figures.committed,
    left: figures.left,
    used: figures.usedPercent,
    unconverted: figures.unconvertedCurrencies.join(', '),
  };
}

export interface OrderReportSource extends ReportDocumentFields {
  destination: string | null;
  tripStart: string;
  tripEnd: string;
  status: string;
  sentAt: string | null;
  acceptedAt: string | null;
  estimate: string | null;
  settlementNumber: string | null;
  settlementStatus: string | null;
  settledTotal: string | null;
}

/** delegationOrdersReport: one row per trip order, its and its settlement's status named in the report's language. */
export function orderRow(source: OrderReportSource, language: 'pl' | 'en'): ReportRow {
  return Object.assign<Record<string, string | null>, OrderReportSource, Partial<OrderReportSource>>({}, source, {
    status: documentStatusLabel(source.status, language),
    settlementStatus: source.settlementStatus === null ? null : documentStatusLabel(source.settlementStatus, language),
  });
}

/** Adds each row's money cells of the columns with a total, exactly. */
export class ReportTotals {
  private readonly sums = new Map<string, Dec>();
  constructor(private readonly columns: readonly ReportColumn[]) {}

  add(row: ReportRow): void {
    for (const column of this.columns) {
      const value = row[column.key];
      if (column.total && value) this.sums.set(column.key, (this.sums.get(column.key) ?? dec(0)).plus(dec(value)));
    }
  }

  /** The totals row: the sums under their columns, the label in the first column. */
  row(label: string): ReportRow {
    const cells: Record<string, string | null> = { [this.columns[0]!.key]: label };
    for (const column of this.columns) if (column.total) cells[column.key] = (this.sums.get(column.key) ?? dec(0)).toFixed(2);
    return cells;
  }
}
