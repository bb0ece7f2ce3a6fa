import { z } from 'zod';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { localDateSchema, queryIntSchema } from './primitives.ts';

const isoDate = localDateSchema;
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'validation.currency');
/** PLN per one unit, as a decimal string with at most 6 decimals. */
const rateText = z.string().regex(/^\d{1,6}(\.\d{1,6})?$/, 'validation.rate');

export const exchangeRateSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  date: z.string(),
  rate: z.string(),
  table_no: z.string().nullable(),
  source: z.enum(['nbp', 'manual']),
});
export type ExchangeRateDto = z.infer<typeof exchangeRateSchema>;

export const exchangeRateApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/exchange-rate/list',
    summary: "The company's exchange rates, newest first",
    query: z.strictObject({
      currency: currencyCode.optional(),
      date_from: isoDate.optional(),
      date_to: isoDate.optional(),
      source: z.enum(['nbp', 'manual']).optional(),
      page: queryIntSchema(1).default(1),
      page_size: queryIntSchema(1, 200).default(50),
    }),
    response: z.object({ items: z.array(exchangeRateSchema), total: z.number().int() }),
  }),
  importNbp: defineEndpoint({
    method: 'POST',
    path: '/exchange-rate/import-nbp',
    summary: 'Import NBP table A mid rates for a date range (at most 93 days per call)',
    body: z
      .strictObject({ date_from: isoDate, date_to: isoDate })
      .refine((b) => b.date_from <= b.date_to, { message: 'validation.dateRange', path: ['date_to'] }),
    response: z.object({
      imported_rates: z.number().int(),
      days: z.array(z.object({ date: z.string(), status: z.enum(['imported', 'noTable']), table_no: z.string().nullable() })),
    }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/exchange-rate/save',
    summary: 'Save a manual exchange rate',
    body: z.strictObject({ id: z.number().int().optional(), currency: currencyCode, date: isoDate, rate: rateText }),
    response: z.object({ status: z.literal('ok'), exchange_rate: exchangeRateSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/exchange-rate/delete',
    summary: 'Delete a manual exchange rate',
    body: z.strictObject({ id: z.number().int() }),
    response: okResponseSchema,
  }),
} as const;
