import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One process per data directory (issue 15 §4): two servers on one embedded database lost half the
 * acknowledged saves and could leave it unopenable. The lock is `proper-lockfile`'s: a directory created
 * atomically beside the data, its time refreshed while the process lives. A process killed with -9 leaves
 * it behind, and the next start takes it over once it is older than `LOCK_STALE_MS` (waiting that long at
 * most); a live server keeps it fresh, so a second one gives up with `DataDirInUseError`.
 */
export const LOCK_STALE_MS = 10_000;
const LOCK_FILE = 'server.lock';
/** Written at start and removed by a clean stop: found at the next start, it tells of an unclean stop. */
const RUNNING_FILE = 'server.running';

export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `Another Delego process is using the data directory ${dataDir} (lock ${path.join(dataDir, LOCK_FILE)}). ` +
        'Stop it first: two processes on one embedded database lose saves and can damage it.',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Files the server creates are its user's alone (no group or other bits), whatever the shell's umask.
 * Call before anything writes into the data directory.
 */
export function restrictNewFilesToOwner(): void {
  process.umask(0o077);
}

/**
 * Takes the data directory's lock (creating the directory for the owner only), waiting out a stale lock of
 * a killed process. `onCompromised` runs if another process took the lock while this one held it (this
 * process stalled beyond the stale time): the caller must stop at once.
 */
export async function lockDataDir(
  dataDir: string,
  options: { onCompromised: (error: Error) => void; staleMs?: number },
): Promise<{ release(): Promise<void>; tookOverStaleLock: boolean }> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const existed = existsSync(lockPath);
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  try {
    const release = await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale: staleMs,
      retries: { retries: Math.ceil(staleMs / 1000) + 2, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      onCompromised: options.onCompromised,
    });
    return { release, tookOverStaleLock: existed };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dataDir);
    throw error;
  }
}

/**
 * Takes away group and other permissions from the data directory and everything in it (an older version
 * left most files world-writable). Returns how many entries it changed.
 */
export async function restrictDataDirToOwner(dataDir: string): Promise<number> {
  let changed = 0;
  const visit = async (entry: string): Promise<void> => {
    const stat = await lstat(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      await chmod(entry, stat.mode & 0o700);
      changed++;
    }
    if (stat.isDirectory()) for (const name of await readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(dataDir);
  return changed;
}

export interface PreviousRun {
  pid: number;
  startedAt: string;
}

/**
 * Notes this run in the data directory and returns the previous run's note when it is still there, i.e.
 * when the previous process did not stop cleanly (killed, crashed, power lost).
 */
export function recordRunStart(dataDir: string, now: Date): PreviousRun | null {
  const file = path.join(dataDir, RUNNING_FILE);
  let previous: PreviousRun | null = null;
  if (existsSync(file)) {
    try {
      previous = JSON.parse(readFileSync(file, 'utf8')) as PreviousRun;
    } catch {
      previous = { pid: 0, startedAt: 'unknown' };
    }
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, startedAt: now.toISOString() }), { mode: 0o600 });
  return previous;
}

/** A clean stop removes the note, so the next start knows it has nothing to recover. */
export function recordCleanStop(dataDir: string): void {
  rmSync(path.join(dataDir, RUNNING_FILE), { force: true });
}

/**
 * Whether the embedded database was shut down cleanly, read from its control file before it is opened
 * (PostgreSQL's `pg_control`: the cluster state is the 32-bit value after the system identifier and the two
 * version numbers; 1 means shut down). 'new' when there is no database yet.
 */
export function embeddedDatabaseState(pgliteDir: string): 'new' | 'shutDown' | 'notShutDown' {
  const control = path.join(pgliteDir, 'global', 'pg_control');
  if (!existsSync(control)) return 'new';
  const DB_SHUTDOWNED = 1;
  return readFileSync(control).readUInt32LE(16) === DB_SHUTDOWNED ? 'shutDown' : 'notShutDown';
}

/** Half-written uploads a killed process left beside the stored files (`*.partial`, see local-disk-storage): removed, and counted. */
export async function removePartialFiles(filesDir: string): Promise<number> {
  if (!existsSync(filesDir)) return 0;
  let removed = 0;
  for (const entry of await readdir(filesDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.partial')) {
      rmSync(path.join(entry.parentPath, entry.name), { force: true });
      removed++;
    }
  }
  return removed;
}
