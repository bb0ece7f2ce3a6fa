import { dec, formatMoney, sumDecimals } from '../common/money.ts';
import type { BookingKind, BookingStatus } from './booking.ts';

/**
 * The booking reports of spec §2 `/booking/report/{kind}` (issue 11). `budget` is the budget view
 * (`/booking/report/budget*`), built apart; the others are one aggregation of the company's bookings
 * grouped by the kind's dimensions (docs/domain/booking-reports.md).
 */
export const BOOKING_REPORT_KINDS = [
  'monthly',
  'organization-unit',
  'passenger',
  'passenger-v2',
  'airline',
  'seat-class',
  'domestic-foreign',
  'service-type',
  'service-type-production',
  'custom',
] as const;
export type BookingReportKind = (typeof BOOKING_REPORT_KINDS)[number];

/**
 * What rows are grouped by. `month` is the Warsaw month of the service's start; `organizationUnit` the
 * traveller's unit; `passenger` the traveller (the user, or the booking site's traveller not mapped yet);
 * `carrier` the airline or rail carrier; `scope` domestic or foreign (`bookingScopeOf`); `serviceType`
 * the booking's kind.
 */
export const BOOKING_REPORT_DIMENSIONS = [
  'month',
  'costCentre',
  'project',
  'organizationUnit',
  'passenger',
  'carrier',
  'seatClass',
  'scope',
  'serviceType',
] as const;
export type BookingReportDimension = (typeof BOOKING_REPORT_DIMENSIONS)[number];

/** Dimensions whose values are codes the interface translates, not names. */
export const CODED_DIMENSIONS: readonly BookingReportDimension[] = ['seatClass', 'scope', 'serviceType'];

/**
 * What is summed per row: the number of bookings, of different travellers, gross, net and VAT, and the
 * average gross per booking (gross ÷ count, to the grosz).
 */
export const BOOKING_REPORT_MEASURES = ['count', 'travellers', 'gross', 'net', 'vat', 'average'] as const;
export type BookingReportMeasure = (typeof BOOKING_REPORT_MEASURES)[number];
export const MONEY_MEASURES: readonly BookingReportMeasure[] = ['gross', 'net', 'vat', 'average'];

export type BookingReportChart = 'bar' | 'line' | 'pie';

export interface BookingReportDefinition {
  /** One or two; with two the second splits each row of the first into the chart's series. */
  dimensions: readonly BookingReportDimension[];
  measures: readonly BookingReportMeasure[];
  /** The kinds the report counts; every kind the company's modules open when left out. */
  kinds?: readonly BookingKind[];
  chart: BookingReportChart;
  /** The measure the chart draws. */
  chartMeasure: BookingReportMeasure;
}

const AIR: readonly BookingKind[] = ['flight', 'lowCost'];

/**
 * Each report. `passenger-v2` is the passenger report split by service type (what each traveller
 * flew, slept and rode for); `service-type-production` is the agency's production — the turnover of
 * each service type month by month, where `service-type` shows the shares of the whole period.
 */
export const BOOKING_REPORT_DEFINITIONS: Record<
  Exclude<BookingReportKind, 'custom'>,
  BookingReportDefinition
> = {
  monthly: {
    dimensions: ['month'],
    measures: ['count', 'travellers', 'net', 'vat', 'gross'],
    chart: 'line',
    chartMeasure: 'gross',
  },
  'organization-unit': {
    dimensions: ['organizationUnit'],
    measures: ['count', 'travellers', 'gross', 'average'],
    chart: 'pie',
    chartMeasure: 'gross',
  },
  passenger: {
    dimensions: ['passenger'],
    measures: ['count', 'gross', 'average'],
    chart: 'bar',
    chartMeasure: 'gross',
  },
  'passenger-v2': {
    dimensions: ['passenger', 'serviceType'],
    measures: ['count', 'gross'],
    chart: 'bar',
    chartMeasure: 'gross',
  },
  airline: {
    dimensions: ['carrier'],
    measures: ['count', 'travellers', 'gross', 'average'],
    kinds: AIR,
    chart: 'pie',
    chartMeasure: 'gross',
  },
  'seat-class': {
    dimensions: ['seatClass'],
    measures: ['count', 'gross', 'average'],
    kinds: [...AIR, 'rail'],
    chart: 'pie',
    chartMeasure: 'count',
  },
  'domestic-foreign': {
    dimensions: ['scope'],
    measures: ['count', 'travellers', 'gross'],
    chart: 'pie',
    chartMeasure: 'gross',
  },
  'service-type': {
    dimensions: ['serviceType'],
    measures: ['count', 'travellers', 'gross', 'average'],
    chart: 'pie',
    chartMeasure: 'gross',
  },
  'service-type-production': {
    dimensions: ['month', 'serviceType'],
    measures: ['count', 'gross'],
    chart: 'bar',
    chartMeasure: 'gross',
  },
};

/** A report the user composes (`custom`): one or two different dimensions and at least one measure. */
export function customDefinition(
  dimensions: readonly BookingReportDimension[],
  measures: readonly BookingReportMeasure[],
): BookingReportDefinition {
  const chartMeasure = measures[0] ?? 'gross';
  return { dimensions, measures, chart: dimensions[0] === 'month' ? 'line' : 'bar', chartMeasure };
}

/** The statuses a report counts unless told otherwise: a cancelled or refunded booking cost nothing. */
export const BOOKING_REPORT_DEFAULT_STATUSES: readonly BookingStatus[] = ['booked', 'ticketed'];

/** The country whose bookings are domestic. */
export const DOMESTIC_COUNTRY = 'PL';

/**
 * Domestic or foreign: a booking names a country when its service is abroad (the destination of a
 * flight, the hotel's country); one without a country, or in Poland, is domestic.
 */
export function bookingScopeOf(countryCode: string | null): 'domestic' | 'foreign' {
  return countryCode && countryCode.toUpperCase() !== DOMESTIC_COUNTRY ? 'foreign' : 'domestic';
}

/** One row of a report: the values of its dimensions (null: not given) and its sums. */
export interface BookingReportRow {
  values: (string | null)[];
  count: number;
  travellers: number;
  gross: string;
  net: string;
  vat: string;
  average: string;
}

/** The average gross of a booking, to the grosz. */
export function averageOf(gross: string, count: number): string {
  return count === 0 ? '0.00' : formatMoney(dec(gross).div(count));
}

/**
 * The report's total. The number of different travellers cannot be added up from the rows (one
 * traveller is in many); it is counted over the whole selection and handed in.
 */
export function bookingReportTotal(
  rows: readonly BookingReportRow[],
  travellers: number,
): Omit<BookingReportRow, 'values'> {
  const count = rows.reduce((total, row) => total + row.count, 0);
  const gross = formatMoney(sumDecimals(rows.map((row) => row.gross)));
  return {
    count,
    travellers,
    gross,
    net: formatMoney(sumDecimals(rows.map((row) => row.net))),
    vat: formatMoney(sumDecimals(rows.map((row) => row.vat))),
    average: averageOf(gross, count),
  };
}

/** The value of a measure in a row, as the table shows it (a count, or a decimal string). */
export function measureOf(
  row: Omit<BookingReportRow, 'values'>,
  measure: BookingReportMeasure,
): string | number {
  return row[measure];
}

export interface BookingReportChartData {
  /** The first dimension's values, in the rows' order. */
  categories: (string | null)[];
  /** One series per value of the second dimension (a single unnamed series with one dimension). */
  series: { value: string | null; values: (string | number)[] }[];
}

/**
 * The chart of a report: the first dimension along the axis (or the slices), the second, if any, as
 * series; a missing combination is zero.
 */
export function bookingReportChart(
  rows: readonly BookingReportRow[],
  measure: BookingReportMeasure,
  dimensionCount: number,
): BookingReportChartData {
  const key = (value: string | null) => value ?? '\u0000';
  const categories: (string | null)[] = [];
  const categoryIndex = new Map<string, number>();
  for (const row of rows) {
    const value = row.values[0] ?? null;
    if (!categoryIndex.has(key(value))) {
      categoryIndex.set(key(value), categories.length);
      categories.push(value);
    }
  }
  const zero = MONEY_MEASURES.includes(measure) ? '0.00' : 0;
  const series = new Map<string, { value: string | null; values: (string | number)[] }>();
  for (const row of rows) {
    const seriesValue = dimensionCount > 1 ? (row.values[1] ?? null) : null;
    let entry = series.get(key(seriesValue));
    if (!entry) {
      entry = { value: seriesValue, values: categories.map(() => zero) };
      series.set(key(seriesValue), entry);
    }
    entry.values[categoryIndex.get(key(row.values[0] ?? null))!] = measureOf(row, measure);
  }
  return { categories, series: [...series.values()] };
}

/** Names in the file the server writes (Polish, English); the screens take theirs from the locale files. */
export const BOOKING_REPORT_TITLES: Record<BookingReportKind, readonly [string, string]> = {
  monthly: ['Rezerwacje w miesiącach', 'Bookings by month'],
  'organization-unit': ['Rezerwacje według jednostek organizacyjnych', 'Bookings by organisation unit'],
  passenger: ['Rezerwacje według podróżnych', 'Bookings by passenger'],
  'passenger-v2': ['Podróżni według rodzaju usługi', 'Passengers by service type'],
  airline: ['Rezerwacje według linii lotniczych', 'Bookings by airline'],
  'seat-class': ['Rezerwacje według klasy', 'Bookings by class'],
  'domestic-foreign': ['Rezerwacje krajowe i zagraniczne', 'Domestic and foreign bookings'],
  'service-type': ['Rezerwacje według rodzaju usługi', 'Bookings by service type'],
  'service-type-production': ['Produkcja według rodzaju usługi', 'Production by service type'],
  custom: ['Raport własny', 'Custom report'],
};

export const BOOKING_REPORT_DIMENSION_LABELS: Record<BookingReportDimension, readonly [string, string]> = {
  month: ['Miesiąc', 'Month'],
  costCentre: ['MPK', 'Cost centre'],
  project: ['Projekt', 'Project'],
  organizationUnit: ['Jednostka organizacyjna', 'Organisation unit'],
  passenger: ['Podróżny', 'Passenger'],
  carrier: ['Przewoźnik', 'Carrier'],
  seatClass: ['Klasa', 'Class'],
  scope: ['Krajowa / zagraniczna', 'Domestic / foreign'],
  serviceType: ['Rodzaj usługi', 'Service type'],
};

export const BOOKING_REPORT_MEASURE_LABELS: Record<BookingReportMeasure, readonly [string, string]> = {
  count: ['Liczba rezerwacji', 'Bookings'],
  travellers: ['Liczba podróżnych', 'Travellers'],
  gross: ['Brutto', 'Gross'],
  net: ['Netto', 'Net'],
  vat: ['VAT', 'VAT'],
  average: ['Średnio brutto', 'Average gross'],
};

/** The coded values of service type, seat class and scope. */
export const BOOKING_REPORT_CODE_LABELS: Record<string, readonly [string, string]> = {
  flight: ['Lot', 'Flight'],
  lowCost: ['Tanie linie', 'Low-cost flight'],
  hotel: ['Hotel', 'Hotel'],
  rail: ['Kolej', 'Rail'],
  car: ['Samochód', 'Car'],
  other: ['Inne', 'Other'],
  first: ['Pierwsza', 'First'],
  second: ['Druga', 'Second'],
  premium: ['Premium', 'Premium'],
  business: ['Biznes', 'Business'],
  economy: ['Ekonomiczna', 'Economy'],
  low_cost: ['Tania', 'Low cost'],
  domestic: ['Krajowa', 'Domestic'],
  foreign: ['Zagraniczna', 'Foreign'],
};

export const BOOKING_REPORT_NOT_GIVEN: readonly [string, string] = ['(brak)', '(none)'];
export const BOOKING_REPORT_TOTAL: readonly [string, string] = ['Razem', 'Total'];
