import path from 'node:path';
import { loadConfig } from '../config.ts';
import { restrictNewFilesToOwner } from './data-dir.ts';
import { lockDataDirOrStop } from './open-configured.ts';
import { backupEmbedded, backupPostgres } from './backup.ts';

/**
 * `npm run backup -- <folder>`: the configured database and the stored files into a new folder (default
 * `backups/delego-<time>`). The embedded database is copied under the data directory's lock, so stop the
 * server first; a PostgreSQL database is dumped while the server runs.
 */
restrictNewFilesToOwner();
const config = loadConfig();
const now = new Date();
const target = path.resolve(process.argv[2] ?? path.join('backups', `delego-${now.toISOString().replace(/[:.]/g, '-')}`));
const filesDir = path.join(config.dataDir, 'files');
try {
  if (config.databaseUrl) {
    await backupPostgres({ url: config.databaseUrl, filesDir }, target, now);
  } else {
    const lock = await lockDataDirOrStop(config.dataDir);
    try {
      await backupEmbedded({ pgliteDir: path.join(config.dataDir, 'pglite'), filesDir }, target, now);
    } finally {
      await lock.release();
    }
  }
  console.log(`Backup written to ${target}.`);
} catch (error) {
  // A refusal (folder not empty, database present, not a backup) or a failed pg_dump/psql: its message, no stack.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
