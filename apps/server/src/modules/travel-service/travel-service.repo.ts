import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Permission } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { countLimit } from '../../http/paging.ts';
import { boundedUnionCount, pageTotal } from '../../db/bounded-count.ts';
import {
  companies,
  contractors,
  costCentres,
  delegationOrders,
  exchangeRates,
  travelServiceMessageReads,
  locations,
  projects,
  rolePermissions,
  travelAdditionalParameters,
  travelServiceAcceptors,
  travelServiceOffers,
  travelServiceOrderEvents,
  travelServiceOrderItems,
  travelServiceOrders,
  travelServicePassengers,
  userCostCentres,
  userPermissions,
  userRoles,
  users,
} from '../../db/schema/index.ts';

export type TravelOrderRow = typeof travelServiceOrders.$inferSelect;
export type TravelItemRow = typeof travelServiceOrderItems.$inferSelect;
export type PassengerRow = typeof travelServicePassengers.$inferSelect;
export type OfferRow = typeof travelServiceOffers.$inferSelect;
export type EventRow = typeof travelServiceOrderEvents.$inferSelect;

export interface TravelOrderListFilter {
  /** Null: every company (the provider's consultants). */
  companyId: number | null;
  /** Set: only orders the viewer created, is ordered for or travels on. */
  ownOf?: number;
  status?: string;
  type?: string;
  travellerId?: number;
  dateFrom?: string;
  dateTo?: string;
  number?: string;
  /** Only the orders of this trip order. */
  delegationOrderId?: number;
  search?: string;
  sort: 'created_at' | 'start_date' | 'status' | 'number';
  order: 'asc' | 'desc';
}

const SORT = {
  created_at: [travelServiceOrders.createdAt, travelServiceOrders.id],
  start_date: [travelServiceOrders.startDate, travelServiceOrders.id],
  status: [travelServiceOrders.status, travelServiceOrders.id],
  number: [travelServiceOrders.id],
} as const;

/**
 * The orders the user is on: as orderer (when `asOrderer`), as the order's traveller, or as a
 * passenger of one of its items. Each way is read on its own index and the union is a small
 * set of ids, so a list of someone's orders among 100 000 never scans the company's orders.
 */
function ordersOf(companyId: number | null, userId: number, asOrderer: boolean): SQL {
  const inCompany = (column: SQL | typeof travelServiceOrders.companyId) => (companyId === null ? sql`true` : sql`${column} = ${companyId}`);
  const ways = [
    ...(asOrderer ? [sql`select o.id from ${travelServiceOrders} o where ${inCompany(sql`o.company_id`)} and o.created_by_id = ${userId}`] : []),
    sql`select o.id from ${travelServiceOrders} o where ${inCompany(sql`o.company_id`)} and o.user_id = ${userId}`,
    sql`select i.order_id from ${travelServicePassengers} p join ${travelServiceOrderItems} i on i.id = p.item_id where ${inCompany(sql`p.company_id`)} and p.company_user_id = ${userId}`,
  ];
  // `= any(array(…))` makes the set a value the planner looks up on the primary key, instead of a
  // hash join against a scan of every order of the company.
  return sql`${travelServiceOrders.id} = any(array(${sql.join(ways, sql` union `)}))`;
}

function listWhere(filter: TravelOrderListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.companyId !== null) conditions.push(eq(travelServiceOrders.companyId, filter.companyId));
  if (filter.ownOf !== undefined) {
    conditions.push(ordersOf(filter.companyId, filter.ownOf, true));
  }
  if (filter.status) conditions.push(eq(travelServiceOrders.status, filter.status));
  if (filter.type) {
    conditions.push(sql`exists (select 1 from ${travelServiceOrderItems} i where i.order_id = ${travelServiceOrders.id} and i.type = ${filter.type})`);
  }
  if (filter.travellerId !== undefined) conditions.push(ordersOf(filter.companyId, filter.travellerId, false));
  if (filter.dateFrom) conditions.push(gte(travelServiceOrders.endDate, filter.dateFrom));
  if (filter.dateTo) conditions.push(lte(travelServiceOrders.startDate, filter.dateTo));
  if (filter.number) {
    const digits = filter.number.replace(/\D/g, '');
    conditions.push(digits === '' || digits.length > 9 ? sql`false` : eq(travelServiceOrders.id, Number(digits)));
  }
  if (filter.delegationOrderId !== undefined) conditions.push(eq(travelServiceOrders.delegationOrderId, filter.delegationOrderId));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`exists (select 1 from ${users} u where u.id = ${travelServiceOrders.userId} and (u.name || ' ' || u.surname) ilike ${pattern})`,
    );
  }
  return and(...conditions);
}

export const travelServiceRepo = {
  async insertOrder(db: Executor, values: typeof travelServiceOrders.$inferInsert): Promise<number> {
    const [row] = await db.insert(travelServiceOrders).values(values).returning({ id: travelServiceOrders.id });
    return row!.id;
  },

  async updateOrder(db: Executor, id: number, values: Partial<typeof travelServiceOrders.$inferInsert>): Promise<void> {
    await db
      .update(travelServiceOrders)
      .set({ ...values, version: sql`${travelServiceOrders.version} + 1`, updatedAt: sql`now()` })
      .where(eq(travelServiceOrders.id, id));
  },

  /** The order, in the company (or any company for `null`), optionally locked for the transaction. */
  /**
   * The items bought for a trip order (each became a booking), with the chosen offer's parts and the
   * country of the item's place (a hotel's), for the settlement started from that order.
   */
  async boughtItemsOfTripOrder(db: Executor, companyId: number, delegationOrderId: number) {
    return db
      .select({ item: travelServiceOrderItems, parts: travelServiceOffers.parts, placeCountry: locations.countryCode })
      .from(travelServiceOrderItems)
      .innerJoin(travelServiceOrders, eq(travelServiceOrders.id, travelServiceOrderItems.orderId))
      .leftJoin(travelServiceOffers, eq(travelServiceOffers.id, travelServiceOrderItems.selectedOfferId))
      .leftJoin(locations, sql`${locations.id} = (${travelServiceOrderItems.params} ->> 'place_id')::integer`)
      .where(
        and(
          eq(travelServiceOrders.companyId, companyId),
          eq(travelServiceOrders.delegationOrderId, delegationOrderId),
          isNotNull(travelServiceOrderItems.bookingId),
        ),
      )
      .orderBy(asc(travelServiceOrderItems.startDate), asc(travelServiceOrderItems.id));
  },

  async findOrder(db: Executor, companyId: number | null, id: number, options: { lock?: boolean } = {}): Promise<TravelOrderRow | null> {
    const where = companyId === null ? eq(travelServiceOrders.id, id) : and(eq(travelServiceOrders.id, id), eq(travelServiceOrders.companyId, companyId));
    const query = db.select().from(travelServiceOrders).where(where).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The order an item belongs to. */
  async orderIdOfItem(db: Executor, companyId: number | null, itemId: number): Promise<number | null> {
    const where = companyId === null ? eq(travelServiceOrderItems.id, itemId) : and(eq(travelServiceOrderItems.id, itemId), eq(travelServiceOrderItems.companyId, companyId));
    const [row] = await db.select({ orderId: travelServiceOrderItems.orderId }).from(travelServiceOrderItems).where(where).limit(1);
    return row?.orderId ?? null;
  },

  async itemsOf(db: Executor, orderIds: readonly number[]): Promise<TravelItemRow[]> {
    if (orderIds.length === 0) return [];
    return db.select().from(travelServiceOrderItems).where(inArray(travelServiceOrderItems.orderId, [...orderIds])).orderBy(asc(travelServiceOrderItems.orderId), asc(travelServiceOrderItems.sequence), asc(travelServiceOrderItems.id));
  },

  async passengersOf(db: Executor, itemIds: readonly number[]): Promise<PassengerRow[]> {
    if (itemIds.length === 0) return [];
    return db.select().from(travelServicePassengers).where(inArray(travelServicePassengers.itemId, [...itemIds])).orderBy(asc(travelServicePassengers.itemId), asc(travelServicePassengers.position));
  },

  async offersOf(db: Executor, itemIds: readonly number[]): Promise<OfferRow[]> {
    if (itemIds.length === 0) return [];
    return db.select().from(travelServiceOffers).where(inArray(travelServiceOffers.itemId, [...itemIds])).orderBy(asc(travelServiceOffers.itemId), asc(travelServiceOffers.position), asc(travelServiceOffers.id));
  },

  async eventsOf(db: Executor, orderId: number) {
    return db
      .select({ event: travelServiceOrderEvents, name: users.name, surname: users.surname })
      .from(travelServiceOrderEvents)
      .leftJoin(users, eq(users.id, travelServiceOrderEvents.userId))
      .where(eq(travelServiceOrderEvents.orderId, orderId))
      .orderBy(asc(travelServiceOrderEvents.id));
  },

  /** Of the events, those the reader has read. */
  async readEventIds(db: Executor, readerId: number, eventIds: readonly number[]): Promise<Set<number>> {
    if (eventIds.length === 0) return new Set();
    const rows = await db
      .select({ eventId: travelServiceMessageReads.eventId })
      .from(travelServiceMessageReads)
      .where(and(eq(travelServiceMessageReads.userId, readerId), inArray(travelServiceMessageReads.eventId, [...eventIds])));
    return new Set(rows.map((row) => row.eventId));
  },

  /** The reader has read the events (of orders of the company); reading again changes nothing. */
  async markRead(db: Executor, companyId: number, readerId: number, eventIds: readonly number[]): Promise<void> {
    if (eventIds.length === 0) return;
    await db
      .insert(travelServiceMessageReads)
      .values(eventIds.map((eventId) => ({ eventId, userId: readerId, companyId })))
      .onConflictDoNothing();
  },

  /**
   * Per order, the messages the reader has not read: comments others wrote (spec §9, `isMessageFor`
   * of the domain, as one condition) without the reader's read row.
   */
  async unreadCounts(db: Executor, readerId: number, orderIds: readonly number[]): Promise<Map<number, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = await db
      .select({ orderId: travelServiceOrderEvents.orderId, unread: count() })
      .from(travelServiceOrderEvents)
      .where(
        and(
          inArray(travelServiceOrderEvents.orderId, [...orderIds]),
          sql`btrim(${travelServiceOrderEvents.comment}) <> ''`,
          sql`${travelServiceOrderEvents.userId} <> ${readerId}`,
          sql`not exists (select 1 from ${travelServiceMessageReads} r where r.event_id = ${travelServiceOrderEvents.id} and r.user_id = ${readerId})`,
        ),
      )
      .groupBy(travelServiceOrderEvents.orderId);
    return new Map(rows.map((row) => [row.orderId, row.unread]));
  },

  async insertItem(db: Executor, values: typeof travelServiceOrderItems.$inferInsert): Promise<number> {
    const [row] = await db.insert(travelServiceOrderItems).values(values).returning({ id: travelServiceOrderItems.id });
    return row!.id;
  },

  async updateItem(db: Executor, id: number, values: Partial<typeof travelServiceOrderItems.$inferInsert>): Promise<void> {
    await db.update(travelServiceOrderItems).set({ ...values, updatedAt: sql`now()` }).where(eq(travelServiceOrderItems.id, id));
  },

  async replacePassengers(db: Executor, companyId: number, itemId: number, passengers: Omit<typeof travelServicePassengers.$inferInsert, 'companyId' | 'itemId' | 'position'>[]): Promise<void> {
    await db.delete(travelServicePassengers).where(eq(travelServicePassengers.itemId, itemId));
    if (passengers.length > 0) await db.insert(travelServicePassengers).values(passengers.map((passenger, position) => ({ ...passenger, companyId, itemId, position })));
  },

  async setPassengerOfferData(db: Executor, passengerId: number, offerData: PassengerRow['offerData']): Promise<void> {
    await db.update(travelServicePassengers).set({ offerData }).where(eq(travelServicePassengers.id, passengerId));
  },

  async insertOffer(db: Executor, values: typeof travelServiceOffers.$inferInsert): Promise<number> {
    const [row] = await db.insert(travelServiceOffers).values(values).returning({ id: travelServiceOffers.id });
    return row!.id;
  },

  async updateOffer(db: Executor, id: number, values: Partial<typeof travelServiceOffers.$inferInsert>): Promise<void> {
    await db.update(travelServiceOffers).set({ ...values, updatedAt: sql`now()` }).where(eq(travelServiceOffers.id, id));
  },

  async deleteOffers(db: Executor, ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await db.delete(travelServiceOffers).where(inArray(travelServiceOffers.id, [...ids]));
  },

  async insertEvent(db: Executor, values: typeof travelServiceOrderEvents.$inferInsert): Promise<void> {
    await db.insert(travelServiceOrderEvents).values(values);
  },

  async page(db: Executor, filter: TravelOrderListFilter, window: { offset: number; limit: number }) {
    const where = listWhere(filter);
    const direction = filter.order === 'desc' ? desc : asc;
    const count = boundedUnionCount([sql`${db.select({ id: travelServiceOrders.id }).from(travelServiceOrders).where(where)}`], countLimit(window));
    const rows = await db
      .select({ order: travelServiceOrders, userName: users.name, userSurname: users.surname, companyName: companies.name, total: count })
      .from(travelServiceOrders)
      .innerJoin(users, eq(users.id, travelServiceOrders.userId))
      .innerJoin(companies, eq(companies.id, travelServiceOrders.companyId))
      .where(where)
      .orderBy(...SORT[filter.sort].map((column) => direction(column)))
      .offset(window.offset)
      .limit(window.limit);
    return { rows, ...(await pageTotal(db, rows, count, window)) };
  },

  async people(db: Executor, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return db.select({ id: users.id, name: users.name, surname: users.surname, email: users.email, language: users.language, isActive: users.isActive }).from(users).where(inArray(users.id, [...ids]));
  },

  async companyName(db: Executor, companyId: number): Promise<string> {
    const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
    return row?.name ?? '';
  },

  async companySettings(db: Executor, companyId: number): Promise<unknown> {
    const [row] = await db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId)).limit(1);
    return row?.settings ?? {};
  },

  async companies(db: Executor, companyIds: readonly number[] | null) {
    const query = db.select({ id: companies.id, name: companies.name, code: companies.code }).from(companies);
    const rows = companyIds === null ? await query.where(eq(companies.isActive, true)) : await query.where(inArray(companies.id, [...companyIds]));
    return rows.sort((a, b) => a.name.localeCompare(b.name, 'pl'));
  },

  /** The company's active users with their cost centres, as the order form offers them. */
  async travellerOptions(db: Executor, companyId: number, onlyUserId?: number) {
    const where = onlyUserId === undefined ? and(eq(users.companyId, companyId), eq(users.isActive, true)) : and(eq(users.companyId, companyId), eq(users.id, onlyUserId));
    const people = await db.select().from(users).where(where).orderBy(asc(users.surname), asc(users.name), asc(users.id));
    const centres = people.length === 0 ? [] : await db.select().from(userCostCentres).where(inArray(userCostCentres.userId, people.map((person) => person.id)));
    return people.map((person) => ({ person, costCentreIds: centres.filter((centre) => centre.userId === person.id).map((centre) => centre.costCentreId) }));
  },

  async activeParameters(db: Executor, companyId: number) {
    return db
      .select()
      .from(travelAdditionalParameters)
      .where(and(eq(travelAdditionalParameters.companyId, companyId), eq(travelAdditionalParameters.isActive, true)))
      .orderBy(asc(travelAdditionalParameters.sortOrder), asc(travelAdditionalParameters.id));
  },

  async formChoices(db: Executor, companyId: number) {
    const [centres, contractorRows, projectRows] = await Promise.all([
      db.select({ id: costCentres.id, ordinate: costCentres.ordinate, name: costCentres.name }).from(costCentres).where(and(eq(costCentres.companyId, companyId), eq(costCentres.enabledForNew, true))).orderBy(asc(costCentres.ordinate)),
      db.select({ id: contractors.id, name: contractors.name }).from(contractors).where(eq(contractors.companyId, companyId)).orderBy(asc(contractors.name)),
      db.select({ id: projects.id, name: projects.name, contractorId: projects.contractorId }).from(projects).where(and(eq(projects.companyId, companyId), eq(projects.isActive, true))).orderBy(asc(projects.name)),
    ]);
    return { centres, contractors: contractorRows, projects: projectRows };
  },

  /** Whether the row of `table` with the id is the company's. */
  async referenceExists(db: Executor, companyId: number, table: 'costCentre' | 'project' | 'contractor' | 'user', id: number): Promise<boolean> {
    const source = { costCentre: costCentres, project: projects, contractor: contractors, user: users }[table];
    const [row] = await db.select({ id: source.id }).from(source).where(and(eq(source.id, id), eq(source.companyId, companyId))).limit(1);
    return row !== undefined;
  },

  async tripOrder(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ id: delegationOrders.id, userId: delegationOrders.userId, number: delegationOrders.number, status: delegationOrders.status, allowedTransport: delegationOrders.allowedTransport, allowedTransportCost: delegationOrders.allowedTransportCost })
      .from(delegationOrders)
      .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, id)))
      .limit(1);
    return row ?? null;
  },

  async isAcceptor(db: Executor, companyId: number, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ userId: travelServiceAcceptors.userId })
      .from(travelServiceAcceptors)
      .where(and(eq(travelServiceAcceptors.companyId, companyId), eq(travelServiceAcceptors.userId, userId)))
      .limit(1);
    return row !== undefined;
  },

  async acceptorIds(db: Executor, companyId: number): Promise<number[]> {
    const rows = await db.select({ userId: travelServiceAcceptors.userId }).from(travelServiceAcceptors).where(eq(travelServiceAcceptors.companyId, companyId));
    return rows.map((row) => row.userId);
  },

  /** Active users of the company flagged to be told of every travel offer. */
  async notifyAllOffersIds(db: Executor, companyId: number): Promise<number[]> {
    const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.notifyOfAllOffers, true), eq(users.isActive, true)));
    return rows.map((row) => row.id);
  },

  /** Active users of the company who hold the permission through a role or directly (the provider's consultants of a type). */
  async holdersOf(db: Executor, companyId: number, permission: Permission): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.isActive, true),
          or(
            sql`exists (select 1 from ${userRoles} ur join ${rolePermissions} rp on rp.role_id = ur.role_id where ur.user_id = ${users.id} and rp.permission_name = ${permission})`,
            sql`exists (select 1 from ${userPermissions} up where up.user_id = ${users.id} and up.permission_name = ${permission})`,
          ),
        ),
      );
    return rows.map((row) => row.id);
  },

  async adminCompanyId(db: Executor): Promise<number | null> {
    const [row] = await db.select({ id: companies.id }).from(companies).where(sql`lower(${companies.code}) = 'admin'`).limit(1);
    return row?.id ?? null;
  },

  /** The country of each location (the shared list), for the hotel limit of a hotel's place. */
  async placeCountries(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: locations.id, countryCode: locations.countryCode }).from(locations).where(inArray(locations.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.countryCode]));
  },

  /** The latest exchange rate of the currency on or before the day, for converting offer prices to PLN. */
  async exchangeRate(db: Executor, companyId: number, currency: string, day: string): Promise<string | null> {
    const [row] = await db
      .select({ rate: exchangeRates.rate })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.companyId, companyId), eq(exchangeRates.currency, currency), lte(exchangeRates.rateDate, day)))
      .orderBy(desc(exchangeRates.rateDate))
      .limit(1);
    return row?.rate ?? null;
  },
};
