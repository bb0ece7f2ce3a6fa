import { isValidNip, normalizeNip } from '../master-data/tax-id.ts';
import { parseDecimal } from '../common/money.ts';
import type { Issue } from '../common/errors.ts';
import type { BookingKind, BookingPayer, BookingStatus } from './booking.ts';

/**
 * The column layout of the booking site's file (CSV or the first sheet of an XLSX), one row per
 * booked service or segment, documented in `docs/domain/bookings.md`. Header names are matched
 * without regard to case and surrounding spaces; every other column is refused, so that no data
 * is silently dropped.
 */
export const BOOKING_IMPORT_COLUMNS = [
  'source',
  'external_booking_id',
  'segment_seq',
  'service_type',
  'status',
  'record_locator',
  'traveler_name',
  'traveler_email',
  'vendor_name',
  'ticket_number',
  'flight_number',
  'seat_class',
  'origin',
  'destination',
  'country_code',
  'start_at',
  'end_at',
  'room_type',
  'amount_net',
  'vat_amount',
  'amount_gross',
  'currency',
  'paid_by',
  'invoice_number',
  'invoice_date',
  'seller_name',
  'seller_nip',
  'cost_center',
  'project',
  'notes',
] as const;
export type BookingImportColumn = (typeof BOOKING_IMPORT_COLUMNS)[number];

export const REQUIRED_IMPORT_COLUMNS: readonly BookingImportColumn[] = [
  'source',
  'external_booking_id',
  'service_type',
  'traveler_name',
  'start_at',
  'amount_gross',
  'currency',
];

/** The largest file the import takes, in rows (the bench imports 10 000). */
export const BOOKING_IMPORT_MAX_ROWS = 20_000;

const SERVICE_TYPES: Record<string, BookingKind> = {
  AIR: 'flight',
  FLIGHT: 'flight',
  LOWCOST: 'lowCost',
  LOW_COST: 'lowCost',
  RAIL: 'rail',
  TRAIN: 'rail',
  HOTEL: 'hotel',
  CAR: 'car',
  BUS: 'other',
  INSURANCE: 'other',
  VISA: 'other',
  FEE: 'other',
  OTHER: 'other',
};
const STATUSES: Record<string, BookingStatus> = {
  BOOKED: 'booked',
  TICKETED: 'ticketed',
  CANCELLED: 'cancelled',
  CANCELED: 'cancelled',
  REFUNDED: 'refunded',
};
const PAYERS: Record<string, BookingPayer> = {
  COMPANY_INVOICE: 'companyInvoice',
  CORPORATE_CARD: 'corporateCard',
  EMPLOYEE: 'employee',
  TMC_CENTRAL_BILLING: 'centralBilling',
};

/** One valid row of the file, ready to become a booking (and the invoice it names). */
export interface BookingImportRow {
  importKey: string;
  kind: BookingKind;
  status: BookingStatus;
  recordLocator: string | null;
  travellerName: string;
  travellerEmail: string | null;
  carrier: string | null;
  name: string | null;
  ticketNumber: string | null;
  flightNumber: string | null;
  seatClass: string | null;
  startPlace: string | null;
  endPlace: string | null;
  countryCode: string | null;
  /** `YYYY-MM-DD HH:mm` Warsaw time, or an ISO instant with its offset. */
  startAt: string;
  endAt: string | null;
  roomType: string | null;
  amountNet: string | null;
  vatAmount: string | null;
  amountGross: string;
  currency: string;
  paidBy: BookingPayer;
  invoice: { number: string; date: string; sellerName: string; sellerTaxId: string | null } | null;
  costCentre: string | null;
  project: string | null;
  comment: string | null;
}

/** The header row checked against the layout: the column of each field, or the issues that refuse the whole file. */
export function checkImportHeader(header: readonly string[]): {
  columns: Map<BookingImportColumn, number>;
  issues: Issue[];
} {
  const columns = new Map<BookingImportColumn, number>();
  const unknown: string[] = [];
  const duplicated: string[] = [];
  header.forEach((raw, index) => {
    const name = raw
      .trim()
      .toLowerCase()
      .replace(/^\ufeff/, '');
    if (name === '') return;
    if (!(BOOKING_IMPORT_COLUMNS as readonly string[]).includes(name)) unknown.push(raw.trim());
    else if (columns.has(name as BookingImportColumn)) duplicated.push(name);
    else columns.set(name as BookingImportColumn, index);
  });
  const issues: Issue[] = [];
  if (unknown.length > 0)
    issues.push({
      path: ['file'],
      code: 'bookingImport.unknownColumns',
      params: { columns: unknown.join(', ') },
    });
  if (duplicated.length > 0)
    issues.push({
      path: ['file'],
      code: 'bookingImport.duplicatedColumns',
      params: { columns: duplicated.join(', ') },
    });
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length > 0)
    issues.push({
      path: ['file'],
      code: 'bookingImport.missingColumns',
      params: { columns: missing.join(', ') },
    });
  return { columns, issues };
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date or date-time of the file: `YYYY-MM-DD`, `YYYY-MM-DD HH:mm`, or ISO 8601 with an offset. */
export function parseImportDateTime(value: string): string | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, day, time, offset] = match;
  const parsed = new Date(`${day}T${time ?? '00:00'}:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) return null;
  if (offset) return value.trim().replace(' ', 'T');
  return `${day} ${time ?? '00:00'}`;
}

/**
 * Reads one data row (`line` is its line in the file, for the messages): the booking it describes,
 * or the issues at its cells. A row with issues is never half-imported.
 */
export function parseImportRow(
  cells: readonly string[],
  columns: Map<BookingImportColumn, number>,
  line: number,
): { row: BookingImportRow | null; issues: Issue[] } {
  const issues: Issue[] = [];
  const cell = (column: BookingImportColumn): string => {
    const index = columns.get(column);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const optional = (column: BookingImportColumn, max = 200): string | null => {
    const value = cell(column);
    if (value.length > max)
      issues.push({ path: ['rows', line, column], code: 'validation.maxLength', params: { max } });
    return value === '' ? null : value.slice(0, max);
  };
  const required = (column: BookingImportColumn, max = 200): string => {
    const value = optional(column, max);
    if (value === null) issues.push({ path: ['rows', line, column], code: 'validation.required' });
    return value ?? '';
  };
  const money = (column: BookingImportColumn, isRequired: boolean): string | null => {
    const value = isRequired ? required(column, 32) : optional(column, 32);
    if (value === null || value === '') return null;
    const parsed = parseDecimal(value);
    if (parsed === null) {
      issues.push({ path: ['rows', line, column], code: 'validation.amount' });
      return null;
    }
    return parsed.toFixed(2);
  };
  const dateTime = (column: BookingImportColumn, isRequired: boolean): string | null => {
    const value = isRequired ? required(column, 40) : optional(column, 40);
    if (value === null || value === '') return null;
    const parsed = parseImportDateTime(value);
    if (parsed === null) issues.push({ path: ['rows', line, column], code: 'validation.dateTime' });
    return parsed;
  };

  const source = required('source', 50);
  const externalId = required('external_booking_id', 100);
  const seqText = cell('segment_seq') || '1';
  if (!/^\d{1,4}$/.test(seqText) || Number(seqText) < 1)
    issues.push({ path: ['rows', line, 'segment_seq'], code: 'validation.integer' });
  const serviceType = required('service_type', 20).toUpperCase().replace(/[\s-]/g, '_');
  const kind = SERVICE_TYPES[serviceType];
  if (serviceType && !kind)
    issues.push({ path: ['rows', line, 'service_type'], code: 'validation.invalidOption' });
  const statusText = (cell('status') || 'BOOKED').toUpperCase();
  const status = STATUSES[statusText];
  if (!status) issues.push({ path: ['rows', line, 'status'], code: 'validation.invalidOption' });
  const payerText = (cell('paid_by') || 'COMPANY_INVOICE').toUpperCase();
  const paidBy = PAYERS[payerText];
  if (!paidBy) issues.push({ path: ['rows', line, 'paid_by'], code: 'validation.invalidOption' });
  const travellerName = required('traveler_name', 200);
  const travellerEmail = optional('traveler_email', 200);
  if (travellerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(travellerEmail))
    issues.push({ path: ['rows', line, 'traveler_email'], code: 'validation.email' });
  const currency = required('currency', 3).toUpperCase();
  if (currency && !/^[A-Z]{3}$/.test(currency))
    issues.push({ path: ['rows', line, 'currency'], code: 'validation.currency' });
  const countryCode = optional('country_code', 2)?.toUpperCase() ?? null;
  if (countryCode && !/^[A-Z]{2}$/.test(countryCode))
    issues.push({ path: ['rows', line, 'country_code'], code: 'validation.country' });
  const startAt = dateTime('start_at', true);
  const endAt = dateTime('end_at', false);
  if (startAt && endAt && Date.parse(endAt.replace(' ', 'T')) < Date.parse(startAt.replace(' ', 'T')))
    issues.push({ path: ['rows', line, 'end_at'], code: 'validation.dateRange' });
  const amountGross = money('amount_gross', true);
  const amountNet = money('amount_net', false);
  const vatAmount = money('vat_amount', false);

  const invoiceNumber = optional('invoice_number', 60);
  const invoiceDateText = optional('invoice_date', 10);
  const sellerName = optional('seller_name', 200);
  const sellerNipText = optional('seller_nip', 20);
  let invoice: BookingImportRow['invoice'] = null;
  if (invoiceNumber) {
    if (
      !invoiceDateText ||
      !/^\d{4}-\d{2}-\d{2}$/.test(invoiceDateText) ||
      parseImportDateTime(invoiceDateText) === null
    ) {
      issues.push({
        path: ['rows', line, 'invoice_date'],
        code: invoiceDateText ? 'validation.date' : 'validation.required',
      });
    }
    if (!sellerName) issues.push({ path: ['rows', line, 'seller_name'], code: 'validation.required' });
    if (sellerNipText && !isValidNip(sellerNipText))
      issues.push({ path: ['rows', line, 'seller_nip'], code: 'contractor.nipInvalid' });
    invoice = {
      number: invoiceNumber,
      date: invoiceDateText ?? '',
      sellerName: sellerName ?? '',
      sellerTaxId: sellerNipText ? normalizeNip(sellerNipText) : null,
    };
  }

  const vendor = optional('vendor_name', 200);
  const values = {
    recordLocator: optional('record_locator', 50),
    ticketNumber: optional('ticket_number', 50),
    flightNumber: optional('flight_number', 20),
    seatClass: optional('seat_class', 20)?.toLowerCase() ?? null,
    startPlace: optional('origin', 200),
    endPlace: optional('destination', 200),
    roomType: optional('room_type', 20)?.toLowerCase() ?? null,
    costCentre: optional('cost_center', 100),
    project: optional('project', 200),
    comment: optional('notes', 1000),
  };
  if (issues.length > 0 || !kind || !status || !paidBy || !startAt || !amountGross)
    return { row: null, issues };
  // Hotels and cars are named by the vendor; transport is carried by it.
  const named = kind === 'hotel' || kind === 'car' || kind === 'other';
  return {
    row: {
      importKey: `${source}:${externalId}:${Number(seqText)}`,
      kind,
      status,
      travellerName,
      travellerEmail: travellerEmail?.toLowerCase() ?? null,
      carrier: named ? null : vendor,
      name: named ? vendor : null,
      countryCode,
      startAt,
      endAt,
      amountNet,
      vatAmount,
      amountGross,
      currency,
      paidBy,
      invoice,
      ...values,
    },
    issues: [],
  };
}
