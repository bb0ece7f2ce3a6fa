import {
  DOMESTIC_COUNTRY_CODE,
  SETTLEMENT_CURRENCY,
  formatLocalDateTimeMillis,
  parseTypedAmount,
  parseLocalDateTimeToMillis,
  type AccommodationSettlementType,
  type AdvancePaymentType,
  type AdvanceStatus,
  type DelegationFormInput,
  type OtherCostPaymentType,
  type OtherCostType,
  type TransferDirection,
  type TransportSettlementType,
  type TransportType,
} from '@delego/domain';
import { regionsOf } from './countries.ts';

/**
 * The settlement form as the screen edits it: every input is a string (what the user typed) or a
 * flag, and dates are `YYYY-MM-DD HH:mm` Warsaw wall time as the spec sends them. `toDelegationForm`
 * turns it into the engine's `DelegationFormInput` for `form-field-changed` (and, later, for saving).
 */

/** A select not chosen yet. */
type Choice<T extends string> = T | '';

export interface TransportValues {
  transport_type: Choice<TransportType>;
  settlement_type_id: Choice<TransportSettlementType>;
  from_place_text: string;
  to_place_text: string;
  start_date: string;
  end_date: string;
  amount_in_currency: string;
  currency: string;
  /** Kilometres, as typed. */
  distance: string;
  comment: string;
  /**
   * The vehicle chosen from the company's records (the employee's own or a company car), as the
   * select holds it; '' when none. Its kind, capacity and owner decide the mileage on the server.
   */
  vehicle_id: string;
  /** The attached ticket or bill (an uploaded file's id). */
  file_id?: number | null;
  /** The booking this segment was bought as, and its ticket (spec §3 segment `booking_id`, `booking_ticket`). */
  booking_id?: number | null;
  booking_ticket?: string;
}

export interface MealValues {
  breakfast: boolean;
  lunch: boolean;
  dinner: boolean;
}

export interface AccommodationValues {
  settlement_type_id: Choice<AccommodationSettlementType>;
  start_date: string;
  end_date: string;
  amount_in_currency: string;
  currency: string;
  comment: string;
  acceptor_consent_over_limit: boolean;
  /** The attached hotel bill. */
  file_id?: number | null;
  /** The hotel booking this stay was bought as (spec §3 accommodation `booking_id`, `booking_text`). */
  booking_id?: number | null;
  booking_text?: string;
}

export interface TransferValues {
  city: string;
  direction: TransferDirection;
}

export interface CountryValues {
  country_code: string;
  region: string;
  in_date: string;
  out_date: string;
  /** Meals provided, per doba of the part; may be longer than the part's dobas after its times changed. */
  meals_per_doba: MealValues[];
  full_board: boolean;
  hospital: boolean;
  local_transport_lump_sum: boolean;
  transfer_lump_sums: TransferValues[];
  accommodation: AccommodationValues[];
}

export interface OtherCostValues {
  type_id: Choice<OtherCostType>;
  payment_type_id: Choice<OtherCostPaymentType>;
  amount_in_currency: string;
  currency: string;
  bill_number: string;
  /** `YYYY-MM-DD`. */
  bill_date: string;
  bill_description: string;
  /** The attached bill. */
  file_id?: number | null;
}

export interface AdvanceValues {
  /** An advance of the base order (its amount and payment come from the order). */
  id?: number | null;
  amount_in_currency: string;
  currency: string;
  payment_type: Choice<AdvancePaymentType>;
  /** `YYYY-MM-DD`. */
  payment_date: string;
  status: Choice<AdvanceStatus>;
  comment: string;
  /** Spec §3: the advance's files (e.g. the transfer confirmation), attached to the settlement. */
  files: number[];
}

/**
 * What a settlement carries besides what the steps edit: the saved settlement, the employee, the base
 * order with what it allows, the cost centre and project, and the files attached to the settlement.
 */
export interface SettlementMeta {
  id: number | null;
  user_id: number | null;
  employee_name: string | null;
  delegation_order_id: number | null;
  delegation_order_number: string | null;
  /** The order's allowed transport types; empty allows every type. */
  allowed_transport: string[];
  /** Select values: an id, or '' for none. */
  cost_centre_id: string;
  project_id: string;
  /** The accounting category imported from Optima, or '' for none. */
  optima_category_code: string;
  task_id: number | null;
  external_customer_id: number | null;
  settlement_date: string | null;
  destination: string[];
  /** Files attached to the settlement as a whole. */
  files: number[];
  /** The bookings attached to the settlement (spec §3 Delegation `booking[]`): kept as loaded, so a save does not detach them. */
  bookings: { booking_id: number; label: string }[];
}

export interface SettlementFormValues {
  /** Absent for a settlement typed without saving or an order (the form's own tests). */
  meta?: SettlementMeta;
  start_date: string;
  end_date: string;
  destinationText: string;
  task: string;
  transport: TransportValues[];
  country: CountryValues[];
  other: OtherCostValues[];
  advances: AdvanceValues[];
}

/** Spec §5/§9: a settlement keeps at least two transport segments (there and back) and one country part. */
export const MIN_SEGMENTS = 2;
export const MIN_COUNTRY_PARTS = 1;
/** The engine accepts up to this many dobas of meals per part (`meals_per_doba` max). */
const MAX_DOBAS = 400;
const DOBA_MS = 24 * 60 * 60 * 1000;

export function newTransportSegment(): TransportValues {
  return {
    transport_type: '',
    settlement_type_id: '',
    from_place_text: '',
    to_place_text: '',
    start_date: '',
    end_date: '',
    amount_in_currency: '',
    currency: SETTLEMENT_CURRENCY,
    distance: '',
    comment: '',
    vehicle_id: '',
  };
}

export function newCountryPart(countryCode = '', inDate = ''): CountryValues {
  return {
    country_code: countryCode,
    region: '',
    in_date: inDate,
    out_date: '',
    meals_per_doba: [],
    full_board: false,
    hospital: false,
    local_transport_lump_sum: false,
    transfer_lump_sums: [],
    accommodation: [],
  };
}

export function newAccommodation(): AccommodationValues {
  return {
    settlement_type_id: '',
    start_date: '',
    end_date: '',
    amount_in_currency: '',
    currency: SETTLEMENT_CURRENCY,
    comment: '',
    acceptor_consent_over_limit: false,
  };
}

export function newTransfer(): TransferValues {
  return { city: '', direction: 'both' };
}

export function newOtherCost(): OtherCostValues {
  return {
    type_id: '',
    payment_type_id: '',
    amount_in_currency: '',
    currency: SETTLEMENT_CURRENCY,
    bill_number: '',
    bill_date: '',
    bill_description: '',
  };
}

export function newAdvance(): AdvanceValues {
  return { amount_in_currency: '', currency: SETTLEMENT_CURRENCY, payment_type: '', payment_date: '', status: 'unknown', comment: '', files: [] };
}

/** Spec §4: a new settlement starts with two transport segments and one country part, Poland. */
export function newSettlementForm(): SettlementFormValues {
  return {
    start_date: '',
    end_date: '',
    destinationText: '',
    task: '',
    transport: [newTransportSegment(), newTransportSegment()],
    country: [newCountryPart(DOMESTIC_COUNTRY_CODE)],
    other: [],
    advances: [],
  };
}

export function isForeignPart(part: Pick<CountryValues, 'country_code'>): boolean {
  return part.country_code !== '' && part.country_code !== DOMESTIC_COUNTRY_CODE;
}

/** Whether a segment shows the vehicle: a car, or mileage (which needs one). */
export function hasVehicle(segment: Pick<TransportValues, 'transport_type' | 'settlement_type_id'>): boolean {
  return segment.transport_type === 'car' || segment.settlement_type_id === 'lumpSum';
}

/**
 * The dobas of a country part: 24 real hours each from its entry (§ 7 ust. 2, § 13 ust. 3), the last
 * one started. Zero while the times are missing or the exit is not after the entry.
 */
export function dobaCount(inDate: string, outDate: string): number {
  const start = inDate ? parseLocalDateTimeToMillis(inDate) : null;
  const end = outDate ? parseLocalDateTimeToMillis(outDate) : null;
  if (start === null || end === null || end <= start) return 0;
  return Math.min(MAX_DOBAS, Math.ceil((end - start) / DOBA_MS));
}

/** When doba `index` of a part begins, as `YYYY-MM-DD HH:mm` Warsaw time; null when the entry is not a time. */
export function dobaStart(inDate: string, index: number): string | null {
  const start = inDate ? parseLocalDateTimeToMillis(inDate) : null;
  return start === null ? null : formatLocalDateTimeMillis(start + index * DOBA_MS);
}

/** The meals of each doba of a part, padded with none and cut to its dobas. */
export function mealsOfDobas(meals: readonly (MealValues | undefined | null)[], count: number): MealValues[] {
  return Array.from({ length: count }, (_, index) => ({
    breakfast: meals[index]?.breakfast === true,
    lunch: meals[index]?.lunch === true,
    dinner: meals[index]?.dinner === true,
  }));
}

/** The counts of each meal over the dobas (spec §3: strings). */
export function mealCounts(meals: readonly MealValues[]): { breakfast: number; lunch: number; dinner: number } {
  return {
    breakfast: meals.filter((meal) => meal.breakfast).length,
    lunch: meals.filter((meal) => meal.lunch).length,
    dinner: meals.filter((meal) => meal.dinner).length,
  };
}

function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * An amount as typed ("1 234,56", or the decimal string the amount inputs keep) as the engine's
 * decimal string ("1234.56"); a text that is no amount goes as it is, for the engine to report.
 */
function decimalOrNull(value: string, maxDecimals = 3): string | null {
  const parsed = parseTypedAmount(value, { maxDecimals });
  if (parsed === '') return null;
  return parsed ?? value.trim();
}

function currencyOrNull(value: string): string | null {
  return textOrNull(value.toUpperCase());
}

function choiceOrNull<T extends string>(value: Choice<T>): T | null {
  return value === '' ? null : value;
}

function countryPartOf(part: CountryValues) {
  const meals = mealsOfDobas(part.meals_per_doba, dobaCount(part.in_date, part.out_date));
  const counts = mealCounts(meals);
  const foreign = isForeignPart(part);
  const hasRegions = regionsOf(part.country_code).length > 0;
  return {
    country_code: textOrNull(part.country_code),
    region: hasRegions ? textOrNull(part.region) : null,
    in_date: textOrNull(part.in_date),
    out_date: textOrNull(part.out_date),
    meals_per_doba: meals,
    breakfast_count: String(counts.breakfast),
    lunch_count: String(counts.lunch),
    dinner_count: String(counts.dinner),
    full_board: part.full_board,
    // Hospital and transfer lump sums exist only abroad (§ 15, § 17); hidden values of a part that
    // became domestic must not raise issues the user cannot see.
    hospital: foreign ? part.hospital : false,
    local_transport_lump_sum: part.local_transport_lump_sum,
    transfer_lump_sums: foreign
      ? part.transfer_lump_sums.map((transfer) => ({ city: transfer.city.trim(), direction: transfer.direction }))
      : [],
    accommodation: part.accommodation.map((entry) => ({
      settlement_type_id: choiceOrNull(entry.settlement_type_id),
      start_date: textOrNull(entry.start_date),
      end_date: textOrNull(entry.end_date),
      amount_in_currency: decimalOrNull(entry.amount_in_currency),
      currency: currencyOrNull(entry.currency),
      comment: textOrNull(entry.comment),
      acceptor_consent_over_limit: entry.acceptor_consent_over_limit,
      file_id: entry.file_id ?? null,
      booking_id: entry.booking_id ?? null,
      booking_text: textOrNull(entry.booking_text ?? ''),
    })),
  };
}

function idOrNull(value: string): number | null {
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** The settlement's own fields besides the steps' (nothing for a form without them). */
function metaFields(meta: SettlementMeta | undefined): Partial<DelegationFormInput> {
  if (!meta) return {};
  return {
    id: meta.id,
    user_id: meta.user_id,
    delegation_order_id: meta.delegation_order_id,
    delegation_order_number: meta.delegation_order_number,
    cost_centre_id: idOrNull(meta.cost_centre_id),
    project_id: idOrNull(meta.project_id),
    optima_category_code: meta.optima_category_code || null,
    task_id: meta.task_id,
    external_customer_id: meta.external_customer_id,
    settlement_date: meta.settlement_date,
    destination: meta.destination,
    file: meta.files,
    booking: meta.bookings,
  };
}

/**
 * The form as the engine, `POST /api/delegation/form-field-changed` and `save-standard` take it.
 * Without `meta`, `user_id` stays empty: the server settles the signed-in employee (or the one
 * acted for).
 */
export function toDelegationForm(values: SettlementFormValues): DelegationFormInput {
  return {
    ...metaFields(values.meta),
    start_date: textOrNull(values.start_date),
    end_date: textOrNull(values.end_date),
    destinationText: textOrNull(values.destinationText),
    task: textOrNull(values.task),
    transport: values.transport.map((segment) => ({
      transport_type: choiceOrNull(segment.transport_type),
      settlement_type_id: choiceOrNull(segment.settlement_type_id),
      from_place_text: textOrNull(segment.from_place_text),
      to_place_text: textOrNull(segment.to_place_text),
      start_date: textOrNull(segment.start_date),
      end_date: textOrNull(segment.end_date),
      amount_in_currency: decimalOrNull(segment.amount_in_currency),
      currency: currencyOrNull(segment.currency),
      distance: decimalOrNull(segment.distance),
      comment: textOrNull(segment.comment),
      vehicle_id: hasVehicle(segment) && /^\d+$/.test(segment.vehicle_id) ? Number(segment.vehicle_id) : null,
      file_id: segment.file_id ?? null,
      booking_id: segment.booking_id ?? null,
      booking_ticket: textOrNull(segment.booking_ticket ?? ''),
    })),
    country: values.country.map(countryPartOf),
    other: values.other.map((cost) => ({
      type_id: choiceOrNull(cost.type_id),
      payment_type_id: choiceOrNull(cost.payment_type_id),
      amount_in_currency: decimalOrNull(cost.amount_in_currency),
      currency: currencyOrNull(cost.currency),
      bill_number: textOrNull(cost.bill_number),
      bill_date: textOrNull(cost.bill_date),
      bill_description: textOrNull(cost.bill_description),
      file_id: cost.file_id ?? null,
    })),
    advances: values.advances.map((advance) => ({
      id: advance.id ?? null,
      amount_in_currency: decimalOrNull(advance.amount_in_currency),
      currency: currencyOrNull(advance.currency),
      payment_type: choiceOrNull(advance.payment_type),
      payment_date: textOrNull(advance.payment_date),
      status: choiceOrNull(advance.status),
      comment: textOrNull(advance.comment),
      files: advance.files,
    })),
  };
}
