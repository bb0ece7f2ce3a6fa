import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import {
  DataDirInUseError,
  embeddedDatabaseState,
  lockDataDir,
  recordCleanStop,
  recordRunStart,
  removePartialFiles,
  restrictDataDirToOwner,
} from './data-dir.ts';

const holder = fileURLToPath(new URL('../../test/fixtures/hold-data-dir-lock.ts', import.meta.url));
const STALE_MS = 2000;
const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'delego-datadir-'));
  dirs.push(dir);
  return dir;
}

/** Another process holding the lock, as a second server would. */
async function lockInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', holder, dataDir, String(STALE_MS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const noCompromise = { onCompromised: (error: Error) => expect.fail(error.message), staleMs: STALE_MS };

describe('one process per data directory', () => {
  it('refuses a second process while the first lives, with a message naming the directory', async () => {
    const dataDir = tempDataDir();
    await lockInAnotherProcess(dataDir);
    const refusal = lockDataDir(dataDir, noCompromise);
    await expect(refusal).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(refusal).rejects.toThrow(`Another Delego process is using the data directory ${dataDir}`);
  }, 30_000);

  it('starts after a process killed with -9, taking over its stale lock', async () => {
    const dataDir = tempDataDir();
    const first = await lockInAnotherProcess(dataDir);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const lock = await lockDataDir(dataDir, noCompromise);
    expect(lock.tookOverStaleLock).toBe(true);
    await lock.release();
    // Released cleanly, the next start finds no lock at all.
    const next = await lockDataDir(dataDir, noCompromise);
    expect(next.tookOverStaleLock).toBe(false);
    await next.release();
  }, 30_000);

  it('creates the data directory for its user only and takes group and other access from what is inside', async () => {
    const dataDir = path.join(tempDataDir(), 'data');
    const lock = await lockDataDir(dataDir, noCompromise);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite', 'base', '1259'), 'x');
    chmodSync(path.join(dataDir, 'pglite', 'base', '1259'), 0o666);
    chmodSync(path.join(dataDir, 'pglite'), 0o777);
    expect(await restrictDataDirToOwner(dataDir)).toBeGreaterThanOrEqual(2);
    expect(statSync(path.join(dataDir, 'pglite', 'base', '1259')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    expect(await restrictDataDirToOwner(dataDir)).toBe(0);
    await lock.release();
  });
});

describe('after an unclean stop', () => {
  it('knows the previous run did not stop cleanly, and a clean stop leaves nothing to recover', () => {
    const dataDir = tempDataDir();
    expect(recordRunStart(dataDir, new Date('2026-06-01T10:00:00Z'))).toBeNull();
    expect(recordRunStart(dataDir, new Date('2026-06-01T11:00:00Z'))).toEqual({ pid: process.pid, startedAt: '2026-06-01T10:00:00.000Z' });
    recordCleanStop(dataDir);
    expect(recordRunStart(dataDir, new Date('2026-06-01T12:00:00Z'))).toBeNull();
  });

  it('tells an embedded database that was not shut down from one that was', async () => {
    const dataDir = tempDataDir();
    const pgliteDir = path.join(dataDir, 'pglite');
    expect(embeddedDatabaseState(pgliteDir)).toBe('new');
    const database = await PGlite.create(pgliteDir);
    await database.exec('CREATE TABLE t (id int)');
    // While open (as after a kill -9) the control file says the cluster is running.
    expect(embeddedDatabaseState(pgliteDir)).toBe('notShutDown');
    await database.close();
    expect(embeddedDatabaseState(pgliteDir)).toBe('shutDown');
  });

  it('removes half-written uploads and keeps the stored files', async () => {
    const filesDir = path.join(tempDataDir(), 'files');
    mkdirSync(path.join(filesDir, '1', 'ab'), { recursive: true });
    writeFileSync(path.join(filesDir, '1', 'ab', 'key'), 'stored');
    writeFileSync(path.join(filesDir, '1', 'ab', 'key.0b7e.partial'), 'half');
    expect(await removePartialFiles(filesDir)).toBe(1);
    expect(existsSync(path.join(filesDir, '1', 'ab', 'key'))).toBe(true);
    expect(existsSync(path.join(filesDir, '1', 'ab', 'key.0b7e.partial'))).toBe(false);
  });
});
