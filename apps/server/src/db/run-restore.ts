import path from 'node:path';
import { loadConfig } from '../config.ts';
import { restrictNewFilesToOwner } from './data-dir.ts';
import { lockDataDirOrStop } from './open-configured.ts';
import { restoreEmbedded, restorePostgres } from './backup.ts';

/**
 * `npm run restore -- <folder> [--replace]`: puts a backup of `npm run backup` in place of the configured
 * database and stored files. An embedded database is restored under the data directory's lock (server
 * stopped); with `--replace` the present database and files are kept aside rather than refused. A PostgreSQL
 * backup goes into an empty database (create it first and point DATABASE_URL at it).
 */
restrictNewFilesToOwner();
const config = loadConfig();
const source = process.argv[2];
if (!source) {
  console.error('Name the backup folder: npm run restore -- <folder> [--replace]');
  process.exit(2);
}
const options = { replace: process.argv.includes('--replace'), now: new Date() };
const filesDir = path.join(config.dataDir, 'files');
try {
  if (config.databaseUrl) {
    await restorePostgres(path.resolve(source), { url: config.databaseUrl, filesDir }, options);
  } else {
    const lock = await lockDataDirOrStop(config.dataDir);
    try {
      await restoreEmbedded(path.resolve(source), { pgliteDir: path.join(config.dataDir, 'pglite'), filesDir }, options);
    } finally {
      await lock.release();
    }
  }
  console.log(`Restored from ${source}.`);
} catch (error) {
  // A refusal (folder not empty, database present, not a backup) or a failed pg_dump/psql: its message, no stack.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
