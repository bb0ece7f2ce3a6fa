import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CompanyMileageRate, ExchangeRate, MileageVehicleKind, PerDiemOverrideRow, RateGroup } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { delegationRates, exchangeRates, mileageRates, rateGroups, users } from '../../db/schema/index.ts';

/** The company's own rate data the rate book is built from (the statutory tables live in the domain). */
export const rateBookRepo = {
  async rateGroupOfUser(db: Executor, companyId: number, userId: number): Promise<{ found: boolean; rateGroupId: number | null }> {
    const [row] = await db
      .select({ rateGroupId: users.rateGroupId })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    return row ? { found: true, rateGroupId: row.rateGroupId } : { found: false, rateGroupId: null };
  },

  async rateGroups(db: Executor, companyId: number): Promise<RateGroup[]> {
    return db.select({ id: rateGroups.id, parent_id: rateGroups.parentId }).from(rateGroups).where(eq(rateGroups.companyId, companyId));
  },

  /** Every per-diem override of the company. */
  async perDiemOverrides(db: Executor, companyId: number): Promise<PerDiemOverrideRow[]> {
    const rows = await db.select().from(delegationRates).where(eq(delegationRates.companyId, companyId));
    return rows.map((row) => ({
      group_id: row.groupId,
      country_code: row.countryCode,
      region: row.region,
      per_diem: row.perDiem,
      currency: row.currency,
      hotel_limit: row.hotelLimit,
      valid_from: row.validFrom,
      valid_to: row.validTo,
    }));
  },

  async mileageRates(db: Executor, companyId: number): Promise<CompanyMileageRate[]> {
    const rows = await db.select().from(mileageRates).where(eq(mileageRates.companyId, companyId));
    return rows.map((row) => ({ vehicle_kind: row.vehicleKind as MileageVehicleKind, rate: row.rate, valid_from: row.validFrom, valid_to: row.validTo }));
  },

  /** The whole exchange-rate table of the currencies, NBP and manual. */
  async exchangeRates(db: Executor, companyId: number, currencies: string[]): Promise<ExchangeRate[]> {
    if (currencies.length === 0) return [];
    const rows = await db
      .select({
        currency: exchangeRates.currency,
        date: exchangeRates.rateDate,
        rate: sql<string>`${exchangeRates.rate}::text`,
        tableNo: exchangeRates.tableNo,
        source: exchangeRates.source,
      })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.companyId, companyId), inArray(exchangeRates.currency, currencies)));
    return rows.map((row) => ({
      currency: row.currency,
      date: row.date,
      rate: row.rate,
      table_no: row.tableNo ?? '',
      source: row.source === 'manual' ? 'manual' : 'nbp',
    }));
  },
};
