import { AppError, ErrorCode } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext, RequestContext } from '../../http/request-context.ts';
import { assertPermission } from '../../lib/access.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { NbpUnavailableError, type ExchangeRateProvider } from '../../integrations/nbp/nbp-provider.ts';
import { exchangeRateRepo, type ExchangeRateFilter, type ExchangeRateRow } from './exchange-rate.repo.ts';

/** One admin import covers at most this many days; the screen splits longer ranges. */
export const MAX_IMPORT_DAYS = 93;

export function toExchangeRateDto(row: ExchangeRateRow) {
  return {
    id: row.id,
    currency: row.currency,
    date: row.rateDate,
    // numeric(12,6) comes back with trailing zeros; four decimals are shown, the stored value is kept.
    rate: row.rate.replace(/(\.\d*?[1-9])0+$|\.0+$/, '$1'),
    table_no: row.tableNo,
    source: row.source as 'nbp' | 'manual',
  };
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (const day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

export function createExchangeRateService(deps: { db: Database; provider: ExchangeRateProvider }) {
  const { db, provider } = deps;

  /** Imports NBP table A for a range into one company's table; days without a table are reported, not failed. */
  async function importForCompany(ctx: RequestContext, companyId: number, from: string, to: string) {
    let tables;
    try {
      tables = await provider.fetchTables(from, to);
    } catch (error) {
      if (error instanceof NbpUnavailableError) {
        throw new AppError('EXCHANGE_RATE_UNAVAILABLE', { messages: ['Exchange rate unavailable'], cause: error });
      }
      throw error;
    }
    const rows = tables.flatMap((table) => table.rates.map((rate) => ({ currency: rate.code, date: table.effectiveDate, rate: rate.mid, tableNo: table.tableNo })));
    await db.transaction(async (tx) => {
      await exchangeRateRepo.upsertNbp(tx, companyId, rows);
      await recordAudit(tx, ctx, { companyId, action: 'exchangeRate.importNbp', entityType: 'exchangeRate', after: { from, to, rates: rows.length } });
    });
    const byDate = new Map(tables.map((table) => [table.effectiveDate, table.tableNo]));
    return {
      imported_rates: rows.length,
      days: daysBetween(from, to).map((date) => ({
        date,
        status: byDate.has(date) ? ('imported' as const) : ('noTable' as const),
        table_no: byDate.get(date) ?? null,
      })),
    };
  }

  return {
    importForCompany,

    async list(ctx: AuthenticatedContext, filter: ExchangeRateFilter & { page: number; page_size: number }) {
      const { items, total } = await exchangeRateRepo.list(db, ctx.actor.companyId, filter, {
        offset: (filter.page - 1) * filter.page_size,
        limit: filter.page_size,
      });
      return { items: items.map(toExchangeRateDto), total };
    },

    async importNbp(ctx: AuthenticatedContext, from: string, to: string) {
      assertPermission(ctx, 'companyAdmin');
      if (daysBetween(from, to).length > MAX_IMPORT_DAYS) {
        throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['date_to'], code: 'exchangeRate.rangeTooLong', params: { max: MAX_IMPORT_DAYS } }] });
      }
      return importForCompany(ctx, ctx.actor.companyId, from, to);
    },

    async saveManual(ctx: AuthenticatedContext, input: { id?: number; currency: string; date: string; rate: string }) {
      assertPermission(ctx, 'companyAdmin');
      if (Number(input.rate) <= 0) {
        throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['rate'], code: 'validation.valueOutOfRange' }] });
      }
      return db.transaction(async (tx) => {
        const companyId = ctx.actor.companyId;
        const existing = input.id === undefined ? null : await exchangeRateRepo.findById(tx, companyId, input.id);
        if (input.id !== undefined && (!existing || existing.source !== 'manual')) throw new AppError(ErrorCode.notFound, { messages: ['Not found'] });
        const duplicate = await exchangeRateRepo.findManual(tx, companyId, input.currency, input.date);
        if (duplicate && duplicate.id !== input.id) {
          throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['date'], code: 'exchangeRate.duplicate' }] });
        }
        const saved = existing
          ? await exchangeRateRepo.updateManual(tx, companyId, existing.id, input)
          : await exchangeRateRepo.insertManual(tx, companyId, input);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'exchangeRate',
          entityId: saved.id,
          before: existing ? toExchangeRateDto(existing) : null,
          after: toExchangeRateDto(saved),
        });
        return { status: 'ok' as const, exchange_rate: toExchangeRateDto(saved) };
      });
    },

    async deleteManual(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      await db.transaction(async (tx) => {
        const existing = await exchangeRateRepo.findById(tx, ctx.actor.companyId, id);
        if (!existing || existing.source !== 'manual') throw new AppError(ErrorCode.notFound, { messages: ['Not found'] });
        await exchangeRateRepo.delete(tx, ctx.actor.companyId, id);
        await recordAudit(tx, ctx, { companyId: ctx.actor.companyId, action: 'exchangeRate.delete', entityType: 'exchangeRate', entityId: id, before: toExchangeRateDto(existing) });
      });
      return { status: 'ok' as const };
    },
  };
}

export type ExchangeRateService = ReturnType<typeof createExchangeRateService>;
