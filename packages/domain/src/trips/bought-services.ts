import { z } from 'zod';
import { addDaysToLocalDate, isLocalDate, parseLocalDateTimeToMillis } from '../common/dates.ts';
import { DOBA_MS } from '../settlement/trip-time.ts';
import { BOOKING_KINDS } from '../bookings/booking.ts';
import type { DelegationFormInput } from '../settlement/delegation-form.ts';
import { DOMESTIC_COUNTRY_CODE, SETTLEMENT_CURRENCY } from '../settlement/rates/statutory-rates.ts';

const wallTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/).nullable();
const day = z.string().refine(isLocalDate).nullable();

/**
 * A travel service bought for the trip order (issue 9 "The trip it belongs to"): the booking it became,
 * with what a settlement needs of it — the legs of a flight or train, or the stay of a hotel.
 */
export const boughtServiceSchema = z.object({
  booking_id: z.number().int(),
  kind: z.enum(BOOKING_KINDS),
  /** The booking's name and route, as the settlement lists it. */
  label: z.string(),
  /** The booking's reference (record locator or ticket). */
  reference: z.string().nullable(),
  legs: z.array(z.object({ from_text: z.string(), to_text: z.string(), departure: wallTime, arrival: wallTime })),
  stay: z
    .object({ hotel_name: z.string(), check_in: day, check_out: day, breakfast_included: z.boolean(), country_code: z.string().nullable() })
    .nullable(),
});
export type BoughtService = z.infer<typeof boughtServiceSchema>;

const TRANSPORT_OF_KIND: Partial<Record<BoughtService['kind'], 'flight' | 'rail'>> = { flight: 'flight', lowCost: 'flight', rail: 'rail' };

type Segment = NonNullable<DelegationFormInput['transport']>[number];
type CountryPart = NonNullable<DelegationFormInput['country']>[number];

/**
 * The settlement from a trip order with the services bought for it: every bought flight or train
 * leg becomes a transport segment settled as a company booking (the way there and back the order
 * suggested stay where no leg covers them); every bought hotel becomes a stay settled as the
 * company's reservation in the country part of its country; a hotel with breakfast included
 * provides a breakfast after each night, which reduces the per diem even when it was not eaten
 * (§ 7 ust. 4 at home, § 14 ust. 2 abroad). Every bought service is attached to the settlement.
 * A trip abroad by air to one country takes its border times from the flights: from the take-off
 * out of Poland to the landing back (§ 12 pkt 2); a connection through another Polish airport
 * makes the first leg's time too early, so the times stay editable like every other.
 */
export function withBoughtServices(form: DelegationFormInput, services: readonly BoughtService[]): DelegationFormInput {
  if (services.length === 0) return form;
  const legs: Segment[] = services
    .flatMap((service) => {
      const transportType = TRANSPORT_OF_KIND[service.kind];
      if (!transportType) return [];
      return service.legs.map(
        (leg): Segment => ({
          transport_type: transportType,
          settlement_type_id: 'booking',
          booking_id: service.booking_id,
          booking_ticket: service.reference,
          from_place_text: leg.from_text,
          to_place_text: leg.to_text,
          start_date: leg.departure,
          end_date: leg.arrival,
          currency: SETTLEMENT_CURRENCY,
        }),
      );
    })
    .sort((a, b) => (a.start_date ?? '').localeCompare(b.start_date ?? ''));

  const suggested = form.transport ?? [];
  const tripStartDay = form.start_date?.slice(0, 10);
  let transport: Segment[] = suggested;
  if (legs.length >= 2) transport = legs;
  else if (legs.length === 1) {
    // One leg bought: it is the way there when it leaves on the trip's first day, else the way back.
    const outbound = legs[0]!.start_date?.slice(0, 10) === tripStartDay;
    transport = outbound ? [legs[0]!, ...suggested.slice(1)] : [...suggested.slice(0, 1), legs[0]!];
  }

  const country: CountryPart[] = (form.country ?? []).map((part) => ({ ...part, accommodation: [...(part.accommodation ?? [])] }));
  const flights = transport.filter((segment) => segment.settlement_type_id === 'booking' && segment.transport_type === 'flight');
  const foreignParts = country.filter((part) => part.country_code !== DOMESTIC_COUNTRY_CODE);
  if (flights.length >= 2 && foreignParts.length === 1 && country.length === 3) {
    const takeOff = flights[0]!.start_date ?? null;
    const landing = flights.at(-1)!.end_date ?? null;
    country[0]!.out_date = takeOff;
    foreignParts[0]!.in_date = takeOff;
    foreignParts[0]!.out_date = landing;
    country[2]!.in_date = landing;
  }
  for (const service of services) {
    const stay = service.stay;
    if (service.kind !== 'hotel' || !stay) continue;
    const part = partForStay(country, stay.country_code);
    if (!part) continue;
    part.accommodation!.push({
      settlement_type_id: 'importReservation',
      booking_id: service.booking_id,
      booking_text: stay.hotel_name,
      start_date: stay.check_in,
      end_date: stay.check_out,
      currency: SETTLEMENT_CURRENCY,
    });
    if (stay.breakfast_included && stay.check_in && stay.check_out) addHotelBreakfasts(part, stay.check_in, stay.check_out);
  }

  const attached = [...(form.booking ?? [])];
  for (const service of services) {
    if (!attached.some((entry) => entry.booking_id === service.booking_id)) attached.push({ booking_id: service.booking_id, label: service.label });
  }
  return { ...form, transport, country, booking: attached };
}

/** The country part a hotel of `countryCode` belongs to: that country's, or the first foreign one, or the only domestic one. */
function partForStay(parts: CountryPart[], countryCode: string | null): CountryPart | undefined {
  const foreign = parts.filter((part) => part.country_code !== DOMESTIC_COUNTRY_CODE);
  if (foreign.length === 0) return parts[0];
  return foreign.find((part) => part.country_code === countryCode) ?? (countryCode === DOMESTIC_COUNTRY_CODE ? parts[0] : foreign[0]);
}

/** When a hotel serves breakfast: the morning after each night. */
const BREAKFAST_TIME = '08:00';

/**
 * Marks a breakfast in the doba (24 h from the part's start) of each morning after a night at the
 * hotel. A part whose times are not known yet (borders of a trip abroad by land) cannot place them
 * in its dobas: it counts them instead, and the employee places them once the times are entered.
 */
function addHotelBreakfasts(part: CountryPart, checkIn: string, checkOut: string): void {
  const mornings: string[] = [];
  for (let day = addDaysToLocalDate(checkIn, 1); day <= checkOut && mornings.length < MAX_NIGHTS; day = addDaysToLocalDate(day, 1)) mornings.push(day);
  const start = part.in_date ? parseLocalDateTimeToMillis(part.in_date) : null;
  const end = part.out_date ? parseLocalDateTimeToMillis(part.out_date) : null;
  if (start === null || end === null || end <= start) {
    part.breakfast_count = String(Number(part.breakfast_count ?? 0) + mornings.length);
    return;
  }
  const dobas = Math.ceil((end - start) / DOBA_MS);
  const meals = Array.from({ length: dobas }, (_, index) => ({ breakfast: false, lunch: false, dinner: false, ...(part.meals_per_doba?.[index] ?? {}) }));
  for (const morning of mornings) {
    const at = parseLocalDateTimeToMillis(`${morning} ${BREAKFAST_TIME}`);
    if (at === null || at < start || at >= end) continue;
    meals[Math.floor((at - start) / DOBA_MS)]!.breakfast = true;
  }
  part.meals_per_doba = meals;
}

/** A hotel booking longer than this is a typing slip, not a stay to mark breakfasts for. */
const MAX_NIGHTS = 400;
