import { z } from 'zod';
import {
  INVOICE_MATCH_STATUSES,
  INVOICE_SOURCES,
  VAT_RATES,
  invoiceInputSchema,
  type InvoiceMatch,
} from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';
import { idSchema, queryIdSchema } from './primitives.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

export const INVOICE_LIST_SORTS = [
  'issue_date',
  'number',
  'seller_name',
  'gross_total',
  'created_at',
] as const;
export type InvoiceListSort = (typeof INVOICE_LIST_SORTS)[number];

export const invoiceListQuerySchema = listQuerySchema(INVOICE_LIST_SORTS, {
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  source: z.enum(INVOICE_SOURCES).optional(),
  match_status: z.enum(INVOICE_MATCH_STATUSES).optional(),
  /** Exported to the accounting system already (`true`) or not yet (`false`). */
  exported: z.enum(['true', 'false']).optional(),
});

export const invoiceVatLineSchema = z.object({
  rate: z.enum(VAT_RATES),
  net: z.string(),
  vat: z.string(),
  gross: z.string(),
});

/** Spec §7 `invoice/list`: one invoice with its amounts and what it covers. */
export const invoiceListItemSchema = z.object({
  id: z.number().int(),
  source: z.enum(INVOICE_SOURCES),
  number: z.string(),
  issue_date: z.string(),
  sale_date: z.string().nullable(),
  seller_name: z.string(),
  seller_tax_id: z.string().nullable(),
  currency: z.string(),
  net_total: z.string(),
  vat_total: z.string(),
  gross_total: z.string(),
  ksef_number: z.string().nullable(),
  match_status: z.enum(INVOICE_MATCH_STATUSES),
  booking_count: z.number().int(),
  delegations: z.array(
    z.object({ id: z.number().int(), number: z.string().nullable(), employee_name: z.string() }),
  ),
  has_file: z.boolean(),
  exported_at: z.string().nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoiceDetailsSchema = invoiceListItemSchema.extend({
  received_date: z.string().nullable(),
  due_date: z.string().nullable(),
  seller_address: z.string().nullable(),
  seller_country: z.string(),
  buyer_name: z.string().nullable(),
  buyer_tax_id: z.string().nullable(),
  invoice_kind: z.string(),
  vat_lines: z.array(invoiceVatLineSchema),
  line_names: z.array(z.string()),
  other_parties: z.array(z.string()),
  file_name: z.string().nullable(),
  bookings: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      traveller_name: z.string(),
      title: z.string(),
      start_at: z.string(),
      amount_gross: z.string(),
      currency: z.string(),
      delegation_id: z.number().int().nullable(),
      delegation_number: z.string().nullable(),
    }),
  ),
  match: z.custom<InvoiceMatch | null>((value) => value === null || typeof value === 'object'),
  can_edit: z.boolean(),
});
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;

export const invoiceSaveBodySchema = invoiceInputSchema.extend({
  id: idSchema.optional(),
});

/** The result of a KSeF import: each file's invoice and its match, or why it was not taken. */
export const ksefImportResultSchema = z.object({
  imported: z.array(
    z.object({
      file_name: z.string(),
      invoice_id: z.number().int(),
      number: z.string(),
      seller_name: z.string(),
      gross_total: z.string(),
      currency: z.string(),
      match_status: z.enum(INVOICE_MATCH_STATUSES),
    }),
  ),
  duplicates: z.array(z.object({ file_name: z.string(), invoice_id: z.number().int(), number: z.string() })),
  rejected: z.array(
    z.object({
      file_name: z.string(),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
export type KsefImportResult = z.infer<typeof ksefImportResultSchema>;

/** What an acceptor and finance see before deciding a settlement: its bookings' invoices and duplicate claims. */
export const settlementCostCheckSchema = z.object({
  bookings: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      title: z.string(),
      start_at: z.string(),
      amount_gross: z.string(),
      currency: z.string(),
      invoice_missing: z.boolean(),
      invoice_ids: z.array(z.number().int()),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      seller_name: z.string(),
      issue_date: z.string(),
      gross_total: z.string(),
      currency: z.string(),
      source: z.enum(INVOICE_SOURCES),
    }),
  ),
  duplicates: z.array(
    z.object({
      /** Where the settlement claims the bill: `other.N` (its other-cost line N, from 0) or `invoice.ID`. */
      place: z.string(),
      reason: z.enum(['sameNumber', 'sameAmountDateSeller']),
      bill_number: z.string().nullable(),
      other_delegation_id: z.number().int(),
      other_delegation_number: z.string().nullable(),
      /** The other settlement's trip, `YYYY-MM-DD HH:mm` Warsaw: its name while it has no number. */
      other_trip_start: z.string(),
      other_trip_end: z.string(),
      other_place: z.string(),
      other_bill_number: z.string().nullable(),
    }),
  ),
});
export type SettlementCostCheck = z.infer<typeof settlementCostCheckSchema>;

/** Spec §7 `invoice/list`, `invoice/download`, and the rest of the invoices area. */
export const invoiceApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/invoice/list',
    summary: 'Invoices of bookings and services (viewInvoices, companyAdmin or SuperAdmin)',
    query: invoiceListQuerySchema,
    response: pageSchema(invoiceListItemSchema),
  }),
  details: defineEndpoint({
    method: 'POST',
    path: '/invoice/details',
    summary: 'One invoice with its VAT lines, bookings, settlements and match',
    body: idBodySchema,
    response: z.object({ invoice: invoiceDetailsSchema }),
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/invoice/download',
    summary: "The invoice's file: the PDF entered with it or the KSeF XML",
    query: z.strictObject({ id: queryIdSchema }),
    response: z.unknown(),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/invoice/save',
    summary: 'Enter or correct an invoice with the bookings and settlements it covers',
    body: invoiceSaveBodySchema,
    response: z.object({ status: z.literal('ok'), invoice: invoiceDetailsSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/invoice/delete',
    summary: 'Delete an invoice not exported yet',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/invoice/upload',
    fileField: 'file',
    summary: "Upload an invoice's PDF (multipart field 'file'); the answer's token goes into the save",
    response: z.object({ file_token: z.string(), file_name: z.string() }),
  }),
  ksefImport: defineEndpoint({
    method: 'POST',
    path: '/invoice/ksef-import',
    fileField: 'file',
    summary:
      "Import KSeF FA(3) invoices (one XML or a ZIP of many, multipart field 'file') and match each to its trip",
    response: ksefImportResultSchema,
  }),
  matchConfirm: defineEndpoint({
    method: 'POST',
    path: '/invoice/match-confirm',
    summary:
      "Confirm or correct a received invoice's trip: it joins the settlement as a company-paid cost or as its booking's invoice",
    body: z.strictObject({
      id: idSchema,
      delegation_id: idSchema,
      booking_id: idSchema.nullable().default(null),
    }),
    response: z.object({ status: z.literal('ok'), invoice: invoiceDetailsSchema }),
  }),
  matchReject: defineEndpoint({
    method: 'POST',
    path: '/invoice/match-reject',
    summary: 'The received invoice belongs to no trip',
    body: idBodySchema,
    response: z.object({ status: z.literal('ok'), invoice: invoiceDetailsSchema }),
  }),
  costCheck: defineEndpoint({
    method: 'GET',
    path: '/delegation/cost-check',
    summary: "A settlement's bookings with their invoices, its invoices, and bills claimed twice",
    query: z.strictObject({ id: queryIdSchema }),
    response: settlementCostCheckSchema,
  }),
} as const;
