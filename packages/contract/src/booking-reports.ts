import { z } from 'zod';
import {
  BOOKING_KINDS,
  BOOKING_REPORT_DIMENSIONS,
  BOOKING_REPORT_KINDS,
  BOOKING_REPORT_MEASURES,
  BOOKING_STATUSES,
} from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';
import { localDateSchema } from './primitives.ts';

/** `a,b,c` or a repeated parameter: a list in a query string. */
function queryList<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(
    (value) =>
      value === undefined || value === '' ? [] : Array.isArray(value) ? value : String(value).split(','),
    z.array(item).max(max),
  );
}
const idList = queryList(z.coerce.number().int().positive('validation.invalidValue'), 1000);

/**
 * A booking report's selection (spec §2 `/booking/report/{kind}`): the Warsaw days the services start
 * on, the cost centres, organisation units (the traveller's), projects, service types and statuses
 * (empty lists mean all; statuses default to booked and ticketed), and the one currency whose amounts
 * are added. `custom` names its dimensions and measures; the other kinds have their own.
 */
export const bookingReportQuerySchema = z
  .strictObject({
    kind: z.enum(BOOKING_REPORT_KINDS),
    date_from: localDateSchema,
    date_to: localDateSchema,
    cost_centre_ids: idList,
    organization_unit_ids: idList,
    project_ids: idList,
    service_types: queryList(z.enum(BOOKING_KINDS), BOOKING_KINDS.length),
    statuses: queryList(z.enum(BOOKING_STATUSES), BOOKING_STATUSES.length),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'validation.invalidValue')
      .default('PLN'),
    dimensions: queryList(z.enum(BOOKING_REPORT_DIMENSIONS), 2),
    measures: queryList(z.enum(BOOKING_REPORT_MEASURES), BOOKING_REPORT_MEASURES.length),
  })
  .refine((query) => query.date_from <= query.date_to, { message: 'validation.dateRange', path: ['date_to'] })
  .refine((query) => query.kind !== 'custom' || query.dimensions.length > 0, {
    message: 'global.error.required',
    path: ['dimensions'],
  })
  .refine((query) => new Set(query.dimensions).size === query.dimensions.length, {
    message: 'bookingReport.sameDimensionTwice',
    path: ['dimensions'],
  })
  .refine((query) => query.kind !== 'custom' || query.measures.length > 0, {
    message: 'global.error.required',
    path: ['measures'],
  });
export type BookingReportQuery = z.output<typeof bookingReportQuerySchema>;
export type BookingReportQueryInput = z.input<typeof bookingReportQuerySchema>;

const sums = {
  count: z.number().int(),
  travellers: z.number().int(),
  gross: z.string(),
  net: z.string(),
  vat: z.string(),
  average: z.string(),
};

export const bookingReportSchema = z.object({
  kind: z.enum(BOOKING_REPORT_KINDS),
  dimensions: z.array(z.enum(BOOKING_REPORT_DIMENSIONS)),
  measures: z.array(z.enum(BOOKING_REPORT_MEASURES)),
  currency: z.string(),
  /** Each row's dimension values (null: not given; codes for service type, seat class and scope). */
  rows: z.array(z.object({ values: z.array(z.string().nullable()), ...sums })),
  total: z.object(sums),
});
export type BookingReport = z.infer<typeof bookingReportSchema>;

const option = z.object({ id: z.number().int(), name: z.string() });

/** Booking reports (spec §2 `/booking/report/*`), for `reportDelegation` in a company with a booking module. */
export const bookingReportApi = {
  data: defineEndpoint({
    method: 'GET',
    path: '/booking/report/data',
    summary:
      "A booking report: the company's bookings grouped by the report's dimensions, with their sums and total",
    query: bookingReportQuerySchema,
    response: bookingReportSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/booking/report/export',
    summary: 'The same booking report as an XLSX file',
    query: bookingReportQuerySchema,
    response: z.unknown(),
  }),
  formOptions: defineEndpoint({
    method: 'GET',
    path: '/booking/report/form-options',
    summary:
      "The company's cost centres, organisation units, projects and booking currencies to filter a booking report by",
    response: z.object({
      cost_centres: z.array(option),
      organization_units: z.array(option),
      projects: z.array(option),
      currencies: z.array(z.string()),
    }),
  }),
} as const;
