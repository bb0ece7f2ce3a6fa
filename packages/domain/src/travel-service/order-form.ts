import { z } from 'zod';
import { isLocalDate } from '../common/dates.ts';
import type { Issue } from '../common/errors.ts';
import { INT32_MAX } from '../common/safe-input.ts';
import { travelParameterValuesIssues, type TravelParameterDefinition } from '../master-data/travel-parameters.ts';
import type { TransportType } from '../settlement/delegation-form.ts';
import {
  PARAMS_SCHEMA_BY_TYPE,
  ROOM_TYPE_CAPACITY,
  TRANSPORT_OF_ITEM_TYPE,
  asksForInsurance,
  emptyParams,
  serviceSpanOf,
  type CarParams,
  type FlightParams,
  type HotelParams,
  type InsuranceParams,
  type OtherParams,
  type RailParams,
  type TravelItemType,
} from './service-types.ts';

/**
 * The travel-service order as the form edits it and `POST travel-service/edit-service-order` takes
 * it (spec §3 "Travel service order", "Order item", "Traveller"), with the rules of spec §5
 * "Travel-service order" and the order behaviour of spec §4 (insurance, split orders).
 */

const id = z.number().int('validation.integer').min(1, 'validation.valueOutOfRange').max(INT32_MAX, 'validation.valueOutOfRange');
const text = (max: number) => z.string().max(max, 'validation.tooLong');
/** A client-made identifier of an item inside its order (the form uses UUIDs). */
const guid = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'validation.guid');

/** A person travelling on a service: a company user, or an external person (company_user_id null). */
export const travellerSchema = z.strictObject({
  company_user_id: id.nullable(),
  name: text(100),
  surname: text(100),
  email: text(200),
  phone: text(50),
  birth_date: z.string().refine(isLocalDate, 'validation.date').nullable(),
  document_number: text(50),
});
export type TravellerInput = z.infer<typeof travellerSchema>;

const itemBase = {
  /** The stored item; absent for a new one. */
  id: id.optional(),
  /** Identifies the item inside the order before it has an id; an insurance names its base item by it. */
  guid,
  group_guid: guid.nullable(),
  sequence: z.number().int().min(1).max(100),
  /** The base item's guid of a linked insurance (spec §3 related_travel_service_order_item_guid). */
  related_travel_service_order_item_guid: guid.nullable(),
  comment: text(2000),
  cost_centre_id: id.nullable(),
  passengers: z.array(travellerSchema).max(20),
};

export const orderItemInputSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...itemBase, type: z.literal('hotel'), params: PARAMS_SCHEMA_BY_TYPE.hotel }),
  z.strictObject({ ...itemBase, type: z.literal('flight'), params: PARAMS_SCHEMA_BY_TYPE.flight }),
  z.strictObject({ ...itemBase, type: z.literal('flightLowCost'), params: PARAMS_SCHEMA_BY_TYPE.flightLowCost }),
  z.strictObject({ ...itemBase, type: z.literal('rail'), params: PARAMS_SCHEMA_BY_TYPE.rail }),
  z.strictObject({ ...itemBase, type: z.literal('car'), params: PARAMS_SCHEMA_BY_TYPE.car }),
  z.strictObject({ ...itemBase, type: z.literal('insurance'), params: PARAMS_SCHEMA_BY_TYPE.insurance }),
  z.strictObject({ ...itemBase, type: z.literal('other'), params: PARAMS_SCHEMA_BY_TYPE.other }),
]);
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

/** The confirmations a save may carry after the user agreed to a warning that asks for one (spec §5). */
export const TRAVEL_ORDER_CONFIRMATIONS = ['travelService.roomCapacityMismatch', 'travelService.transportLimitExceeded'] as const;
export type TravelOrderConfirmation = (typeof TRAVEL_ORDER_CONFIRMATIONS)[number];

export const travelServiceOrderFormSchema = z.strictObject({
  id: id.optional(),
  /** The version loaded; a newer one on the server answers 409. */
  version: id.optional(),
  /** The worker ordered for ('choose worker' when none); their trip order may be linked. */
  user_id: id.nullable(),
  /** The trip order (polecenie wyjazdu) the services are for (spec §3 travel_service_order_ids[]). */
  delegation_order_id: id.nullable(),
  external_customer_id: id.nullable(),
  project_id: id.nullable(),
  comment: text(2000),
  /** The company's extra fields: parameter id → value. */
  additional_parameters: z.array(z.strictObject({ id, value: text(500).nullable() })).max(100),
  travelServiceOrderItems: z.array(orderItemInputSchema).max(30),
  /** Warnings asking for confirmation the user confirmed. */
  confirmed: z.array(z.enum(TRAVEL_ORDER_CONFIRMATIONS)).max(TRAVEL_ORDER_CONFIRMATIONS.length),
});
export type TravelServiceOrderForm = z.infer<typeof travelServiceOrderFormSchema>;

/** A new item of the type with one traveller, as the form adds it. */
export function newOrderItem<T extends TravelItemType>(type: T, guidValue: string, sequence: number, passengers: TravellerInput[] = []): OrderItemInput {
  return {
    guid: guidValue,
    group_guid: null,
    sequence,
    related_travel_service_order_item_guid: null,
    comment: '',
    cost_centre_id: null,
    passengers,
    type,
    params: emptyParams(type),
  } as OrderItemInput;
}

/** What the rules know beyond the form. */
export interface TravelOrderRuleContext {
  /** The company's active extra fields. */
  parameters: readonly (TravelParameterDefinition & { id: number; is_required: boolean })[];
  /** The linked trip order's allowed transport, when one is linked. */
  tripOrder: { allowed_transport: readonly TransportType[] } | null;
  /** Today in Warsaw: services cannot start in the past. */
  today: string;
}

/** The outcome of the rules: `issues` block the save; `confirmations` block it until confirmed; `warnings` only inform. */
export interface TravelOrderCheck {
  issues: Issue[];
  confirmations: Issue[];
  warnings: Issue[];
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/**
 * Spec §5 "Travel-service order": at least one service and one person per service, the required
 * extra fields, 'choose worker', each type's required parameters and their date order; a person
 * count that differs from the room type's standard asks for confirmation; transport the linked
 * trip order does not allow warns.
 */
export function checkTravelServiceOrder(form: TravelServiceOrderForm, context: TravelOrderRuleContext): TravelOrderCheck {
  const issues: Issue[] = [];
  const confirmations: Issue[] = [];
  const warnings: Issue[] = [];
  if (form.user_id === null) issues.push({ path: ['user_id'], code: 'travelService.chooseWorker' });
  if (form.travelServiceOrderItems.length === 0) issues.push({ path: ['travelServiceOrderItems'], code: 'travelService.noServices' });
  const values = Object.fromEntries(form.additional_parameters.map((entry) => [entry.id, entry.value]));
  issues.push(...travelParameterValuesIssues(context.parameters, values));

  const guids = new Map(form.travelServiceOrderItems.map((item) => [item.guid, item]));
  form.travelServiceOrderItems.forEach((item, index) => {
    const at = (...rest: (string | number)[]) => ['travelServiceOrderItems', index, ...rest];
    if (item.passengers.length === 0) issues.push({ path: at('passengers'), code: 'travelService.noPassengers' });
    item.passengers.forEach((passenger, p) => {
      if (passenger.company_user_id === null) {
        if (blank(passenger.name)) issues.push({ path: at('passengers', p, 'name'), code: 'global.error.required' });
        if (blank(passenger.surname)) issues.push({ path: at('passengers', p, 'surname'), code: 'global.error.required' });
      }
      if (!blank(passenger.email) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(passenger.email.trim())) issues.push({ path: at('passengers', p, 'email'), code: 'validation.email' });
    });
    if (item.related_travel_service_order_item_guid !== null) {
      const base = guids.get(item.related_travel_service_order_item_guid);
      if (item.type !== 'insurance' || !base || base.type === 'insurance') issues.push({ path: at('related_travel_service_order_item_guid'), code: 'validation.unknownReference' });
    }
    issues.push(...paramIssues(item, context.today).map((issue) => ({ ...issue, path: at('params', ...issue.path) })));

    if (item.type === 'hotel' && item.params.room_type !== null) {
      const capacity = ROOM_TYPE_CAPACITY[item.params.room_type];
      if (capacity !== null && item.passengers.length > 0 && item.passengers.length !== capacity) {
        const issue = { path: at('passengers'), code: 'travelService.roomCapacityMismatch', params: { persons: item.passengers.length, capacity } };
        if (!form.confirmed.includes('travelService.roomCapacityMismatch')) confirmations.push(issue);
      }
    }
    const transport = TRANSPORT_OF_ITEM_TYPE[item.type];
    if (transport !== null && context.tripOrder && !context.tripOrder.allowed_transport.includes(transport)) {
      warnings.push({ path: at('type'), code: 'travelService.transportNotAllowed', params: { transport } });
    }
  });
  return { issues, confirmations, warnings };
}

function paramIssues(item: OrderItemInput, today: string): Issue[] {
  const issues: Issue[] = [];
  const required = (path: string, value: unknown) => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) issues.push({ path: [path], code: 'global.error.required' });
  };
  const notPast = (path: string, value: string | null) => {
    if (value !== null && value < today) issues.push({ path: [path], code: 'validation.dateInPast' });
  };
  const ordered = (path: string, start: string | null, end: string | null) => {
    if (start !== null && end !== null && end < start) issues.push({ path: [path], code: 'validation.dateRange' });
  };
  switch (item.type) {
    case 'hotel': {
      const p: HotelParams = item.params;
      required('place_id', p.place_id);
      required('room_type', p.room_type);
      required('start_date', p.start_date);
      required('end_date', p.end_date);
      notPast('start_date', p.start_date);
      // A night needs a next morning: the hotel is left at least a day after arrival.
      if (p.start_date !== null && p.end_date !== null && p.end_date <= p.start_date) issues.push({ path: ['end_date'], code: 'travelService.checkOutAfterCheckIn' });
      if (p.is_additional_services) required('additional_services', p.additional_services);
      break;
    }
    case 'flight':
    case 'flightLowCost': {
      const p: FlightParams = item.params;
      required('start_place_id', p.start_place_id);
      required('end_place_id', p.end_place_id);
      required('start_date', p.start_date);
      notPast('start_date', p.start_date);
      ordered('return_date', p.start_date, p.return_date);
      if (p.start_place_id !== null && p.start_place_id === p.end_place_id) issues.push({ path: ['end_place_id'], code: 'travelService.samePlace' });
      let previous = p.start_date;
      p.additionalSegments.forEach((segment, index) => {
        for (const field of ['start_place_id', 'end_place_id', 'start_date'] as const) {
          if (segment[field] === null) issues.push({ path: ['additionalSegments', index, field], code: 'global.error.required' });
        }
        if (previous !== null && segment.start_date !== null && segment.start_date < previous) issues.push({ path: ['additionalSegments', index, 'start_date'], code: 'validation.dateRange' });
        previous = segment.start_date ?? previous;
      });
      break;
    }
    case 'rail': {
      const p: RailParams = item.params;
      required('start_place_id', p.start_place_id);
      required('end_place_id', p.end_place_id);
      required('start_date', p.start_date);
      notPast('start_date', p.start_date);
      ordered('return_date', p.start_date, p.return_date);
      if (p.start_place_id !== null && p.start_place_id === p.end_place_id) issues.push({ path: ['end_place_id'], code: 'travelService.samePlace' });
      break;
    }
    case 'car': {
      const p: CarParams = item.params;
      required('start_place_id', p.start_place_id);
      required('start_date', p.start_date);
      required('end_date', p.end_date);
      notPast('start_date', p.start_date);
      ordered('end_date', p.start_date, p.end_date);
      break;
    }
    case 'insurance': {
      const p: InsuranceParams = item.params;
      required('start_date', p.start_date);
      required('end_date', p.end_date);
      ordered('end_date', p.start_date, p.end_date);
      break;
    }
    case 'other': {
      const p: OtherParams = item.params;
      required('description', p.description);
      notPast('start_date', p.start_date);
      ordered('end_date', p.start_date, p.end_date);
      break;
    }
  }
  return issues;
}

/** Spec §9 insurance behaviour: 1 = ask, 2 = add automatically, 3 = neither ask nor add. */
export type InsuranceBehaviour = 1 | 2 | 3;

/** An item type whose parameters carry `is_insurance`. */
const INSURABLE: readonly TravelItemType[] = ['hotel', 'flight', 'flightLowCost', 'rail', 'car'];

/**
 * Spec §4: an insurance is created linked to its base item and its dates (and place) follow the
 * base service; editing the base item updates the linked insurance, with a message saying so.
 * With "add automatically" every insurable item asks for insurance; with "none" none does.
 * A linked insurance whose base no longer asks for it (or is gone) is dropped. `newGuid` names
 * the insurances it creates.
 */
export function applyInsuranceBehaviour(
  items: readonly OrderItemInput[],
  behaviour: InsuranceBehaviour,
  newGuid: () => string,
): { items: OrderItemInput[]; messages: Issue[] } {
  const messages: Issue[] = [];
  const bases = items.map((item) => {
    if (!INSURABLE.includes(item.type) || behaviour === 1) return item;
    return { ...item, params: { ...item.params, is_insurance: behaviour === 2 } } as OrderItemInput;
  });
  const wanting = new Map(bases.filter((item) => asksForInsurance(item.type, item.params)).map((item) => [item.guid, item]));
  const result: OrderItemInput[] = [];
  const covered = new Set<string>();
  for (const item of bases) {
    const baseGuid = item.related_travel_service_order_item_guid;
    if (item.type !== 'insurance' || baseGuid === null) {
      result.push(item);
      continue;
    }
    const base = wanting.get(baseGuid);
    if (!base || covered.has(baseGuid)) continue;
    covered.add(baseGuid);
    const span = serviceSpanOf(base.type, base.params);
    const params: InsuranceParams = { place_id: span.place_id, start_date: span.start_date, end_date: span.end_date };
    const changed = item.params.place_id !== params.place_id || item.params.start_date !== params.start_date || item.params.end_date !== params.end_date;
    if (changed) messages.push({ path: ['travelServiceOrderItems', bases.indexOf(base)], code: 'travelService.insuranceUpdated', params: { sequence: base.sequence } });
    result.push({ ...item, params, passengers: base.passengers, cost_centre_id: item.cost_centre_id ?? base.cost_centre_id });
  }
  for (const base of wanting.values()) {
    if (covered.has(base.guid)) continue;
    const span = serviceSpanOf(base.type, base.params);
    result.push({
      guid: newGuid(),
      group_guid: base.group_guid,
      sequence: 0,
      related_travel_service_order_item_guid: base.guid,
      comment: '',
      cost_centre_id: base.cost_centre_id,
      passengers: base.passengers,
      type: 'insurance',
      params: { place_id: span.place_id, start_date: span.start_date, end_date: span.end_date },
    });
  }
  return { items: result.map((item, index) => ({ ...item, sequence: index + 1 })), messages };
}

/**
 * Spec §4 separate flow: each service becomes its own order, saved with one `edit-service-order`
 * call each. A linked insurance stays with its base item unless the company separates insurance
 * (`is_insurance_separated` = 1), when it is an order of its own as well.
 */
export function splitOrder(form: TravelServiceOrderForm, isInsuranceSeparated: 0 | 1): TravelServiceOrderForm[] {
  const items = form.travelServiceOrderItems;
  const present = new Set(items.map((item) => item.guid));
  const followsBase = (item: OrderItemInput) =>
    isInsuranceSeparated === 0 && item.type === 'insurance' && item.related_travel_service_order_item_guid !== null && present.has(item.related_travel_service_order_item_guid);
  const groups: OrderItemInput[][] = [];
  for (const item of items) {
    if (followsBase(item)) continue;
    groups.push([item, ...items.filter((other) => followsBase(other) && other.related_travel_service_order_item_guid === item.guid)]);
  }
  return groups.map((group) => {
    const { id: _id, version: _version, ...shared } = form;
    return { ...shared, travelServiceOrderItems: group.map((item, index) => ({ ...item, sequence: index + 1 })) };
  });
}

/** Spec §4: saving a flight or rail item offers a hotel and a car for the same dates and place. */
export function proposedCompanions(item: OrderItemInput, guids: () => string): OrderItemInput[] {
  if (item.type !== 'flight' && item.type !== 'flightLowCost' && item.type !== 'rail') return [];
  const span = serviceSpanOf(item.type, item.params);
  const hotel = newOrderItem('hotel', guids(), item.sequence + 1, item.passengers) as Extract<OrderItemInput, { type: 'hotel' }>;
  hotel.params = { ...hotel.params, place_id: span.place_id, start_date: span.start_date, end_date: span.end_date };
  hotel.cost_centre_id = item.cost_centre_id;
  const car = newOrderItem('car', guids(), item.sequence + 2, item.passengers) as Extract<OrderItemInput, { type: 'car' }>;
  car.params = { ...car.params, start_place_id: span.place_id, end_place_id: span.place_id, start_date: span.start_date, end_date: span.end_date };
  car.cost_centre_id = item.cost_centre_id;
  return [hotel, car];
}
