import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { dec, sumDecimals, type BookingImportRow, type InvoiceVatLine, type VatRate } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  delegations,
  invoiceBookings,
  invoiceDelegations,
  invoices,
  optimaExportDocuments,
  optimaExports,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

/** The seller key of the unique index: the NIP, or the name in lower case. */
const sellerKey = (taxId: string | null, name: string) => taxId ?? name.toLowerCase();

/** The VAT rate a net and VAT amount imply, when it is one of the Polish rates. */
function impliedRate(net: string | null, vat: string | null): VatRate {
  if (!net || !vat || dec(net).isZero()) return vat && !dec(vat).isZero() ? '23' : 'np';
  const percent = dec(vat).div(net).times(100).toDecimalPlaces(0).toNumber();
  return (
    (([23, 8, 5, 0] as const).find((rate) => Math.abs(rate - percent) <= 1)?.toString() as
      VatRate | undefined) ?? '23'
  );
}

export interface InvoiceListFilter {
  search?: string;
  dateFrom?: string;
  dateTo?: string;
  source?: string;
  matchStatus?: string;
  exported?: boolean;
  sort: 'issue_date' | 'number' | 'seller_name' | 'gross_total' | 'created_at';
  order: 'asc' | 'desc';
}

const SORT = {
  issue_date: [invoices.issueDate],
  number: [sql`lower(${invoices.number})`],
  seller_name: [sql`lower(${invoices.sellerName})`, invoices.issueDate],
  gross_total: [invoices.grossTotal],
  created_at: [invoices.createdAt],
} as const;

const exportedCondition = sql`EXISTS (SELECT 1 FROM ${optimaExportDocuments} d WHERE d.company_id = ${invoices.companyId} AND d.document_type = 'invoice' AND d.document_id = ${invoices.id})`;

export const invoicesRepo = {
  async page(
    db: Executor,
    companyId: number,
    filter: InvoiceListFilter,
    window: { offset: number; limit: number },
  ) {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const where = and(
      eq(invoices.companyId, companyId),
      filter.dateFrom ? gte(invoices.issueDate, filter.dateFrom) : undefined,
      filter.dateTo ? lte(invoices.issueDate, filter.dateTo) : undefined,
      filter.source ? eq(invoices.source, filter.source) : undefined,
      filter.matchStatus ? eq(invoices.matchStatus, filter.matchStatus) : undefined,
      filter.exported === true
        ? exportedCondition
        : filter.exported === false
          ? sql`NOT ${exportedCondition}`
          : undefined,
      pattern
        ? or(
            ilike(invoices.number, pattern),
            ilike(invoices.sellerName, pattern),
            ilike(invoices.sellerTaxId, pattern),
            ilike(invoices.ksefNumber, pattern),
          )
        : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(invoices)
        .where(where)
        .orderBy(...SORT[filter.sort].map((column) => direction(column)), direction(invoices.id))
        .offset(window.offset)
        .limit(window.limit),
      db.select({ value: count() }).from(invoices).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async find(
    db: Executor,
    companyId: number,
    id: number,
    options: { lock?: boolean } = {},
  ): Promise<InvoiceRow | null> {
    const query = db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
      .limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async findMany(db: Executor, companyId: number, ids: number[]): Promise<InvoiceRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), inArray(invoices.id, ids)))
      .orderBy(asc(invoices.issueDate), asc(invoices.id));
  },

  async findBySellerNumber(
    db: Executor,
    companyId: number,
    sellerTaxId: string | null,
    sellerName: string,
    number: string,
    exceptId?: number,
  ): Promise<InvoiceRow | null> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, companyId),
          sql`coalesce(${invoices.sellerTaxId}, lower(${invoices.sellerName})) = ${sellerKey(sellerTaxId, sellerName)}`,
          sql`lower(${invoices.number}) = ${number.toLowerCase()}`,
          exceptId === undefined ? undefined : ne(invoices.id, exceptId),
        ),
      )
      .limit(1);
    return row ?? null;
  },

  async findByKsefNumber(db: Executor, companyId: number, ksefNumber: string): Promise<InvoiceRow | null> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.ksefNumber, ksefNumber)))
      .limit(1);
    return row ?? null;
  },

  async insert(tx: Executor, companyId: number, values: InvoiceValues): Promise<number> {
    const [row] = await tx
      .insert(invoices)
      .values({ ...values, companyId })
      .returning({ id: invoices.id });
    return row!.id;
  },

  async update(tx: Executor, companyId: number, id: number, values: Partial<InvoiceValues>): Promise<void> {
    await tx
      .update(invoices)
      .set(values)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  },

  async delete(tx: Executor, companyId: number, id: number): Promise<void> {
    await tx.delete(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  },

  /** The bookings and settlements each invoice covers. */
  async links(db: Executor, companyId: number, invoiceIds: number[]) {
    if (invoiceIds.length === 0) return { bookings: [], delegations: [] };
    const [bookingRows, delegationRows] = await Promise.all([
      db
        .select({
          invoiceId: invoiceBookings.invoiceId,
          id: bookings.id,
          kind: bookings.kind,
          travellerName: bookings.travellerName,
          userId: bookings.userId,
          carrier: bookings.carrier,
          name: bookings.name,
          startAt: bookings.startAt,
          amountGross: bookings.amountGross,
          currency: bookings.currency,
        })
        .from(invoiceBookings)
        .innerJoin(bookings, eq(bookings.id, invoiceBookings.bookingId))
        .where(and(eq(invoiceBookings.companyId, companyId), inArray(invoiceBookings.invoiceId, invoiceIds))),
      db
        .select({
          invoiceId: invoiceDelegations.invoiceId,
          id: delegations.id,
          number: delegations.number,
          status: delegations.status,
          userId: delegations.userId,
          employeeName: sql<string>`${users.name} || ' ' || ${users.surname}`,
        })
        .from(invoiceDelegations)
        .innerJoin(delegations, eq(delegations.id, invoiceDelegations.delegationId))
        .innerJoin(users, eq(users.id, delegations.userId))
        .where(
          and(
            eq(invoiceDelegations.companyId, companyId),
            inArray(invoiceDelegations.invoiceId, invoiceIds),
            ne(delegations.status, 'deleted'),
          ),
        ),
    ]);
    return { bookings: bookingRows, delegations: delegationRows };
  },

  /** The settlements holding each of the bookings (not deleted). */
  async settlementsOfBookings(db: Executor, companyId: number, bookingIds: number[]) {
    if (bookingIds.length === 0) return [];
    return db
      .select({
        bookingId: sql<number>`db.booking_id`,
        id: delegations.id,
        number: delegations.number,
        status: delegations.status,
        userId: delegations.userId,
        employeeName: sql<string>`${users.name} || ' ' || ${users.surname}`,
      })
      .from(sql`delegation_bookings db`)
      .innerJoin(delegations, sql`${delegations.id} = db.delegation_id`)
      .innerJoin(users, eq(users.id, delegations.userId))
      .where(
        and(
          sql`db.company_id = ${companyId}`,
          sql`db.booking_id in ${bookingIds}`,
          ne(delegations.status, 'deleted'),
        ),
      );
  },

  async replaceLinks(
    tx: Executor,
    companyId: number,
    invoiceId: number,
    bookingIds: number[],
    delegationIds: number[],
  ): Promise<void> {
    await tx
      .delete(invoiceBookings)
      .where(and(eq(invoiceBookings.companyId, companyId), eq(invoiceBookings.invoiceId, invoiceId)));
    await tx
      .delete(invoiceDelegations)
      .where(and(eq(invoiceDelegations.companyId, companyId), eq(invoiceDelegations.invoiceId, invoiceId)));
    if (bookingIds.length > 0)
      await tx
        .insert(invoiceBookings)
        .values(bookingIds.map((bookingId) => ({ companyId, invoiceId, bookingId })));
    if (delegationIds.length > 0)
      await tx
        .insert(invoiceDelegations)
        .values(delegationIds.map((delegationId) => ({ companyId, invoiceId, delegationId })));
  },

  async addLinks(
    tx: Executor,
    companyId: number,
    invoiceId: number,
    links: { bookingId?: number | null; delegationId?: number | null },
  ): Promise<void> {
    if (links.bookingId)
      await tx
        .insert(invoiceBookings)
        .values({ companyId, invoiceId, bookingId: links.bookingId })
        .onConflictDoNothing();
    if (links.delegationId)
      await tx
        .insert(invoiceDelegations)
        .values({ companyId, invoiceId, delegationId: links.delegationId })
        .onConflictDoNothing();
  },

  /** Invoices linked to a settlement directly or through its bookings. */
  async ofDelegation(db: Executor, companyId: number, delegationId: number): Promise<InvoiceRow[]> {
    return db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, companyId),
          or(
            sql`${invoices.id} IN (SELECT invoice_id FROM ${invoiceDelegations} WHERE delegation_id = ${delegationId})`,
            sql`${invoices.id} IN (SELECT ib.invoice_id FROM ${invoiceBookings} ib JOIN delegation_bookings db ON db.booking_id = ib.booking_id WHERE db.delegation_id = ${delegationId})`,
          ),
        ),
      )
      .orderBy(asc(invoices.issueDate), asc(invoices.id));
  },

  /**
   * The invoices an imported file names, created once per seller and number (or found when they
   * exist) and linked to their bookings; their amounts are the sums of the file's rows. A few
   * statements for the whole file, however many invoices it names.
   */
  async linkImportedInvoices(tx: Executor, companyId: number, rows: { bookingId: number; row: BookingImportRow }[], userId: number): Promise<void> {
    const keyOf = (invoice: NonNullable<BookingImportRow['invoice']>) => `${sellerKey(invoice.sellerTaxId, invoice.sellerName)}\u001f${invoice.number.toLowerCase()}`;
    const groups = new Map<string, { bookingId: number; row: BookingImportRow }[]>();
    for (const entry of rows) {
      const key = keyOf(entry.row.invoice!);
      groups.set(key, [...(groups.get(key) ?? []), entry]);
    }
    if (groups.size === 0) return;
    const ids = new Map<string, number>();
    const keys = [...groups.keys()];
    for (let start = 0; start < keys.length; start += 1000) {
      const slice = keys.slice(start, start + 1000);
      const found = await tx
        .select({ id: invoices.id, key: sql<string>`coalesce(${invoices.sellerTaxId}, lower(${invoices.sellerName})) || chr(31) || lower(${invoices.number})` })
        .from(invoices)
        .where(and(eq(invoices.companyId, companyId), sql`coalesce(${invoices.sellerTaxId}, lower(${invoices.sellerName})) || chr(31) || lower(${invoices.number}) IN ${slice}`));
      for (const row of found) ids.set(row.key, row.id);
    }
    const missing = keys.filter((key) => !ids.has(key));
    for (let start = 0; start < missing.length; start += 500) {
      const values = missing.slice(start, start + 500).map((key) => {
        const entries = groups.get(key)!;
        const invoice = entries[0]!.row.invoice!;
        const gross = sumDecimals(entries.map((entry) => entry.row.amountGross));
        const vat = sumDecimals(entries.map((entry) => entry.row.vatAmount ?? '0'));
        const net = entries.every((entry) => entry.row.amountNet !== null) ? sumDecimals(entries.map((entry) => entry.row.amountNet!)) : gross.minus(vat);
        const line: InvoiceVatLine = { rate: impliedRate(net.toFixed(2), vat.toFixed(2)), net: net.toFixed(2), vat: vat.toFixed(2), gross: gross.toFixed(2) };
        return {
          companyId,
          source: 'import',
          number: invoice.number,
          issueDate: invoice.date,
          sellerName: invoice.sellerName,
          sellerTaxId: invoice.sellerTaxId,
          currency: entries[0]!.row.currency,
          netTotal: line.net,
          vatTotal: line.vat,
          grossTotal: line.gross,
          vatLines: [line],
          createdById: userId,
        };
      });
      const inserted = await tx.insert(invoices).values(values).returning({ id: invoices.id, number: invoices.number, sellerTaxId: invoices.sellerTaxId, sellerName: invoices.sellerName });
      for (const row of inserted) ids.set(`${sellerKey(row.sellerTaxId, row.sellerName)}\u001f${row.number.toLowerCase()}`, row.id);
    }
    const links = [...groups.entries()].flatMap(([key, entries]) => entries.map((entry) => ({ companyId, invoiceId: ids.get(key)!, bookingId: entry.bookingId })));
    for (let start = 0; start < links.length; start += 1000) await tx.insert(invoiceBookings).values(links.slice(start, start + 1000)).onConflictDoNothing();
  },

  /** When each document was last exported to Optima. */
  async lastExports(
    db: Executor,
    companyId: number,
    documentType: 'invoice' | 'delegation',
    ids: number[],
  ): Promise<Map<number, Date>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        documentId: optimaExportDocuments.documentId,
        at: sql<Date>`max(${optimaExports.createdAt})`,
      })
      .from(optimaExportDocuments)
      .innerJoin(optimaExports, eq(optimaExports.id, optimaExportDocuments.exportId))
      .where(
        and(
          eq(optimaExportDocuments.companyId, companyId),
          eq(optimaExportDocuments.documentType, documentType),
          inArray(optimaExportDocuments.documentId, ids),
        ),
      )
      .groupBy(optimaExportDocuments.documentId);
    return new Map(rows.map((row) => [row.documentId, new Date(row.at)]));
  },
};
