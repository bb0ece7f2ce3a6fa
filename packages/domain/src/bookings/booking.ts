import { z } from 'zod';
import { parseDecimal } from '../common/money.ts';
import type { PermissionMap } from '../auth/permissions.ts';
import { hasPermission } from '../auth/permissions.ts';
import type { SystemSettings } from '../settings/system-settings.ts';
import { isModuleEnabled } from '../settings/modules.ts';

/** Spec §3 "Booking item templates": flight and low-cost, hotel, rail, car, and other services. */
export const BOOKING_KINDS = ['flight', 'lowCost', 'hotel', 'rail', 'car', 'other'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** The tabs of `/booking` (spec §2) and the kinds each shows; low-cost flights sit with flights. */
export const BOOKING_TABS = {
  flight: ['flight', 'lowCost'],
  hotel: ['hotel'],
  rail: ['rail'],
  other: ['car', 'other'],
} as const satisfies Record<string, readonly BookingKind[]>;
export type BookingTab = keyof typeof BOOKING_TABS;
export const BOOKING_TAB_NAMES = Object.keys(BOOKING_TABS) as BookingTab[];

export function tabOfKind(kind: BookingKind): BookingTab {
  return (BOOKING_TAB_NAMES.find((tab) => (BOOKING_TABS[tab] as readonly BookingKind[]).includes(kind)) ??
    'other') as BookingTab;
}

export const BOOKING_SOURCES = ['travelService', 'consultant', 'import'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export const BOOKING_STATUSES = ['booked', 'ticketed', 'cancelled', 'refunded'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who pays the booking: the company on an invoice (the default), a company card, the employee, or the agency's central billing. */
export const BOOKING_PAYERS = ['companyInvoice', 'corporateCard', 'employee', 'centralBilling'] as const;
export type BookingPayer = (typeof BOOKING_PAYERS)[number];

/** Spec §3 flight classes and rail seat classes (both readings of the rail list). */
export const FLIGHT_CLASSES = ['first', 'premium', 'business', 'economy', 'low_cost'] as const;
export const RAIL_CLASSES = ['first', 'second', 'business', 'economy', 'low_cost'] as const;
/** Spec §3 room types. */
export const ROOM_TYPES = ['single', 'twin', 'double', 'three', 'four', 'larger'] as const;
/** Spec §3 car classes (a–k without j). */
export const CAR_CLASSES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k'] as const;

/** Which kinds the company's booking modules open: every kind with `all_bookings`, flights alone with `flight_bookings`. */
export function bookingKindsOpen(settings: Pick<SystemSettings, 'modules'>): BookingKind[] {
  if (isModuleEnabled(settings, 'all_bookings')) return [...BOOKING_KINDS];
  if (isModuleEnabled(settings, 'flight_bookings')) return ['flight', 'lowCost'];
  return [];
}

/**
 * Which bookings a user sees (spec §6): `viewAllBookings` every booking of the company,
 * `viewBookingAssigned` those whose traveller they are (assigned to them by the order or the
 * traveller mapping), `viewBookings` their own — those they travel on or booked themselves.
 * `none` when they hold none of the three.
 */
export type BookingVisibility = 'all' | 'ownAndBooked' | 'traveller' | 'none';

export function bookingVisibility(permissions: PermissionMap): BookingVisibility {
  if (hasPermission(permissions, 'viewAllBookings')) return 'all';
  if (hasPermission(permissions, 'viewBookings')) return 'ownAndBooked';
  if (hasPermission(permissions, 'viewBookingAssigned')) return 'traveller';
  return 'none';
}

export function canSeeBooking(
  visibility: BookingVisibility,
  userId: number,
  booking: { userId: number | null; bookedById: number | null },
): boolean {
  switch (visibility) {
    case 'all':
      return true;
    case 'ownAndBooked':
      return booking.userId === userId || booking.bookedById === userId;
    case 'traveller':
      return booking.userId === userId;
    case 'none':
      return false;
  }
}

/**
 * The key a traveller of the booking site is remembered by: the e-mail in lower case, else the name
 * in lower case without diacritics and extra spaces.
 */
export function travellerKeyOf(name: string, email: string | null | undefined): string {
  const mail = email?.trim().toLowerCase();
  if (mail) return `email:${mail}`;
  return `name:${normalizeName(name)}`;
}

/** Lower case, no Polish or other diacritics, single spaces: for comparing names and places. */
export function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/;
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value ? value : null));
const amount = z
  .string()
  .trim()
  .refine((value) => parseDecimal(value) !== null, 'validation.amount');
const optionalAmount = z
  .string()
  .trim()
  .nullish()
  .refine((value) => !value || parseDecimal(value) !== null, 'validation.amount')
  .transform((value) => (value ? value : null));
const dateTime = z.string().trim().regex(isoDateTime, 'validation.dateTime');

/**
 * A booking as a consultant enters it (`/admin/travel-service/add-booking/{id}`) or a finance user
 * corrects it: every field of the spec's booking templates, with the ones a kind does not use left null.
 * Dates are `YYYY-MM-DD HH:mm` in Warsaw time (a day alone for hotel nights).
 */
export const bookingFieldsSchema = z.strictObject({
  kind: z.enum(BOOKING_KINDS),
  status: z.enum(BOOKING_STATUSES).default('booked'),
  user_id: z.number().int().positive(),
  record_locator: optionalText(50),
  ticket_number: optionalText(50),
  carrier: optionalText(200),
  name: optionalText(200),
  flight_number: optionalText(20),
  seat_class: optionalText(20),
  baggage: optionalText(100),
  is_return_route: z.boolean().default(false),
  start_place: optionalText(200),
  end_place: optionalText(200),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'validation.country')
    .nullish()
    .transform((value) => value ?? null),
  start_at: dateTime,
  end_at: dateTime.nullish().transform((value) => value ?? null),
  hotel_class: optionalText(20),
  address: optionalText(300),
  rooms: z
    .number()
    .int()
    .min(1)
    .max(99)
    .nullish()
    .transform((value) => value ?? null),
  persons_per_room: z
    .number()
    .int()
    .min(1)
    .max(20)
    .nullish()
    .transform((value) => value ?? null),
  room_type: z
    .enum(ROOM_TYPES)
    .nullish()
    .transform((value) => value ?? null),
  additional_services: optionalText(500),
  cancel_until: dateTime.nullish().transform((value) => value ?? null),
  price_per_day: optionalAmount,
  car_class: z
    .enum(CAR_CLASSES)
    .nullish()
    .transform((value) => value ?? null),
  comment: optionalText(1000),
  amount_net: optionalAmount,
  vat_amount: optionalAmount,
  amount_gross: amount,
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'validation.currency')
    .default('PLN'),
  paid_by: z.enum(BOOKING_PAYERS).default('companyInvoice'),
  cost_centre_id: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? null),
  project_id: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? null),
});

/** The rules between fields of a booking: dates in order, what each kind needs, the class its kind knows. */
export function refineBooking(value: z.output<typeof bookingFieldsSchema>, ctx: z.RefinementCtx): void {
  if (value.end_at && value.end_at < value.start_at)
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'validation.dateRange' });
  if ((value.kind === 'flight' || value.kind === 'lowCost' || value.kind === 'rail') && !value.start_place)
    ctx.addIssue({ code: 'custom', path: ['start_place'], message: 'validation.required' });
  if ((value.kind === 'flight' || value.kind === 'lowCost' || value.kind === 'rail') && !value.end_place)
    ctx.addIssue({ code: 'custom', path: ['end_place'], message: 'validation.required' });
  if (value.kind === 'hotel' && !value.name)
    ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.required' });
  if ((value.kind === 'hotel' || value.kind === 'car') && !value.end_at)
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'validation.required' });
  if (value.seat_class) {
    const classes: readonly string[] = value.kind === 'rail' ? RAIL_CLASSES : FLIGHT_CLASSES;
    if (
      (value.kind === 'flight' || value.kind === 'lowCost' || value.kind === 'rail') &&
      !classes.includes(value.seat_class)
    ) {
      ctx.addIssue({ code: 'custom', path: ['seat_class'], message: 'validation.invalidOption' });
    }
  }
}

export const bookingInputSchema = bookingFieldsSchema.superRefine(refineBooking);
export type BookingInput = z.output<typeof bookingInputSchema>;
export type BookingInputDraft = z.input<typeof bookingInputSchema>;
