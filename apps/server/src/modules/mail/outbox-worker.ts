import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from './mailer.ts';
import { outboxRepo, type OutboxSettledListener } from './outbox.repo.ts';

/**
 * Sends queued e-mails. State lives in the `mail_outbox` table, so a restart loses
 * nothing and several processes can run workers side by side.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    /** Modules that keep their own record of their messages' fate (mailing deliveries), told in the same transaction. */
    private readonly onSettled: OutboxSettledListener[] = [],
  ) {}

  /** Sends everything pending now; resolves when the queue is empty. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.sendAll().finally(() => {
      this.running = null;
    });
    await this.running;
  }

  /** Asks for a send soon, without waiting for it (after a commit that queued mail). */
  wake(): void {
    void this.drain().catch((error: unknown) => this.log.error({ err: error }, 'mail outbox failed'));
  }

  start(intervalMs = 5000): void {
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  private async sendAll(): Promise<void> {
    for (;;) {
      const batchSize = 20;
      const { claimed, sent } = await outboxRepo.withNextBatch(this.db, batchSize, async (row) => {
        try {
          await this.mailer.send({ to: row.recipient, subject: row.subject, text: row.textBody, html: row.htmlBody });
          return null;
        } catch (error) {
          this.log.warn({ err: error, outboxId: row.id }, 'mail not sent; will retry');
          return error instanceof Error ? error.message : String(error);
        }
      }, this.onSettled);
      // A failed message waits for the next tick rather than being retried at once.
      if (claimed < batchSize || sent === 0) return;
    }
  }
}
