import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  AppError,
  BOOKING_IMPORT_MAX_ROWS,
  BOOKING_TABS,
  ErrorCode,
  bookingKindsOpen,
  bookingVisibility,
  canSeeBooking,
  checkImportHeader,
  formatLocalDateTimeMillis,
  localTimeToMillis,
  normalizeName,
  parseImportRow,
  parseLocalDateTimeToMillis,
  toLocalDate,
  travellerKeyOf,
  type BookingImportRow,
  type BookingInput,
  type BookingKind,
  type BookingTab,
  type Issue,
} from '@delego/domain';
import type {
  AttachableBooking,
  BookingDetails,
  BookingImportResult,
  BookingListItem,
  bookingListQuerySchema,
  bookingSaveBodySchema,
  TravellerMapping,
} from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertPermission, can } from '../../lib/access.ts';
import { fieldError, notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { tripReferenceIssue } from '../../lib/trip-reference.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { readBookingFile } from './booking-file.ts';
import { bookingsRepo, type BookingRow, type BookingValues } from './bookings.repo.ts';
import { invoicesRepo } from '../invoices/invoices.repo.ts';

type ListQuery = z.output<typeof bookingListQuerySchema>;
type SaveBody = z.output<typeof bookingSaveBodySchema>;

const wall = (date: Date | null): string | null => (date ? formatLocalDateTimeMillis(date.getTime()) : null);

/** `YYYY-MM-DD HH:mm` Warsaw time, or an ISO instant with its offset, as an instant. */
export function instantOf(text: string): Date {
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) && text.includes('T')) return new Date(text);
  const millis = parseLocalDateTimeToMillis(text.length === 10 ? `${text} 00:00` : text);
  if (millis === null)
    throw new AppError(ErrorCode.validationFailed, {
      issues: [{ path: ['start_at'], code: 'validation.dateTime' }],
    });
  return new Date(millis);
}

function dayStart(day: string): Date {
  return new Date(localTimeToMillis(day, 0, 0) ?? Date.parse(`${day}T00:00:00Z`));
}

function titleOf(row: BookingRow): string {
  return [row.carrier, row.name, row.flightNumber].filter(Boolean).join(' · ') || row.kind;
}

function routeOf(row: BookingRow): string | null {
  if (row.startPlace && row.endPlace) return `${row.startPlace} → ${row.endPlace}`;
  return row.startPlace ?? row.endPlace ?? row.address ?? null;
}

/** Whether the company waits for the booking's invoice (spec §8). */
function waitsForInvoice(row: BookingRow, invoiceCount: number): boolean {
  return (
    row.paidBy === 'companyInvoice' &&
    (row.status === 'booked' || row.status === 'ticketed') &&
    invoiceCount === 0
  );
}

interface Related {
  invoices: Awaited<ReturnType<typeof bookingsRepo.invoicesOf>>;
  holders: Awaited<ReturnType<typeof bookingsRepo.holdersOf>>;
}

async function relatedOf(db: Executor, companyId: number, ids: number[]): Promise<Related> {
  const [invoices, holders] = await Promise.all([
    bookingsRepo.invoicesOf(db, companyId, ids),
    bookingsRepo.holdersOf(db, companyId, ids),
  ]);
  return { invoices, holders };
}

function listItemOf(row: BookingRow, related: Related): BookingListItem {
  const invoiceIds = related.invoices
    .filter((invoice) => invoice.bookingId === row.id)
    .map((invoice) => invoice.id);
  const holder = related.holders.find((entry) => entry.bookingId === row.id);
  return {
    id: row.id,
    kind: row.kind as BookingKind,
    source: row.source as BookingListItem['source'],
    status: row.status as BookingListItem['status'],
    user_id: row.userId,
    traveller_name: row.travellerName,
    title: titleOf(row),
    route: routeOf(row),
    start_at: wall(row.startAt)!,
    end_at: wall(row.endAt),
    record_locator: row.recordLocator,
    amount_gross: row.amountGross,
    currency: row.currency,
    invoice_ids: invoiceIds,
    invoice_missing: waitsForInvoice(row, invoiceIds.length),
    delegation_id: holder?.delegationId ?? null,
    delegation_number: holder?.number ?? null,
  };
}

/** The columns of a booking from the form's fields. */
function valuesOf(
  input: BookingInput,
  now: Date,
): Omit<BookingValues, 'source' | 'travellerName' | 'travellerKey'> {
  return {
    kind: input.kind,
    status: input.status,
    userId: input.user_id,
    recordLocator: input.record_locator,
    ticketNumber: input.ticket_number,
    carrier: input.carrier,
    name: input.name,
    flightNumber: input.flight_number,
    seatClass: input.seat_class,
    baggage: input.baggage,
    isReturnRoute: input.is_return_route,
    startPlace: input.start_place,
    endPlace: input.end_place,
    countryCode: input.country_code,
    startAt: instantOf(input.start_at),
    endAt: input.end_at ? instantOf(input.end_at) : null,
    hotelClass: input.hotel_class,
    address: input.address,
    rooms: input.rooms,
    personsPerRoom: input.persons_per_room,
    roomType: input.room_type,
    additionalServices: input.additional_services,
    cancelUntil: input.cancel_until ? instantOf(input.cancel_until) : null,
    pricePerDay: input.price_per_day,
    carClass: input.car_class,
    comment: input.comment,
    amountNet: input.amount_net,
    vatAmount: input.vat_amount,
    amountGross: input.amount_gross,
    currency: input.currency,
    paidBy: input.paid_by,
    costCentreId: input.cost_centre_id,
    projectId: input.project_id,
    updatedAt: now,
  };
}

const MAX_REPORTED_ISSUES = 500;
const PREVIEW_ROWS = 50;

/**
 * Bookings (spec §2 `/booking/*`, §7 `booking/list`, `booking/details`): who sees which (§6), the
 * bookings added by hand or from bought travel-service items, the import of the booking site's file
 * with its preview and per-row errors, and the mapping of imported travellers to users.
 */
/** What a bought travel-service item tells the bookings module. */
export interface TravelServiceBooking {
  travelServiceItemId: number;
  kind: 'flight' | 'lowCost' | 'hotel' | 'rail' | 'car' | 'other';
  userId: number | null;
  travellerName: string;
  travellerEmail: string | null;
  bookedById: number;
  recordLocator: string | null;
  carrier: string | null;
  name: string | null;
  flightNumber: string | null;
  seatClass: string | null;
  startPlace: string | null;
  endPlace: string | null;
  startDay: string | null;
  endDay: string | null;
  roomType: string | null;
  carClass: string | null;
  address: string | null;
  amountGross: string;
  currency: string;
  costCentreId: number | null;
  projectId: number | null;
}

export function createBookingsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  function kindsFor(ctx: AuthenticatedContext, tab?: string): BookingKind[] {
    const open = bookingKindsOpen(ctx.actor.settings);
    if (open.length === 0)
      throw new AppError(ErrorCode.moduleDisabled, { messages: ['Module not available'] });
    const wanted = tab ? (BOOKING_TABS[tab as BookingTab] as readonly BookingKind[]) : open;
    return wanted.filter((kind) => open.includes(kind));
  }

  function visibilityOf(ctx: AuthenticatedContext) {
    const visibility = bookingVisibility(ctx.actor.contextPermissions);
    if (visibility === 'none' && !can(ctx, 'bookingMapping'))
      throw new AppError(ErrorCode.forbidden, {
        messages: ['You do not have permission to perform this action'],
      });
    // Whoever maps imported travellers sees the bookings they map.
    return can(ctx, 'bookingMapping') ? 'all' : visibility;
  }

  async function details(
    executor: Executor,
    ctx: AuthenticatedContext,
    row: BookingRow,
  ): Promise<BookingDetails> {
    const companyId = ctx.actor.companyId;
    const [related, names] = await Promise.all([
      relatedOf(executor, companyId, [row.id]),
      bookingsRepo.names(executor, companyId, row),
    ]);
    return {
      ...listItemOf(row, related),
      traveller_email: row.travellerEmail,
      booked_by_id: row.bookedById,
      booked_by_name: names.bookedByName,
      travel_service_item_id: row.travelServiceItemId,
      ticket_number: row.ticketNumber,
      carrier: row.carrier,
      name: row.name,
      flight_number: row.flightNumber,
      seat_class: row.seatClass,
      baggage: row.baggage,
      is_return_route: row.isReturnRoute,
      start_place: row.startPlace,
      end_place: row.endPlace,
      country_code: row.countryCode,
      hotel_class: row.hotelClass,
      address: row.address,
      rooms: row.rooms,
      persons_per_room: row.personsPerRoom,
      room_type: row.roomType,
      additional_services: row.additionalServices,
      cancel_until: wall(row.cancelUntil),
      price_per_day: row.pricePerDay,
      car_class: row.carClass,
      comment: row.comment,
      amount_net: row.amountNet,
      vat_amount: row.vatAmount,
      paid_by: row.paidBy as BookingDetails['paid_by'],
      cost_centre_id: row.costCentreId,
      cost_centre_name: names.costCentreName,
      project_id: row.projectId,
      project_name: names.projectName,
      invoices: related.invoices
        .filter((invoice) => invoice.bookingId === row.id)
        .map((invoice) => ({
          id: invoice.id,
          number: invoice.number,
          issue_date: invoice.issueDate,
          seller_name: invoice.sellerName,
          gross_total: invoice.grossTotal,
          currency: invoice.currency,
        })),
      created_at: row.createdAt.toISOString(),
      can_edit: can(ctx, 'bookingMapping'),
    };
  }

  async function visibleBooking(ctx: AuthenticatedContext, id: number): Promise<BookingRow> {
    const visibility = visibilityOf(ctx);
    const row = await bookingsRepo.find(db, ctx.actor.companyId, id);
    if (
      !row ||
      !bookingKindsOpen(ctx.actor.settings).includes(row.kind as BookingKind) ||
      !canSeeBooking(visibility, ctx.actor.contextUserId, row)
    )
      throw notFoundError();
    return row;
  }

  /** The master data a booking names must be the company's. */
  async function checkReferences(executor: Executor, companyId: number, input: BookingInput): Promise<void> {
    if (!(await bookingsRepo.isUserOfCompany(executor, companyId, input.user_id)))
      throw fieldError(['user_id'], 'validation.unknownReference');
    if (
      input.cost_centre_id !== null &&
      !(await bookingsRepo
        .costCentreIdsByOrdinate(executor, companyId)
        .then((ids) => [...ids.values()].includes(input.cost_centre_id!)))
    ) {
      throw fieldError(['cost_centre_id'], 'validation.unknownReference');
    }
    if (
      input.project_id !== null &&
      !(await bookingsRepo
        .projectIdsByName(executor, companyId)
        .then((ids) => [...ids.values()].includes(input.project_id!)))
    ) {
      throw fieldError(['project_id'], 'validation.unknownReference');
    }
  }

  async function travellerOf(
    executor: Executor,
    companyId: number,
    userId: number,
  ): Promise<{ name: string; email: string }> {
    const person = (await bookingsRepo.activeUsers(executor, companyId)).find((user) => user.id === userId);
    if (!person) throw fieldError(['user_id'], 'validation.unknownReference');
    return { name: `${person.name} ${person.surname}`, email: person.email };
  }

  return {
    async list(
      ctx: AuthenticatedContext,
      query: ListQuery,
    ): Promise<{ items: BookingListItem[]; total: number }> {
      const visibility = visibilityOf(ctx);
      const kinds = kindsFor(ctx, query.tab);
      const { items, total } = await bookingsRepo.page(
        db,
        ctx.actor.companyId,
        {
          kinds,
          visibility,
          viewerId: ctx.actor.contextUserId,
          status: query.status,
          source: query.source,
          userId: query.user_id,
          dateFrom: query.date_from ? dayStart(query.date_from) : undefined,
          dateTo: query.date_to
            ? new Date(dayStart(query.date_to).getTime() + 24 * 3_600_000 - 1)
            : undefined,
          invoiceMissing: query.invoice_missing === undefined ? undefined : query.invoice_missing === 'true',
          unmapped: query.unmapped === 'true',
          search: query.search || undefined,
          sort: query.sort,
          order: query.order,
        },
        pageWindow(query),
      );
      const related = await relatedOf(
        db,
        ctx.actor.companyId,
        items.map((row) => row.id),
      );
      return { items: items.map((row) => listItemOf(row, related)), total };
    },

    async details(ctx: AuthenticatedContext, id: number): Promise<{ booking: BookingDetails }> {
      return { booking: await details(db, ctx, await visibleBooking(ctx, id)) };
    },

    /**
     * The booking a bought travel-service item becomes (issue 9 "Booking and buyout"), called by the
     * travel-service buy transition in its transaction: one booking per item, paid by the company.
     */
    async recordTravelServiceItem(tx: Executor, ctx: AuthenticatedContext, companyId: number, item: TravelServiceBooking): Promise<number> {
      const { travelServiceItemId, startDay, endDay, ...fields } = item;
      const bookingId = await bookingsRepo.insert(tx, companyId, {
        ...fields,
        source: 'travelService',
        status: 'ticketed',
        travelServiceItemId,
        travellerKey: travellerKeyOf(item.travellerName, item.travellerEmail),
        startAt: dayStart(startDay ?? toLocalDate(clock.now())),
        endAt: endDay ? dayStart(endDay) : null,
        paidBy: 'companyInvoice',
        createdById: ctx.actor.userId,
      });
      await recordAudit(tx, ctx, { companyId, action: 'booking.create', entityType: 'booking', entityId: bookingId, after: { source: 'travelService', travel_service_item_id: travelServiceItemId, kind: item.kind, amount_gross: item.amountGross, currency: item.currency } });
      return bookingId;
    },

    /**
     * The booking a provider's consultant adds to a travel-service item bought outside the buyout
     * (`/admin/travel-service/add-booking/{id}`), called by the travel-service module in its
     * transaction once it checked the consultant and the item: saved in the item's order's company
     * (`companyId`, not the consultant's), for a user of that company, linked to the item and booked
     * by the order's creator as a bought item's booking is.
     */
    async addForTravelServiceItem(tx: Executor, ctx: AuthenticatedContext, companyId: number, link: { travelServiceItemId: number; bookedById: number }, input: BookingInput): Promise<number> {
      const { travelServiceItemId, bookedById } = link;
      await checkReferences(tx, companyId, input);
      const traveller = await travellerOf(tx, companyId, input.user_id);
      const bookingId = await bookingsRepo.insert(tx, companyId, {
        ...valuesOf(input, clock.now()),
        travellerName: traveller.name,
        travellerEmail: traveller.email,
        travellerKey: travellerKeyOf(traveller.name, traveller.email),
        source: 'consultant',
        travelServiceItemId,
        bookedById,
        createdById: ctx.actor.userId,
      });
      await recordAudit(tx, ctx, { companyId, action: 'booking.create', entityType: 'booking', entityId: bookingId, after: { ...input, source: 'consultant', travel_service_item_id: travelServiceItemId } });
      return bookingId;
    },

    /** A booking bought outside the travel service, added or corrected by whoever maps bookings. */
    async save(ctx: AuthenticatedContext, body: SaveBody) {
      assertPermission(ctx, 'bookingMapping');
      const companyId = ctx.actor.companyId;
      const { id, ...input } = body;
      return db.transaction(async (tx) => {
        const existing = id === undefined ? null : await bookingsRepo.find(tx, companyId, id, { lock: true });
        if (id !== undefined && !existing) throw notFoundError();
        await checkReferences(tx, companyId, input);
        const now = clock.now();
        const traveller = await travellerOf(tx, companyId, input.user_id);
        const values = {
          ...valuesOf(input, now),
          travellerName: traveller.name,
          travellerEmail: traveller.email,
          travellerKey: travellerKeyOf(traveller.name, traveller.email),
        };
        let bookingId: number;
        if (existing) {
          bookingId = existing.id;
          await bookingsRepo.update(tx, companyId, bookingId, values);
        } else {
          bookingId = await bookingsRepo.insert(tx, companyId, {
            ...values,
            source: 'consultant',
            bookedById: ctx.actor.contextUserId,
            createdById: ctx.actor.userId,
          });
        }
        const saved = await details(tx, ctx, (await bookingsRepo.find(tx, companyId, bookingId))!);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'booking',
          entityId: bookingId,
          before: existing ? await details(tx, ctx, existing) : null,
          after: saved,
        });
        return { status: 'ok' as const, booking: saved };
      });
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'bookingMapping');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await bookingsRepo.find(tx, companyId, id, { lock: true });
        if (!existing) throw notFoundError();
        const related = await relatedOf(tx, companyId, [id]);
        if (related.holders.length > 0) {
          const { code, params } = tripReferenceIssue(['id'], { numbered: 'booking.attached', unnumbered: 'booking.attachedUnnumbered' }, related.holders[0]!);
          throw fieldError(['id'], code, params);
        }
        if (related.invoices.length > 0) throw fieldError(['id'], 'booking.invoiced');
        await bookingsRepo.delete(tx, companyId, id);
        await recordAudit(tx, ctx, {
          companyId,
          action: 'booking.delete',
          entityType: 'booking',
          entityId: id,
          before: {
            kind: existing.kind,
            traveller: existing.travellerName,
            amount_gross: existing.amountGross,
          },
        });
      });
      return { status: 'ok' as const };
    },

    /**
     * The booking site's file (CSV or XLSX, layout `BOOKING_IMPORT_COLUMNS`): `preview` checks every
     * row and saves nothing; `commit` saves in one transaction — nothing when a row is invalid, unless
     * the user chose to skip invalid rows. Rows already imported (same key) are updated; travellers
     * mapped before are assigned at once, the others wait at `/booking/mapping`.
     */
    async importFile(
      ctx: AuthenticatedContext,
      options: { mode: 'preview' | 'commit'; skipInvalid: boolean },
      file: { fileName: string; content: Buffer },
    ): Promise<BookingImportResult> {
      assertPermission(ctx, 'bookingMapping');
      const companyId = ctx.actor.companyId;
      const table = await readBookingFile(file.content);
      const header = checkImportHeader(table.header);
      if (header.issues.length > 0) throw new AppError(ErrorCode.validationFailed, { issues: header.issues });
      if (table.rows.length === 0) throw fieldError(['file'], 'bookingImport.empty');
      if (table.rows.length > BOOKING_IMPORT_MAX_ROWS)
        throw fieldError(['file'], 'bookingImport.tooManyRows', { max: BOOKING_IMPORT_MAX_ROWS });

      const issues: Issue[] = [];
      const valid: { line: number; row: BookingImportRow }[] = [];
      const seenKeys = new Map<string, number>();
      const [costCentres, projectIds, mappings, people] = await Promise.all([
        bookingsRepo.costCentreIdsByOrdinate(db, companyId),
        bookingsRepo.projectIdsByName(db, companyId),
        bookingsRepo.mappings(db, companyId),
        bookingsRepo.activeUsers(db, companyId),
      ]);
      const userByEmail = new Map(people.map((person) => [person.email.toLowerCase(), person.id]));
      for (const { line, cells } of table.rows) {
        const parsed = parseImportRow(cells, header.columns, line);
        const rowIssues = [...parsed.issues];
        if (parsed.row) {
          const earlier = seenKeys.get(parsed.row.importKey);
          if (earlier !== undefined)
            rowIssues.push({
              path: ['rows', line, 'external_booking_id'],
              code: 'bookingImport.duplicateRow',
              params: { line: earlier },
            });
          if (parsed.row.costCentre && !costCentres.has(parsed.row.costCentre.toLowerCase()))
            rowIssues.push({ path: ['rows', line, 'cost_center'], code: 'validation.unknownReference' });
          if (parsed.row.project && !projectIds.has(parsed.row.project.toLowerCase()))
            rowIssues.push({ path: ['rows', line, 'project'], code: 'validation.unknownReference' });
          seenKeys.set(parsed.row.importKey, line);
        }
        if (rowIssues.length > 0 || !parsed.row) issues.push(...rowIssues);
        else valid.push({ line, row: parsed.row });
      }
      const invalidLines = new Set(issues.map((issue) => issue.path[1]));
      const existingKeys = await bookingsRepo.existingImportKeys(
        db,
        companyId,
        valid.map((entry) => entry.row.importKey),
      );
      const userOf = (row: BookingImportRow): number | null =>
        mappings.get(travellerKeyOf(row.travellerName, row.travellerEmail)) ??
        (row.travellerEmail ? (userByEmail.get(row.travellerEmail) ?? null) : null);
      const unmapped = [
        ...new Set(
          valid.filter((entry) => userOf(entry.row) === null).map((entry) => entry.row.travellerName),
        ),
      ].sort((a, b) => a.localeCompare(b, 'pl'));
      const result: BookingImportResult = {
        mode: options.mode,
        file_name: file.fileName,
        row_count: table.rows.length,
        valid_count: valid.length,
        invalid_count: invalidLines.size,
        update_count: valid.filter((entry) => existingKeys.has(entry.row.importKey)).length,
        issues: issues.slice(0, MAX_REPORTED_ISSUES),
        preview: valid.slice(0, PREVIEW_ROWS).map(({ line, row }) => ({
          line,
          kind: row.kind,
          traveller_name: row.travellerName,
          user_id: userOf(row),
          title: [row.carrier, row.name, row.flightNumber].filter(Boolean).join(' · ') || row.kind,
          start_at: row.startAt,
          amount_gross: row.amountGross,
          currency: row.currency,
          is_update: existingKeys.has(row.importKey),
        })),
        unmapped_travellers: unmapped.slice(0, 200),
        import_id: null,
        created_count: 0,
        updated_count: 0,
        skipped_count: 0,
      };
      if (options.mode === 'preview') return result;
      // Nothing is saved while a row is invalid, unless the user chose to leave such rows out.
      if (invalidLines.size > 0 && !options.skipInvalid)
        throw new AppError(ErrorCode.validationFailed, {
          issues: result.issues,
          params: { invalid_count: invalidLines.size },
        });
      if (valid.length === 0) throw fieldError(['file'], 'bookingImport.nothingValid');

      const now = clock.now();
      const committed = await db.transaction(async (tx) => {
        const importId = await bookingsRepo.insertImport(tx, {
          companyId,
          fileName: file.fileName.slice(0, 255),
          sha256: createHash('sha256').update(file.content).digest('hex'),
          rowCount: table.rows.length,
          createdCount: valid.length - result.update_count,
          updatedCount: result.update_count,
          skippedCount: invalidLines.size,
          createdById: ctx.actor.userId,
        });
        const ids = await bookingsRepo.upsertImported(
          tx,
          companyId,
          valid.map(({ row }): BookingValues => ({
            kind: row.kind,
            source: 'import',
            status: row.status,
            importKey: row.importKey,
            importId,
            userId: userOf(row),
            travellerName: row.travellerName,
            travellerEmail: row.travellerEmail,
            travellerKey: travellerKeyOf(row.travellerName, row.travellerEmail),
            recordLocator: row.recordLocator,
            ticketNumber: row.ticketNumber,
            carrier: row.carrier,
            name: row.name,
            flightNumber: row.flightNumber,
            seatClass: row.seatClass,
            startPlace: row.startPlace,
            endPlace: row.endPlace,
            countryCode: row.countryCode,
            startAt: instantOf(row.startAt),
            endAt: row.endAt ? instantOf(row.endAt) : null,
            roomType: row.roomType,
            comment: row.comment,
            amountNet: row.amountNet,
            vatAmount: row.vatAmount,
            amountGross: row.amountGross,
            currency: row.currency,
            paidBy: row.paidBy,
            costCentreId: row.costCentre ? (costCentres.get(row.costCentre.toLowerCase()) ?? null) : null,
            projectId: row.project ? (projectIds.get(row.project.toLowerCase()) ?? null) : null,
            createdById: ctx.actor.userId,
            updatedAt: now,
          })),
        );
        // The invoices the file names, created once per seller and number and linked to their bookings.
        await invoicesRepo.linkImportedInvoices(
          tx,
          companyId,
          valid
            .filter(({ row }) => row.invoice !== null)
            .map(({ row }) => ({ bookingId: ids.get(row.importKey)!, row })),
          ctx.actor.userId,
        );
        await recordAudit(tx, ctx, {
          companyId,
          action: 'booking.import',
          entityType: 'bookingImport',
          entityId: importId,
          after: {
            file_name: file.fileName,
            rows: table.rows.length,
            created: valid.length - result.update_count,
            updated: result.update_count,
            skipped: invalidLines.size,
          },
        });
        return importId;
      });
      return {
        ...result,
        import_id: committed,
        created_count: valid.length - result.update_count,
        updated_count: result.update_count,
        skipped_count: invalidLines.size,
      };
    },

    async users(ctx: AuthenticatedContext) {
      visibilityOf(ctx);
      const rows = await bookingsRepo.activeUsers(db, ctx.actor.companyId);
      return {
        items: rows.map((row) => ({ id: row.id, full_name: `${row.name} ${row.surname}`, email: row.email })),
      };
    },

    /** Spec §2 `/booking/mapping`: unmapped travellers, with users suggested by e-mail, name or surname. */
    async mappingList(ctx: AuthenticatedContext): Promise<{ items: TravellerMapping[] }> {
      assertPermission(ctx, 'bookingMapping');
      const companyId = ctx.actor.companyId;
      const [travellers, people] = await Promise.all([
        bookingsRepo.unmappedTravellers(db, companyId),
        bookingsRepo.activeUsers(db, companyId),
      ]);
      return {
        items: travellers.map((traveller) => {
          const name = normalizeName(traveller.name);
          const nameWords = new Set(name.split(' '));
          const suggestions = people
            .map((person) => {
              const full = normalizeName(`${person.name} ${person.surname}`);
              const reversed = normalizeName(`${person.surname} ${person.name}`);
              const reason =
                traveller.email && person.email.toLowerCase() === traveller.email.toLowerCase()
                  ? ('email' as const)
                  : full === name || reversed === name
                    ? ('name' as const)
                    : nameWords.has(normalizeName(person.surname))
                      ? ('surname' as const)
                      : null;
              return reason
                ? {
                    user_id: person.id,
                    full_name: `${person.name} ${person.surname}`,
                    email: person.email,
                    reason,
                  }
                : null;
            })
            .filter((entry): entry is NonNullable<typeof entry> => entry !== null)
            .sort(
              (a, b) =>
                ['email', 'name', 'surname'].indexOf(a.reason) -
                ['email', 'name', 'surname'].indexOf(b.reason),
            )
            .slice(0, 5);
          return {
            traveller_key: traveller.key,
            traveller_name: traveller.name,
            traveller_email: traveller.email,
            booking_count: traveller.count,
            suggestions,
          };
        }),
      };
    },

    async mappingSave(ctx: AuthenticatedContext, body: { traveller_key: string; user_id: number }) {
      assertPermission(ctx, 'bookingMapping');
      const companyId = ctx.actor.companyId;
      return db.transaction(async (tx) => {
        if (!(await bookingsRepo.isUserOfCompany(tx, companyId, body.user_id)))
          throw fieldError(['user_id'], 'validation.unknownReference');
        const traveller = (await bookingsRepo.unmappedTravellers(tx, companyId)).find(
          (entry) => entry.key === body.traveller_key,
        );
        if (!traveller) throw notFoundError();
        await bookingsRepo.saveMapping(tx, {
          companyId,
          travellerKey: body.traveller_key,
          travellerName: traveller.name,
          userId: body.user_id,
          createdById: ctx.actor.userId,
        });
        const assigned = await bookingsRepo.assignTraveller(
          tx,
          companyId,
          body.traveller_key,
          body.user_id,
          clock.now(),
        );
        await recordAudit(tx, ctx, {
          companyId,
          action: 'booking.mapping',
          entityType: 'bookingMapping',
          entityId: body.user_id,
          after: { traveller: traveller.name, user_id: body.user_id, assigned },
        });
        return { status: 'ok' as const, assigned };
      });
    },

    /** The settlement's booking picker: the employee's bookings of the trip's days, each with the settlement holding it. */
    async forSettlement(
      ctx: AuthenticatedContext,
      query: { user_id: number; date_from: string; date_to: string },
    ): Promise<{ items: AttachableBooking[] }> {
      if (query.user_id !== ctx.actor.contextUserId && !can(ctx, 'delegationForOthers'))
        throw new AppError(ErrorCode.forbidden, {
          messages: ['You do not have permission to perform this action'],
        });
      const companyId = ctx.actor.companyId;
      const rows = await bookingsRepo.ofTraveller(
        db,
        companyId,
        query.user_id,
        dayStart(query.date_from),
        new Date(dayStart(query.date_to).getTime() + 24 * 3_600_000 - 1),
      );
      const related = await relatedOf(
        db,
        companyId,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map((row) => ({
          ...listItemOf(row, related),
          carrier: row.carrier,
          name: row.name,
          start_place: row.startPlace,
          end_place: row.endPlace,
          country_code: row.countryCode,
          ticket_number: row.ticketNumber,
          is_return_route: row.isReturnRoute,
        })),
      };
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
