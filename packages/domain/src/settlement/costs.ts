import { dec, parseDecimal, roundMoney, type Dec } from '../common/money.ts';
import type { Advance, OtherCost, TransportSegment, Vehicle } from './delegation-form.ts';
import { explain, PARAGRAPH, type Explanation } from './explanation.ts';
import type { MileageRate, RateBook } from './rates/rate-book.ts';
import { SETTLEMENT_CURRENCY, type MileageVehicleKind } from './rates/statutory-rates.ts';
import { dayOfText } from './trip-time.ts';

/**
 * Transport segments, other costs and advances, valued in their own currency before conversion.
 * Only what the employee paid is due to the employee: what the company paid or booked is shown with
 * a zero amount and says so.
 */

/** How a transport line was settled. */
export const TRANSPORT_LINE_KINDS = ['ticket', 'mileage', 'companyPaid', 'none'] as const;
/** One value of `TRANSPORT_LINE_KINDS`. */
export type TransportLineKind = (typeof TRANSPORT_LINE_KINDS)[number];

/** A cost line before conversion: the amount due to the employee (rounded to 0.01) and why. */
export interface CostValue {
  amount: Dec;
  currency: string;
  /** The day of the cost, for the exchange-rate rule `lastTableBeforeCost`. */
  costDay: string | null;
  explanation: Explanation;
  details: Explanation[];
}

/** A transport segment, valued. */
export interface TransportValue extends CostValue {
  kind: TransportLineKind;
  /** The mileage rate applied, for a private vehicle's kilometres. */
  mileageRate: MileageRate | null;
}

/** An advance, valued: `counted` when it was paid and not rejected. */
export interface AdvanceValue extends CostValue {
  counted: boolean;
}

/** The largest engine capacity of the lower mileage band, in cm³. */
const SMALL_ENGINE_CM3 = 900;

/**
 * The mileage kind of a vehicle: a car by engine capacity (up to 900 cm³ or above), a motorcycle or a
 * moped. A truck is not a vehicle of the mileage regulation; null also when the capacity is unknown.
 */
export function vehicleKindOf(vehicle: Vehicle): MileageVehicleKind | null {
  switch (vehicle.type) {
    case 'motorcycle':
      return 'motorcycle';
    case 'moped':
      return 'moped';
    case 'car':
      if (vehicle.engine_capacity === null || vehicle.engine_capacity === undefined) return null;
      return vehicle.engine_capacity <= SMALL_ENGINE_CM3 ? 'carUpTo900' : 'carOver900';
    default:
      return null;
  }
}

function nothing(currency: string, costDay: string | null, explanation: Explanation): CostValue {
  return { amount: dec(0), currency, costDay, explanation, details: [] };
}

// The helpers below are module functions, not closures made per call: a closure bound to a name gets
// its name set at run time where the code is run through esbuild with `keepNames` (tsx, which runs the
// bench and the tests), and that cost about a quarter of the engine's time (docs/performance.md, "The engine").

/** A segment without mileage due: `code` explains why. */
function noMileage(costDay: string | null, code: string, params: Record<string, string> = {}): TransportValue {
  return Object.assign(nothing(SETTLEMENT_CURRENCY, costDay, explain(code, params)), {
    kind: 'none' as const,
    mileageRate: null,
  });
}

/** A segment's value as a transport line of `kind` (no mileage rate). */
function settled(value: CostValue, kind: TransportLineKind): TransportValue {
  return {
    amount: value.amount,
    currency: value.currency,
    costDay: value.costDay,
    explanation: value.explanation,
    details: value.details,
    kind,
    mileageRate: null,
  };
}

/** An advance that does not reduce the balance: `code` explains why. */
function notCounted(currency: string, paymentDay: string | null, code: string): AdvanceValue {
  return Object.assign(nothing(currency, paymentDay, explain(code)), { counted: false });
}

/**
 * Mileage (kilometrówka, § 3 ust. 3): kilometres × the company's rate for the vehicle kind, never above
 * the statutory maximum in force on the day of the segment; only for a private vehicle.
 */
function mileage(segment: TransportSegment, rateBook: RateBook, costDay: string | null): TransportValue {
  const vehicle = segment.vehicle;
  if (!vehicle) return noMileage(costDay, 'calc.mileage.vehicleMissing');
  if (vehicle.is_private !== true)
    return noMileage(costDay, 'calc.mileage.nonPrivateVehicle', { paragraph: PARAGRAPH.mileage });
  if (vehicle.type === 'truck') return noMileage(costDay, 'calc.mileage.vehicleKindNotCovered');
  const kind = vehicleKindOf(vehicle);
  if (kind === null) return noMileage(costDay, 'calc.mileage.engineCapacityMissing');
  const distance = parseDecimal(segment.distance, 3);
  if (distance === null || distance.isNegative() || costDay === null) return noMileage(costDay, 'calc.incomplete');
  const rate = rateBook.mileageRate(kind, costDay);
  if (!rate) return noMileage(costDay, 'calc.mileage.rateMissing', { date: costDay });
  const amount = roundMoney(distance.times(rate.rate));
  const limits = { statutory_max: rate.statutory_max, legal_basis: rate.legal_basis };
  const rateDetail =
    rate.company_rate === null
      ? explain('calc.mileage.statutoryMaximumApplied', limits)
      : rate.capped
        ? explain('calc.mileage.cappedAtMaximum', { ...limits, company_rate: rate.company_rate })
        : explain('calc.mileage.companyRate', {
            ...limits,
            company_rate: rate.company_rate,
            valid_from: rate.valid_from,
          });
  return {
    kind: 'mileage',
    amount,
    currency: SETTLEMENT_CURRENCY,
    costDay,
    mileageRate: rate,
    explanation: explain('calc.mileage.privateVehicle', {
      distance: distance.toString(),
      rate: rate.rate,
      amount: amount.toFixed(2),
      vehicle_kind: kind,
      paragraph: PARAGRAPH.mileage,
    }),
    details: [rateDetail],
  };
}

const TICKET_CODES = {
  ticketScan: 'calc.transport.ticket',
  ticketLost: 'calc.transport.ticketLost',
  employeeStatement: 'calc.transport.employeeStatement',
} as const;

/** Values a transport segment by its settlement type (spec §3 "Transport settlement"). */
export function valueTransport(segment: TransportSegment, rateBook: RateBook): TransportValue {
  const currency = segment.currency || SETTLEMENT_CURRENCY;
  const costDay = dayOfText(segment.start_date);
  switch (segment.settlement_type_id) {
    case 'lumpSum':
      return mileage(segment, rateBook, costDay);
    case 'ticketScan':
    case 'ticketLost':
    case 'employeeStatement': {
      const amount = parseDecimal(segment.amount_in_currency);
      if (amount === null || amount.isNegative())
        return settled(nothing(currency, costDay, explain('calc.incomplete')), 'none');
      const explanation = explain(TICKET_CODES[segment.settlement_type_id], {
        amount: amount.toFixed(2),
        currency,
      });
      return settled({ amount, currency, costDay, explanation, details: [] }, 'ticket');
    }
    case 'booking':
    case 'companyProvided':
      return settled(
        nothing(
          currency,
          costDay,
          explain('calc.transport.paidByCompany', { amount: segment.amount_in_currency ?? '', currency }),
        ),
        'companyPaid',
      );
    case 'alreadySettled':
      return settled(nothing(currency, costDay, explain('calc.transport.alreadySettled')), 'none');
    default:
      return settled(nothing(currency, costDay, explain('calc.incomplete')), 'none');
  }
}

/** Values another cost: due when the employee paid it (cash or own funds), not when the company did. */
export function valueOtherCost(cost: OtherCost): CostValue {
  const currency = cost.currency || SETTLEMENT_CURRENCY;
  const costDay = dayOfText(cost.bill_date);
  const amount = parseDecimal(cost.amount_in_currency);
  if (amount === null || amount.isNegative() || !cost.payment_type_id) {
    return nothing(currency, costDay, explain('calc.incomplete'));
  }
  if (cost.payment_type_id === 'cash' || cost.payment_type_id === 'ownFunds') {
    const explanation = explain('calc.other.employeePaid', {
      amount: amount.toFixed(2),
      currency,
      payment_type: cost.payment_type_id,
    });
    return { amount, currency, costDay, explanation, details: [] };
  }
  return nothing(
    currency,
    costDay,
    explain('calc.other.paidByCompany', {
      amount: amount.toFixed(2),
      currency,
      payment_type: cost.payment_type_id,
    }),
  );
}

/**
 * Values an advance (zaliczka, § 11 / § 20). It reduces the balance once paid: it has a payment date
 * and was not rejected (in the basic advance flow an advance may be paid without a decision of its own).
 */
export function valueAdvance(advance: Advance): AdvanceValue {
  const currency = advance.currency || SETTLEMENT_CURRENCY;
  const paymentDay = dayOfText(advance.payment_date);
  const amount = parseDecimal(advance.amount_in_currency);
  if (amount === null || amount.isNegative()) return notCounted(currency, paymentDay, 'calc.incomplete');
  if (advance.status === 'rejected') return notCounted(currency, paymentDay, 'calc.advance.rejected');
  if (paymentDay === null) return notCounted(currency, paymentDay, 'calc.advance.notPaid');
  return {
    amount,
    currency,
    costDay: paymentDay,
    counted: true,
    explanation: explain('calc.advance.counted', { amount: amount.toFixed(2), currency, date: paymentDay }),
    details: [],
  };
}
