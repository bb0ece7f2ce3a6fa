import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { MailMessage } from './mailer.ts';

export const MAX_SEND_ATTEMPTS = 5;

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
   * Takes the oldest pending messages for sending. `SKIP LOCKED` lets several
   * server processes share the queue without sending a message twice.
   */
  async withNextBatch(db: Database, limit: number, send: (row: typeof mailOutbox.$inferSelect) => Promise<string | null>): Promise<{ claimed: number; sent: number }> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.attempts, MAX_SEND_ATTEMPTS)))
        .orderBy(asc(mailOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      let sent = 0;
      for (const row of rows) {
        const error = await send(row);
        if (error === null) sent++;
        const attempts = row.attempts + 1;
        await tx
          .update(mailOutbox)
          .set(
            error === null
              ? { status: 'sent', sentAt: sql`now()`, attempts }
              : { status: attempts >= MAX_SEND_ATTEMPTS ? 'failed' : 'pending', attempts, lastError: error.slice(0, 1000) },
          )
          .where(eq(mailOutbox.id, row.id));
      }
      return { claimed: rows.length, sent };
    });
  },
};
