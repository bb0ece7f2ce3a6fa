import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A trip report (spec §3 Report: creation date, file name, creator, type, format). The request is kept
 * as asked; a job claims queued rows, writes the file to storage and records its progress here, so the
 * list shows it from any server process.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    reportType: text('report_type').notNull(),
    fileFormat: text('file_format').notNull(),
    /** The filters and range as requested (the contract's `ReportRequest`). */
    request: jsonb('request').notNull(),
    /** The language of the file's headers: the creator's at the time of the request. */
    language: text('language').notNull(),
    fileName: text('file_name').notNull(),
    /** queued | running | ready | failed */
    status: text('status').notNull().default('queued'),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    storageKey: text('storage_key'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('reports_company_created_idx').on(t.companyId, t.createdAt), index('reports_queued_idx').on(t.status, t.id)],
);
