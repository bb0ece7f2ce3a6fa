import { z } from 'zod';
import type { Issue } from '../common/errors.ts';

/**
 * The settlement form as the web sends it to `POST /api/delegation/form-field-changed` (spec §7),
 * with the spec's field names (§3). The schema only checks the shape, and is permissive on purpose:
 * a half-filled form must parse, so every field is optional and dates and amounts are plain strings.
 * Their formats and every business rule are checked by `validateSettlementForm`, which reports
 * issues with field paths instead of failing the whole form.
 *
 * Dates are `YYYY-MM-DD HH:mm` in Warsaw wall time; amounts are decimal strings ("123.45"), never
 * numbers, and are not coerced.
 */

/** Spec §3 enumeration "Transport types". */
export const TRANSPORT_TYPES = [
  'car',
  'carRental',
  'flight',
  'rail',
  'pks',
  'bus',
  'publicTransport',
  'other',
] as const;
/** One value of `TRANSPORT_TYPES`. */
export type TransportType = (typeof TRANSPORT_TYPES)[number];

/** Spec §3 enumeration "Transport settlement". `lumpSum` is the mileage allowance (kilometrówka). */
export const TRANSPORT_SETTLEMENT_TYPES = [
  'booking',
  'lumpSum',
  'ticketScan',
  'ticketLost',
  'companyProvided',
  'employeeStatement',
  'alreadySettled',
] as const;
/** One value of `TRANSPORT_SETTLEMENT_TYPES`. */
export type TransportSettlementType = (typeof TRANSPORT_SETTLEMENT_TYPES)[number];

/** Spec §3 enumeration "Accommodation settlement". */
export const ACCOMMODATION_SETTLEMENT_TYPES = [
  'importReservation',
  'invoiceCompanyPayment',
  'invoiceWorkerPayment',
  'lumpSum',
  'employeeStatement',
  'alreadySettled',
] as const;
/** One value of `ACCOMMODATION_SETTLEMENT_TYPES`. */
export type AccommodationSettlementType = (typeof ACCOMMODATION_SETTLEMENT_TYPES)[number];

/** Spec §3 enumeration "Vehicle types". */
export const VEHICLE_TYPES = ['car', 'truck', 'motorcycle', 'moped'] as const;
/** One value of `VEHICLE_TYPES`. */
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** Spec §3 enumeration "Other-cost payment types". */
export const OTHER_COST_PAYMENT_TYPES = ['cash', 'ownFunds', 'companyCard', 'transfer', 'fuelCard'] as const;
/** One value of `OTHER_COST_PAYMENT_TYPES`. */
export type OtherCostPaymentType = (typeof OTHER_COST_PAYMENT_TYPES)[number];

/** Spec §3 enumeration "Other cost types". */
export const OTHER_COST_TYPES = [
  'representativeCosts',
  'taxi',
  'advertisingCosts',
  'meal',
  'transport',
  'carRent',
  'other',
  'accommodation',
  'localTransport',
  'transportEntry',
  'parking',
  'fuel',
  'carRentFuel',
  'rentedCar',
  'companyCar',
  'employeeCar',
] as const;
/** One value of `OTHER_COST_TYPES`. */
export type OtherCostType = (typeof OTHER_COST_TYPES)[number];

/** Spec §3 / §9 advance payment types (compensation appears in §9). */
export const ADVANCE_PAYMENT_TYPES = ['cash', 'transfer', 'compensation'] as const;
/** One value of `ADVANCE_PAYMENT_TYPES`. */
export type AdvancePaymentType = (typeof ADVANCE_PAYMENT_TYPES)[number];

/** Spec §3 advance statuses: `unknown` means no decision yet. */
export const ADVANCE_STATUSES = ['unknown', 'approved', 'rejected', 'paid'] as const;
/** One value of `ADVANCE_STATUSES`. */
export type AdvanceStatus = (typeof ADVANCE_STATUSES)[number];

/** § 17 ust. 1–2: transfer costs to and from the station or airport, both ways or one way only. */
export const TRANSFER_DIRECTIONS = ['both', 'oneWay'] as const;

/** Where a segment's maps distance came from (ADR 0033): a maps service, or the estimate from the places' coordinates. */
export const MAPS_DISTANCE_SOURCES = ['google', 'osrm', 'estimate'] as const;
export type MapsDistanceSource = (typeof MAPS_DISTANCE_SOURCES)[number];
/** One value of `TRANSFER_DIRECTIONS`. */
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

const id = z.union([z.number().int().nonnegative(), z.string().max(64)]).nullish();
const text = (max: number) => z.string().max(max).nullish();
/** `YYYY-MM-DD HH:mm` (or a date alone where a day suffices); the format is a business rule. */
const dateText = z.string().max(32).nullish();
/** A decimal string; its format and range are business rules. */
const decimalText = z.string().max(32).nullish();
/** A meal count, a non-negative integer as a string (spec §3: strings, default "0"). */
const countText = z.string().max(4).nullable().default('0');
const flag = z.boolean().nullish();
/** An enumeration value, or '' for a select not chosen yet. */
function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).or(z.literal('')).nullish();
}

/** A vehicle as the form carries it inline (spec §3 "Vehicle"); the server fills it from `vehicle_id`. */
export const vehicleSchema = z.strictObject({
  id,
  plates: text(20),
  model: text(100),
  /** Engine capacity in cm³. */
  engine_capacity: z.number().int().nonnegative().nullish(),
  type: choice(VEHICLE_TYPES),
  is_private: flag,
});

/** Spec §3 "Transport segment of a settlement". */
export const transportSegmentSchema = z.strictObject({
  id,
  settlement_type_id: choice(TRANSPORT_SETTLEMENT_TYPES),
  vehicle_id: id,
  vehicle: vehicleSchema.nullish(),
  file_id: id,
  booking_id: id,
  booking_ticket: text(200),
  transport_type: choice(TRANSPORT_TYPES),
  from_place_id: id,
  from_place_text: text(200),
  to_place_id: id,
  to_place_text: text(200),
  start_date: dateText,
  end_date: dateText,
  /** The PLN amount the server last calculated; the engine recalculates it. */
  amount: decimalText,
  amount_in_currency: decimalText,
  currency: text(3),
  comment: text(1000),
  /** Kilometres driven, a decimal string. */
  distance: decimalText,
  /** The maps service's distance for the same route, for the distance check. */
  google_maps_api_distance: decimalText,
  /** Where the server got `google_maps_api_distance` from, so a saved settlement still says it. */
  google_maps_api_distance_source: choice(MAPS_DISTANCE_SOURCES),
  /** Marks the segment that crosses the border; the border time itself is the country part's in/out date. */
  crosses_border: flag,
  car_rental_name: text(200),
  car_rental_vehicle_name: text(200),
  car_rental_vehicle_model: text(200),
});

/** Spec §3 "Accommodation", inside a country part. */
export const accommodationSchema = z.strictObject({
  id,
  settlement_type_id: choice(ACCOMMODATION_SETTLEMENT_TYPES),
  file_id: id,
  booking_id: id,
  booking_text: text(500),
  start_date: dateText,
  end_date: dateText,
  amount_in_currency: decimalText,
  currency: text(3),
  comment: text(1000),
  invoice_date: dateText,
  amount: decimalText,
  /** § 8 ust. 2 / § 16 ust. 3: the acceptor agreed to refund a bill above the hotel limit. */
  acceptor_consent_over_limit: flag,
});

/** The meals provided in one doba (24 h from the start of the country part), § 7 ust. 4 / § 14 ust. 2. */
export const mealsOfDobaSchema = z.strictObject({
  breakfast: z.boolean().default(false),
  lunch: z.boolean().default(false),
  dinner: z.boolean().default(false),
  /** Free full board that doba (§ 7 ust. 3 pkt 2, § 14 ust. 1). */
  full_board: flag,
  /** In hospital that doba, abroad (§ 15). */
  hospital: flag,
});

/** One city's transfer lump sum abroad (§ 17 ust. 1–2). */
export const transferLumpSumSchema = z.strictObject({
  city: z.string().max(200),
  direction: z.enum(TRANSFER_DIRECTIONS),
});

/** Spec §3 "Country part": the time spent in one country, with its meals and accommodation. */
export const countryPartSchema = z.strictObject({
  id,
  country_code: text(2),
  /** A region of the rate tables, e.g. `newYork`, `washington`, or a company override's region. */
  region: text(64),
  /** Entry: departure (domestic part) or border crossing / take-off (foreign part, § 12). */
  in_date: dateText,
  /** Exit: border crossing / landing (foreign part, § 12) or arrival (domestic part). */
  out_date: dateText,
  breakfast_count: countText,
  lunch_count: countText,
  dinner_count: countText,
  /** Meals per doba; when given, the counts above are their sums. */
  meals_per_doba: z.array(mealsOfDobaSchema).max(400).nullish(),
  /** Free full board for the whole part (§ 7 ust. 3 pkt 2, § 14 ust. 1). */
  full_board: flag,
  /** In hospital for the whole part, abroad (§ 15). */
  hospital: flag,
  accommodation: z.array(accommodationSchema).max(100).default([]),
  /** The employee claims the local-transport lump sum (§ 9, § 17 ust. 3). */
  local_transport_lump_sum: flag,
  /** The cities with a transfer lump sum (§ 17 ust. 1–2). */
  transfer_lump_sums: z.array(transferLumpSumSchema).max(50).nullish(),
  /** Spec field; the engine derives domestic from `country_code` = PL and validation checks they agree. */
  is_internal: flag,
  /** Calculated fields the server last returned; recalculated, never trusted. */
  currency: text(3),
  delegation_rate: decimalText,
  amount: decimalText,
});

/** Spec §3 "Other cost". */
export const otherCostSchema = z.strictObject({
  id,
  settlement_type_id: id,
  file_id: id,
  type_id: choice(OTHER_COST_TYPES),
  payment_type_id: choice(OTHER_COST_PAYMENT_TYPES),
  currency: text(3),
  amount_in_currency: decimalText,
  bill_number: text(100),
  bill_description: text(1000),
  bill_date: dateText,
  type: text(100),
  is_internal_cost: flag,
  vehicle_type_id: id,
  is_invoice_for_employer: flag,
  net_amount_in_currency: decimalText,
  amount: decimalText,
});

/** Spec §3 "Advance" (zaliczka). */
export const advanceSchema = z.strictObject({
  id,
  amount_in_currency: decimalText,
  currency: text(3),
  payment_type: choice(ADVANCE_PAYMENT_TYPES),
  payment_date: dateText,
  comment: text(1000),
  files: z.array(id).max(50).nullish(),
  status: choice(ADVANCE_STATUSES),
});

const destinationSchema = z.union([
  z.number().int(),
  z.string().max(200),
  z.strictObject({ id, text: text(200) }),
]);

/** Spec §3 "Delegation (settlement / expense report)". */
export const delegationFormSchema = z.strictObject({
  id,
  user_id: id,
  company_id: id,
  destination: z.array(destinationSchema).max(20).default([]),
  destinationText: text(1000),
  /** Departure from home or office. */
  start_date: dateText,
  /** Return home or to the office. */
  end_date: dateText,
  task: text(1000),
  task_id: id,
  cost_centre_id: id,
  project_id: id,
  external_customer_id: id,
  number: text(100),
  custom_number: text(100),
  delegation_order_id: id,
  delegation_order_number: text(100),
  settlement_date: dateText,
  optima_category_code: text(100),
  send_at: dateText,
  transport: z.array(transportSegmentSchema).max(200).default([]),
  country: z.array(countryPartSchema).max(50).default([]),
  other: z.array(otherCostSchema).max(500).default([]),
  advances: z.array(advanceSchema).max(50).default([]),
  file: z.array(id).max(200).nullish(),
  booking: z
    .array(z.strictObject({ booking_id: id, label: text(200) }))
    .max(200)
    .nullish(),
});

/** An issue as the web echoes it back in `delegationErrors`. */
export const formIssueSchema = z.strictObject({
  path: z.array(z.union([z.string().max(100), z.number().int()])).max(10),
  code: z.string().max(200),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * Body of `POST /api/delegation/form-field-changed`: the form, and the issues it shows now
 * (informational; the answer carries fresh issues).
 */
export const formFieldChangedRequestSchema = z.strictObject({
  delegation: delegationFormSchema,
  delegationErrors: z.array(formIssueSchema).max(1000).nullish(),
});

/** The parsed `vehicleSchema`. */
export type Vehicle = z.output<typeof vehicleSchema>;
/** The parsed `transportSegmentSchema`. */
export type TransportSegment = z.output<typeof transportSegmentSchema>;
/** The parsed `accommodationSchema`. */
export type Accommodation = z.output<typeof accommodationSchema>;
/** The parsed `mealsOfDobaSchema`. */
export type MealsOfDoba = z.output<typeof mealsOfDobaSchema>;
/** The parsed `transferLumpSumSchema`. */
export type TransferLumpSum = z.output<typeof transferLumpSumSchema>;
/** The parsed `countryPartSchema`. */
export type CountryPart = z.output<typeof countryPartSchema>;
/** The parsed `otherCostSchema`. */
export type OtherCost = z.output<typeof otherCostSchema>;
/** The parsed `advanceSchema`. */
export type Advance = z.output<typeof advanceSchema>;
/** The parsed settlement form, as `calculateSettlement` and `validateSettlementForm` take it. */
export type DelegationForm = z.output<typeof delegationFormSchema>;
/** The settlement form as the web builds it (defaults not applied yet). */
export type DelegationFormInput = z.input<typeof delegationFormSchema>;
/** The parsed `formFieldChangedRequestSchema`. */
export type FormFieldChangedRequest = z.output<typeof formFieldChangedRequestSchema>;

/** Maps a zod issue code to the message key the web translates. */
function issueCodeOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // Zod leaves `input` out when the value was missing.
      return 'input' in issue ? 'validation.invalidValue' : 'validation.required';
    case 'too_big':
      return 'validation.tooLong';
    case 'too_small':
      return 'validation.tooShort';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    case 'invalid_union':
    case 'invalid_value':
      return 'validation.invalidOption';
    default:
      return 'validation.invalidValue';
  }
}

/**
 * Parses the form's shape. Shape errors come back as issues with field paths (never thrown), and the
 * form is null when its shape is wrong; business rules are `validateSettlementForm`'s.
 */
export function parseDelegationForm(input: unknown): { delegation: DelegationForm | null; issues: Issue[] } {
  const result = delegationFormSchema.safeParse(input, { reportInput: true });
  if (result.success) return { delegation: result.data, issues: [] };
  const issues = result.error.issues.flatMap((issue): Issue[] => {
    const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
    const code = issueCodeOf(issue);
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: [...path, key], code }));
    if (issue.code === 'too_big' || issue.code === 'too_small') {
      const params: Record<string, number> =
        issue.code === 'too_big' ? { max: Number(issue.maximum) } : { min: Number(issue.minimum) };
      return [{ path, code, params }];
    }
    return [{ path, code }];
  });
  return { delegation: null, issues };
}
