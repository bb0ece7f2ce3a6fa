import { desc, eq, count } from 'drizzle-orm';
import type { Database } from './client.ts';
import { auditLog, mailOutbox } from './schema/index.ts';
import type { PreviousRun } from './data-dir.ts';

export interface UncleanStopFacts {
  previous: PreviousRun;
  tookOverStaleLock: boolean;
  databaseState: 'new' | 'shutDown' | 'notShutDown';
  partialFilesRemoved: number;
}

/**
 * What the start after an unclean stop found and did, in one log line's words: the database's own
 * recovery (PostgreSQL replays its write-ahead log to the last committed transaction when opened), the last
 * change it kept, the e-mails still to send and the half-written uploads removed.
 */
export async function describeRecovery(db: Database, facts: UncleanStopFacts): Promise<string> {
  const [last] = await db.select({ id: auditLog.id, at: auditLog.createdAt }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const [mail] = await db.select({ value: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
  const parts = [
    `the previous server (pid ${facts.previous.pid}, started ${facts.previous.startedAt}) did not stop cleanly`,
    facts.tookOverStaleLock ? 'its lock was stale and was taken over' : 'it had released its lock',
    facts.databaseState === 'notShutDown'
      ? 'the embedded database was not shut down and replayed its write-ahead log up to the last committed transaction'
      : 'the embedded database had been shut down cleanly',
    last ? `last recorded change: audit row ${last.id} at ${last.at.toISOString()}` : 'no change recorded yet',
    `${mail?.value ?? 0} e-mail(s) still to send`,
    `${facts.partialFilesRemoved} half-written upload(s) removed`,
  ];
  return `Recovered after an unclean stop: ${parts.join('; ')}.`;
}
