import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MileageVehicleKind } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { delegationRates, mileageRates, rateGroups, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export interface PageWindow {
  offset: number;
  limit: number;
}
type Order = 'asc' | 'desc';
const direction = (order: Order) => (order === 'desc' ? desc : asc);

export interface RateGroupRow {
  id: number;
  name: string;
  parentId: number | null;
}

export interface DelegationRateRow {
  id: number;
  groupId: number | null;
  groupName: string | null;
  countryCode: string;
  region: string | null;
  perDiem: string;
  currency: string;
  hotelLimit: string;
  validFrom: string;
  validTo: string | null;
}

export interface MileageRateRow {
  id: number;
  vehicleKind: MileageVehicleKind;
  rate: string;
  validFrom: string;
  validTo: string | null;
}

export interface DelegationRateValues {
  groupId: number | null;
  countryCode: string;
  region: string | null;
  perDiem: string;
  currency: string;
  hotelLimit: string;
  validFrom: string;
  validTo: string | null;
}

export interface MileageRateValues {
  vehicleKind: MileageVehicleKind;
  rate: string;
  validFrom: string;
  validTo: string | null;
}

const delegationRateColumns = {
  id: delegationRates.id,
  groupId: delegationRates.groupId,
  groupName: rateGroups.name,
  countryCode: delegationRates.countryCode,
  region: delegationRates.region,
  perDiem: delegationRates.perDiem,
  currency: delegationRates.currency,
  hotelLimit: delegationRates.hotelLimit,
  validFrom: delegationRates.validFrom,
  validTo: delegationRates.validTo,
};

const mileageColumns = {
  id: mileageRates.id,
  vehicleKind: sql<MileageVehicleKind>`${mileageRates.vehicleKind}`,
  rate: mileageRates.rate,
  validFrom: mileageRates.validFrom,
  validTo: mileageRates.validTo,
};

const parentGroups = alias(rateGroups, 'parent_groups');
/**
 * The outer row's id, qualified: Drizzle writes a one-table select's columns without their
 * table name, and a bare "id" inside a subquery would mean the subquery's own table.
 */
const outerGroupId = sql`${rateGroups}.${sql.identifier('id')}`;
const userCount = (companyId: number) =>
  sql<number>`(select count(*)::int from ${users} where ${users.companyId} = ${companyId} and ${users.rateGroupId} = ${outerGroupId})`;
const rateCount = sql<number>`(select count(*)::int from ${delegationRates} where ${delegationRates.groupId} = ${outerGroupId})`;
const childCount = sql<number>`(select count(*)::int from ${rateGroups} as children where children.parent_id = ${outerGroupId})`;

/**
 * The company's own rates: rate groups, per-diem overrides and mileage rates (spec §3). Every
 * query is filtered by the company id.
 */
export const ratesRepo = {
  /**
   * Serialises changes to one company's rates for the rest of the transaction, so two saves cannot
   * both pass the duplicate and loop checks.
   */
  async lockCompanyRates(db: Executor, companyId: number): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('delego.rates'), ${companyId})`);
  },

  async allGroups(db: Executor, companyId: number): Promise<RateGroupRow[]> {
    return db
      .select({ id: rateGroups.id, name: rateGroups.name, parentId: rateGroups.parentId })
      .from(rateGroups)
      .where(eq(rateGroups.companyId, companyId))
      .orderBy(asc(sql`lower(${rateGroups.name})`));
  },

  async groupPage(db: Executor, companyId: number, query: { search?: string; sort: 'name' | 'parent_name' | 'user_count'; order: Order }, page: PageWindow) {
    const where = and(eq(rateGroups.companyId, companyId), query.search ? ilike(rateGroups.name, containsPattern(query.search)) : undefined);
    const sortColumn = { name: sql`lower(${rateGroups.name})`, parent_name: sql`lower(${parentGroups.name})`, user_count: userCount(companyId) }[query.sort];
    const [items, [total]] = await Promise.all([
      db
        .select({
          id: rateGroups.id,
          name: rateGroups.name,
          parentId: rateGroups.parentId,
          parentName: parentGroups.name,
          userCount: userCount(companyId),
          rateCount,
          childCount,
        })
        .from(rateGroups)
        .leftJoin(parentGroups, and(eq(parentGroups.id, rateGroups.parentId), eq(parentGroups.companyId, companyId)))
        .where(where)
        .orderBy(direction(query.order)(sortColumn), asc(rateGroups.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(rateGroups).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async groupWithUsage(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({
        id: rateGroups.id,
        name: rateGroups.name,
        parentId: rateGroups.parentId,
        parentName: parentGroups.name,
        userCount: userCount(companyId),
        rateCount,
        childCount,
      })
      .from(rateGroups)
      .leftJoin(parentGroups, and(eq(parentGroups.id, rateGroups.parentId), eq(parentGroups.companyId, companyId)))
      .where(and(eq(rateGroups.companyId, companyId), eq(rateGroups.id, id)))
      .limit(1);
    return row ?? null;
  },

  async findGroupByName(db: Executor, companyId: number, name: string): Promise<RateGroupRow | null> {
    const [row] = await db
      .select({ id: rateGroups.id, name: rateGroups.name, parentId: rateGroups.parentId })
      .from(rateGroups)
      .where(and(eq(rateGroups.companyId, companyId), eq(sql`lower(${rateGroups.name})`, name.toLowerCase())))
      .limit(1);
    return row ?? null;
  },

  async insertGroup(db: Executor, companyId: number, values: { name: string; parentId: number | null }): Promise<number> {
    const [row] = await db.insert(rateGroups).values({ companyId, name: values.name, parentId: values.parentId }).returning({ id: rateGroups.id });
    return row!.id;
  },

  async updateGroup(db: Executor, companyId: number, id: number, values: { name: string; parentId: number | null }): Promise<void> {
    await db
      .update(rateGroups)
      .set({ name: values.name, parentId: values.parentId })
      .where(and(eq(rateGroups.companyId, companyId), eq(rateGroups.id, id)));
  },

  async deleteGroup(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(rateGroups).where(and(eq(rateGroups.companyId, companyId), eq(rateGroups.id, id)));
  },

  /** The rate group of a user of the company; `found` false when the user is not the company's. */
  async rateGroupOfUser(db: Executor, companyId: number, userId: number): Promise<{ found: boolean; rateGroupId: number | null }> {
    const [row] = await db
      .select({ rateGroupId: users.rateGroupId })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    return row ? { found: true, rateGroupId: row.rateGroupId } : { found: false, rateGroupId: null };
  },

  async allDelegationRates(db: Executor, companyId: number): Promise<DelegationRateRow[]> {
    return db
      .select(delegationRateColumns)
      .from(delegationRates)
      .leftJoin(rateGroups, eq(rateGroups.id, delegationRates.groupId))
      .where(eq(delegationRates.companyId, companyId));
  },

  async delegationRatePage(
    db: Executor,
    companyId: number,
    query: { search?: string; groupId?: number; sort: 'country_code' | 'valid_from' | 'per_diem' | 'group_name'; order: Order },
    page: PageWindow,
  ) {
    const conditions: SQL[] = [eq(delegationRates.companyId, companyId)];
    if (query.groupId !== undefined) conditions.push(eq(delegationRates.groupId, query.groupId));
    if (query.search) {
      const pattern = containsPattern(query.search);
      conditions.push(or(ilike(delegationRates.countryCode, pattern), ilike(delegationRates.region, pattern), ilike(rateGroups.name, pattern), ilike(delegationRates.currency, pattern))!);
    }
    const where = and(...conditions);
    const sortColumn = {
      country_code: delegationRates.countryCode,
      valid_from: delegationRates.validFrom,
      per_diem: delegationRates.perDiem,
      group_name: sql`lower(${rateGroups.name})`,
    }[query.sort];
    const [items, [total]] = await Promise.all([
      db
        .select(delegationRateColumns)
        .from(delegationRates)
        .leftJoin(rateGroups, eq(rateGroups.id, delegationRates.groupId))
        .where(where)
        .orderBy(direction(query.order)(sortColumn), asc(delegationRates.countryCode), desc(delegationRates.validFrom), asc(delegationRates.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(delegationRates).leftJoin(rateGroups, eq(rateGroups.id, delegationRates.groupId)).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findDelegationRate(db: Executor, companyId: number, id: number): Promise<DelegationRateRow | null> {
    const [row] = await db
      .select(delegationRateColumns)
      .from(delegationRates)
      .leftJoin(rateGroups, eq(rateGroups.id, delegationRates.groupId))
      .where(and(eq(delegationRates.companyId, companyId), eq(delegationRates.id, id)))
      .limit(1);
    return row ?? null;
  },

  async insertDelegationRate(db: Executor, companyId: number, values: DelegationRateValues): Promise<number> {
    const [row] = await db
      .insert(delegationRates)
      .values({ companyId, ...values })
      .returning({ id: delegationRates.id });
    return row!.id;
  },

  async updateDelegationRate(db: Executor, companyId: number, id: number, values: DelegationRateValues): Promise<void> {
    await db
      .update(delegationRates)
      .set(values)
      .where(and(eq(delegationRates.companyId, companyId), eq(delegationRates.id, id)));
  },

  async deleteDelegationRate(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(delegationRates).where(and(eq(delegationRates.companyId, companyId), eq(delegationRates.id, id)));
  },

  async allMileageRates(db: Executor, companyId: number): Promise<MileageRateRow[]> {
    return db.select(mileageColumns).from(mileageRates).where(eq(mileageRates.companyId, companyId));
  },

  async mileagePage(db: Executor, companyId: number, query: { vehicleKind?: MileageVehicleKind; sort: 'valid_from' | 'vehicle_kind' | 'rate'; order: Order }, page: PageWindow) {
    const where = and(eq(mileageRates.companyId, companyId), query.vehicleKind ? eq(mileageRates.vehicleKind, query.vehicleKind) : undefined);
    const sortColumn = { valid_from: mileageRates.validFrom, vehicle_kind: mileageRates.vehicleKind, rate: mileageRates.rate }[query.sort];
    const [items, [total]] = await Promise.all([
      db
        .select(mileageColumns)
        .from(mileageRates)
        .where(where)
        .orderBy(direction(query.order)(sortColumn), asc(mileageRates.vehicleKind), desc(mileageRates.validFrom))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(mileageRates).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findMileageRate(db: Executor, companyId: number, id: number): Promise<MileageRateRow | null> {
    const [row] = await db
      .select(mileageColumns)
      .from(mileageRates)
      .where(and(eq(mileageRates.companyId, companyId), eq(mileageRates.id, id)))
      .limit(1);
    return row ?? null;
  },

  async insertMileageRate(db: Executor, companyId: number, values: MileageRateValues): Promise<number> {
    const [row] = await db
      .insert(mileageRates)
      .values({ companyId, ...values })
      .returning({ id: mileageRates.id });
    return row!.id;
  },

  async updateMileageRate(db: Executor, companyId: number, id: number, values: MileageRateValues): Promise<void> {
    await db
      .update(mileageRates)
      .set(values)
      .where(and(eq(mileageRates.companyId, companyId), eq(mileageRates.id, id)));
  },

  async deleteMileageRate(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(mileageRates).where(and(eq(mileageRates.companyId, companyId), eq(mileageRates.id, id)));
  },
};
