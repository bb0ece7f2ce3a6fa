import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { listActiveCompanyIds } from '../modules/company/company.repo.ts';
import type { ExchangeRateService } from '../modules/exchange-rate/exchange-rate.service.ts';

/** Days looked back on each run, so a missed run or a late table is caught up. */
export const SYNC_LOOKBACK_DAYS = 7;

/**
 * Keeps every company's NBP rates current: imports the last week's tables for each
 * active company. Idempotent, so several processes or a restart do no harm.
 */
export async function syncExchangeRates(deps: { db: Database; clock: Clock; exchangeRates: ExchangeRateService; log: FastifyBaseLogger }): Promise<void> {
  const today = deps.clock.now();
  const from = new Date(today.getTime() - SYNC_LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);
  const to = today.toISOString().slice(0, 10);
  for (const companyId of await listActiveCompanyIds(deps.db)) {
    try {
      await deps.exchangeRates.importForCompany({ requestId: 'job:exchange-rate-sync', ip: '127.0.0.1', userAgent: undefined }, companyId, from, to);
    } catch (error) {
      deps.log.warn({ err: error, companyId }, 'NBP exchange-rate sync failed; the next run retries');
    }
  }
}

/** Runs the sync at start and then every few hours, without keeping the process alive. */
export function scheduleExchangeRateSync(deps: Parameters<typeof syncExchangeRates>[0], intervalMs = 6 * 3_600_000): () => void {
  const run = () => void syncExchangeRates(deps);
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
