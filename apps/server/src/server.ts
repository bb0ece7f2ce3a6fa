import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { syncReferenceData } from './db/reference-data.ts';
import { seedDemo } from './db/seed/demo.ts';
import { systemClock } from './lib/clock.ts';
import { createFileMailer, createSmtpMailer } from './modules/mail/mailer.ts';
import { createNbpProvider } from './integrations/nbp/nbp-provider.ts';
import { createLocalDiskStorage } from './integrations/storage/local-disk-storage.ts';
import { scheduleExchangeRateSync } from './jobs/exchange-rate-sync.ts';
import { scheduleAttachmentCleanup } from './jobs/attachment-cleanup.ts';
import { scheduleEmbeddedMaintenance } from './jobs/embedded-maintenance.ts';

/** The token secret from the environment, or one generated once and kept in the data folder. */
function tokenSecretFor(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function webDistPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/server.ts in development, dist/server.js when built: both sit two levels below apps/.
  return path.resolve(here, '../../web/dist');
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  await database.migrate();
  await syncReferenceData(database.db);

  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    mailer: config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createFileMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, (line) => app.log.info(line)),
    exchangeRateProvider: createNbpProvider({ baseUrl: config.nbpApiUrl }),
    tokenSecret: tokenSecretFor(config.dataDir, config.tokenSecret),
    publicUrl: config.publicUrl,
    webDist: webDistPath(),
    limits: config.limits,
    logger: { level: config.logLevel },
    storage: createLocalDiskStorage(path.join(config.dataDir, 'files')),
  });
  if (config.demoSeed && (await seedDemo(database.db))) app.log.info('demo company loaded (see README for the accounts)');
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
    // No new requests; then the work of those already taken (even of clients gone) finishes before the database closes.
    await app.close();
    await app.inFlight.drained();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
