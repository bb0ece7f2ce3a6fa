import { z } from 'zod';
import { isLocalDate } from '../common/dates.ts';
import { INT32_MAX } from '../common/safe-input.ts';
import type { Permission } from '../auth/permissions.ts';
import type { TransportType } from '../settlement/delegation-form.ts';
import { CAR_CLASSES, FLIGHT_CLASSES, RAIL_CLASSES, ROOM_TYPES } from '../bookings/booking.ts';

/**
 * The services of a travel-service order (spec §3 "Order item") and the parameters each type
 * carries. Places are ids of the shared location list (airports, stations, cities); dates are
 * Warsaw calendar days `YYYY-MM-DD`, times `HH:mm`.
 */

/** Spec §3 types, with the low-cost flight the consultants answer separately (§6 travelOrderResponseFlightLowCost). */
export const TRAVEL_ITEM_TYPES = ['hotel', 'flight', 'flightLowCost', 'rail', 'car', 'insurance', 'other'] as const;
export type TravelItemType = (typeof TRAVEL_ITEM_TYPES)[number];

/** The permission a consultant needs to answer items of the type (spec §6). */
export const RESPONSE_PERMISSION_BY_TYPE: Record<TravelItemType, Permission> = {
  hotel: 'travelOrderResponseHotel',
  flight: 'travelOrderResponseFlight',
  flightLowCost: 'travelOrderResponseFlightLowCost',
  rail: 'travelOrderResponseRail',
  car: 'travelOrderResponseCar',
  insurance: 'travelOrderResponseInsurance',
  other: 'travelOrderResponseOther',
};

/** The `{type}` segment of `/admin/travel-service/by-type/{type}` (spec §2: hotel, flight, low-cost, car, rail, insurance, special). */
export const ADMIN_TYPE_SEGMENTS: Record<TravelItemType, string> = {
  hotel: 'hotel',
  flight: 'flight',
  flightLowCost: 'low-cost',
  car: 'car',
  rail: 'rail',
  insurance: 'insurance',
  other: 'special',
};

/** The item type of a `/by-type/{type}` segment, or null for an unknown one. */
export function itemTypeOfAdminSegment(segment: string): TravelItemType | null {
  const found = (Object.entries(ADMIN_TYPE_SEGMENTS) as [TravelItemType, string][]).find(([, value]) => value === segment);
  return found ? found[0] : null;
}

/** The transport of a trip order (spec §3 allowed_transport) an item type uses; null for non-transport services. */
export const TRANSPORT_OF_ITEM_TYPE: Record<TravelItemType, TransportType | null> = {
  hotel: null,
  flight: 'flight',
  flightLowCost: 'flight',
  rail: 'rail',
  car: 'carRental',
  insurance: null,
  other: null,
};

export type RoomType = (typeof ROOM_TYPES)[number];
/** Spec §3: the standard person count of each room type (`larger` has none). */
export const ROOM_TYPE_CAPACITY: Record<RoomType, number | null> = { single: 1, twin: 2, double: 2, three: 3, four: 4, larger: null };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const placeId = z.number().int('validation.integer').min(1, 'validation.valueOutOfRange').max(INT32_MAX, 'validation.valueOutOfRange').nullable();
const day = z.string().refine(isLocalDate, 'validation.date').nullable();
const time = z.string().regex(TIME, 'validation.time').nullable();
const text = (max: number) => z.string().max(max, 'validation.tooLong');

export const hotelParamsSchema = z.strictObject({
  room_type: z.enum(ROOM_TYPES).nullable(),
  place_id: placeId,
  start_date: day,
  start_time: time,
  end_date: day,
  parking_required: z.boolean(),
  is_insurance: z.boolean(),
  is_breakfast: z.boolean(),
  is_free_cancellation: z.boolean(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'validation.currency'),
  is_additional_services: z.boolean(),
  additional_services: text(2000),
});

export const railParamsSchema = z.strictObject({
  start_place_id: placeId,
  end_place_id: placeId,
  start_date: day,
  start_time: time,
  return_date: day,
  return_time: time,
  seat_class: z.enum(RAIL_CLASSES).nullable(),
  is_insurance: z.boolean(),
});

export const carParamsSchema = z.strictObject({
  start_place_id: placeId,
  end_place_id: placeId,
  start_date: day,
  start_time: time,
  end_date: day,
  end_time: time,
  car_class: z.enum(CAR_CLASSES).nullable(),
  is_insurance: z.boolean(),
});

export const insuranceParamsSchema = z.strictObject({
  place_id: placeId,
  start_date: day,
  end_date: day,
});

export const flightSegmentSchema = z.strictObject({
  start_place_id: placeId,
  end_place_id: placeId,
  start_date: day,
  start_time: time,
});

export const flightParamsSchema = z.strictObject({
  start_place_id: placeId,
  end_place_id: placeId,
  seat_class: z.enum(FLIGHT_CLASSES).nullable(),
  start_date: day,
  start_time: time,
  return_date: day,
  return_time: time,
  is_baggage: z.boolean(),
  is_insurance: z.boolean(),
  preferred_seat: text(100),
  additionalSegments: z.array(flightSegmentSchema).max(10),
});

/** An "other" (special) service: what is needed, in words, and when. */
export const otherParamsSchema = z.strictObject({
  description: text(2000),
  start_date: day,
  end_date: day,
});

export type HotelParams = z.infer<typeof hotelParamsSchema>;
export type RailParams = z.infer<typeof railParamsSchema>;
export type CarParams = z.infer<typeof carParamsSchema>;
export type InsuranceParams = z.infer<typeof insuranceParamsSchema>;
export type FlightParams = z.infer<typeof flightParamsSchema>;
export type OtherParams = z.infer<typeof otherParamsSchema>;

export interface ParamsByType {
  hotel: HotelParams;
  flight: FlightParams;
  flightLowCost: FlightParams;
  rail: RailParams;
  car: CarParams;
  insurance: InsuranceParams;
  other: OtherParams;
}

export const PARAMS_SCHEMA_BY_TYPE = {
  hotel: hotelParamsSchema,
  flight: flightParamsSchema,
  flightLowCost: flightParamsSchema,
  rail: railParamsSchema,
  car: carParamsSchema,
  insurance: insuranceParamsSchema,
  other: otherParamsSchema,
} as const;

/** Empty parameters of a new item of the type. */
export function emptyParams<T extends TravelItemType>(type: T): ParamsByType[T] {
  const byType: { [K in TravelItemType]: ParamsByType[K] } = {
    hotel: {
      room_type: 'single',
      place_id: null,
      start_date: null,
      start_time: null,
      end_date: null,
      parking_required: false,
      is_insurance: false,
      is_breakfast: false,
      is_free_cancellation: false,
      currency: 'PLN',
      is_additional_services: false,
      additional_services: '',
    },
    flight: emptyFlight(),
    flightLowCost: emptyFlight(),
    rail: { start_place_id: null, end_place_id: null, start_date: null, start_time: null, return_date: null, return_time: null, seat_class: null, is_insurance: false },
    car: { start_place_id: null, end_place_id: null, start_date: null, start_time: null, end_date: null, end_time: null, car_class: null, is_insurance: false },
    insurance: { place_id: null, start_date: null, end_date: null },
    other: { description: '', start_date: null, end_date: null },
  };
  return byType[type];
}

function emptyFlight(): FlightParams {
  return {
    start_place_id: null,
    end_place_id: null,
    seat_class: 'economy',
    start_date: null,
    start_time: null,
    return_date: null,
    return_time: null,
    is_baggage: false,
    is_insurance: false,
    preferred_seat: '',
    additionalSegments: [],
  };
}

/** The days and the place a service covers: what a linked insurance follows and a proposed hotel or car takes. */
export interface ServiceSpan {
  start_date: string | null;
  end_date: string | null;
  /** The place where the traveller stays: the hotel's, or where the transport goes. */
  place_id: number | null;
}

/** The span of an item: the return day (or the departure day for a one-way trip) ends a transport. */
export function serviceSpanOf(type: TravelItemType, params: unknown): ServiceSpan {
  switch (type) {
    case 'hotel': {
      const p = params as HotelParams;
      return { start_date: p.start_date, end_date: p.end_date, place_id: p.place_id };
    }
    case 'flight':
    case 'flightLowCost': {
      const p = params as FlightParams;
      const last = p.additionalSegments.at(-1);
      return { start_date: p.start_date, end_date: p.return_date ?? last?.start_date ?? p.start_date, place_id: p.end_place_id };
    }
    case 'rail': {
      const p = params as RailParams;
      return { start_date: p.start_date, end_date: p.return_date ?? p.start_date, place_id: p.end_place_id };
    }
    case 'car': {
      const p = params as CarParams;
      return { start_date: p.start_date, end_date: p.end_date, place_id: p.end_place_id ?? p.start_place_id };
    }
    case 'insurance': {
      const p = params as InsuranceParams;
      return { start_date: p.start_date, end_date: p.end_date, place_id: p.place_id };
    }
    case 'other': {
      const p = params as OtherParams;
      return { start_date: p.start_date, end_date: p.end_date, place_id: null };
    }
  }
}

/** Whether the item's parameters ask for insurance (types without the flag never do). */
export function asksForInsurance(type: TravelItemType, params: unknown): boolean {
  if (type === 'insurance' || type === 'other') return false;
  return (params as { is_insurance?: boolean }).is_insurance === true;
}

/** Spec §9: an arrival at a hotel after 18:00 gets a hint to tell the hotel of the late arrival. */
export const HOTEL_LATE_ARRIVAL_FROM = '18:00';

export function needsLateArrivalHint(params: Pick<HotelParams, 'start_time'>): boolean {
  return params.start_time !== null && params.start_time > HOTEL_LATE_ARRIVAL_FROM;
}

/** The booking kind (of `BOOKING_KINDS`) a bought item becomes. */
export const BOOKING_KIND_OF_ITEM_TYPE: Record<TravelItemType, 'flight' | 'lowCost' | 'hotel' | 'rail' | 'car' | 'other'> = {
  flight: 'flight',
  flightLowCost: 'lowCost',
  hotel: 'hotel',
  rail: 'rail',
  car: 'car',
  insurance: 'other',
  other: 'other',
};
