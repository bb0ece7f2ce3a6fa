import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Reclaims dead rows, marks all-visible pages and refreshes the planner's statistics of every
 * table. PostgreSQL servers do this by autovacuum; the embedded PGlite runs none, so without it
 * tables only grow, the visibility map stays empty (no index-only scans: counting a list reads
 * every row) and plans follow the statistics of the day the data was loaded.
 */
export async function vacuumAndAnalyze(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
