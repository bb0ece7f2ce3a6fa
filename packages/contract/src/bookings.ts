import { z } from 'zod';
import {
  BOOKING_KINDS,
  BOOKING_PAYERS,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  BOOKING_TAB_NAMES,
  bookingFieldsSchema,
  refineBooking,
} from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';
import { idSchema, queryIdSchema } from './primitives.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

export const bookingKindSchema = z.enum(BOOKING_KINDS);
export const BOOKING_LIST_SORTS = [
  'start_at',
  'traveller',
  'amount_gross',
  'kind',
  'carrier',
  'created_at',
] as const;
export type BookingListSort = (typeof BOOKING_LIST_SORTS)[number];

export const bookingListQuerySchema = listQuerySchema(BOOKING_LIST_SORTS, {
  /** The tab of `/booking` (spec §2); every kind the company's modules open when left out. */
  tab: z.enum(BOOKING_TAB_NAMES as [string, ...string[]]).optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  source: z.enum(BOOKING_SOURCES).optional(),
  user_id: queryIdSchema.optional(),
  /** Services that end on or after this day. */
  date_from: isoDate.optional(),
  /** Services that start on or before this day. */
  date_to: isoDate.optional(),
  /** Only bookings whose invoice has not arrived (`true`) or has (`false`). */
  invoice_missing: z.enum(['true', 'false']).optional(),
  /** Only bookings of imported travellers not mapped to a user yet. */
  unmapped: z.enum(['true']).optional(),
});

/** One row of a booking list. */
export const bookingListItemSchema = z.object({
  id: z.number().int(),
  kind: bookingKindSchema,
  source: z.enum(BOOKING_SOURCES),
  status: z.enum(BOOKING_STATUSES),
  user_id: z.number().int().nullable(),
  traveller_name: z.string(),
  /** The carrier or the hotel's, car's or service's name. */
  title: z.string(),
  route: z.string().nullable(),
  /** `YYYY-MM-DD HH:mm`, Warsaw. */
  start_at: z.string(),
  end_at: z.string().nullable(),
  record_locator: z.string().nullable(),
  amount_gross: z.string(),
  currency: z.string(),
  invoice_ids: z.array(z.number().int()),
  /** Whether the company still waits for its invoice. */
  invoice_missing: z.boolean(),
  delegation_id: z.number().int().nullable(),
  delegation_number: z.string().nullable(),
});
export type BookingListItem = z.infer<typeof bookingListItemSchema>;

/** Every field of the booking templates (spec §3), with who it is for and where it is used. */
export const bookingDetailsSchema = bookingListItemSchema.extend({
  traveller_email: z.string().nullable(),
  booked_by_id: z.number().int().nullable(),
  booked_by_name: z.string().nullable(),
  travel_service_item_id: z.number().int().nullable(),
  ticket_number: z.string().nullable(),
  carrier: z.string().nullable(),
  name: z.string().nullable(),
  flight_number: z.string().nullable(),
  seat_class: z.string().nullable(),
  baggage: z.string().nullable(),
  is_return_route: z.boolean(),
  start_place: z.string().nullable(),
  end_place: z.string().nullable(),
  country_code: z.string().nullable(),
  hotel_class: z.string().nullable(),
  address: z.string().nullable(),
  rooms: z.number().int().nullable(),
  persons_per_room: z.number().int().nullable(),
  room_type: z.string().nullable(),
  additional_services: z.string().nullable(),
  cancel_until: z.string().nullable(),
  price_per_day: z.string().nullable(),
  car_class: z.string().nullable(),
  comment: z.string().nullable(),
  amount_net: z.string().nullable(),
  vat_amount: z.string().nullable(),
  paid_by: z.enum(BOOKING_PAYERS),
  cost_centre_id: z.number().int().nullable(),
  cost_centre_name: z.string().nullable(),
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      issue_date: z.string(),
      seller_name: z.string(),
      gross_total: z.string(),
      currency: z.string(),
    }),
  ),
  created_at: z.string(),
  /** Whether the signed-in user may correct it. */
  can_edit: z.boolean(),
});
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;

export const bookingSaveBodySchema = bookingFieldsSchema
  .extend({ id: idSchema.optional() })
  .superRefine(refineBooking);

/** The answer of the import's preview and of the import itself. */
export const bookingImportResultSchema = z.object({
  mode: z.enum(['preview', 'commit']),
  file_name: z.string(),
  row_count: z.number().int(),
  valid_count: z.number().int(),
  invalid_count: z.number().int(),
  /** Rows already imported before (same source, booking id and segment): they are updated. */
  update_count: z.number().int(),
  /** Per-row issues (path `rows.{line}.{column}`), the first 500. */
  issues: z.array(
    z.object({
      path: z.array(z.union([z.string(), z.number()])),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
  /** The first valid rows as they will be saved. */
  preview: z.array(
    z.object({
      line: z.number().int(),
      kind: bookingKindSchema,
      traveller_name: z.string(),
      user_id: z.number().int().nullable(),
      title: z.string(),
      start_at: z.string(),
      amount_gross: z.string(),
      currency: z.string(),
      is_update: z.boolean(),
    }),
  ),
  /** Travellers of the file that match no user: their rows wait at `/booking/mapping`. */
  unmapped_travellers: z.array(z.string()),
  /** Set after a commit. */
  import_id: z.number().int().nullable(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  skipped_count: z.number().int(),
});
export type BookingImportResult = z.infer<typeof bookingImportResultSchema>;

export const bookingImportQuerySchema = z.strictObject({
  mode: z.enum(['preview', 'commit']),
  /** Save the valid rows and leave out the invalid ones; without it one invalid row saves nothing. */
  skip_invalid: z.enum(['true', 'false']).default('false'),
});

export const travellerMappingSchema = z.object({
  traveller_key: z.string(),
  traveller_name: z.string(),
  traveller_email: z.string().nullable(),
  booking_count: z.number().int(),
  suggestions: z.array(
    z.object({
      user_id: z.number().int(),
      full_name: z.string(),
      email: z.string(),
      reason: z.enum(['email', 'name', 'surname']),
    }),
  ),
});
export type TravellerMapping = z.infer<typeof travellerMappingSchema>;

export const bookingUserSchema = z.object({ id: z.number().int(), full_name: z.string(), email: z.string() });
export type BookingUser = z.infer<typeof bookingUserSchema>;

/** A booking the settlement form may attach (the employee's, in the trip's dates). */
export const attachableBookingSchema = bookingDetailsSchema.pick({
  id: true,
  kind: true,
  status: true,
  title: true,
  route: true,
  start_at: true,
  end_at: true,
  carrier: true,
  name: true,
  start_place: true,
  end_place: true,
  country_code: true,
  record_locator: true,
  ticket_number: true,
  is_return_route: true,
  amount_gross: true,
  currency: true,
  invoice_missing: true,
  delegation_id: true,
  delegation_number: true,
});
export type AttachableBooking = z.infer<typeof attachableBookingSchema>;

/** Spec §7 `booking/list`, `booking/details`, and the rest of the bookings area. */
export const bookingApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/booking/list',
    summary: 'Bookings the user may see (all, assigned, own), by tab, filtered and paged',
    query: bookingListQuerySchema,
    response: pageSchema(bookingListItemSchema),
  }),
  details: defineEndpoint({
    method: 'POST',
    path: '/booking/details',
    summary: 'One booking with every field of its template, its invoices and its settlement',
    body: idBodySchema,
    response: z.object({ booking: bookingDetailsSchema }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/booking/save',
    summary: 'Add a booking bought outside the travel service, or correct one (bookingMapping)',
    body: bookingSaveBodySchema,
    response: z.object({ status: z.literal('ok'), booking: bookingDetailsSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/booking/delete',
    summary: 'Delete a booking no settlement holds and no invoice covers (bookingMapping)',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/booking/import',
    fileField: 'file',
    summary: "Preview or import a file of the booking site (CSV or XLSX, multipart field 'file')",
    query: bookingImportQuerySchema,
    response: bookingImportResultSchema,
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/booking/users',
    summary: 'Active users a booking or a traveller may be assigned to',
    response: z.object({ items: z.array(bookingUserSchema) }),
  }),
  mappingList: defineEndpoint({
    method: 'GET',
    path: '/booking/mapping/list',
    summary: 'Travellers of imported bookings who match no user, with suggested users',
    response: z.object({ items: z.array(travellerMappingSchema) }),
  }),
  mappingSave: defineEndpoint({
    method: 'POST',
    path: '/booking/mapping/save',
    summary: 'Map a traveller to a user: their bookings are assigned now and in later imports',
    body: z.strictObject({ traveller_key: z.string().min(1).max(300), user_id: idSchema }),
    response: z.object({ status: z.literal('ok'), assigned: z.number().int() }),
  }),
  forSettlement: defineEndpoint({
    method: 'GET',
    path: '/booking/for-settlement',
    summary: "The employee's bookings in the trip's dates that a settlement may attach",
    query: z.strictObject({
      user_id: queryIdSchema,
      date_from: isoDate,
      date_to: isoDate,
      delegation_id: queryIdSchema.optional(),
    }),
    response: z.object({ items: z.array(attachableBookingSchema) }),
  }),
} as const;
