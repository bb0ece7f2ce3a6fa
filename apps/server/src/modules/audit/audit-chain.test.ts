import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/test-app.ts';
import { createCompany } from '../../../test/factories.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { recordAudit } from './audit.repo.ts';
import { verifyAuditChains } from './audit-chain.repo.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const ctx = { requestId: 'audit-chain-test', ip: '127.0.0.1', userAgent: undefined };

/** Writes `count` audit rows of the company, each in its own transaction, and returns their ids in order. */
async function writeRows(companyId: number, count: number): Promise<number[]> {
  for (let i = 0; i < count; i++) {
    await database.db.transaction(async (tx) => {
      await recordAudit(tx, ctx, { companyId, action: 'test.write', entityType: 'test', entityId: i, after: { i, note: 'zażółć' } });
    });
  }
  return chainIds(companyId);
}

async function chainIds(companyId: number): Promise<number[]> {
  const rows = await database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(asc(auditLog.chainSeq));
  return rows.map((row) => row.id);
}

/** Changes the trail as someone with the database's owner rights would: with its triggers off for this transaction. */
async function tamper(statement: ReturnType<typeof sql>): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });
}

async function chainOf(companyId: number) {
  const [report] = await verifyAuditChains(database.db, { companyId });
  return report!;
}

describe('audit chain', () => {
  it('links each row of a company to the previous row of the same company, and proves the chain unbroken', async () => {
    const company = await createCompany(database.db);
    const other = await createCompany(database.db);
    await writeRows(company.id, 2);
    await writeRows(other.id, 1);
    await writeRows(company.id, 1);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.companyId, company.id)).orderBy(asc(auditLog.chainSeq));
    expect(rows.map((row) => row.chainSeq)).toEqual([1, 2, 3]);
    expect(rows[0]!.prevHash).toBe('0'.repeat(64));
    expect(rows[1]!.prevHash).toBe(rows[0]!.rowHash);
    expect(rows[2]!.prevHash).toBe(rows[1]!.rowHash);
    expect(rows.map((row) => row.rowHash)).toEqual(rows.map(() => expect.stringMatching(/^[0-9a-f]{64}$/)));
    expect(await chainOf(company.id)).toEqual({ companyId: company.id, companyCode: company.code, rows: 3, headHash: rows[2]!.rowHash, firstBreak: null });
  });

  it('keeps one unforked chain when many transactions of one company write at once', async () => {
    const company = await createCompany(database.db);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await recordAudit(tx, ctx, { companyId: company.id, action: 'test.parallel', entityType: 'test', entityId: i });
          // Something else in the transaction after the audit row, so the transactions really overlap.
          await tx.execute(sql`SELECT pg_sleep(0.005)`);
        }),
      ),
    );
    const rows = await database.db.select({ seq: auditLog.chainSeq }).from(auditLog).where(eq(auditLog.companyId, company.id)).orderBy(asc(auditLog.chainSeq));
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await chainOf(company.id)).firstBreak).toBeNull();
  });

  it('names the first altered row', async () => {
    const company = await createCompany(database.db);
    const ids = await writeRows(company.id, 5);
    await tamper(sql`UPDATE audit_log SET after = '{"i": 99}'::jsonb WHERE id = ${ids[2]}`);
    await tamper(sql`UPDATE audit_log SET action = 'test.rewritten' WHERE id = ${ids[3]}`);
    expect((await chainOf(company.id)).firstBreak).toEqual({ auditId: ids[2], seq: 3, reason: 'altered' });
  });

  it('names the row after a deleted one, and a chain whose last rows were deleted', async () => {
    const company = await createCompany(database.db);
    const ids = await writeRows(company.id, 4);
    await tamper(sql`DELETE FROM audit_log WHERE id = ${ids[1]}`);
    expect((await chainOf(company.id)).firstBreak).toEqual({ auditId: ids[2], seq: 3, reason: 'previousMissing' });

    const truncated = await createCompany(database.db);
    const truncatedIds = await writeRows(truncated.id, 3);
    await tamper(sql`DELETE FROM audit_log WHERE id = ${truncatedIds[2]}`);
    expect((await chainOf(truncated.id)).firstBreak).toEqual({ auditId: null, seq: 3, reason: 'endMissing' });
  });

  it('notices a row rehashed to hide a change, at the row that follows it', async () => {
    const company = await createCompany(database.db);
    const ids = await writeRows(company.id, 3);
    await tamper(sql`UPDATE audit_log SET after = '{"i": 7}'::jsonb WHERE id = ${ids[1]}`);
    await tamper(sql`UPDATE audit_log a SET row_hash = audit_chain_hash(a.prev_hash, a) WHERE id = ${ids[1]}`);
    expect((await chainOf(company.id)).firstBreak).toEqual({ auditId: ids[2], seq: 3, reason: 'previousMissing' });
  });

  it('refuses to change or remove a sealed row', async () => {
    const company = await createCompany(database.db);
    const [id] = await writeRows(company.id, 1);
    await expect(database.db.update(auditLog).set({ action: 'test.changed' }).where(eq(auditLog.id, id!))).rejects.toThrow();
    await expect(database.db.update(auditLog).set({ rowHash: 'f'.repeat(64) }).where(eq(auditLog.id, id!))).rejects.toThrow();
    await expect(database.db.delete(auditLog).where(eq(auditLog.id, id!))).rejects.toThrow();
    expect((await chainOf(company.id)).firstBreak).toBeNull();
  });
});
