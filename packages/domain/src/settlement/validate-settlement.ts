import { LOCAL_DATE_PATTERN } from '../common/dates.ts';
import { isKnownCurrency } from '../common/currencies.ts';
import { documentDateRangeIssue } from '../common/document-dates.ts';
import type { Issue } from '../common/errors.ts';
import { parseDecimal } from '../common/money.ts';
import { vehicleKindOf } from './costs.ts';
import type {
  AccommodationSettlementType,
  DelegationForm,
  TransportSegment,
  TransportSettlementType,
  TransportType,
} from './delegation-form.ts';
import type { RateBook } from './rates/rate-book.ts';
import { DOMESTIC_COUNTRY_CODE } from './rates/statutory-rates.ts';
import { dayOfText, DOBA_MS, localDateOf, parseInstant, type Interval } from './trip-time.ts';

/**
 * The rules of spec §5 "Settlement form" that need no other document (another delegation of the
 * employee, the base order and its limits are the server's). Each issue carries the field path
 * the form highlights and a message key of `settlement.json`.
 */

/** Options of `validateSettlementForm`: the rate book, and what the order or the company allows. */
export interface SettlementValidationOptions {
  rateBook: RateBook;
  /** Transport types allowed by the base order; every type when absent. */
  allowedTransportTypes?: readonly TransportType[];
  /** Transport settlement types the company allows; every type when absent. */
  allowedTransportSettlements?: readonly TransportSettlementType[];
  /** Accommodation settlement types the company allows; every type when absent. */
  allowedAccommodationSettlements?: readonly AccommodationSettlementType[];
  /**
   * The moment of the check (epoch ms). When given, a trip that has not ended by then cannot be
   * settled (an order may lie in the future, a settlement may not: the costs are not known yet),
   * and trip dates before 2000 or more than two years ahead are refused as typing slips.
   */
  now?: number;
}

/** Spec §9: a settlement has at least two transport segments (there and back). */
export const MIN_TRANSPORT_SEGMENTS = 2;
/** Spec §9: at least one country part. */
export const MIN_COUNTRY_PARTS = 1;
/** Spec §9: comments and descriptions have at least 10 characters where required. */
export const MIN_COMMENT_LENGTH = 10;
/** Above this, an amount of one line is taken for a typing error ("value out of range"). */
export const MAX_LINE_AMOUNT = '1000000';
/** Above this, the kilometres of one segment are taken for a typing error. */
export const MAX_SEGMENT_DISTANCE_KM = '20000';

/** Which totals an amount the form marks invalid leaves unknown (they are shown as 'brak', never summed). */
export interface InvalidAmounts {
  countries: boolean;
  /** Tickets and mileage: both are transport segments. */
  transport: boolean;
  other: boolean;
  advances: boolean;
  /** The total due: countries, transport or other costs. */
  total: boolean;
  /** The balance: the total or the advances. */
  balance: boolean;
}

/** The fields of a line whose problem makes its amount unknown. */
const AMOUNT_FIELDS: ReadonlySet<string | number> = new Set(['amount_in_currency', 'net_amount_in_currency', 'distance', 'currency']);

/**
 * The totals an invalid amount makes unknown. A total that added 10 000 000 000 zł typed by mistake
 * ('Razem: 10 000 000 134,99 zł') would read as a result; until the line is corrected it is unknown.
 */
export function invalidAmountsOf(issues: readonly Issue[]): InvalidAmounts {
  const sections = new Set(issues.filter((issue) => AMOUNT_FIELDS.has(issue.path[issue.path.length - 1]!)).map((issue) => issue.path[0]));
  const countries = sections.has('country');
  const transport = sections.has('transport');
  const other = sections.has('other');
  const advances = sections.has('advances');
  const total = countries || transport || other;
  return { countries, transport, other, advances, total, balance: total || advances };
}

/** Transport settlements that need the employee's written explanation. */
const TRANSPORT_COMMENT_REQUIRED: readonly TransportSettlementType[] = ['ticketLost', 'employeeStatement'];
/** Transport settlements the employee paid for, so an amount is required. */
const TRANSPORT_AMOUNT_REQUIRED: readonly TransportSettlementType[] = [
  'ticketScan',
  'ticketLost',
  'employeeStatement',
];
/** Accommodation settlements the employee paid for against a bill or statement. */
const ACCOMMODATION_AMOUNT_REQUIRED: readonly AccommodationSettlementType[] = [
  'invoiceWorkerPayment',
  'employeeStatement',
];
const COUNT_PATTERN = /^\d{1,3}$/;

type Path = (string | number)[];
/** The names of a period's start and end fields. */
type PeriodFields = readonly [string, string];
const DATE_FIELDS: PeriodFields = ['start_date', 'end_date'];
const COUNTRY_DATE_FIELDS: PeriodFields = ['in_date', 'out_date'];
/** A period to check for overlaps, with the 1-based number the message names. */
interface PeriodEntry {
  path: Path;
  period: Interval | null;
  label: number;
}

/** Collects issues; each check returns what it parsed so later rules can use it. */
class IssueList {
  readonly issues: Issue[] = [];

  add(path: Path, code: string, params?: Record<string, string | number>): void {
    this.issues.push(params ? { path, code, params } : { path, code });
  }

  /** A date-time field: required, with its time (`validation.timeRequired` for a date alone). */
  dateTime(path: Path, text: string | null | undefined): number | null {
    if (!text) {
      this.add(path, 'validation.required');
      return null;
    }
    if (LOCAL_DATE_PATTERN.test(text)) {
      this.add(path, 'validation.timeRequired');
      return null;
    }
    const instant = parseInstant(text);
    if (instant === null) this.add(path, 'validation.invalidDateTime');
    return instant;
  }

  /** A day field (a date, or a date-time whose day counts). */
  day(path: Path, text: string | null | undefined, required: boolean): string | null {
    if (!text) {
      if (required) this.add(path, 'validation.required');
      return null;
    }
    const day = dayOfText(text);
    if (day === null) this.add(path, 'validation.invalidDate');
    return day;
  }

  /** A start and an end (fields named by `fields`): the end must come after the start. */
  period(
    path: Path,
    startText: string | null | undefined,
    endText: string | null | undefined,
    fields: PeriodFields = DATE_FIELDS,
  ): Interval | null {
    const start = this.dateTime([...path, fields[0]], startText);
    const end = this.dateTime([...path, fields[1]], endText);
    if (start === null || end === null) return null;
    if (end <= start) {
      this.add([...path, fields[1]], 'validation.endBeforeStart');
      return null;
    }
    return { start, end };
  }

  /** An amount: a decimal string with at most two decimals, from 0 to `MAX_LINE_AMOUNT`. */
  amount(path: Path, text: string | null | undefined, required: boolean): void {
    this.decimal(path, text, required, 2, MAX_LINE_AMOUNT);
  }

  decimal(
    path: Path,
    text: string | null | undefined,
    required: boolean,
    decimals: number,
    max: string,
  ): void {
    if (!text) {
      if (required) this.add(path, 'validation.required');
      return;
    }
    const value = parseDecimal(text, decimals);
    if (value === null) this.add(path, 'validation.invalidAmount');
    else if (value.isNegative() || value.greaterThan(max)) {
      this.add(path, 'validation.valueOutOfRange', { min: 0, max });
    }
  }

  currency(path: Path, text: string | null | undefined): void {
    // Only the złoty and the currencies the NBP quotes can be converted (§ 20 of the regulation).
    if (text && !isKnownCurrency(text)) this.add(path, 'validation.invalidCurrency');
  }

  /** A comment of at least `MIN_COMMENT_LENGTH` characters ('Pole wymagane', 'Minimum 10 znaków'). */
  comment(path: Path, text: string | null | undefined): void {
    const length = (text ?? '').trim().length;
    if (length === 0) this.add(path, 'validation.required');
    else if (length < MIN_COMMENT_LENGTH) this.add(path, 'validation.minLength', { min: MIN_COMMENT_LENGTH });
  }

  /** A select: required, and one of the allowed values when a list is given. */
  choice<T extends string>(
    path: Path,
    value: T | '' | null | undefined,
    allowed: readonly T[] | undefined,
    notAllowedCode: string,
  ): T | null {
    if (!value) {
      this.add(path, 'validation.required');
      return null;
    }
    if (allowed && !allowed.includes(value)) this.add(path, notAllowedCode);
    return value;
  }

  /** A period inside an outer one (the trip, the country part). */
  inside(
    path: Path,
    period: Interval | null,
    outer: Interval | null,
    code: string,
    fields: PeriodFields = DATE_FIELDS,
  ): void {
    if (!period || !outer) return;
    if (period.start < outer.start) this.add([...path, fields[0]], code);
    if (period.end > outer.end) this.add([...path, fields[1]], code);
  }

  /** Periods of one kind must not overlap; the later one is flagged, naming the earlier (1-based). */
  noOverlap(periods: readonly PeriodEntry[], field: string = DATE_FIELDS[0]): void {
    const known = periods.filter(
      (entry): entry is PeriodEntry & { period: Interval } => entry.period !== null,
    );
    const sorted = [...known].sort((a, b) => a.period.start - b.period.start);
    sorted.forEach((entry, position) => {
      const earlier = sorted
        .slice(0, position)
        .find((candidate) => candidate.period.end > entry.period.start);
      if (earlier) this.add([...entry.path, field], 'validation.overlap', { with: earlier.label });
    });
  }
}

function validateTransport(
  list: IssueList,
  segment: TransportSegment,
  index: number,
  options: SettlementValidationOptions,
): void {
  const path: Path = ['transport', index];
  list.choice(
    [...path, 'transport_type'],
    segment.transport_type,
    options.allowedTransportTypes,
    'validation.transportTypeNotAllowed',
  );
  const settlement = list.choice(
    [...path, 'settlement_type_id'],
    segment.settlement_type_id,
    options.allowedTransportSettlements,
    'validation.transportSettlementNotAllowed',
  );
  if (settlement && TRANSPORT_COMMENT_REQUIRED.includes(settlement))
    list.comment([...path, 'comment'], segment.comment);
  list.amount(
    [...path, 'amount_in_currency'],
    segment.amount_in_currency,
    settlement !== null && TRANSPORT_AMOUNT_REQUIRED.includes(settlement),
  );
  list.currency([...path, 'currency'], segment.currency);
  list.decimal([...path, 'distance'], segment.distance, settlement === 'lumpSum', 3, MAX_SEGMENT_DISTANCE_KM);
  if (settlement !== 'lumpSum') return;
  // Mileage is paid for the employee's own vehicle only (spec §5; § 3 ust. 3).
  const vehicle = segment.vehicle;
  if (!vehicle) {
    if (segment.vehicle_id === null || segment.vehicle_id === undefined)
      list.add([...path, 'vehicle_id'], 'validation.required');
    return;
  }
  if (vehicle.is_private !== true)
    list.add([...path, 'settlement_type_id'], 'validation.nonPrivateVehicleNoMileage');
  else if (vehicleKindOf(vehicle) === null)
    list.add([...path, 'vehicle_id'], 'validation.mileageVehicleKind');
}

function checkTripAgainstToday(list: IssueList, trip: Interval, now: number): void {
  const today = localDateOf(now);
  const startIssue = documentDateRangeIssue(localDateOf(trip.start), today);
  const endIssue = documentDateRangeIssue(localDateOf(trip.end), today);
  if (startIssue) list.add(['start_date'], startIssue);
  if (endIssue) list.add(['end_date'], endIssue);
  else if (trip.end > now) list.add(['end_date'], 'validation.tripNotEnded');
}

/**
 * Checks the settlement form against the rules of spec §5 that need no other document: dates with
 * times, inside the trip and the country part, ends after starts; no overlapping transport, country
 * or accommodation periods; at least 2 transport segments and 1 country part; comments of at least
 * 10 characters where required; allowed settlement types; a rate for every country; amounts and
 * distances in range; mileage for private vehicles only; advances paid by the end of the trip.
 */
export function validateSettlementForm(
  delegation: DelegationForm,
  options: SettlementValidationOptions,
): Issue[] {
  const list = new IssueList();
  const trip = list.period([], delegation.start_date, delegation.end_date);
  if (trip && options.now !== undefined) checkTripAgainstToday(list, trip, options.now);

  if (delegation.transport.length < MIN_TRANSPORT_SEGMENTS) {
    list.add(['transport'], 'validation.minTransportSegments', { min: MIN_TRANSPORT_SEGMENTS });
  }
  if (delegation.country.length < MIN_COUNTRY_PARTS) {
    list.add(['country'], 'validation.minCountryParts', { min: MIN_COUNTRY_PARTS });
  }

  const transportPeriods = delegation.transport.map((segment, index): PeriodEntry => {
    const path: Path = ['transport', index];
    const period = list.period(path, segment.start_date, segment.end_date);
    list.inside(path, period, trip, 'validation.outsideTrip');
    validateTransport(list, segment, index, options);
    return { path, period, label: index + 1 };
  });
  list.noOverlap(transportPeriods);

  const accommodationPeriods: PeriodEntry[] = [];
  const countryPeriods = delegation.country.map((part, index): PeriodEntry => {
    const path: Path = ['country', index];
    const period = list.period(path, part.in_date, part.out_date, COUNTRY_DATE_FIELDS);
    list.inside(path, period, trip, 'validation.outsideTrip', COUNTRY_DATE_FIELDS);

    const code = part.country_code ?? '';
    if (code === '') list.add([...path, 'country_code'], 'validation.required');
    else if (period && !options.rateBook.perDiemRate(code, part.region || null, localDateOf(period.start))) {
      list.add([...path, 'country_code'], 'validation.noRateForCountry');
    }
    const domestic = code === DOMESTIC_COUNTRY_CODE;
    if (code !== '' && typeof part.is_internal === 'boolean' && part.is_internal !== domestic) {
      list.add([...path, 'is_internal'], 'validation.internalCountryMismatch');
    }
    if (domestic && part.hospital === true) list.add([...path, 'hospital'], 'validation.foreignOnly');
    if (domestic && (part.transfer_lump_sums ?? []).length > 0)
      list.add([...path, 'transfer_lump_sums'], 'validation.foreignOnly');
    (part.transfer_lump_sums ?? []).forEach((transfer, transferIndex) => {
      if (transfer.city.trim() === '')
        list.add([...path, 'transfer_lump_sums', transferIndex, 'city'], 'validation.required');
    });

    // Meals are entered per doba: at most one of each per doba, and the counts sum the per-doba entries.
    const dobas = period ? Math.ceil((period.end - period.start) / DOBA_MS) : null;
    const perDoba = part.meals_per_doba ?? [];
    if (dobas !== null && perDoba.length > dobas) {
      list.add([...path, 'meals_per_doba'], 'validation.valueOutOfRange', { min: 0, max: dobas });
    }
    for (const meal of ['breakfast', 'lunch', 'dinner'] as const) {
      const field = `${meal}_count` as const;
      const text = part[field] ?? '0';
      if (!COUNT_PATTERN.test(text)) {
        list.add([...path, field], 'validation.invalidCount');
        continue;
      }
      const count = Number(text);
      if (dobas !== null && count > dobas)
        list.add([...path, field], 'validation.valueOutOfRange', { min: 0, max: dobas });
      else if (perDoba.length > 0 && perDoba.filter((doba) => doba[meal]).length !== count) {
        list.add([...path, field], 'validation.mealCountsMismatch');
      }
    }

    part.accommodation.forEach((entry, entryIndex) => {
      const entryPath: Path = [...path, 'accommodation', entryIndex];
      const stay = list.period(entryPath, entry.start_date, entry.end_date);
      list.inside(entryPath, stay, period, 'validation.outsideCountryPart');
      accommodationPeriods.push({ path: entryPath, period: stay, label: accommodationPeriods.length + 1 });
      const settlement = list.choice(
        [...entryPath, 'settlement_type_id'],
        entry.settlement_type_id,
        options.allowedAccommodationSettlements,
        'validation.accommodationSettlementNotAllowed',
      );
      if (settlement === 'employeeStatement') list.comment([...entryPath, 'comment'], entry.comment);
      list.amount(
        [...entryPath, 'amount_in_currency'],
        entry.amount_in_currency,
        settlement !== null && ACCOMMODATION_AMOUNT_REQUIRED.includes(settlement),
      );
      list.currency([...entryPath, 'currency'], entry.currency);
      list.day([...entryPath, 'invoice_date'], entry.invoice_date, false);
    });
    return { path, period, label: index + 1 };
  });
  list.noOverlap(countryPeriods, COUNTRY_DATE_FIELDS[0]);
  list.noOverlap(accommodationPeriods);

  delegation.other.forEach((cost, index) => {
    const path: Path = ['other', index];
    list.amount([...path, 'amount_in_currency'], cost.amount_in_currency, true);
    list.currency([...path, 'currency'], cost.currency);
    list.amount([...path, 'net_amount_in_currency'], cost.net_amount_in_currency, false);
    if (!cost.type_id) list.add([...path, 'type_id'], 'validation.required');
    if (!cost.payment_type_id) list.add([...path, 'payment_type_id'], 'validation.required');
    list.day([...path, 'bill_date'], cost.bill_date, true);
  });

  const tripEndDay = trip ? localDateOf(trip.end) : null;
  delegation.advances.forEach((advance, index) => {
    const path: Path = ['advances', index];
    list.amount([...path, 'amount_in_currency'], advance.amount_in_currency, true);
    list.currency([...path, 'currency'], advance.currency);
    const paid = list.day([...path, 'payment_date'], advance.payment_date, false);
    if (paid !== null && tripEndDay !== null && paid > tripEndDay) {
      list.add([...path, 'payment_date'], 'validation.advanceAfterDelegationEnd');
    }
  });

  return list.issues;
}
