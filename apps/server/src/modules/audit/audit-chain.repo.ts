import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Where a chain stops proving itself:
 * - `altered`: the row's content (or its seal) no longer gives its hash;
 * - `previousMissing`: the row does not follow the one before it (a row was removed before it, or the one before
 *   was rewritten with a new hash);
 * - `endMissing`: the chain ends before its recorded head (its last rows were removed, or the head changed).
 */
export type ChainBreakReason = 'altered' | 'previousMissing' | 'endMissing';

export interface ChainReport {
  /** The company of the chain; null for the rows of no company (failed logins of unknown companies). */
  companyId: number | null;
  companyCode: string | null;
  rows: number;
  /** The last row's hash as recorded in the chain head: written down elsewhere, it anchors the chain. */
  headHash: string | null;
  /** The first row where the chain breaks, or null when it is unbroken. */
  firstBreak: { auditId: number | null; seq: number | null; reason: ChainBreakReason } | null;
}

interface ChainRow {
  chain: number;
  company_code: string | null;
  rows: string | number | null;
  break_id: string | number | null;
  break_seq: string | number | null;
  break_reason: 'altered' | 'previousMissing' | null;
  head_seq: string | number | null;
  head_hash: string | null;
  last_seq: string | number | null;
  last_hash: string | null;
}

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * Recomputes every audit row's hash (`audit_chain_hash`, the function that sealed it) and link in one statement,
 * so the whole check reads one snapshot while the server keeps writing. `companyId` limits it to one chain.
 */
export async function verifyAuditChains(db: Executor, options: { companyId?: number | null } = {}): Promise<ChainReport[]> {
  const chainFilter = options.companyId === undefined ? sql`true` : sql`coalesce(a.company_id, 0) = ${options.companyId ?? 0}`;
  const headFilter = options.companyId === undefined ? sql`true` : sql`h.chain = ${options.companyId ?? 0}`;
  const result = await db.execute(sql`
    WITH chained AS (
      SELECT a.id, coalesce(a.company_id, 0) AS chain, a.chain_seq, a.row_hash,
        a.row_hash IS NOT DISTINCT FROM audit_chain_hash(a.prev_hash, a) AS hash_ok,
        a.prev_hash IS NOT DISTINCT FROM coalesce(lag(a.row_hash) OVER w, repeat('0', 64))
          AND a.chain_seq IS NOT DISTINCT FROM coalesce(lag(a.chain_seq) OVER w, 0) + 1 AS link_ok
      FROM audit_log a
      WHERE ${chainFilter}
      WINDOW w AS (PARTITION BY coalesce(a.company_id, 0) ORDER BY a.chain_seq NULLS LAST, a.id)
    ),
    counts AS (SELECT chain, count(*) AS rows FROM chained GROUP BY chain),
    first_breaks AS (
      SELECT DISTINCT ON (chain) chain, id, chain_seq, CASE WHEN NOT hash_ok THEN 'altered' ELSE 'previousMissing' END AS reason
      FROM chained WHERE NOT (hash_ok AND link_ok)
      ORDER BY chain, chain_seq NULLS LAST, id
    ),
    lasts AS (SELECT DISTINCT ON (chain) chain, chain_seq, row_hash FROM chained ORDER BY chain, chain_seq DESC NULLS FIRST, id DESC),
    heads AS (SELECT h.chain, h.last_seq, h.last_hash FROM audit_chain_heads h WHERE ${headFilter}),
    chains AS (SELECT chain FROM counts UNION SELECT chain FROM heads)
    SELECT c.chain, co.code AS company_code, n.rows, f.id AS break_id, f.chain_seq AS break_seq, f.reason AS break_reason,
      h.last_seq AS head_seq, h.last_hash AS head_hash, l.chain_seq AS last_seq, l.row_hash AS last_hash
    FROM chains c
    LEFT JOIN counts n ON n.chain = c.chain
    LEFT JOIN first_breaks f ON f.chain = c.chain
    LEFT JOIN lasts l ON l.chain = c.chain
    LEFT JOIN heads h ON h.chain = c.chain
    LEFT JOIN companies co ON co.id = c.chain
    ORDER BY c.chain
  `);
  // Both drivers (pg and PGlite) answer raw SQL with a `rows` array.
  const { rows } = result as unknown as { rows: ChainRow[] };
  return rows.map((row) => {
    let firstBreak: ChainReport['firstBreak'] = null;
    if (row.break_reason) {
      firstBreak = { auditId: toNumber(row.break_id), seq: toNumber(row.break_seq), reason: row.break_reason };
    } else if (toNumber(row.head_seq) !== toNumber(row.last_seq) || row.head_hash !== row.last_hash) {
      firstBreak = { auditId: null, seq: (toNumber(row.last_seq) ?? 0) + 1, reason: 'endMissing' };
    }
    return {
      companyId: row.chain === 0 ? null : Number(row.chain),
      companyCode: row.company_code,
      rows: toNumber(row.rows) ?? 0,
      headHash: row.head_hash,
      firstBreak,
    };
  });
}
