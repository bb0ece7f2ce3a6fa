import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { reuseParsedStatements } from './pglite-statements.ts';
import { queueQueries } from './queue-queries.ts';
import { listenOnServer } from './server-changes.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Database | Transaction;

/**
 * Notifications (`pg_notify`) of committed changes, heard by the process that holds the connection. The
 * embedded database's one connection carries every change, so a notification has arrived before the
 * statement that made the change answers (`immediate`): before any later request. On a PostgreSQL server a
 * connection of its own listens, and a notification arrives moments after the commit (this process's or
 * another's): too late for 'the very next request', soon enough for advice that a save checks again.
 */
export interface DatabaseChanges {
  readonly immediate: boolean;
  /**
   * Calls `onChange` with each notification's payload on `channel` from now on, and `interruptions` when
   * notifications stop being heard (a server's listening connection was lost) and are heard again; the
   * returned function stops.
   */
  listen(channel: string, onChange: (payload: string) => void, interruptions?: NotificationInterruptions): Promise<() => Promise<void>>;
  /**
   * Settles once every notification of a commit answered before the call has reached its listeners; rejects
   * while notifications are not heard. Immediate changes have always arrived; a server's are caught up with by
   * a statement on the listening connection, whose answer comes after them (ADR 0051).
   */
  caughtUp(): Promise<void>;
}

/** A listener's news of its notifications: between `lost` and `resumed` changes may go unheard. */
export interface NotificationInterruptions {
  lost(): void;
  resumed(): void;
}

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  changes?: DatabaseChanges;
  /** Applies the committed SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations, found beside `src/` in development and beside `dist/` when built. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[0]!;
}

/**
 * Opens PostgreSQL through `pg` when a URL is given, otherwise the embedded PGlite:
 * in `dataDir` when given, in memory when not.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  /** Told of a database server's connection trouble that no request will see (an idle connection lost). */
  warn?: (message: string, error?: unknown) => void;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const warn = options.warn ?? (() => undefined);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on('connect', queueQueries);
    // An idle pooled connection the server ends (a restart) is dropped from the pool and reported here;
    // without a listener the report would end the process.
    pool.on('error', (error) => warn('An idle database connection was lost; the pool opens another when needed', error));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const changes = listenOnServer(options.url, { warn });
    return {
      db,
      driver: 'pg',
      changes,
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.pglite ?? (options.dataDir ? new PGlite(options.dataDir) : new PGlite());
  await client.waitReady;
  await reuseParsedStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    changes: { immediate: true, listen: (channel, onChange) => client.listen(channel, onChange), caughtUp: () => Promise.resolve() },
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}
