import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail: who, acting as whom, did what to which object, when,
 * with the state before and after. A database trigger refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id'),
    userId: integer('user_id'),
    contextUserId: integer('context_user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The row's place in its company's chain (1, 2, …; rows of no company form chain 0), the previous
     * row's `row_hash` and its own SHA-256 over that and its content: set at commit by the database
     * (`seal_audit_row`, migration 0017) and checked by `npm run audit:verify`.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    rowHash: text('row_hash'),
  },
  (t) => [
    index('audit_log_company_created_idx').on(t.companyId, t.createdAt),
    uniqueIndex('audit_log_chain_seq_idx').on(sql`coalesce(${t.companyId}, 0)`, t.chainSeq),
  ],
);

/** The last link of each company's audit chain (chain 0: rows of no company); its row lock serialises the sealing. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: integer('chain').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
});

/** E-mails waiting to be sent after the transaction that queued them commits. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.id)],
);
