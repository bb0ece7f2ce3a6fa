import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { mailOutbox } from './audit.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * The provider's recipient lists (spec §6 manageMailingList). `company_id` is the provider-admin company
 * that owns the list, as every row is owned by a company (ADR 0003).
 */
export const mailingLists = pgTable(
  'mailing_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mailing_lists_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * One rule of a list: every user of a company (`company`), the holders of a role by name in one company or,
 * with no company, in every company (`role`), or one person (`user`). Resolved when a mailing is sent.
 */
export const mailingListRules = pgTable(
  'mailing_list_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listId: integer('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    targetCompanyId: integer('target_company_id').references(() => companies.id),
    roleName: text('role_name'),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('mailing_list_rules_list_idx').on(t.listId),
    check(
      'mailing_list_rules_kind_check',
      sql`(${t.kind} = 'company' AND ${t.targetCompanyId} IS NOT NULL AND ${t.roleName} IS NULL AND ${t.targetUserId} IS NULL)
        OR (${t.kind} = 'role' AND ${t.roleName} IS NOT NULL AND ${t.targetUserId} IS NULL)
        OR (${t.kind} = 'user' AND ${t.targetUserId} IS NOT NULL AND ${t.targetCompanyId} IS NULL AND ${t.roleName} IS NULL)`,
    ),
  ],
);

/**
 * A message in Polish and English to a list. Draft until sent; `sending` while the outbox still holds some of
 * its messages; `sent` once every delivery is sent or given up. `list_name` keeps the list's name for a sent
 * mailing whose list was deleted since.
 */
export const mailings = pgTable(
  'mailings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    listId: integer('list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
    listName: text('list_name').notNull(),
    subjectPl: text('subject_pl').notNull(),
    subjectEn: text('subject_en').notNull(),
    bodyPl: text('body_pl').notNull(),
    bodyEn: text('body_en').notNull(),
    status: text('status').notNull().default('draft'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('mailings_company_created_idx').on(t.companyId, t.createdAt),
    check('mailings_status_check', sql`${t.status} in ('draft', 'sending', 'sent')`),
  ],
);

/**
 * One recipient of a sent mailing: the address and language at the time of sending, its outbox message, and
 * that message's state, which the outbox worker writes in the same transaction as the message's own.
 */
export const mailingDeliveries = pgTable(
  'mailing_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mailingId: integer('mailing_id')
      .notNull()
      .references(() => mailings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    language: text('language').notNull(),
    outboxId: integer('outbox_id').references(() => mailOutbox.id),
    state: text('state').notNull().default('queued'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mailing_deliveries_mailing_user_unique').on(t.mailingId, t.userId),
    index('mailing_deliveries_mailing_state_idx').on(t.mailingId, t.state),
    uniqueIndex('mailing_deliveries_outbox_unique').on(t.outboxId),
    check('mailing_deliveries_state_check', sql`${t.state} in ('queued', 'sent', 'failed')`),
    check('mailing_deliveries_language_check', sql`${t.language} in ('pl', 'en')`),
  ],
);
