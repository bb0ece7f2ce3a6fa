import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app.ts';
import type { RequestLimits } from '../src/plugins/security.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { MemoryMailer, type Mailer } from '../src/modules/mail/mailer.ts';
import { createNbpProvider } from '../src/integrations/nbp/nbp-provider.ts';
import { createMemoryStorage } from '../src/integrations/storage/memory-storage.ts';
import { createFakeNbpFetch } from './fake-nbp.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  mailer: MemoryMailer;
  clock: ManualClock;
  /** Where the app keeps attachment contents. */
  storage: ReturnType<typeof createMemoryStorage>;
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
};

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
  options: { now?: string; mailer?: Mailer; limits?: Partial<RequestLimits>; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = new ManualClock(options.now ?? new Date().toISOString());
  const mailer = new MemoryMailer();
  const storage = createMemoryStorage();
  const app = await buildApp({
    db: database.db,
    clock,
    mailer: options.mailer ?? mailer,
    exchangeRateProvider: createNbpProvider({ baseUrl: 'https://api.nbp.test/api', fetchImpl: createFakeNbpFetch() }),
    tokenSecret: `test-secret-${randomUUID()}-${randomUUID()}`,
    publicUrl: 'http://delego.test',
    webDist: null,
    limits: { ...testRequestLimits, ...options.limits },
    storage,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    mailer,
    clock,
    storage,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
