import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { DataDirInUseError, lockDataDir, restrictNewFilesToOwner } from './data-dir.ts';

/**
 * Opens the configured database for a command (`seed:demo`, `audit:verify`, `backup`, `restore`) as the server
 * would: the embedded one only under the data directory's lock, so a command never runs beside a server
 * (it says so and stops); closing the handle releases the lock.
 */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  restrictNewFilesToOwner();
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl });
  const lock = await lockDataDirOrStop(config.dataDir);
  const handle = await openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
  return {
    ...handle,
    async close() {
      await handle.close();
      await lock.release();
    },
  };
}

/** The data directory's lock for a command: a running server (or another command) is said plainly, and the command stops. */
export async function lockDataDirOrStop(dataDir: string) {
  try {
    return await lockDataDir(dataDir, {
      onCompromised: (error) => {
        console.error(`Another process took the data directory's lock (${error.message}); stopping.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
