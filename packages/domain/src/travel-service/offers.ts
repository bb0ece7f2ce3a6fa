import { z } from 'zod';
import { isLocalDate, parseLocalDate } from '../common/dates.ts';
import type { Issue } from '../common/errors.ts';
import { dec, parseDecimal, roundMoney } from '../common/money.ts';
import { INT32_MAX } from '../common/safe-input.ts';
import { ACCEPTED_OFFER_STATUSES, type ItemStatus } from './item-status.ts';
import { ROOM_TYPES } from '../bookings/booking.ts';

/**
 * The consultants' answers to an item (spec §3 "Offer") and the rules of choosing one: the
 * traveller data an offer requires, the trip order's transport limit and the hotel limit.
 */

const text = (max: number) => z.string().max(max, 'validation.tooLong');
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'validation.dateTime').nullable();
const day = z.string().refine(isLocalDate, 'validation.date').nullable();

/** One flight or train leg of an offer. */
export const offerLegSchema = z.strictObject({
  kind: z.literal('leg'),
  carrier: text(100),
  number: text(50),
  from_text: text(200),
  to_text: text(200),
  departure: dateTime,
  arrival: dateTime,
  seat_class: text(50),
});

/** One hotel room of an offer; breakfast included matters for the per-diem deduction. */
export const offerRoomSchema = z.strictObject({
  kind: z.literal('room'),
  hotel_name: text(200),
  address: text(300),
  room_type: z.enum(ROOM_TYPES).nullable(),
  check_in: day,
  check_out: day,
  is_breakfast: z.boolean(),
  cancel_until: day,
});

/** One rented car of an offer. */
export const offerCarSchema = z.strictObject({
  kind: z.literal('car'),
  company: text(200),
  car_class: text(50),
  pick_up: dateTime,
  drop_off: dateTime,
  from_text: text(200),
  to_text: text(200),
});

export const offerPartSchema = z.discriminatedUnion('kind', [offerLegSchema, offerRoomSchema, offerCarSchema]);
export type OfferPart = z.infer<typeof offerPartSchema>;

/** The traveller data an offer requires before it can be chosen; the phone is required by default (spec §3). */
export const TRAVELLER_DATA_FIELDS = [
  'email',
  'phone',
  'document_number',
  'document_expiry',
  'birth_date',
  'middle_name',
  'nationality',
  'issue_place',
  'residence_address',
] as const;
export type TravellerDataField = (typeof TRAVELLER_DATA_FIELDS)[number];

export const offerRequirementsSchema = z.strictObject({
  email: z.boolean(),
  phone: z.boolean(),
  document_number: z.boolean(),
  document_expiry: z.boolean(),
  birth_date: z.boolean(),
  middle_name: z.boolean(),
  nationality: z.boolean(),
  issue_place: z.boolean(),
  residence_address: z.boolean(),
});
export type OfferRequirements = z.infer<typeof offerRequirementsSchema>;

export const DEFAULT_OFFER_REQUIREMENTS: OfferRequirements = {
  email: true,
  phone: true,
  document_number: false,
  document_expiry: false,
  birth_date: false,
  middle_name: false,
  nationality: false,
  issue_place: false,
  residence_address: false,
};

/** A price `numeric(14,2)`: up to 12 digits and 2 decimals. */
const price = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'validation.amount');

/** One response of a consultant to an item: its price and either parts or a simple rich-text body. */
export const offerInputSchema = z.strictObject({
  id: z.number().int().min(1).max(INT32_MAX).optional(),
  price,
  currency: z.string().regex(/^[A-Z]{3}$/, 'validation.currency'),
  parts: z.array(offerPartSchema).max(20),
  html: text(20000),
  requires: offerRequirementsSchema,
});
export type OfferInput = z.infer<typeof offerInputSchema>;

/** The tags a simple rich-text body may use, without attributes: nothing in it can run or link out. */
const ALLOWED_TAGS = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li']);
const TAG = /<\/?([a-zA-Z0-9]+)\s*\/?>/g;

/** Whether the body uses only bare allowed tags (no attributes, scripts, links or comments). */
export function isSafeOfferHtml(html: string): boolean {
  const rest = html.replace(TAG, (whole, name: string) => (ALLOWED_TAGS.has(name.toLowerCase()) ? '' : whole));
  return !/[<>]/.test(rest);
}

/** The response rules: a response without parts needs its body; the body holds only simple formatting. */
export function offerIssues(offer: OfferInput): Issue[] {
  const issues: Issue[] = [];
  const bodyText = offer.html.replace(TAG, '').trim();
  if (offer.parts.length === 0 && bodyText === '') issues.push({ path: ['html'], code: 'travelService.offerBodyRequired' });
  if (!isSafeOfferHtml(offer.html)) issues.push({ path: ['html'], code: 'travelService.offerHtmlNotAllowed' });
  return issues;
}

/** The traveller data given when choosing an offer. */
export const travellerDataSchema = z.strictObject({
  email: text(200).optional(),
  phone: text(50).optional(),
  document_number: text(50).optional(),
  document_expiry: z.string().refine(isLocalDate, 'validation.date').optional(),
  birth_date: z.string().refine(isLocalDate, 'validation.date').optional(),
  middle_name: text(100).optional(),
  nationality: text(100).optional(),
  issue_place: text(200).optional(),
  residence_address: text(300).optional(),
});
export type TravellerData = z.infer<typeof travellerDataSchema>;

/** Each field the offer requires and the traveller's data lacks, at `path`. */
export function travellerDataIssues(requires: OfferRequirements, data: TravellerData, path: Issue['path']): Issue[] {
  const issues: Issue[] = [];
  for (const field of TRAVELLER_DATA_FIELDS) {
    const value = data[field];
    if (requires[field] && (value === undefined || value.trim() === '')) issues.push({ path: [...path, field], code: 'global.error.required' });
  }
  if (data.email && data.email.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(data.email.trim())) issues.push({ path: [...path, 'email'], code: 'validation.email' });
  return issues;
}

/** Spec §5: an accepted offer's service cannot be removed from the order. */
export function removalRefusal(status: ItemStatus): string | null {
  return ACCEPTED_OFFER_STATUSES.includes(status) ? 'travelService.acceptedOfferCannotBeRemoved' : null;
}

/**
 * Spec §5: choosing transport above the trip order's `allowed_transport_cost` asks for confirmation.
 * `chosenTransportPln` are the PLN prices of the order's chosen transport offers.
 */
export function transportLimitExceeded(limitPln: string | null, chosenTransportPln: readonly string[]): { total: string; limit: string } | null {
  if (limitPln === null || limitPln.trim() === '') return null;
  const limit = parseDecimal(limitPln);
  if (limit === null) return null;
  const total = chosenTransportPln.reduce((sum, amount) => sum.plus(dec(amount)), dec(0));
  return total.greaterThan(limit) ? { total: total.toFixed(2), limit: limit.toFixed(2) } : null;
}

/** The nights of a hotel stay from the arrival day to the departure day (0 when either is missing or they are out of order). */
export function nightsOfStay(start: string | null, end: string | null): number {
  const from = start === null ? null : parseLocalDate(start);
  const to = end === null ? null : parseLocalDate(end);
  if (!from || !to) return 0;
  return Math.max(0, Math.round(to.diff(from, 'days').days));
}

/**
 * Spec §5: a hotel offer above the hotel limit (per night, in the limit's currency) is reported.
 * Returns the price per night when it overruns the limit.
 */
export function hotelLimitOverrun(price: string, nights: number, limitPerNight: string | null): { perNight: string; limit: string } | null {
  if (limitPerNight === null || nights <= 0) return null;
  const perNight = dec(price).div(nights);
  const limit = dec(limitPerNight);
  return perNight.greaterThan(limit) ? { perNight: roundMoney(perNight).toFixed(2), limit: limit.toFixed(2) } : null;
}

/** A chosen offer of an order's service as the limits of spec §5 weigh it. */
export interface LimitedOffer {
  /** Where a hotel overrun is reported (the service's place in the order or in the choice). */
  path: Issue['path'];
  /** Transport the trip order's `allowed_transport_cost` covers (flight, rail, car). */
  isTransport: boolean;
  /** The price in PLN, or null when no exchange rate of its currency is known. */
  price_pln: string | null;
  /**
   * A hotel's stay against the hotel limit of its country (spec §3 "Delegation rate"): the price in
   * the limit's currency (null when it cannot be converted), the nights and the limit per night.
   */
  hotel: { price: string | null; nights: number; limit_per_night: string; currency: string } | null;
}

/**
 * Spec §5, whenever chosen offers meet a trip order's limits — when offers are chosen and when an
 * order holding chosen offers is saved: the chosen transport above the trip order's transport limit
 * asks for confirmation (at `transportPath`, unless `confirmed` names it); a hotel above the hotel
 * limit per night is reported at its service.
 */
export function orderLimitIssues(
  transportLimitPln: string | null,
  offers: readonly LimitedOffer[],
  confirmed: readonly string[],
  transportPath: Issue['path'],
): { confirmations: Issue[]; warnings: Issue[] } {
  const confirmations: Issue[] = [];
  const warnings: Issue[] = [];
  if (!confirmed.includes('travelService.transportLimitExceeded')) {
    const prices = offers.filter((offer) => offer.isTransport && offer.price_pln !== null).map((offer) => offer.price_pln!);
    const exceeded = prices.length > 0 ? transportLimitExceeded(transportLimitPln, prices) : null;
    if (exceeded) confirmations.push({ path: transportPath, code: 'travelService.transportLimitExceeded', params: exceeded });
  }
  for (const offer of offers) {
    if (!offer.hotel || offer.hotel.price === null) continue;
    const overrun = hotelLimitOverrun(offer.hotel.price, offer.hotel.nights, offer.hotel.limit_per_night);
    if (overrun) warnings.push({ path: offer.path, code: 'travelService.hotelLimitOverrun', params: { ...overrun, currency: offer.hotel.currency } });
  }
  return { confirmations, warnings };
}
