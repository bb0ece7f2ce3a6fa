import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { BookingKind, BookingVisibility } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import {
  bookingImports,
  bookingTravellerMappings,
  bookings,
  costCentres,
  delegationBookings,
  delegations,
  invoiceBookings,
  invoices,
  projects,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingValues = Omit<typeof bookings.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

export interface BookingFilter {
  kinds: readonly BookingKind[];
  visibility: BookingVisibility;
  viewerId: number;
  status?: string;
  source?: string;
  userId?: number;
  dateFrom?: Date;
  dateTo?: Date;
  invoiceMissing?: boolean;
  unmapped?: boolean;
  search?: string;
  sort: 'start_at' | 'traveller' | 'amount_gross' | 'kind' | 'carrier' | 'created_at';
  order: 'asc' | 'desc';
}

const SORT = {
  start_at: [bookings.startAt],
  traveller: [sql`lower(${bookings.travellerName})`, bookings.startAt],
  amount_gross: [bookings.amountGross],
  kind: [bookings.kind, bookings.startAt],
  carrier: [sql`lower(coalesce(${bookings.carrier}, ${bookings.name}))`, bookings.startAt],
  created_at: [bookings.createdAt],
} as const;

const hasInvoice = sql`EXISTS (SELECT 1 FROM ${invoiceBookings} ib WHERE ib.booking_id = ${bookings.id})`;
/** Paid by the company on an invoice, not called off, and no invoice yet. */
export const invoiceMissingCondition = sql`(${bookings.paidBy} = 'companyInvoice' AND ${bookings.status} IN ('booked', 'ticketed') AND NOT ${hasInvoice})`;

function visibilityCondition(visibility: BookingVisibility, viewerId: number): SQL | undefined {
  switch (visibility) {
    case 'all':
      return undefined;
    case 'ownAndBooked':
      return or(eq(bookings.userId, viewerId), eq(bookings.bookedById, viewerId));
    case 'traveller':
      return eq(bookings.userId, viewerId);
    case 'none':
      return sql`false`;
  }
}

export const bookingsRepo = {
  async findMany(db: Executor, companyId: number, ids: number[]): Promise<BookingRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(bookings)
      .where(and(eq(bookings.companyId, companyId), inArray(bookings.id, ids)));
  },

  async find(
    db: Executor,
    companyId: number,
    id: number,
    options: { lock?: boolean } = {},
  ): Promise<BookingRow | null> {
    const query = db
      .select()
      .from(bookings)
      .where(and(eq(bookings.companyId, companyId), eq(bookings.id, id)))
      .limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The names a booking's details show: traveller's booker, cost centre, project. */
  async names(db: Executor, companyId: number, row: BookingRow) {
    const [bookedBy, centre, project] = await Promise.all([
      row.bookedById === null
        ? []
        : db
            .select({ name: users.name, surname: users.surname })
            .from(users)
            .where(and(eq(users.companyId, companyId), eq(users.id, row.bookedById))),
      row.costCentreId === null
        ? []
        : db
            .select({ ordinate: costCentres.ordinate, name: costCentres.name })
            .from(costCentres)
            .where(and(eq(costCentres.companyId, companyId), eq(costCentres.id, row.costCentreId))),
      row.projectId === null
        ? []
        : db
            .select({ name: projects.name })
            .from(projects)
            .where(and(eq(projects.companyId, companyId), eq(projects.id, row.projectId))),
    ]);
    return {
      bookedByName: bookedBy[0] ? `${bookedBy[0].name} ${bookedBy[0].surname}` : null,
      costCentreName: centre[0] ? [centre[0].ordinate, centre[0].name].filter(Boolean).join(' – ') : null,
      projectName: project[0]?.name ?? null,
    };
  },

  async page(
    db: Executor,
    companyId: number,
    filter: BookingFilter,
    window: { offset: number; limit: number },
  ) {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const where = and(
      eq(bookings.companyId, companyId),
      filter.kinds.length > 0 ? inArray(bookings.kind, [...filter.kinds]) : sql`false`,
      visibilityCondition(filter.visibility, filter.viewerId),
      filter.status ? eq(bookings.status, filter.status) : undefined,
      filter.source ? eq(bookings.source, filter.source) : undefined,
      filter.userId ? eq(bookings.userId, filter.userId) : undefined,
      filter.dateFrom
        ? gte(sql`coalesce(${bookings.endAt}, ${bookings.startAt})`, filter.dateFrom)
        : undefined,
      filter.dateTo ? lte(bookings.startAt, filter.dateTo) : undefined,
      filter.invoiceMissing === true
        ? invoiceMissingCondition
        : filter.invoiceMissing === false
          ? sql`NOT ${invoiceMissingCondition}`
          : undefined,
      filter.unmapped ? isNull(bookings.userId) : undefined,
      pattern
        ? or(
            ilike(bookings.travellerName, pattern),
            ilike(bookings.recordLocator, pattern),
            ilike(bookings.carrier, pattern),
            ilike(bookings.name, pattern),
            ilike(bookings.startPlace, pattern),
            ilike(bookings.endPlace, pattern),
            ilike(bookings.ticketNumber, pattern),
            ilike(bookings.flightNumber, pattern),
          )
        : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(bookings)
        .where(where)
        .orderBy(...SORT[filter.sort].map((column) => direction(column)), direction(bookings.id))
        .offset(window.offset)
        .limit(window.limit),
      db.select({ value: count() }).from(bookings).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  /** The invoices covering each booking. */
  async invoicesOf(db: Executor, companyId: number, bookingIds: number[]) {
    if (bookingIds.length === 0) return [];
    return db
      .select({
        bookingId: invoiceBookings.bookingId,
        id: invoices.id,
        number: invoices.number,
        issueDate: invoices.issueDate,
        sellerName: invoices.sellerName,
        grossTotal: invoices.grossTotal,
        currency: invoices.currency,
      })
      .from(invoiceBookings)
      .innerJoin(invoices, eq(invoices.id, invoiceBookings.invoiceId))
      .where(and(eq(invoiceBookings.companyId, companyId), inArray(invoiceBookings.bookingId, bookingIds)))
      .orderBy(asc(invoices.issueDate), asc(invoices.id));
  },

  /** The settlement (not deleted) holding each booking. */
  async holdersOf(db: Executor, companyId: number, bookingIds: number[]) {
    if (bookingIds.length === 0) return [];
    return db
      .select({
        bookingId: delegationBookings.bookingId,
        delegationId: delegations.id,
        number: delegations.number,
        startDate: delegations.startDate,
        endDate: delegations.endDate,
      })
      .from(delegationBookings)
      .innerJoin(delegations, eq(delegations.id, delegationBookings.delegationId))
      .where(
        and(
          eq(delegationBookings.companyId, companyId),
          inArray(delegationBookings.bookingId, bookingIds),
          ne(delegations.status, 'deleted'),
        ),
      );
  },

  async insert(tx: Executor, companyId: number, values: BookingValues): Promise<number> {
    const [row] = await tx
      .insert(bookings)
      .values({ ...values, companyId })
      .returning({ id: bookings.id });
    return row!.id;
  },

  async update(tx: Executor, companyId: number, id: number, values: Partial<BookingValues>): Promise<void> {
    await tx
      .update(bookings)
      .set(values)
      .where(and(eq(bookings.companyId, companyId), eq(bookings.id, id)));
  },

  async delete(tx: Executor, companyId: number, id: number): Promise<void> {
    await tx.delete(bookings).where(and(eq(bookings.companyId, companyId), eq(bookings.id, id)));
  },

  /** Which of the import keys exist already. */
  async existingImportKeys(db: Executor, companyId: number, keys: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let start = 0; start < keys.length; start += 1000) {
      const slice = keys.slice(start, start + 1000);
      const rows = await db
        .select({ key: bookings.importKey })
        .from(bookings)
        .where(and(eq(bookings.companyId, companyId), inArray(bookings.importKey, slice)));
      for (const row of rows) if (row.key) found.add(row.key);
    }
    return found;
  },

  /** Inserts the imported rows, or updates those whose import key exists (one statement per chunk). */
  async upsertImported(tx: Executor, companyId: number, rows: BookingValues[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let start = 0; start < rows.length; start += 500) {
      const chunk = rows.slice(start, start + 500).map((row) => ({ ...row, companyId }));
      const saved = await tx
        .insert(bookings)
        .values(chunk)
        .onConflictDoUpdate({
          target: [bookings.companyId, bookings.importKey],
          targetWhere: sql`${bookings.importKey} IS NOT NULL`,
          set: {
            kind: sql`excluded.kind`,
            status: sql`excluded.status`,
            importId: sql`excluded.import_id`,
            // A traveller mapped meanwhile keeps their user.
            userId: sql`coalesce(excluded.user_id, ${bookings.userId})`,
            travellerName: sql`excluded.traveller_name`,
            travellerEmail: sql`excluded.traveller_email`,
            travellerKey: sql`excluded.traveller_key`,
            recordLocator: sql`excluded.record_locator`,
            ticketNumber: sql`excluded.ticket_number`,
            carrier: sql`excluded.carrier`,
            name: sql`excluded.name`,
            flightNumber: sql`excluded.flight_number`,
            seatClass: sql`excluded.seat_class`,
            startPlace: sql`excluded.start_place`,
            endPlace: sql`excluded.end_place`,
            countryCode: sql`excluded.country_code`,
            startAt: sql`excluded.start_at`,
            endAt: sql`excluded.end_at`,
            roomType: sql`excluded.room_type`,
            comment: sql`excluded.comment`,
            amountNet: sql`excluded.amount_net`,
            vatAmount: sql`excluded.vat_amount`,
            amountGross: sql`excluded.amount_gross`,
            currency: sql`excluded.currency`,
            paidBy: sql`excluded.paid_by`,
            costCentreId: sql`excluded.cost_centre_id`,
            projectId: sql`excluded.project_id`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
        .returning({ id: bookings.id, importKey: bookings.importKey });
      for (const row of saved) if (row.importKey) ids.set(row.importKey, row.id);
    }
    return ids;
  },

  async insertImport(tx: Executor, values: typeof bookingImports.$inferInsert): Promise<number> {
    const [row] = await tx.insert(bookingImports).values(values).returning({ id: bookingImports.id });
    return row!.id;
  },

  async mappings(db: Executor, companyId: number): Promise<Map<string, number>> {
    const rows = await db
      .select({ key: bookingTravellerMappings.travellerKey, userId: bookingTravellerMappings.userId })
      .from(bookingTravellerMappings)
      .where(eq(bookingTravellerMappings.companyId, companyId));
    return new Map(rows.map((row) => [row.key, row.userId]));
  },

  async saveMapping(tx: Executor, values: typeof bookingTravellerMappings.$inferInsert): Promise<void> {
    await tx
      .insert(bookingTravellerMappings)
      .values(values)
      .onConflictDoUpdate({
        target: [bookingTravellerMappings.companyId, bookingTravellerMappings.travellerKey],
        set: { userId: values.userId, travellerName: values.travellerName },
      });
  },

  /** Assigns every unmapped booking of the traveller to the user; answers how many. */
  async assignTraveller(
    tx: Executor,
    companyId: number,
    travellerKey: string,
    userId: number,
    now: Date,
  ): Promise<number> {
    const rows = await tx
      .update(bookings)
      .set({ userId, updatedAt: now })
      .where(
        and(
          eq(bookings.companyId, companyId),
          eq(bookings.travellerKey, travellerKey),
          isNull(bookings.userId),
        ),
      )
      .returning({ id: bookings.id });
    return rows.length;
  },

  async unmappedTravellers(db: Executor, companyId: number) {
    return db
      .select({
        key: bookings.travellerKey,
        name: sql<string>`min(${bookings.travellerName})`,
        email: sql<string | null>`min(${bookings.travellerEmail})`,
        count: count(),
      })
      .from(bookings)
      .where(and(eq(bookings.companyId, companyId), isNull(bookings.userId)))
      .groupBy(bookings.travellerKey)
      .orderBy(sql`min(lower(${bookings.travellerName}))`)
      .limit(500);
  },

  async activeUsers(db: Executor, companyId: number) {
    return db
      .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isActive, true)))
      .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  },

  async costCentreIdsByOrdinate(db: Executor, companyId: number): Promise<Map<string, number>> {
    const rows = await db
      .select({ id: costCentres.id, ordinate: costCentres.ordinate })
      .from(costCentres)
      .where(eq(costCentres.companyId, companyId));
    return new Map(rows.map((row) => [row.ordinate.toLowerCase(), row.id]));
  },

  async projectIdsByName(db: Executor, companyId: number): Promise<Map<string, number>> {
    const rows = await db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(eq(projects.companyId, companyId));
    return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  },

  /** The employee's bookings overlapping the days, for the settlement's booking picker. */
  async ofTraveller(
    db: Executor,
    companyId: number,
    userId: number,
    from: Date,
    to: Date,
  ): Promise<BookingRow[]> {
    return db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.companyId, companyId),
          eq(bookings.userId, userId),
          lte(bookings.startAt, to),
          gte(sql`coalesce(${bookings.endAt}, ${bookings.startAt})`, from),
          inArray(bookings.status, ['booked', 'ticketed']),
        ),
      )
      .orderBy(asc(bookings.startAt), asc(bookings.id));
  },

  async isUserOfCompany(db: Executor, companyId: number, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.isActive, true)));
    return Boolean(row);
  },
};
