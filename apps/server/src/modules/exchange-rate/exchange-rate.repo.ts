import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema/index.ts';

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

export interface ExchangeRateFilter {
  currency?: string;
  dateFrom?: string;
  dateTo?: string;
  source?: 'nbp' | 'manual';
}

function conditions(companyId: number, filter: ExchangeRateFilter): SQL[] {
  const where: SQL[] = [eq(exchangeRates.companyId, companyId)];
  if (filter.currency) where.push(eq(exchangeRates.currency, filter.currency));
  if (filter.dateFrom) where.push(gte(exchangeRates.rateDate, filter.dateFrom));
  if (filter.dateTo) where.push(lte(exchangeRates.rateDate, filter.dateTo));
  if (filter.source) where.push(eq(exchangeRates.source, filter.source));
  return where;
}

export const exchangeRateRepo = {
  async list(db: Executor, companyId: number, filter: ExchangeRateFilter, page: { offset: number; limit: number }) {
    const where = and(...conditions(companyId, filter));
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(exchangeRates)
        .where(where)
        .orderBy(desc(exchangeRates.rateDate), exchangeRates.currency, exchangeRates.source)
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(exchangeRates).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  /** Rates of the given currencies dated on or before `upTo`, within a look-back window. */
  async forCurrencies(db: Executor, companyId: number, currencies: string[], from: string, upTo: string): Promise<ExchangeRateRow[]> {
    if (currencies.length === 0) return [];
    return db
      .select()
      .from(exchangeRates)
      .where(
        and(
          eq(exchangeRates.companyId, companyId),
          inArray(exchangeRates.currency, currencies),
          gte(exchangeRates.rateDate, from),
          lte(exchangeRates.rateDate, upTo),
        ),
      );
  },

  /** Inserts NBP rates, replacing an NBP rate already stored for the same currency and day. */
  async upsertNbp(db: Executor, companyId: number, rows: { currency: string; date: string; rate: string; tableNo: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(exchangeRates)
      .values(rows.map((row) => ({ companyId, currency: row.currency, rateDate: row.date, rate: row.rate, tableNo: row.tableNo, source: 'nbp' })))
      .onConflictDoUpdate({
        target: [exchangeRates.companyId, exchangeRates.currency, exchangeRates.rateDate, exchangeRates.source],
        set: { rate: sql`excluded.rate`, tableNo: sql`excluded.table_no` },
      });
  },

  async findById(db: Executor, companyId: number, id: number): Promise<ExchangeRateRow | null> {
    const [row] = await db
      .select()
      .from(exchangeRates)
      .where(and(eq(exchangeRates.companyId, companyId), eq(exchangeRates.id, id)))
      .limit(1);
    return row ?? null;
  },

  async findManual(db: Executor, companyId: number, currency: string, date: string): Promise<ExchangeRateRow | null> {
    const [row] = await db
      .select()
      .from(exchangeRates)
      .where(
        and(eq(exchangeRates.companyId, companyId), eq(exchangeRates.currency, currency), eq(exchangeRates.rateDate, date), eq(exchangeRates.source, 'manual')),
      )
      .limit(1);
    return row ?? null;
  },

  async insertManual(db: Executor, companyId: number, row: { currency: string; date: string; rate: string }): Promise<ExchangeRateRow> {
    const [created] = await db
      .insert(exchangeRates)
      .values({ companyId, currency: row.currency, rateDate: row.date, rate: row.rate, tableNo: null, source: 'manual' })
      .returning();
    return created!;
  },

  async updateManual(db: Executor, companyId: number, id: number, row: { currency: string; date: string; rate: string }): Promise<ExchangeRateRow> {
    const [updated] = await db
      .update(exchangeRates)
      .set({ currency: row.currency, rateDate: row.date, rate: row.rate })
      .where(and(eq(exchangeRates.companyId, companyId), eq(exchangeRates.id, id)))
      .returning();
    return updated!;
  },

  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(exchangeRates).where(and(eq(exchangeRates.companyId, companyId), eq(exchangeRates.id, id)));
  },
};
