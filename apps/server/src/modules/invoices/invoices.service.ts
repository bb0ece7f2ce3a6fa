import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  AppError,
  ErrorCode,
  checkInvoiceAmounts,
  findDuplicateClaims,
  matchInvoice,
  toLocalDate,
  formatLocalDateTimeMillis,
  storedTaxId,
  type BookingKind,
  type InvoiceMatch,
  type InvoiceMatchStatus,
  type InvoiceSource,
  type Issue,
} from '@delego/domain';
import type {
  InvoiceDetails,
  InvoiceListItem,
  KsefImportResult,
  SettlementCostCheck,
  invoiceListQuerySchema,
  invoiceSaveBodySchema,
} from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { can } from '../../lib/access.ts';
import { fieldError, notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { sniffFileType } from '../../lib/file-type.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { bookingsRepo } from '../bookings/bookings.repo.ts';
import type { TripWorkflow } from '../trip-workflow/trip-workflow.service.ts';
import { invoicesRepo, type InvoiceRow } from './invoices.repo.ts';
import { settlementBillsRepo, tripsAround } from './settlement-bills.repo.ts';
import { KsefParseError, parseFa3, type KsefInvoice } from '../../integrations/ksef/fa3-parser.ts';
import { ZipReadError, looksLikeZip, readZip } from '../../lib/zip-reader.ts';
import { optimaRepo } from '../optima/optima.repo.ts';

/** An invoice upload's token: the UUID `upload` answered. */
const UPLOAD_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type ListQuery = z.output<typeof invoiceListQuerySchema>;
type SaveBody = z.output<typeof invoiceSaveBodySchema>;

/** The largest invoice PDF taken (a scanned invoice of a few pages). */
export const INVOICE_FILE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * A ZIP of KSeF invoices: at most this many files and unpacked bytes, and no large entry packed
 * tighter than this (an FA(3) XML packs about 5 to 20 times; a bomb, thousands of times).
 */
const KSEF_ZIP_MAX_FILES = 500;
const KSEF_ZIP_MAX_BYTES = 50 * 1024 * 1024;
const KSEF_ZIP_MAX_RATIO = 100;
const pendingKey = (companyId: number, token: string) => `invoices/${companyId}/${token}`;

/** Spec §6: invoices are for `viewInvoices`, `companyAdmin` or `SuperAdmin`. */
export function assertInvoiceAccess(ctx: AuthenticatedContext): void {
  if (!(can(ctx, 'viewInvoices') || can(ctx, 'companyAdmin') || can(ctx, 'SuperAdmin'))) {
    throw new AppError(ErrorCode.forbidden, {
      messages: ['You do not have permission to perform this action'],
    });
  }
}

const wall = (date: Date) => formatLocalDateTimeMillis(date.getTime());

/**
 * Invoices of bookings and services (spec §2 `/invoices`, §7 `invoice/list`, `invoice/download`):
 * entered by finance with their PDF, created by booking imports, or received from KSeF and matched
 * to trips; an invoice that arrives for an attached booking releases its settlement's acceptance.
 */
export function createInvoicesService(deps: {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  workflow: TripWorkflow;
}) {
  const { db, clock, storage, workflow } = deps;

  async function listItems(
    executor: Executor,
    companyId: number,
    rows: InvoiceRow[],
  ): Promise<InvoiceListItem[]> {
    const ids = rows.map((row) => row.id);
    const [links, exports] = await Promise.all([
      invoicesRepo.links(executor, companyId, ids),
      invoicesRepo.lastExports(executor, companyId, 'invoice', ids),
    ]);
    const holders = await invoicesRepo.settlementsOfBookings(executor, companyId, [
      ...new Set(links.bookings.map((booking) => booking.id)),
    ]);
    return rows.map((row) => {
      const bookingIds = links.bookings
        .filter((booking) => booking.invoiceId === row.id)
        .map((booking) => booking.id);
      const delegations = new Map<number, { id: number; number: string | null; employee_name: string }>();
      for (const entry of links.delegations.filter((link) => link.invoiceId === row.id))
        delegations.set(entry.id, { id: entry.id, number: entry.number, employee_name: entry.employeeName });
      for (const entry of holders.filter((holder) => bookingIds.includes(holder.bookingId)))
        delegations.set(entry.id, { id: entry.id, number: entry.number, employee_name: entry.employeeName });
      return {
        id: row.id,
        source: row.source as InvoiceSource,
        number: row.number,
        issue_date: row.issueDate,
        sale_date: row.saleDate,
        seller_name: row.sellerName,
        seller_tax_id: row.sellerTaxId,
        currency: row.currency,
        net_total: row.netTotal,
        vat_total: row.vatTotal,
        gross_total: row.grossTotal,
        ksef_number: row.ksefNumber,
        match_status: row.matchStatus as InvoiceMatchStatus,
        booking_count: bookingIds.length,
        delegations: [...delegations.values()],
        has_file: row.fileKey !== null,
        exported_at: exports.get(row.id)?.toISOString() ?? null,
      };
    });
  }

  async function detailsOf(
    executor: Executor,
    ctx: AuthenticatedContext,
    row: InvoiceRow,
  ): Promise<InvoiceDetails> {
    const companyId = ctx.actor.companyId;
    const [item] = await listItems(executor, companyId, [row]);
    const links = await invoicesRepo.links(executor, companyId, [row.id]);
    const holders = await invoicesRepo.settlementsOfBookings(
      executor,
      companyId,
      links.bookings.map((booking) => booking.id),
    );
    return {
      ...item!,
      received_date: row.receivedDate,
      due_date: row.dueDate,
      seller_address: row.sellerAddress,
      seller_country: row.sellerCountry,
      buyer_name: row.buyerName,
      buyer_tax_id: row.buyerTaxId,
      invoice_kind: row.invoiceKind,
      vat_lines: row.vatLines,
      line_names: row.lineNames,
      other_parties: row.otherParties,
      file_name: row.fileName,
      bookings: links.bookings.map((booking) => {
        const holder = holders.find((entry) => entry.bookingId === booking.id);
        return {
          id: booking.id,
          kind: booking.kind,
          traveller_name: booking.travellerName,
          title: [booking.carrier, booking.name].filter(Boolean).join(' · ') || booking.kind,
          start_at: wall(booking.startAt),
          amount_gross: booking.amountGross,
          currency: booking.currency,
          delegation_id: holder?.id ?? null,
          delegation_number: holder?.number ?? null,
        };
      }),
      match: row.match ?? null,
      can_edit: true,
    };
  }

  async function found(
    executor: Executor,
    ctx: AuthenticatedContext,
    id: number,
    options: { lock?: boolean } = {},
  ): Promise<InvoiceRow> {
    assertInvoiceAccess(ctx);
    const row = await invoicesRepo.find(executor, ctx.actor.companyId, id, options);
    if (!row) throw notFoundError();
    return row;
  }

  /** The bookings and settlements named must be the company's; each issue at its field. */
  async function checkLinks(executor: Executor, companyId: number, body: SaveBody): Promise<Issue[]> {
    const issues: Issue[] = [];
    const known = new Set(
      (await bookingsRepo.findMany(executor, companyId, body.booking_ids)).map((booking) => booking.id),
    );
    body.booking_ids.forEach((id, index) => {
      if (!known.has(id)) issues.push({ path: ['booking_ids', index], code: 'validation.unknownReference' });
    });
    const delegations = new Set(
      await settlementBillsRepo.existingSettlements(executor, companyId, body.delegation_ids),
    );
    body.delegation_ids.forEach((id, index) => {
      if (!delegations.has(id))
        issues.push({ path: ['delegation_ids', index], code: 'validation.unknownReference' });
    });
    return issues;
  }

  return {
    async list(ctx: AuthenticatedContext, query: ListQuery) {
      assertInvoiceAccess(ctx);
      const { items, total } = await invoicesRepo.page(
        db,
        ctx.actor.companyId,
        {
          search: query.search || undefined,
          dateFrom: query.date_from,
          dateTo: query.date_to,
          source: query.source,
          matchStatus: query.match_status,
          exported: query.exported === undefined ? undefined : query.exported === 'true',
          sort: query.sort,
          order: query.order,
        },
        pageWindow(query),
      );
      return { items: await listItems(db, ctx.actor.companyId, items), total };
    },

    async details(ctx: AuthenticatedContext, id: number) {
      return { invoice: await detailsOf(db, ctx, await found(db, ctx, id)) };
    },

    /** Spec §7 `invoice/download`: the invoice's file, or 404 with `noFiles` when it has none. */
    async download(ctx: AuthenticatedContext, id: number) {
      const row = await found(db, ctx, id);
      const content = row.fileKey ? await storage.get(row.fileKey) : null;
      if (!row.fileKey || !content)
        throw new AppError(ErrorCode.notFound, { messages: ['Not found'], params: { reason: 'noFiles' } });
      return {
        fileName: row.fileName ?? `${row.number}.pdf`,
        contentType: row.fileContentType ?? 'application/pdf',
        content,
      };
    },

    /** An invoice's PDF waits under a token until the save names it. */
    async upload(ctx: AuthenticatedContext, file: { fileName: string; content: Buffer }) {
      assertInvoiceAccess(ctx);
      if (file.content.length === 0) throw fieldError(['file'], 'attachment.empty');
      if ((await sniffFileType(file.content)) !== 'pdf') throw fieldError(['file'], 'attachment.pdfOnly');
      const token = randomUUID();
      await storage.put(pendingKey(ctx.actor.companyId, token), file.content);
      return { file_token: token, file_name: file.fileName.slice(0, 200) };
    },

    async save(ctx: AuthenticatedContext, body: SaveBody) {
      assertInvoiceAccess(ctx);
      const companyId = ctx.actor.companyId;
      const amounts = checkInvoiceAmounts(body);
      const sellerTaxId = storedTaxId(body.seller_tax_id);
      const outcome = await db.transaction(async (tx) => {
        const existing =
          body.id === undefined ? null : await invoicesRepo.find(tx, companyId, body.id, { lock: true });
        if (body.id !== undefined && !existing) throw notFoundError();
        const issues = [...amounts.issues, ...(await checkLinks(tx, companyId, body))];
        const duplicate = await invoicesRepo.findBySellerNumber(
          tx,
          companyId,
          sellerTaxId,
          body.seller_name,
          body.number,
          existing?.id,
        );
        if (duplicate)
          issues.push({ path: ['number'], code: 'invoice.duplicate', params: { id: duplicate.id } });
        // The token is the upload's UUID; anything else names no upload (and no storage key).
        const uploaded =
          body.file_token && UPLOAD_TOKEN.test(body.file_token)
            ? await storage.get(pendingKey(companyId, body.file_token))
            : null;
        if (body.file_token && !uploaded) issues.push({ path: ['file_token'], code: 'attachment.fileMissing' });
        if (issues.length > 0) throw new AppError(ErrorCode.validationFailed, { issues });
        const values = {
          number: body.number,
          issueDate: body.issue_date,
          saleDate: body.sale_date,
          receivedDate: body.received_date,
          dueDate: body.due_date,
          sellerName: body.seller_name,
          sellerTaxId,
          sellerAddress: body.seller_address,
          sellerCountry: body.seller_country,
          currency: body.currency,
          netTotal: amounts.totals.net,
          vatTotal: amounts.totals.vat,
          grossTotal: amounts.totals.gross,
          vatLines: amounts.lines,
          updatedAt: clock.now(),
          ...(body.file_token
            ? {
                fileKey: pendingKey(companyId, body.file_token),
                fileName: `${body.number.replace(/[^\p{L}\p{N}._-]+/gu, '_')}.pdf`,
                fileContentType: 'application/pdf',
                fileSizeBytes: uploaded?.length ?? null,
              }
            : {}),
        };
        const id = existing
          ? existing.id
          : await invoicesRepo.insert(tx, companyId, {
              ...values,
              source: 'manual',
              createdById: ctx.actor.userId,
            });
        if (existing) await invoicesRepo.update(tx, companyId, id, values);
        await invoicesRepo.replaceLinks(
          tx,
          companyId,
          id,
          [...new Set(body.booking_ids)],
          [...new Set(body.delegation_ids)],
        );
        const saved = await detailsOf(tx, ctx, (await invoicesRepo.find(tx, companyId, id))!);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'invoice',
          entityId: id,
          before: existing ? await detailsOf(tx, ctx, existing) : null,
          after: saved,
        });
        return {
          saved,
          replacedFile:
            existing?.fileKey && body.file_token && existing.fileKey !== values.fileKey
              ? existing.fileKey
              : null,
        };
      });
      if (outcome.replacedFile) await storage.delete(outcome.replacedFile);
      return { status: 'ok' as const, invoice: outcome.saved };
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      const companyId = ctx.actor.companyId;
      const fileKey = await db.transaction(async (tx) => {
        const row = await found(tx, ctx, id, { lock: true });
        // What the accountant booked stays: an exported invoice is corrected, not deleted.
        if ((await invoicesRepo.lastExports(tx, companyId, 'invoice', [id])).has(id))
          throw fieldError(['id'], 'invoice.exported');
        await invoicesRepo.delete(tx, companyId, id);
        await recordAudit(tx, ctx, {
          companyId,
          action: 'invoice.delete',
          entityType: 'invoice',
          entityId: id,
          before: { number: row.number, seller: row.sellerName, gross_total: row.grossTotal },
        });
        return row.fileKey;
      });
      if (fileKey) await storage.delete(fileKey);
      return { status: 'ok' as const };
    },

    /**
     * Confirms (or corrects) a received invoice's trip: it joins the settlement as a company-paid
     * cost, or as the invoice of the booking it pays — which releases the settlement's acceptance.
     */
    async matchConfirm(
      ctx: AuthenticatedContext,
      body: { id: number; delegation_id: number; booking_id: number | null },
    ) {
      const companyId = ctx.actor.companyId;
      const saved = await db.transaction(async (tx) => {
        const row = await found(tx, ctx, body.id, { lock: true });
        const delegation = await settlementBillsRepo.settlementWithEmployee(
          tx,
          companyId,
          body.delegation_id,
        );
        if (delegation === undefined) throw fieldError(['delegation_id'], 'validation.unknownReference');
        if (body.booking_id !== null) {
          const holders = await invoicesRepo.settlementsOfBookings(tx, companyId, [body.booking_id]);
          if (!holders.some((holder) => holder.id === body.delegation_id))
            throw fieldError(['booking_id'], 'invoice.bookingNotOfSettlement');
        }
        await invoicesRepo.addLinks(
          tx,
          companyId,
          row.id,
          body.booking_id !== null ? { bookingId: body.booking_id } : { delegationId: body.delegation_id },
        );
        // Confirming the suggestion keeps why it was made; a correction to another settlement names
        // that one, and the suggestion's reasons no longer explain it.
        const corrected = row.match?.delegationId !== body.delegation_id;
        const match: InvoiceMatch = {
          alternatives: row.match?.alternatives ?? [],
          score: corrected ? 0 : (row.match?.score ?? 0),
          reasons: corrected ? [] : (row.match?.reasons ?? []),
          delegationId: delegation.id,
          delegationNumber: delegation.number,
          userId: delegation.userId,
          employeeName: delegation.employeeName,
          bookingId: body.booking_id,
        };
        await invoicesRepo.update(tx, companyId, row.id, {
          matchStatus: 'confirmed',
          match,
          updatedAt: clock.now(),
        });
        await recordAudit(tx, ctx, {
          companyId,
          action: 'invoice.matchConfirm',
          entityType: 'invoice',
          entityId: row.id,
          before: { match_status: row.matchStatus, delegation_id: row.match?.delegationId ?? null },
          after: {
            match_status: 'confirmed',
            delegation_id: body.delegation_id,
            booking_id: body.booking_id,
          },
        });
        return detailsOf(tx, ctx, (await invoicesRepo.find(tx, companyId, row.id))!);
      });
      return { status: 'ok' as const, invoice: saved };
    },

    async matchReject(ctx: AuthenticatedContext, id: number) {
      const companyId = ctx.actor.companyId;
      const saved = await db.transaction(async (tx) => {
        const row = await found(tx, ctx, id, { lock: true });
        await invoicesRepo.update(tx, companyId, id, { matchStatus: 'rejected', updatedAt: clock.now() });
        await recordAudit(tx, ctx, {
          companyId,
          action: 'invoice.matchReject',
          entityType: 'invoice',
          entityId: id,
          before: { match_status: row.matchStatus },
          after: { match_status: 'rejected' },
        });
        return detailsOf(tx, ctx, (await invoicesRepo.find(tx, companyId, id))!);
      });
      return { status: 'ok' as const, invoice: saved };
    },

    /**
     * KSeF FA(3) invoices (one XML, or a ZIP of many): each is stored with its XML, refused when it is
     * not a structured invoice, for another buyer, or already received, and matched to the trip and
     * employee it most likely belongs to, with the reasons shown; finance then confirms or corrects.
     */
    async ksefImport(
      ctx: AuthenticatedContext,
      file: { fileName: string; content: Buffer },
    ): Promise<KsefImportResult> {
      assertInvoiceAccess(ctx);
      const companyId = ctx.actor.companyId;
      let files: { name: string; content: Buffer }[];
      if (looksLikeZip(file.content)) {
        try {
          files = (
            await readZip(file.content, {
              maxEntries: KSEF_ZIP_MAX_FILES,
              maxTotalBytes: KSEF_ZIP_MAX_BYTES,
              maxCompressionRatio: KSEF_ZIP_MAX_RATIO,
            })
          ).filter((entry) => /\.xml$/i.test(entry.name));
        } catch (error) {
          if (error instanceof ZipReadError)
            throw fieldError(['file'], `ksef.zip.${error.reason}`, {
              max:
                error.reason === 'tooManyEntries'
                  ? KSEF_ZIP_MAX_FILES
                  : error.reason === 'compressionRatio'
                    ? KSEF_ZIP_MAX_RATIO
                    : Math.round(KSEF_ZIP_MAX_BYTES / 1024 / 1024),
            });
          throw error;
        }
        if (files.length === 0) throw fieldError(['file'], 'ksef.zip.noXml');
      } else {
        files = [{ name: file.fileName, content: file.content }];
      }
      const companyTaxId = (await optimaRepo.settings(db, companyId))?.companyTaxId ?? null;
      const result: KsefImportResult = { imported: [], duplicates: [], rejected: [] };
      for (const entry of files) {
        const name = entry.name.split('/').pop() ?? entry.name;
        let invoice: KsefInvoice;
        try {
          invoice = parseFa3(entry.content, name);
        } catch (error) {
          if (error instanceof KsefParseError) {
            result.rejected.push({
              file_name: name,
              code: error.code,
              ...(Object.keys(error.params).length > 0 ? { params: error.params } : {}),
            });
            continue;
          }
          throw error;
        }
        if (companyTaxId && invoice.buyer.taxId && invoice.buyer.taxId !== companyTaxId) {
          result.rejected.push({
            file_name: name,
            code: 'ksef.otherBuyer',
            params: { nip: invoice.buyer.taxId },
          });
          continue;
        }
        const sellerTaxId = invoice.seller.taxId ? storedTaxId(invoice.seller.taxId) : null;
        const known =
          (invoice.ksefNumber
            ? await invoicesRepo.findByKsefNumber(db, companyId, invoice.ksefNumber)
            : null) ??
          (await invoicesRepo.findBySellerNumber(
            db,
            companyId,
            sellerTaxId,
            invoice.seller.name,
            invoice.number,
          ));
        if (known) {
          result.duplicates.push({ file_name: name, invoice_id: known.id, number: known.number });
          continue;
        }
        const trips = await tripsAround(db, companyId, invoice.saleDate ?? invoice.issueDate);
        const match = matchInvoice(
          {
            sellerName: invoice.seller.name,
            sellerAddress: invoice.seller.address,
            issueDate: invoice.issueDate,
            saleDate: invoice.saleDate,
            grossTotal: invoice.grossTotal,
            currency: invoice.currency,
            lineNames: invoice.lineNames,
            otherParties: invoice.otherParties,
          },
          trips,
        );
        const fileKey = `invoices/${companyId}/${randomUUID()}`;
        await storage.put(fileKey, entry.content);
        const id = await db.transaction(async (tx) => {
          const invoiceId = await invoicesRepo.insert(tx, companyId, {
            source: 'ksef',
            number: invoice.number,
            issueDate: invoice.issueDate,
            saleDate: invoice.saleDate,
            receivedDate: toLocalDate(clock.now()),
            dueDate: invoice.dueDate,
            sellerName: invoice.seller.name,
            sellerTaxId,
            sellerAddress: invoice.seller.address,
            sellerCountry: invoice.seller.country,
            buyerName: invoice.buyer.name,
            buyerTaxId: invoice.buyer.taxId,
            currency: invoice.currency,
            netTotal: invoice.netTotal,
            vatTotal: invoice.vatTotal,
            grossTotal: invoice.grossTotal,
            vatLines: invoice.vatLines,
            ksefNumber: invoice.ksefNumber,
            invoiceKind: invoice.invoiceKind,
            lineNames: invoice.lineNames,
            otherParties: invoice.otherParties,
            match,
            matchStatus: match ? 'suggested' : 'none',
            fileKey,
            fileName: name,
            fileContentType: 'application/xml',
            fileSizeBytes: entry.content.length,
            createdById: ctx.actor.userId,
          });
          await recordAudit(tx, ctx, {
            companyId,
            action: 'invoice.ksefImport',
            entityType: 'invoice',
            entityId: invoiceId,
            after: {
              number: invoice.number,
              seller: invoice.seller.name,
              gross_total: invoice.grossTotal,
              match_delegation_id: match?.delegationId ?? null,
              score: match?.score ?? 0,
            },
          });
          return invoiceId;
        });
        result.imported.push({
          file_name: name,
          invoice_id: id,
          number: invoice.number,
          seller_name: invoice.seller.name,
          gross_total: invoice.grossTotal,
          currency: invoice.currency,
          match_status: match ? 'suggested' : 'none',
        });
      }
      return result;
    },

    /**
     * What the acceptor and finance see before deciding (issue 10 point 6): the settlement's bookings
     * with their invoices, its invoices, and the bills it claims that are claimed again — in it or in
     * another settlement.
     */
    async costCheck(ctx: AuthenticatedContext, delegationId: number): Promise<SettlementCostCheck> {
      const companyId = ctx.actor.companyId;
      if (!(await workflow.visibleDocument(ctx, 'delegation', delegationId))) throw notFoundError();
      const bookingIds = await settlementBillsRepo.bookingIdsOf(db, companyId, delegationId);
      const [bookingRows, bookingInvoices, invoices, ownBills] = await Promise.all([
        bookingsRepo.findMany(db, companyId, bookingIds),
        bookingsRepo.invoicesOf(db, companyId, bookingIds),
        invoicesRepo.ofDelegation(db, companyId, delegationId),
        settlementBillsRepo.billsOf(db, companyId, [delegationId]),
      ]);
      const others = await settlementBillsRepo.similarBills(db, companyId, delegationId, ownBills);
      const duplicates = findDuplicateClaims(ownBills, others);
      return {
        bookings: bookingRows.map((row) => {
          const invoiceIds = bookingInvoices
            .filter((invoice) => invoice.bookingId === row.id)
            .map((invoice) => invoice.id);
          return {
            id: row.id,
            kind: row.kind as BookingKind,
            title: [row.carrier, row.name, row.flightNumber].filter(Boolean).join(' · ') || row.kind,
            start_at: wall(row.startAt),
            amount_gross: row.amountGross,
            currency: row.currency,
            invoice_missing:
              row.paidBy === 'companyInvoice' &&
              (row.status === 'booked' || row.status === 'ticketed') &&
              invoiceIds.length === 0,
            invoice_ids: invoiceIds,
          };
        }),
        invoices: invoices.map((row) => ({
          id: row.id,
          number: row.number,
          seller_name: row.sellerName,
          issue_date: row.issueDate,
          gross_total: row.grossTotal,
          currency: row.currency,
          source: row.source as InvoiceSource,
        })),
        duplicates: duplicates.map((entry) => ({
          place: entry.place,
          reason: entry.reason,
          bill_number: entry.billNumber,
          other_delegation_id: entry.otherDelegationId,
          other_delegation_number: entry.otherDelegationNumber,
          other_trip_start: entry.otherTripStart,
          other_trip_end: entry.otherTripEnd,
          other_place: entry.otherPlace,
          other_bill_number: entry.otherBillNumber,
        })),
      };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
