import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  DOMESTIC_COUNTRY,
  type BookingKind,
  type BookingReportDimension,
  type BookingStatus,
} from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { bookings, costCentres, organizationUnits, projects, users } from '../../db/schema/index.ts';

/** Which bookings a report adds up; empty id lists mean all. */
export interface BookingReportScope {
  companyId: number;
  /** Instants of the service's start: from inclusive, to exclusive. */
  from: Date;
  to: Date;
  kinds: readonly BookingKind[];
  statuses: readonly BookingStatus[];
  currency: string;
  costCentreIds: readonly number[];
  organizationUnitIds: readonly number[];
  projectIds: readonly number[];
}

// A literal, not a parameter: PostgreSQL matches the selected expression to the grouped one only when both are the same text.
const DOMESTIC = sql.raw(`'${DOMESTIC_COUNTRY}'`);
const SCOPE = sql<string>`case when upper(coalesce(${bookings.countryCode}, ${DOMESTIC})) <> ${DOMESTIC} then 'foreign' else 'domestic' end`;

/**
 * A dimension in SQL: what rows are grouped by (an id where names may repeat) and the value shown.
 * They mirror the domain's definitions (`BOOKING_REPORT_DIMENSIONS`, `bookingScopeOf`).
 */
const DIMENSIONS: Record<BookingReportDimension, { group: SQL[]; value: SQL<string | null> }> = {
  month: {
    group: [sql`to_char(${bookings.startAt} at time zone 'Europe/Warsaw', 'YYYY-MM')`],
    value: sql<string>`to_char(${bookings.startAt} at time zone 'Europe/Warsaw', 'YYYY-MM')`,
  },
  costCentre: {
    group: [sql`${costCentres.id}`, sql`${costCentres.ordinate}`],
    value: sql<string | null>`${costCentres.ordinate}`,
  },
  project: {
    group: [sql`${projects.id}`, sql`${projects.name}`],
    value: sql<string | null>`${projects.name}`,
  },
  organizationUnit: {
    group: [sql`${organizationUnits.id}`, sql`${organizationUnits.name}`],
    value: sql<string | null>`${organizationUnits.name}`,
  },
  // The user, or the booking site's traveller while not mapped to one.
  passenger: {
    group: [
      sql`coalesce(${bookings.userId}::text, ${bookings.travellerKey})`,
      sql`coalesce(${users.surname} || ' ' || ${users.name}, ${bookings.travellerName})`,
    ],
    value: sql<string>`coalesce(${users.surname} || ' ' || ${users.name}, ${bookings.travellerName})`,
  },
  carrier: { group: [sql`${bookings.carrier}`], value: sql<string | null>`${bookings.carrier}` },
  seatClass: { group: [sql`${bookings.seatClass}`], value: sql<string | null>`${bookings.seatClass}` },
  scope: { group: [SCOPE], value: SCOPE },
  serviceType: { group: [sql`${bookings.kind}`], value: sql<string>`${bookings.kind}` },
};

/** Net is the booking's net, else its gross less its VAT; VAT is what the gross adds to the net (docs/domain/booking-reports.md). */
const NET = sql`coalesce(${bookings.amountNet}, ${bookings.amountGross} - coalesce(${bookings.vatAmount}, 0))`;
const TRAVELLER = sql`coalesce(${bookings.userId}::text, ${bookings.travellerKey})`;

function whereOf(scope: BookingReportScope): SQL {
  return and(
    eq(bookings.companyId, scope.companyId),
    gte(bookings.startAt, scope.from),
    lt(bookings.startAt, scope.to),
    eq(bookings.currency, scope.currency),
    inArray(bookings.kind, [...scope.kinds]),
    inArray(bookings.status, [...scope.statuses]),
    scope.costCentreIds.length > 0 ? inArray(bookings.costCentreId, [...scope.costCentreIds]) : undefined,
    scope.projectIds.length > 0 ? inArray(bookings.projectId, [...scope.projectIds]) : undefined,
    scope.organizationUnitIds.length > 0
      ? inArray(users.organizationUnitId, [...scope.organizationUnitIds])
      : undefined,
  )!;
}

export interface AggregateRow {
  values: (string | null)[];
  count: number;
  travellers: number;
  gross: string;
  net: string;
}

export const bookingReportsRepo = {
  /**
   * The bookings of the scope grouped by the dimensions, summed in the database (one GROUP BY over the
   * company's index on its start). Months run in order, other values by their gross, largest first (a second
   * dimension's within each value of the first).
   */
  async aggregate(
    db: Executor,
    scope: BookingReportScope,
    dimensions: readonly BookingReportDimension[],
  ): Promise<AggregateRow[]> {
    const parts = dimensions.map((dimension) => DIMENSIONS[dimension]);
    const first = parts[0]!;
    const order: SQL[] =
      dimensions[0] === 'month'
        ? [asc(first.value)]
        : [
            sql`sum(sum(${bookings.amountGross})) over (partition by ${sql.join(first.group, sql`, `)}) desc`,
            sql`${first.value} asc nulls last`,
          ];
    if (parts[1])
      order.push(
        ...(dimensions[1] === 'month'
          ? [asc(parts[1].value)]
          : [sql`sum(${bookings.amountGross}) desc`, sql`${parts[1].value} asc nulls last`]),
      );
    const rows = await db
      .select({
        values: sql<(string | null)[]>`array[${sql.join(
          parts.map((part) => sql`${part.value}::text`),
          sql`, `,
        )}]`,
        count: sql<number>`count(*)::int`,
        travellers: sql<number>`count(distinct ${TRAVELLER})::int`,
        gross: sql<string>`sum(${bookings.amountGross})::text`,
        net: sql<string>`sum(${NET})::text`,
      })
      .from(bookings)
      .leftJoin(users, and(eq(users.id, bookings.userId), eq(users.companyId, scope.companyId)))
      .leftJoin(
        organizationUnits,
        and(
          eq(organizationUnits.id, users.organizationUnitId),
          eq(organizationUnits.companyId, scope.companyId),
        ),
      )
      .leftJoin(
        costCentres,
        and(eq(costCentres.id, bookings.costCentreId), eq(costCentres.companyId, scope.companyId)),
      )
      .leftJoin(projects, and(eq(projects.id, bookings.projectId), eq(projects.companyId, scope.companyId)))
      .where(whereOf(scope))
      .groupBy(...parts.flatMap((part) => part.group))
      .orderBy(...order);
    return rows;
  },

  /** How many different travellers the whole scope has (rows cannot be added up for it). */
  async travellers(db: Executor, scope: BookingReportScope): Promise<number> {
    const [row] = await db
      .select({ travellers: sql<number>`count(distinct ${TRAVELLER})::int` })
      .from(bookings)
      .leftJoin(users, and(eq(users.id, bookings.userId), eq(users.companyId, scope.companyId)))
      .where(whereOf(scope));
    return row?.travellers ?? 0;
  },

  /** The currencies the company's bookings are in, the company's own first. */
  async currencies(db: Executor, companyId: number): Promise<string[]> {
    const rows = await db
      .selectDistinct({ currency: bookings.currency })
      .from(bookings)
      .where(eq(bookings.companyId, companyId))
      .orderBy(asc(bookings.currency));
    return rows.map((row) => row.currency);
  },
};
