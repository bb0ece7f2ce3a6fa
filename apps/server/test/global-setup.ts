import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { syncReferenceData } from '../src/db/reference-data.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database for this run, when TEST_DATABASE_URL is set. */
    testDatabaseUrl: string | null;
    /** A migrated PGlite data directory snapshot each test file starts from. */
    pgliteSnapshotPath: string | null;
  }
}

/**
 * Prepares one migrated database for the whole run: a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL, or else a PGlite snapshot that
 * every test file loads (migrating once instead of once per file).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `delego_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    await syncReferenceData(database.db);
    await database.close();
    project.provide('testDatabaseUrl', url.toString());
    project.provide('pgliteSnapshotPath', null);
    return async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite();
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  await syncReferenceData(database.db);
  const dump = await client.dumpDataDir('none');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'delego-test-'));
  const snapshot = path.join(dir, 'snapshot.tar');
  writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDatabaseUrl', null);
  project.provide('pgliteSnapshotPath', snapshot);
  return () => rmSync(dir, { recursive: true, force: true });
}
