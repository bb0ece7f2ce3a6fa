import { and, eq, gte, inArray, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  addDaysToLocalDate,
  formatLocalDateTimeMillis,
  toLocalDate,
  type BookingKind,
  type ClaimedBill,
  type TripForMatching,
} from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  delegationBookings,
  delegations,
  invoiceDelegations,
  invoices,
  users,
} from '../../db/schema/index.ts';

interface BillRow {
  delegation_id: number;
  number: string | null;
  trip_start: string;
  trip_end: string;
  idx: number;
  bill_number: string | null;
  bill_description: string | null;
  bill_date: string | null;
  amount: string | null;
  currency: string | null;
}

function billOf(row: BillRow): ClaimedBill {
  return {
    delegationId: row.delegation_id,
    delegationNumber: row.number,
    tripStart: row.trip_start,
    tripEnd: row.trip_end,
    place: `other.${row.idx}`,
    seller: row.bill_description,
    number: row.bill_number,
    date: row.bill_date ? row.bill_date.slice(0, 10) : null,
    amount: row.amount && /^-?\d+(\.\d+)?$/.test(row.amount) ? row.amount : null,
    currency: row.currency || 'PLN',
  };
}

/** Both drivers (pg and PGlite) answer raw SQL with a `rows` array. */
async function rowsOfQuery(db: Executor, query: SQL): Promise<BillRow[]> {
  return ((await db.execute(query)) as unknown as { rows: BillRow[] }).rows;
}

const billColumns = sql`d.id AS delegation_id, d.number, to_char(d.start_date AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM-DD HH24:MI') AS trip_start,
  to_char(d.end_date AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM-DD HH24:MI') AS trip_end, (e.ord - 1)::int AS idx, e.value->>'bill_number' AS bill_number, e.value->>'bill_description' AS bill_description,
  e.value->>'bill_date' AS bill_date, e.value->>'amount_in_currency' AS amount, e.value->>'currency' AS currency`;

/** The bills settlements claim (their other-cost lines and linked invoices), for the duplicate check. */
export const settlementBillsRepo = {
  /** Which of the ids are settlements of the company that are not deleted. */
  async existingSettlements(db: Executor, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: delegations.id })
      .from(delegations)
      .where(
        and(
          eq(delegations.companyId, companyId),
          inArray(delegations.id, ids),
          ne(delegations.status, 'deleted'),
        ),
      );
    return rows.map((row) => row.id);
  },

  /** A settlement of the company (not deleted) with its number and employee, or undefined. */
  async settlementWithEmployee(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ id: delegations.id, number: delegations.number, userId: delegations.userId, name: users.name, surname: users.surname })
      .from(delegations)
      .innerJoin(users, eq(users.id, delegations.userId))
      .where(and(eq(delegations.companyId, companyId), eq(delegations.id, id), ne(delegations.status, 'deleted')));
    return row === undefined ? undefined : { id: row.id, number: row.number, userId: row.userId, employeeName: `${row.name} ${row.surname}` };
  },

  async bookingIdsOf(db: Executor, companyId: number, delegationId: number): Promise<number[]> {
    const rows = await db
      .select({ bookingId: delegationBookings.bookingId })
      .from(delegationBookings)
      .where(
        and(eq(delegationBookings.companyId, companyId), eq(delegationBookings.delegationId, delegationId)),
      );
    return rows.map((row) => row.bookingId);
  },

  /** The settlement's bills: each other-cost line with a number or an amount, and each invoice linked to it. */
  async billsOf(db: Executor, companyId: number, delegationIds: number[]): Promise<ClaimedBill[]> {
    if (delegationIds.length === 0) return [];
    const rows = await rowsOfQuery(
      db,
      sql`
      SELECT ${billColumns}
      FROM ${delegations} d CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(d.form->'other') = 'array' THEN d.form->'other' ELSE '[]'::jsonb END) WITH ORDINALITY e(value, ord)
      WHERE d.company_id = ${companyId} AND d.id IN ${delegationIds}
      ORDER BY d.id, e.ord`,
    );
    const linked = await db
      .select({
        delegationId: invoiceDelegations.delegationId,
        number: delegations.number,
        tripStart: delegations.startDate,
        tripEnd: delegations.endDate,
        invoiceId: invoices.id,
        invoiceNumber: invoices.number,
        seller: sql<string>`coalesce(${invoices.sellerTaxId}, ${invoices.sellerName})`,
        issueDate: invoices.issueDate,
        gross: invoices.grossTotal,
        currency: invoices.currency,
      })
      .from(invoiceDelegations)
      .innerJoin(invoices, eq(invoices.id, invoiceDelegations.invoiceId))
      .innerJoin(delegations, eq(delegations.id, invoiceDelegations.delegationId))
      .where(
        and(
          eq(invoiceDelegations.companyId, companyId),
          inArray(invoiceDelegations.delegationId, delegationIds),
        ),
      );
    return [
      ...rows.map(billOf).filter((bill) => bill.number !== null || bill.amount !== null),
      ...linked.map((row) => ({
        delegationId: row.delegationId,
        delegationNumber: row.number,
        tripStart: formatLocalDateTimeMillis(row.tripStart.getTime()),
        tripEnd: formatLocalDateTimeMillis(row.tripEnd.getTime()),
        place: `invoice.${row.invoiceId}`,
        seller: row.seller,
        number: row.invoiceNumber,
        date: row.issueDate,
        amount: row.gross,
        currency: row.currency,
      })),
    ];
  },

  /**
   * Bills of the company's other settlements that may repeat one of `own`: the same number, or the
   * same date — among settlements of the weeks around them, which the start-date index finds.
   */
  async similarBills(
    db: Executor,
    companyId: number,
    delegationId: number,
    own: ClaimedBill[],
  ): Promise<ClaimedBill[]> {
    const numbers = [
      ...new Set(
        own
          .map((bill) => bill.number?.trim().toLowerCase())
          .filter((value): value is string => Boolean(value)),
      ),
    ];
    const dates = [
      ...new Set(own.map((bill) => bill.date).filter((value): value is string => Boolean(value))),
    ].sort();
    if (numbers.length === 0 && dates.length === 0) return [];
    const from = dates.length > 0 ? addDaysToLocalDate(dates[0]!, -62) : null;
    const to = dates.length > 0 ? addDaysToLocalDate(dates[dates.length - 1]!, 62) : null;
    const rows = await rowsOfQuery(
      db,
      sql`
      SELECT ${billColumns}
      FROM ${delegations} d CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(d.form->'other') = 'array' THEN d.form->'other' ELSE '[]'::jsonb END) WITH ORDINALITY e(value, ord)
      WHERE d.company_id = ${companyId} AND d.id <> ${delegationId} AND d.status <> 'deleted'
        ${from && to ? sql`AND d.start_date >= ${from}::date AND d.start_date <= ${to}::date` : sql``}
        AND (${numbers.length > 0 ? sql`lower(trim(e.value->>'bill_number')) IN ${numbers}` : sql`false`}
          OR ${dates.length > 0 ? sql`left(e.value->>'bill_date', 10) IN ${dates}` : sql`false`})`,
    );
    // The same invoice linked to another settlement too.
    const invoiceIds = own
      .filter((bill) => bill.place.startsWith('invoice.'))
      .map((bill) => Number(bill.place.slice('invoice.'.length)));
    const linked =
      invoiceIds.length === 0
        ? []
        : await db
            .select({
              delegationId: invoiceDelegations.delegationId,
              number: delegations.number,
              tripStart: delegations.startDate,
              tripEnd: delegations.endDate,
              invoiceId: invoices.id,
              invoiceNumber: invoices.number,
              seller: sql<string>`coalesce(${invoices.sellerTaxId}, ${invoices.sellerName})`,
              issueDate: invoices.issueDate,
              gross: invoices.grossTotal,
              currency: invoices.currency,
            })
            .from(invoiceDelegations)
            .innerJoin(invoices, eq(invoices.id, invoiceDelegations.invoiceId))
            .innerJoin(delegations, eq(delegations.id, invoiceDelegations.delegationId))
            .where(
              and(
                eq(invoiceDelegations.companyId, companyId),
                inArray(invoiceDelegations.invoiceId, invoiceIds),
                ne(invoiceDelegations.delegationId, delegationId),
                ne(delegations.status, 'deleted'),
              ),
            );
    return [
      ...rows.map(billOf),
      ...linked.map((row) => ({
        delegationId: row.delegationId,
        delegationNumber: row.number,
        tripStart: formatLocalDateTimeMillis(row.tripStart.getTime()),
        tripEnd: formatLocalDateTimeMillis(row.tripEnd.getTime()),
        place: `invoice.${row.invoiceId}`,
        seller: row.seller,
        number: row.invoiceNumber,
        date: row.issueDate,
        amount: row.gross,
        currency: row.currency,
      })),
    ];
  },
};

/** The settlements a received invoice of `day` may belong to (service days from a week before the trip to a day after). */
export async function tripsAround(db: Executor, companyId: number, day: string): Promise<TripForMatching[]> {
  const rows = await db
    .select({
      id: delegations.id,
      number: delegations.number,
      userId: delegations.userId,
      name: users.name,
      surname: users.surname,
      startDate: delegations.startDate,
      endDate: delegations.endDate,
      destinationText: delegations.destinationText,
      form: delegations.form,
    })
    .from(delegations)
    .innerJoin(users, eq(users.id, delegations.userId))
    .where(
      and(
        eq(delegations.companyId, companyId),
        notInArray(delegations.status, ['deleted', 'cancelled', 'rejected']),
        lte(delegations.startDate, new Date(`${addDaysToLocalDate(day, 8)}T00:00:00Z`)),
        gte(delegations.endDate, new Date(`${addDaysToLocalDate(day, -2)}T00:00:00Z`)),
      ),
    )
    .limit(500);
  const ids = rows.map((row) => row.id);
  const held =
    ids.length === 0
      ? []
      : await db
          .select({
            delegationId: delegationBookings.delegationId,
            id: bookings.id,
            kind: bookings.kind,
            name: bookings.name,
            carrier: bookings.carrier,
            startPlace: bookings.startPlace,
            endPlace: bookings.endPlace,
            amountGross: bookings.amountGross,
            currency: bookings.currency,
          })
          .from(delegationBookings)
          .innerJoin(bookings, eq(bookings.id, delegationBookings.bookingId))
          .where(
            and(eq(delegationBookings.companyId, companyId), inArray(delegationBookings.delegationId, ids)),
          );
  return rows.map((row) => {
    const form = (row.form ?? {}) as {
      transport?: { transport_type?: string }[];
      country?: { accommodation?: { amount_in_currency?: string; currency?: string }[] }[];
      other?: { amount_in_currency?: string; currency?: string }[];
      destination?: unknown[];
    };
    const accommodation = (form.country ?? []).flatMap((part) => part.accommodation ?? []);
    const destinations = (row.destinationText ?? '')
      .split(/[,;]/)
      .map((place) => place.trim())
      .filter(Boolean);
    return {
      delegationId: row.id,
      number: row.number,
      userId: row.userId,
      employeeName: `${row.name} ${row.surname}`,
      startDate: toLocalDate(row.startDate),
      endDate: toLocalDate(row.endDate),
      destinations,
      transportTypes: (form.transport ?? []).map((segment) => segment.transport_type ?? '').filter(Boolean),
      hasAccommodation: accommodation.length > 0,
      lineAmounts: [...accommodation, ...(form.other ?? [])]
        .filter((line) => line.amount_in_currency && /^\d+(\.\d+)?$/.test(line.amount_in_currency))
        .map((line) => ({ amount: line.amount_in_currency!, currency: line.currency || 'PLN' })),
      bookings: held
        .filter((booking) => booking.delegationId === row.id)
        .map((booking) => ({
          id: booking.id,
          kind: booking.kind as BookingKind,
          name: booking.name,
          carrier: booking.carrier,
          places: [booking.startPlace, booking.endPlace].filter((place): place is string => Boolean(place)),
          amountGross: booking.amountGross,
          currency: booking.currency,
        })),
    };
  });
}
