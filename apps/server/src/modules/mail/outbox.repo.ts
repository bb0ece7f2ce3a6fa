import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { MailMessage } from './mailer.ts';

export const MAX_SEND_ATTEMPTS = 5;

/** What became of one message in a sending round: `pending` again after a failure worth retrying. */
export interface OutboxOutcome {
  id: number;
  status: 'sent' | 'pending' | 'failed';
  error: string | null;
}

/** Told, in the sending round's transaction, what became of its messages (e.g. a mailing's delivery records). */
export type OutboxSettledListener = (tx: Transaction, outcomes: OutboxOutcome[]) => Promise<void>;

export const outboxRepo = {
  /** Queues a message in the caller's transaction; it is sent only if that transaction commits. */
  async enqueue(db: Executor, companyId: number | null, message: MailMessage): Promise<void> {
    await db.insert(mailOutbox).values({
      companyId,
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
    });
  },

  /**
   * Queues many messages in the caller's transaction and answers each one's id, by recipient: the
   * caller passes distinct addresses (a mailing sends one message per address).
   */
  async enqueueMany(db: Executor, companyId: number | null, messages: MailMessage[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let start = 0; start < messages.length; start += 500) {
      const rows = await db
        .insert(mailOutbox)
        .values(messages.slice(start, start + 500).map((message) => ({ companyId, recipient: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null })))
        .returning({ id: mailOutbox.id, recipient: mailOutbox.recipient });
      for (const row of rows) ids.set(row.recipient, row.id);
    }
    return ids;
  },

  /**
   * Takes the oldest pending messages for sending. `SKIP LOCKED` lets several
   * server processes share the queue without sending a message twice.
   */
  async withNextBatch(
    db: Database,
    limit: number,
    send: (row: typeof mailOutbox.$inferSelect) => Promise<string | null>,
    onSettled: OutboxSettledListener[] = [],
  ): Promise<{ claimed: number; sent: number }> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.attempts, MAX_SEND_ATTEMPTS)))
        .orderBy(asc(mailOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      let sent = 0;
      const outcomes: OutboxOutcome[] = [];
      for (const row of rows) {
        const error = await send(row);
        if (error === null) sent++;
        const attempts = row.attempts + 1;
        const status = error === null ? 'sent' : attempts >= MAX_SEND_ATTEMPTS ? 'failed' : 'pending';
        const lastError = error === null ? null : error.slice(0, 1000);
        await tx
          .update(mailOutbox)
          .set(error === null ? { status, sentAt: sql`now()`, attempts } : { status, attempts, lastError })
          .where(eq(mailOutbox.id, row.id));
        outcomes.push({ id: row.id, status, error: lastError });
      }
      if (outcomes.length > 0) for (const listener of onSettled) await listener(tx, outcomes);
      return { claimed: rows.length, sent };
    });
  },
};
