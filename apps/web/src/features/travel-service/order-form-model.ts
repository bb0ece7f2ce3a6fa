import type { TravelServiceOrderDto, TravellerOption } from '@delego/contract';
import {
  checkTravelServiceOrder,
  toLocalDate,
  type Issue,
  type OrderItemInput,
  type TravelOrderConfirmation,
  type TravelServiceOrderForm,
  type TransportType,
  type TravellerInput,
} from '@delego/domain';

/** A new client-made item identifier (the server keeps it as the item's guid). */
export function newGuid(): string {
  return crypto.randomUUID();
}

export function travellerOf(person: TravellerOption): TravellerInput {
  return {
    company_user_id: person.company_user_id,
    name: person.name,
    surname: person.surname,
    email: person.email,
    phone: person.phone,
    birth_date: person.birth_date,
    document_number: person.document_number,
  };
}

export const EXTERNAL_TRAVELLER: TravellerInput = {
  company_user_id: null,
  name: '',
  surname: '',
  email: '',
  phone: '',
  birth_date: null,
  document_number: '',
};

/** The form of a stored order: its active services in their order, the extra fields with their values. */
export function formOfOrder(order: TravelServiceOrderDto): TravelServiceOrderForm {
  return {
    id: order.id,
    version: order.version,
    user_id: order.user.id,
    delegation_order_id: order.delegation_order_id,
    external_customer_id: order.external_customer_id,
    project_id: order.project_id,
    comment: order.comment,
    additional_parameters: order.additional_parameters.map((parameter) => ({
      id: parameter.id,
      value: parameter.value,
    })),
    travelServiceOrderItems: order.travelServiceOrderItems
      .filter((item) => item.status !== 'canceledByClient' && item.status !== 'bookingCanceled')
      .map(
        (item) =>
          ({
            id: item.id,
            guid: item.guid,
            group_guid: item.group_guid,
            sequence: item.sequence,
            related_travel_service_order_item_guid: item.related_travel_service_order_item_guid,
            comment: item.comment,
            cost_centre_id: item.cost_centre_id,
            passengers: item.passengers.map((passenger) => ({
              company_user_id: passenger.company_user_id,
              name: passenger.name,
              surname: passenger.surname,
              email: passenger.email,
              phone: passenger.phone,
              birth_date: passenger.birth_date,
              document_number: passenger.document_number,
            })),
            type: item.type,
            params: item.params,
          }) as OrderItemInput,
      ),
    confirmed: [],
  };
}

/**
 * The §5 rules of one service as the item editor checks them before it closes: the service is
 * checked inside a one-service order, and its issues, confirmations and warnings come back relative
 * to it (the transport warning when the trip order's allowed transport is known).
 */
export function checkItem(
  item: OrderItemInput,
  confirmed: readonly TravelOrderConfirmation[],
  allowedTransport: readonly TransportType[] | null = null,
): { issues: Issue[]; confirmations: Issue[]; warnings: Issue[] } {
  const form: TravelServiceOrderForm = {
    user_id: 1,
    delegation_order_id: null,
    external_customer_id: null,
    project_id: null,
    comment: '',
    additional_parameters: [],
    travelServiceOrderItems: [item],
    confirmed: [...confirmed],
  };
  // An existing service may keep a start day that has passed since it was ordered.
  const today = item.id === undefined ? toLocalDate(new Date()) : '0000-01-01';
  const check = checkTravelServiceOrder(form, { parameters: [], tripOrder: allowedTransport ? { allowed_transport: allowedTransport } : null, today });
  const relative = (issue: Issue): Issue => ({ ...issue, path: issue.path.slice(2) });
  // A linked insurance's base is another service of the order, which only the whole order's check sees.
  const own = check.issues.filter((issue) => issue.path[2] !== 'related_travel_service_order_item_guid');
  return { issues: own.map(relative), confirmations: check.confirmations.map(relative), warnings: check.warnings.map(relative) };
}

/** The items renumbered in their order, as the server stores `sequence`. */
export function renumbered(items: readonly OrderItemInput[]): OrderItemInput[] {
  return items.map((item, index) => ({ ...item, sequence: index + 1 }));
}

/** What a trip order gives the services ordered for it: its days and, where the location list knows them, its places. */
export interface TripDefaults {
  delegation_order_id: number;
  /** The trip order's number as shown to the user. */
  number: string | null;
  user_id: number | null;
  start_date: string | null;
  end_date: string | null;
  /** Where the trip starts and where it goes, as ids of the location list. */
  from_place_id: number | null;
  to_place_id: number | null;
  /** The transport the trip order allows (spec §5: other transport is warned about). */
  allowed_transport: readonly TransportType[];
}

/** A new service of the type with the trip order's days and places filled in. */
export function prefilledItem(item: OrderItemInput, trip: TripDefaults | null): OrderItemInput {
  if (!trip) return item;
  const { start_date, end_date, from_place_id: from, to_place_id: to } = trip;
  const params: Record<string, unknown> = { ...item.params };
  switch (item.type) {
    case 'hotel':
      Object.assign(params, { place_id: to, start_date, end_date });
      break;
    case 'flight':
    case 'flightLowCost':
    case 'rail':
      Object.assign(params, { start_place_id: from, end_place_id: to, start_date, return_date: end_date });
      break;
    case 'car':
      Object.assign(params, { start_place_id: to, end_place_id: to, start_date, end_date });
      break;
    case 'insurance':
      Object.assign(params, { place_id: to, start_date, end_date });
      break;
    case 'other':
      Object.assign(params, { start_date, end_date });
      break;
  }
  return { ...item, params } as OrderItemInput;
}
