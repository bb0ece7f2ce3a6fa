import { z } from 'zod';
import { dec, parseDecimal, sumDecimals } from '../common/money.ts';
import type { Issue } from '../common/errors.ts';
import { isValidNip, normalizeNip } from '../master-data/tax-id.ts';

/** VAT rates of a purchase invoice: the percentages, zero, exempt (`zw`) and not subject (`np`). */
export const VAT_RATES = ['23', '8', '5', '0', 'zw', 'np'] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const INVOICE_SOURCES = ['manual', 'import', 'ksef'] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];

/** What the matching suggested and whether finance confirmed it. */
export const INVOICE_MATCH_STATUSES = ['none', 'suggested', 'confirmed', 'rejected'] as const;
export type InvoiceMatchStatus = (typeof INVOICE_MATCH_STATUSES)[number];

/** Net, VAT and gross at one rate. */
export interface InvoiceVatLine {
  rate: VatRate;
  net: string;
  vat: string;
  gross: string;
}

/** One reason the matching gives, as a translation key with its values. */
export interface MatchReason {
  code: string;
  params?: Record<string, string | number>;
  points: number;
}

/** The trip (settlement), employee and booking an invoice most likely belongs to, and why. */
export interface InvoiceMatch {
  delegationId: number | null;
  delegationNumber: string | null;
  userId: number | null;
  employeeName: string | null;
  bookingId: number | null;
  score: number;
  reasons: MatchReason[];
  /** The next best candidates, for finance to choose from when the first is wrong. */
  alternatives: {
    delegationId: number;
    delegationNumber: string | null;
    employeeName: string;
    score: number;
  }[];
}

const amount = z
  .string()
  .trim()
  .refine((value) => parseDecimal(value) !== null, 'validation.amount');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

/** An invoice as the consultant or finance enters it (spec §2 `/invoices`). */
export const invoiceInputSchema = z.strictObject({
  number: z.string().trim().min(1, 'validation.required').max(60),
  issue_date: day,
  sale_date: day.nullish().transform((value) => value ?? null),
  received_date: day.nullish().transform((value) => value ?? null),
  due_date: day.nullish().transform((value) => value ?? null),
  seller_name: z.string().trim().min(1, 'validation.required').max(200),
  seller_tax_id: z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((value) => (value ? value : null)),
  seller_address: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((value) => (value ? value : null)),
  seller_country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'validation.country')
    .default('PL'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'validation.currency')
    .default('PLN'),
  vat_lines: z
    .array(z.strictObject({ rate: z.enum(VAT_RATES), net: amount, vat: amount }))
    .min(1, 'validation.required')
    .max(10),
  booking_ids: z.array(z.number().int().positive()).max(50).default([]),
  delegation_ids: z.array(z.number().int().positive()).max(20).default([]),
  /** An uploaded PDF (the `file_token` the upload answered). */
  file_token: z
    .string()
    .max(100)
    .nullish()
    .transform((value) => value ?? null),
});
export type InvoiceInput = z.output<typeof invoiceInputSchema>;

/** The nominal rate as a fraction, or null where no percentage applies. */
function rateFraction(rate: VatRate): string | null {
  return /^\d+$/.test(rate) ? dec(rate).div(100).toString() : null;
}

/**
 * Checks the amounts and the seller's NIP and gives the per-rate lines with their gross and the
 * totals. A VAT amount more than 0.05 away from net × rate (rounding per line) is refused at its field.
 */
export function checkInvoiceAmounts(
  input: Pick<InvoiceInput, 'vat_lines' | 'seller_tax_id' | 'seller_country'>,
): {
  lines: InvoiceVatLine[];
  totals: { net: string; vat: string; gross: string };
  issues: Issue[];
} {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const lines = input.vat_lines.map((line, index): InvoiceVatLine => {
    if (seen.has(line.rate)) issues.push({ path: ['vat_lines', index, 'rate'], code: 'invoice.rateTwice' });
    seen.add(line.rate);
    const net = dec(parseDecimal(line.net) ?? 0);
    const vat = dec(parseDecimal(line.vat) ?? 0);
    const fraction = rateFraction(line.rate);
    if (fraction !== null && net.times(fraction).minus(vat).abs().greaterThan('0.05')) {
      issues.push({
        path: ['vat_lines', index, 'vat'],
        code: 'invoice.vatMismatch',
        params: { expected: net.times(fraction).toFixed(2) },
      });
    }
    if (fraction === null && !vat.isZero())
      issues.push({ path: ['vat_lines', index, 'vat'], code: 'invoice.vatNotDue' });
    return { rate: line.rate, net: net.toFixed(2), vat: vat.toFixed(2), gross: net.plus(vat).toFixed(2) };
  });
  if (input.seller_country === 'PL' && input.seller_tax_id && !isValidNip(input.seller_tax_id))
    issues.push({ path: ['seller_tax_id'], code: 'contractor.nipInvalid' });
  const totals = {
    net: sumDecimals(lines.map((line) => line.net)).toFixed(2),
    vat: sumDecimals(lines.map((line) => line.vat)).toFixed(2),
    gross: sumDecimals(lines.map((line) => line.gross)).toFixed(2),
  };
  return { lines, totals, issues };
}

/** The seller's NIP as stored: digits only for a Polish NIP, the text otherwise. */
export function storedTaxId(value: string | null): string | null {
  return value ? normalizeNip(value) : null;
}
