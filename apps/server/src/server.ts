import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import {
  DataDirInUseError,
  embeddedDatabaseState,
  lockDataDir,
  recordCleanStop,
  recordRunStart,
  removePartialFiles,
  restrictDataDirToOwner,
  restrictNewFilesToOwner,
} from './db/data-dir.ts';
import { describeRecovery } from './db/recovery.ts';
import { syncReferenceData } from './db/reference-data.ts';
import { seedDemo } from './db/seed/demo.ts';
import { systemClock } from './lib/clock.ts';
import { tokenSecretFor } from './lib/token-secret.ts';
import { createFileMailer, createSmtpMailer } from './modules/mail/mailer.ts';
import { createNbpProvider } from './integrations/nbp/nbp-provider.ts';
import { distanceProviderOf } from './integrations/maps/select-distance-provider.ts';
import { createLocalDiskStorage } from './integrations/storage/local-disk-storage.ts';
import { scheduleExchangeRateSync } from './jobs/exchange-rate-sync.ts';
import { scheduleAttachmentCleanup } from './jobs/attachment-cleanup.ts';
import { scheduleEmbeddedMaintenance } from './jobs/embedded-maintenance.ts';

function webDistPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/server.ts in development, dist/server.js when built: both sit two levels below apps/.
  return path.resolve(here, '../../web/dist');
}

async function main(): Promise<void> {
  restrictNewFilesToOwner();
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  const pgliteDir = path.join(config.dataDir, 'pglite');
  // One process per embedded database, for the process's whole life (a PostgreSQL server coordinates its own clients).
  const lock = embedded
    ? await lockDataDir(config.dataDir, {
        onCompromised: (error) => {
          console.error(`Another process took the data directory's lock (${error.message}); stopping at once to leave the database to it.`);
          process.exit(1);
        },
      })
    : null;
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const tightenedBeforeOpen = await restrictDataDirToOwner(config.dataDir);
  const previousRun = embedded ? recordRunStart(config.dataDir, new Date()) : null;
  const databaseState = embedded ? embeddedDatabaseState(pgliteDir) : 'new';
  const partialFilesRemoved = previousRun ? await removePartialFiles(path.join(config.dataDir, 'files')) : 0;

  // The app's logger exists only once the database is open: trouble before that goes to standard error.
  let warnOfDatabase = (message: string, error?: unknown) => console.warn(message, error);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDir, warn: (message, error) => warnOfDatabase(message, error) });
  await database.migrate();
  // PGlite gives the files it creates modes of its own (0666), whatever the umask: take them back too. The
  // directory's 0700 already keeps other users out of everything inside.
  const tightened = (await restrictDataDirToOwner(config.dataDir)) + tightenedBeforeOpen;
  await syncReferenceData(database.db);

  const tokenSecret = tokenSecretFor(config.dataDir, config.tokenSecret);
  const storage = createLocalDiskStorage(path.join(config.dataDir, 'files'));
  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    mailer: config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createFileMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, (line) => app.log.info(line)),
    exchangeRateProvider: createNbpProvider({ baseUrl: config.nbpApiUrl }),
    distanceProvider: distanceProviderOf(config.maps),
    tokenSecret,
    publicUrl: config.publicUrl,
    webDist: config.webDist ?? webDistPath(),
    limits: config.limits,
    logger: { level: config.logLevel },
    storage,
    closeDatabase: () => database.close(),
    databaseChanges: database.changes,
  });
  warnOfDatabase = (message, error) => app.log.warn({ err: error }, message);
  if (tightened > 0) app.log.warn(`data directory: ${tightened} files and folders were open to other users; now only the server's user may read them`);
  if (previousRun) app.log.warn(await describeRecovery(database.db, { previous: previousRun, tookOverStaleLock: lock?.tookOverStaleLock ?? false, databaseState, partialFilesRemoved }));
  if (config.demoSeed && (await seedDemo(database.db, { serverSecret: tokenSecret, storage }))) app.log.info('demo company loaded (see README for the accounts)');
  app.services.outbox.start();
  app.services.reports.start();
  const stopJobs: (() => void)[] = [];
  if (config.exchangeRateSync) {
    stopJobs.push(scheduleExchangeRateSync({ db: database.db, clock: systemClock, exchangeRates: app.services.exchangeRates, log: app.log }));
  }
  stopJobs.push(scheduleAttachmentCleanup({ db: database.db, clock: systemClock, attachments: app.services.attachments, log: app.log }));
  // A PostgreSQL server vacuums itself (autovacuum); the embedded database does not.
  if (database.driver === 'pglite') stopJobs.push(scheduleEmbeddedMaintenance({ db: database.db, log: app.log }));

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    for (const stop of stopJobs) stop();
    // No new requests; the work of those already taken (even of clients gone) finishes, then the database closes (`closeDatabase`).
    await app.close();
    if (embedded) recordCleanStop(config.dataDir);
    await lock?.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // A second server on the same data directory is an operator's mistake: say so plainly, without a stack.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
