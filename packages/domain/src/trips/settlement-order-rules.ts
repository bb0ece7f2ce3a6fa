import { localDateOfMillis, parseLocalDateTimeToMillis } from '../common/dates.ts';
import type { Issue } from '../common/errors.ts';
import { dec, parseDecimal } from '../common/money.ts';
import type { SystemSettings } from '../settings/system-settings.ts';
import type { AdvancePaymentType, AdvanceStatus, DelegationForm, DelegationFormInput, TransportType } from '../settlement/delegation-form.ts';
import { DOMESTIC_COUNTRY_CODE, SETTLEMENT_CURRENCY } from '../settlement/rates/statutory-rates.ts';
import { MIN_COMMENT_LENGTH } from '../settlement/validate-settlement.ts';
import { withBoughtServices, type BoughtService } from './bought-services.ts';

/**
 * The rules of spec §5 "Settlement form" that compare a settlement with its trip order and the
 * company's settings (the server applies them on save; they need the order, which the form alone
 * does not have). Each issue has a field path of the form and a message key.
 */

/** What a settlement takes over from its trip order. */
export interface BaseOrder {
  id: number;
  number: string | null;
  user_id: number;
  /** `YYYY-MM-DD HH:mm`, Warsaw. */
  start_date: string;
  end_date: string;
  cost_centre_id: number | null;
  project_id: number | null;
  task_id: number | null;
  task: string | null;
  external_customer_id: number | null;
  destinations: { place_text: string; country_code: string }[];
  destination_text: string | null;
  start_place_text: string | null;
  end_place_text: string | null;
  allowed_transport: string[];
  /** The order's transport cost limit in PLN (spec §5 'Limit exceeded'); null or absent: no limit. */
  allowed_transport_cost?: string | null;
  advances: {
    id: number;
    amount_in_currency: string;
    currency: string;
    payment_type: string;
    payment_date: string | null;
    status: string;
    comment: string;
  }[];
  /** The travel services bought for the order, which the settlement starts with (absent: none). */
  bought_services?: readonly BoughtService[];
}

type OrderRuleSettings = Pick<SystemSettings, 'date_difference_vs_order' | 'trip_order_requirement'>;

/** Hours allowed by each `date_difference_vs_order` option that counts hours. */
const ALLOWED_HOURS: Partial<Record<SystemSettings['date_difference_vs_order'], number>> = { h1: 1, h3: 3, h6: 6, h12: 12, h24: 24, h48: 48 };
const HOUR_MS = 3_600_000;

function idOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

/** Whether a settlement's time differs from the order's more than the company allows. */
function dateDiffers(settlementText: string | null | undefined, orderText: string, option: SystemSettings['date_difference_vs_order']): boolean {
  if (option === 'none' || !settlementText) return false;
  const settlement = parseLocalDateTimeToMillis(settlementText);
  const order = parseLocalDateTimeToMillis(orderText);
  // A malformed time is the form validation's to report.
  if (settlement === null || order === null) return false;
  if (option === 'identical') return settlement !== order;
  if (option === 'sameDay') return localDateOfMillis(settlement) !== localDateOfMillis(order);
  const hours = ALLOWED_HOURS[option] ?? 0;
  return Math.abs(settlement - order) > hours * HOUR_MS;
}

/**
 * The kilometres entered differ from the maps service's distance by more than the allowed percentage.
 * A segment without both distances is not checked.
 */
export function distanceDiffers(distance: string | null | undefined, mapsDistance: string | null | undefined, allowedPercent: number): boolean {
  const entered = parseDecimal(distance ?? null, 3);
  const maps = parseDecimal(mapsDistance ?? null, 3);
  if (entered === null || maps === null || maps.lte(0)) return false;
  return entered.minus(maps).abs().div(maps).times(100).greaterThan(allowedPercent);
}

/**
 * Spec §5: the company's trip-order requirement, the order's cost centre and the allowed difference of
 * the dates against the order (the order's transport types are the form validation's, given
 * `allowedTransportTypesOf`; the distances are `validateDistances`', which needs no order).
 * `order` is the base order (already checked to be the employee's accepted order), or null.
 */
export function validateSettlementAgainstOrder(delegation: DelegationForm, order: BaseOrder | null, settings: OrderRuleSettings): Issue[] {
  const issues: Issue[] = [];
  if (!order) {
    if (settings.trip_order_requirement === 'required') issues.push({ path: ['delegation_order_id'], code: 'delegation.orderRequired' });
  } else {
    if (idOf(delegation.cost_centre_id) !== order.cost_centre_id) {
      issues.push({ path: ['cost_centre_id'], code: 'delegation.costCentreNotOrder' });
    }
    const option = settings.date_difference_vs_order;
    const hours = ALLOWED_HOURS[option];
    const params: Record<string, string | number> = hours === undefined ? { option } : { option, hours };
    if (dateDiffers(delegation.start_date, order.start_date, option)) {
      issues.push({ path: ['start_date'], code: 'delegation.dateDifferenceVsOrder', params: { ...params, order_date: order.start_date } });
    }
    if (dateDiffers(delegation.end_date, order.end_date, option)) {
      issues.push({ path: ['end_date'], code: 'delegation.dateDifferenceVsOrder', params: { ...params, order_date: order.end_date } });
    }
  }
  return issues;
}

/** The base order the form names, as the server found it: null without one or when it is no valid base, which `issues` say. */
export interface FoundBaseOrder {
  order: BaseOrder | null;
  issues: Issue[];
}

/**
 * The rules against the order once the server has looked it up (save and form changes alike): none
 * while the order named is no valid base — its issue at the order field already says why.
 */
export function validateAgainstFoundOrder(delegation: DelegationForm, found: FoundBaseOrder, settings: OrderRuleSettings): Issue[] {
  return found.issues.length > 0 ? [] : validateSettlementAgainstOrder(delegation, found.order, settings);
}

/**
 * Spec §9 distance verification: the kilometres entered against the maps service's distance (which
 * the server puts in `google_maps_api_distance`, never the browser), per the company's setting.
 */
export function validateDistances(delegation: DelegationForm, settings: Pick<SystemSettings, 'distance_verification' | 'distance_allowed_difference'>): Issue[] {
  const issues: Issue[] = [];
  if (settings.distance_verification === 'none') return issues;
  const allowed = settings.distance_allowed_difference;
  delegation.transport.forEach((segment, index) => {
    if (!distanceDiffers(segment.distance, segment.google_maps_api_distance, allowed)) return;
    const params = { allowed, maps_distance: dec(segment.google_maps_api_distance ?? '0').toString() };
    if (settings.distance_verification === 'blockSaving') {
      issues.push({ path: ['transport', index, 'distance'], code: 'delegation.distanceExceedsMaps', params });
    } else if ((segment.comment ?? '').trim().length < MIN_COMMENT_LENGTH) {
      issues.push({ path: ['transport', index, 'comment'], code: 'delegation.distanceCommentRequired', params: { ...params, min: MIN_COMMENT_LENGTH } });
    }
  });
  return issues;
}

/** What a settlement save may ask the user to confirm (spec §5); the save is resent with `confirmed` naming it. */
export const SETTLEMENT_CONFIRMATIONS = ['delegation.transportLimitExceeded'] as const;
export type SettlementConfirmation = (typeof SETTLEMENT_CONFIRMATIONS)[number];

/**
 * Spec §5 'Limit exceeded': the settlement's transport — tickets and other transport costs and the
 * mileage, in PLN — above the trip order's transport cost limit asks for confirmation, said at the
 * transport list. Nothing is asked without an order, without a limit, or once `confirmed` names it.
 */
export function transportLimitConfirmation(
  totals: { transport_total_pln: string; mileage_total_pln: string },
  order: Pick<BaseOrder, 'allowed_transport_cost'> | null,
  confirmed: readonly string[] = [],
): Issue | null {
  if (!order || confirmed.includes('delegation.transportLimitExceeded')) return null;
  const limit = parseDecimal(order.allowed_transport_cost ?? null);
  if (limit === null) return null;
  const total = dec(totals.transport_total_pln).plus(dec(totals.mileage_total_pln));
  if (!total.greaterThan(limit)) return null;
  return { path: ['transport'], code: 'delegation.transportLimitExceeded', params: { total: total.toFixed(2), limit: limit.toFixed(2) } };
}

/** The transport types a settlement may use: the order's, or every type without an order. */
export function allowedTransportTypesOf(order: Pick<BaseOrder, 'allowed_transport'> | null, all: readonly TransportType[]): TransportType[] | undefined {
  if (!order || order.allowed_transport.length === 0) return undefined;
  return all.filter((type) => order.allowed_transport.includes(type));
}

const KNOWN_PAYMENT_TYPES: readonly AdvancePaymentType[] = ['cash', 'transfer', 'compensation'];
const KNOWN_ADVANCE_STATUSES: readonly AdvanceStatus[] = ['unknown', 'approved', 'rejected', 'paid'];

/**
 * A new settlement from its trip order (spec §2 `/delegation/new-from-order`): the employee, dates,
 * purpose, cost centre, project and contractor; the destinations as country parts (Poland first and
 * last, each foreign country once, in the order's order); the journeys there and back between the
 * order's places; the only allowed transport type when there is one; and the order's advances.
 * The border times of a foreign trip are not known from the order and stay empty. The services
 * bought for the order come in as company bookings (`withBoughtServices`).
 */
export function settlementFormFromOrder(order: BaseOrder): DelegationFormInput {
  return withBoughtServices(orderSuggestion(order), order.bought_services ?? []);
}

/** What the order alone says of the trip. */
function orderSuggestion(order: BaseOrder): DelegationFormInput {
  const foreign: string[] = [];
  for (const destination of order.destinations) {
    const code = destination.country_code.toUpperCase();
    if (code && code !== DOMESTIC_COUNTRY_CODE && !foreign.includes(code)) foreign.push(code);
  }
  const onlyType = order.allowed_transport.length === 1 ? (order.allowed_transport[0] as TransportType) : null;
  const firstPlace = order.destinations[0]?.place_text ?? null;
  const lastPlace = order.destinations.at(-1)?.place_text ?? null;
  const country =
    foreign.length === 0
      ? [{ country_code: DOMESTIC_COUNTRY_CODE, in_date: order.start_date, out_date: order.end_date }]
      : [
          { country_code: DOMESTIC_COUNTRY_CODE, in_date: order.start_date, out_date: null },
          ...foreign.map((code) => ({ country_code: code, in_date: null, out_date: null })),
          { country_code: DOMESTIC_COUNTRY_CODE, in_date: null, out_date: order.end_date },
        ];
  return {
    user_id: order.user_id,
    delegation_order_id: order.id,
    delegation_order_number: order.number,
    start_date: order.start_date,
    end_date: order.end_date,
    destination: order.destinations.map((destination) => destination.place_text),
    destinationText: order.destination_text ?? (order.destinations.map((destination) => destination.place_text).join(', ') || null),
    task: order.task,
    task_id: order.task_id,
    cost_centre_id: order.cost_centre_id,
    project_id: order.project_id,
    external_customer_id: order.external_customer_id,
    transport: [
      {
        transport_type: onlyType,
        from_place_text: order.start_place_text,
        to_place_text: firstPlace,
        start_date: order.start_date,
        end_date: null,
        currency: SETTLEMENT_CURRENCY,
      },
      {
        transport_type: onlyType,
        from_place_text: lastPlace,
        to_place_text: order.end_place_text ?? order.start_place_text,
        start_date: null,
        end_date: order.end_date,
        currency: SETTLEMENT_CURRENCY,
      },
    ],
    country,
    other: [],
    advances: order.advances
      .filter((advance) => advance.status !== 'rejected')
      .map((advance) => ({
        id: advance.id,
        amount_in_currency: advance.amount_in_currency,
        currency: advance.currency,
        payment_type: KNOWN_PAYMENT_TYPES.includes(advance.payment_type as AdvancePaymentType) ? (advance.payment_type as AdvancePaymentType) : null,
        payment_date: advance.payment_date,
        status: KNOWN_ADVANCE_STATUSES.includes(advance.status as AdvanceStatus) ? (advance.status as AdvanceStatus) : 'unknown',
        comment: advance.comment || null,
      })),
  };
}
