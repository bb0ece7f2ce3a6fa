import { sql, type SQL } from 'drizzle-orm';
import { boundedTotal } from '../http/paging.ts';
import type { Executor } from './client.ts';

/**
 * The number of distinct ids the `select id …` branches find together, counted up to `limit`.
 * Each branch stops at `limit` rows, which keeps the answer exact below the limit (no branch
 * was cut short) and at least `limit` above it (a cut branch alone holds `limit` distinct ids),
 * so the cost is bounded by the limit however many documents match.
 */
export function boundedUnionCount(branches: readonly SQL[], limit: number): SQL<number> {
  const limited = branches.map((branch) => sql`(${branch} limit ${limit})`);
  return sql<number>`(select count(*)::int from (select 1 from (${sql.join(limited, sql` union `)}) as "matching" limit ${limit}) as "bounded")`;
}

/**
 * The total of a page whose query selected the bounded count (`boundedUnionCount` with `countLimit`) as
 * a column `total` of each row, so that the page and its count are one statement. A page past the end
 * has no row to carry the count: the first page is then empty (0), a later one asks the count alone.
 */
export async function pageTotal(
  db: Executor,
  rows: readonly { total: number | string }[],
  count: SQL<number>,
  window: { offset: number },
): Promise<{ total: number; total_is_exact: boolean }> {
  if (rows.length > 0) return boundedTotal(Number(rows[0]!.total), window);
  if (window.offset === 0) return boundedTotal(0, window);
  const result = await db.execute(sql`select ${count} as "total"`);
  // Both drivers (pg and PGlite) answer raw SQL with a `rows` array.
  const [row] = (result as unknown as { rows: { total: number | string }[] }).rows;
  return boundedTotal(Number(row?.total ?? 0), window);
}
