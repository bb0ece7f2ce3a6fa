import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app.ts';
import type { RequestLimits } from '../src/plugins/security.ts';
import { openDatabase, type Database, type DatabaseChanges, type DatabaseHandle } from '../src/db/client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { MemoryMailer, type Mailer } from '../src/modules/mail/mailer.ts';
import { createNbpProvider } from '../src/integrations/nbp/nbp-provider.ts';
import type { DistanceProvider } from '../src/integrations/maps/distance-provider.ts';
import { createMemoryStorage } from '../src/integrations/storage/memory-storage.ts';
import { createFakeNbpFetch } from './fake-nbp.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  mailer: MemoryMailer;
  clock: ManualClock;
  /** Where the app keeps attachment contents. */
  storage: ReturnType<typeof createMemoryStorage>;
  /** Signs the access tokens; another server process of the same deployment shares it. */
  tokenSecret: string;
  /** The database's change notifications (immediate on the embedded database only), as the server passes them. */
  databaseChanges?: DatabaseChanges;
  close(): Promise<void>;
}

/**
 * The suite's budgets, stated rather than switched off: every test file calls from 127.0.0.1 and, on
 * PostgreSQL, shares one database (the fuzz and matrix suites send thousands of requests and failed
 * logins). The tests of the limits themselves build their app with small ones.
 */
export const testRequestLimits: RequestLimits = {
  authPerMinute: 10_000,
  perAddressPerMinute: 1_000_000,
  perUserPerMinute: 1_000_000,
  loginFailuresPerAddress: 1_000_000,
  uploadsPerUserPerMinute: 1_000_000,
  storedBytesPerUser: Number.MAX_SAFE_INTEGER,
};

const clocks = new WeakMap<FastifyInstance, ManualClock>();

/** The clock a test app runs on (the sign-in helpers compute authenticator codes at its time). */
export function clockOf(app: FastifyInstance): ManualClock {
  const clock = clocks.get(app);
  if (!clock) throw new Error('not an app made by createTestApp');
  return clock;
}

/** Opens this run's test database: a fresh PGlite from the migrated snapshot, or the run's PostgreSQL database. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = inject('testDatabaseUrl');
  if (url) return openDatabase({ url });
  const snapshot = inject('pgliteSnapshotPath');
  if (!snapshot) throw new Error('the test global setup did not prepare a database');
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshot)]) });
  return openDatabase({ pglite: client });
}

/** The whole app on a test database, with a clock tests can move and mail kept in memory. */
export async function createTestApp(
  options: {
    now?: string;
    mailer?: Mailer;
    limits?: Partial<RequestLimits>;
    beforeReady?: (app: FastifyInstance) => void;
    /** The app closes the database itself, as the server does (its last close step); `close()` only closes the app. */
    closeDatabaseWithApp?: boolean;
    /** The maps service; none by default, so distances are the coordinates' estimate. */
    distanceProvider?: DistanceProvider;
    /** Runs on this database (left open on close) with this token secret: another process of `sibling`'s deployment. */
    sibling?: { database: DatabaseHandle; tokenSecret: string };
  } = {},
): Promise<TestApp> {
  const database = options.sibling?.database ?? (await openTestDatabase());
  const tokenSecret = options.sibling?.tokenSecret ?? `test-secret-${randomUUID()}-${randomUUID()}`;
  const clock = new ManualClock(options.now ?? new Date().toISOString());
  const mailer = new MemoryMailer();
  const storage = createMemoryStorage();
  const app = await buildApp({
    db: database.db,
    clock,
    mailer: options.mailer ?? mailer,
    exchangeRateProvider: createNbpProvider({ baseUrl: 'https://api.nbp.test/api', fetchImpl: createFakeNbpFetch() }),
    distanceProvider: options.distanceProvider ?? null,
    tokenSecret,
    publicUrl: 'http://delego.test',
    webDist: null,
    limits: { ...testRequestLimits, ...options.limits },
    storage,
    ...(options.closeDatabaseWithApp ? { closeDatabase: () => database.close() } : {}),
    databaseChanges: database.changes,
  });
  clocks.set(app, clock);
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    mailer,
    clock,
    storage,
    tokenSecret,
    databaseChanges: database.changes,
    async close() {
      await app.close();
      if (!options.sibling && !options.closeDatabaseWithApp) await database.close();
    },
  };
}

/**
 * A second server process of `t`'s deployment: its own app and caches on the same database (on
 * PostgreSQL through a pool of its own connections; the embedded database has one connection only).
 */
export async function createSiblingProcess(t: TestApp, options: { now?: string } = {}): Promise<TestApp> {
  const url = inject('testDatabaseUrl');
  const database = url ? await openDatabase({ url }) : { db: t.db, driver: 'pglite' as const, changes: t.databaseChanges, migrate: async () => undefined, close: async () => undefined };
  const sibling = await createTestApp({ now: options.now, sibling: { database, tokenSecret: t.tokenSecret } });
  return { ...sibling, close: async () => (await sibling.close(), await database.close()) };
}
