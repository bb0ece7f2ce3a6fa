import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { createCompany } from '../../test/factories.ts';
import { openDatabase, type Database } from './client.ts';
import { auditLog, companies } from './schema/index.ts';
import { recordAudit } from '../modules/audit/audit.repo.ts';
import { verifyAuditChains } from '../modules/audit/audit-chain.repo.ts';
import { backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from './backup.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'delego-backup-'));
  dirs.push(dir);
  return dir;
}

/** Some of everything a backup must bring back: a company, chained audit rows and a stored file. */
async function fill(db: Database, filesDir: string) {
  const company = await createCompany(db);
  for (let i = 0; i < 3; i++) {
    await db.transaction((tx) => recordAudit(tx, { requestId: 'backup-test', ip: '127.0.0.1', userAgent: undefined }, { companyId: company.id, action: 'test.backup', entityType: 'test', entityId: i }));
  }
  mkdirSync(path.join(filesDir, String(company.id)), { recursive: true });
  writeFileSync(path.join(filesDir, String(company.id), 'receipt'), 'bytes of a receipt');
  return company;
}

async function contentOf(db: Database) {
  return {
    companies: await db.select({ id: companies.id, code: companies.code }).from(companies).orderBy(asc(companies.id)),
    audit: await db.select({ id: auditLog.id, rowHash: auditLog.rowHash }).from(auditLog).orderBy(asc(auditLog.id)),
  };
}

describe('backup and restore', () => {
  it('brings an embedded database and its files back as they were, audit chain included', async () => {
    const source = { pgliteDir: path.join(tempDir(), 'pglite'), filesDir: path.join(tempDir(), 'files') };
    const database = await openDatabase({ dataDir: source.pgliteDir });
    await database.migrate();
    const company = await fill(database.db, source.filesDir);
    const before = await contentOf(database.db);
    await database.close();

    const backup = path.join(tempDir(), 'backup');
    await backupEmbedded(source, backup, new Date('2026-06-01T10:00:00Z'));
    const target = { pgliteDir: path.join(tempDir(), 'pglite'), filesDir: path.join(tempDir(), 'files') };
    await restoreEmbedded(backup, target, { replace: false, now: new Date() });

    const restored = await openDatabase({ dataDir: target.pgliteDir });
    try {
      expect(await contentOf(restored.db)).toEqual(before);
      const [chain] = await verifyAuditChains(restored.db, { companyId: company.id });
      expect(chain).toMatchObject({ rows: 3, firstBreak: null });
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(target.filesDir, String(company.id), 'receipt'), 'utf8')).toBe('bytes of a receipt');
    // Restoring over a database is refused unless asked to keep the present one aside.
    await expect(restoreEmbedded(backup, target, { replace: false, now: new Date() })).rejects.toThrow('already exist');
  }, 120_000);

  it.runIf(inject('testDatabaseUrl'))('brings a PostgreSQL database back into an empty one, audit chain included', async () => {
    const base = new URL(inject('testDatabaseUrl')!);
    const names = [`delego_backup_source_${process.pid}`, `delego_backup_target_${process.pid}`];
    const admin = new pg.Client({ connectionString: new URL('/postgres', base).toString() });
    await admin.connect();
    const urlOf = (name: string) => new URL(`/${name}`, base).toString();
    try {
      for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
      const filesDir = path.join(tempDir(), 'files');
      const source = await openDatabase({ url: urlOf(names[0]!) });
      await source.migrate();
      const company = await fill(source.db, filesDir);
      const before = await contentOf(source.db);
      const backup = path.join(tempDir(), 'backup');
      await backupPostgres({ url: urlOf(names[0]!), filesDir }, backup, new Date());
      await source.close();

      const targetFiles = path.join(tempDir(), 'files');
      await restorePostgres(backup, { url: urlOf(names[1]!), filesDir: targetFiles }, { replace: false, now: new Date() });
      const restored = await openDatabase({ url: urlOf(names[1]!) });
      try {
        expect(await contentOf(restored.db)).toEqual(before);
        const [chain] = await verifyAuditChains(restored.db, { companyId: company.id });
        expect(chain).toMatchObject({ rows: 3, firstBreak: null });
        // The restored database goes on chaining where the backup stopped.
        await restored.db.transaction((tx) => recordAudit(tx, { requestId: 'after-restore', ip: '127.0.0.1', userAgent: undefined }, { companyId: company.id, action: 'test.after', entityType: 'test' }));
        expect((await verifyAuditChains(restored.db, { companyId: company.id }))[0]).toMatchObject({ rows: 4, firstBreak: null });
        await expect(restorePostgres(backup, { url: urlOf(names[1]!), filesDir: path.join(tempDir(), 'files') }, { replace: false, now: new Date() })).rejects.toThrow('not empty');
      } finally {
        await restored.close();
      }
      expect(readFileSync(path.join(targetFiles, String(company.id), 'receipt'), 'utf8')).toBe('bytes of a receipt');
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
