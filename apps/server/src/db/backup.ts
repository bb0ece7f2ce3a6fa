import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A backup is a folder: `manifest.json`, the database (`database.tar.gz`, PGlite's own dump of its data
 * directory, or `database.sql`, a plain `pg_dump`) and a copy of the stored files (`files/`), so that the
 * attachments the database names come back with it.
 */
export interface BackupManifest {
  format: 'delego-backup';
  version: 1;
  database: 'embedded' | 'postgresql';
  createdAt: string;
}

const EMBEDDED_DUMP = 'database.tar.gz';
const POSTGRES_DUMP = 'database.sql';

async function startBackupFolder(target: string): Promise<void> {
  if (existsSync(target) && (await readdir(target)).length > 0) throw new Error(`The backup folder ${target} is not empty; name a new one.`);
  await mkdir(target, { recursive: true, mode: 0o700 });
}

async function copyFiles(from: string, to: string): Promise<void> {
  if (existsSync(from)) await cp(from, to, { recursive: true, errorOnExist: true, force: false });
}

/** The embedded database (closed, under the caller's data-directory lock) and the stored files, into `target`. */
export async function backupEmbedded(source: { pgliteDir: string; filesDir: string }, target: string, now: Date): Promise<BackupManifest> {
  await startBackupFolder(target);
  const database = await PGlite.create(source.pgliteDir);
  try {
    const dump = await database.dumpDataDir('gzip');
    await writeFile(path.join(target, EMBEDDED_DUMP), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await database.close();
  }
  await copyFiles(source.filesDir, path.join(target, 'files'));
  return writeManifest(target, 'embedded', now);
}

/** A PostgreSQL database (consistent while the server writes: `pg_dump` reads one snapshot) and the stored files, into `target`. */
export async function backupPostgres(source: { url: string; filesDir: string }, target: string, now: Date): Promise<BackupManifest> {
  await startBackupFolder(target);
  await run('pg_dump', ['--no-owner', '--no-privileges', '--format=plain', '--file', path.join(target, POSTGRES_DUMP), '--dbname', source.url]);
  await copyFiles(source.filesDir, path.join(target, 'files'));
  return writeManifest(target, 'postgresql', now);
}

async function writeManifest(target: string, database: BackupManifest['database'], now: Date): Promise<BackupManifest> {
  const manifest: BackupManifest = { format: 'delego-backup', version: 1, database, createdAt: now.toISOString() };
  await writeFile(path.join(target, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: 0o600 });
  return manifest;
}

export async function readManifest(source: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(source, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 'delego-backup' || manifest.version !== 1) throw new Error(`${source} is not a Delego backup.`);
  return manifest;
}

/**
 * Puts an embedded backup in place (under the caller's data-directory lock). An existing database and files are
 * kept aside (`*.before-restore-<time>`) only when `replace` is given; otherwise restoring over them is refused.
 */
export async function restoreEmbedded(source: string, target: { pgliteDir: string; filesDir: string }, options: { replace: boolean; now: Date }): Promise<void> {
  const manifest = await readManifest(source);
  if (manifest.database !== 'embedded') throw new Error(`${source} holds a PostgreSQL backup; restore it with DATABASE_URL set.`);
  await setAside([target.pgliteDir, target.filesDir], options);
  const database = await PGlite.create({ dataDir: target.pgliteDir, loadDataDir: new Blob([await readFile(path.join(source, EMBEDDED_DUMP))]) });
  await database.close();
  await copyFiles(path.join(source, 'files'), target.filesDir);
}

/** Loads a PostgreSQL backup into the empty database at `url` in one transaction (all or nothing), and the files. */
export async function restorePostgres(source: string, target: { url: string; filesDir: string }, options: { replace: boolean; now: Date }): Promise<void> {
  const manifest = await readManifest(source);
  if (manifest.database !== 'postgresql') throw new Error(`${source} holds an embedded-database backup; restore it without DATABASE_URL.`);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      `SELECT count(*) AS tables FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]!.tables) > 0) throw new Error('The target PostgreSQL database is not empty; restore into a newly created database.');
  } finally {
    await client.end();
  }
  await setAside([target.filesDir], options);
  await run('psql', ['--no-psqlrc', '--quiet', '--set', 'ON_ERROR_STOP=1', '--single-transaction', '--file', path.join(source, POSTGRES_DUMP), '--dbname', target.url]);
  await copyFiles(path.join(source, 'files'), target.filesDir);
}

async function setAside(paths: string[], options: { replace: boolean; now: Date }): Promise<void> {
  const present = paths.filter((entry) => existsSync(entry));
  if (present.length === 0) return;
  if (!options.replace) throw new Error(`${present.join(' and ')} already exist; restore with --replace to keep them aside and put the backup in their place.`);
  const suffix = `.before-restore-${options.now.toISOString().replace(/[:.]/g, '-')}`;
  for (const entry of present) await rename(entry, `${entry}${suffix}`);
}
