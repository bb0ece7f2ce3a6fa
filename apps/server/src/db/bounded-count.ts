import { sql, type SQL } from 'drizzle-orm';

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
