import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { vacuumAndAnalyze } from '../db/maintenance.ts';

/** Once a day: vacuuming holds PGlite's single connection, so it runs rarely and first a minute after start. */
export const MAINTENANCE_INTERVAL_MS = 24 * 3_600_000;
const FIRST_RUN_DELAY_MS = 60_000;

/** Vacuums and analyses the embedded database, logging how long it took (requests wait meanwhile). */
export async function maintainEmbeddedDatabase(deps: { db: Database; log: FastifyBaseLogger }): Promise<void> {
  const started = performance.now();
  try {
    await vacuumAndAnalyze(deps.db);
    deps.log.info({ durationMs: Math.round(performance.now() - started) }, 'embedded database vacuumed and analysed');
  } catch (error) {
    deps.log.warn({ err: error }, 'embedded database maintenance failed; the next run retries');
  }
}

/** Schedules the maintenance of the embedded database, without keeping the process alive. */
export function scheduleEmbeddedMaintenance(deps: Parameters<typeof maintainEmbeddedDatabase>[0]): () => void {
  const run = () => void maintainEmbeddedDatabase(deps);
  const first = setTimeout(run, FIRST_RUN_DELAY_MS);
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
