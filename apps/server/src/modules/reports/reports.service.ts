import { type ReportFormat, type ReportStatus, type ReportType } from '@delego/domain';
import type { Report, ReportRequest } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { assertPermission } from '../../lib/access.ts';
import { notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { FileAnswer } from '../settlements/attachments.service.ts';
import { generateReport, type ReportGeneratorDeps } from './report-generator.ts';
import { REPORT_CONTENT_TYPES } from './report-writers.ts';
import { reportsRepo, type ReportRow } from './reports.repo.ts';

function reportDto(row: ReportRow, createdBy: string): Report {
  const total = row.rowsTotal;
  const progress = row.status === 'ready' ? 100 : total === null ? 0 : total === 0 ? 100 : Math.min(100, Math.floor((row.rowsDone * 100) / total));
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    file_name: row.fileName,
    created_by: createdBy,
    report_type: row.reportType as ReportType,
    file_format: row.fileFormat as ReportFormat,
    status: row.status as ReportStatus,
    progress,
    row_count: row.status === 'ready' ? row.rowsDone : null,
    error: row.error,
  };
}

/** A report left running longer than this was abandoned by a stopped process and is queued again. */
const ABANDONED_AFTER_MS = 30 * 60_000;

/**
 * Runs report generation in this process: a new report at once (`wake`), and on a timer whatever
 * another process queued or left behind. The state lives in the `reports` table (ADR 0007), so any
 * process may take a report and the list shows its progress from all of them.
 */
export class ReportWorker {
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: ReportGeneratorDeps) {}

  /** Generates the report `id` now if no other process has taken it. */
  wake(id: number): void {
    this.track(async () => {
      const claimed = await reportsRepo.claim(this.deps.db, this.deps.clock.now(), id);
      if (claimed) await generateReport(this.deps, claimed);
    });
  }

  /** Waits for every generation this process started. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  start(intervalMs = 10_000): void {
    this.timer = setInterval(() => this.track(() => this.catchUp()), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  private async catchUp(): Promise<void> {
    const now = this.deps.clock.now();
    await reportsRepo.requeueAbandoned(this.deps.db, new Date(now.getTime() - ABANDONED_AFTER_MS));
    for (;;) {
      const claimed = await reportsRepo.claim(this.deps.db, this.deps.clock.now());
      if (!claimed) return;
      await generateReport(this.deps, claimed);
    }
  }

  private track(work: () => Promise<void>): void {
    const done = work()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'report worker failed'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }
}

/**
 * Trip reports (spec §2 `/report`, `/report/new`): every call needs `reportDelegation` (spec §6) and
 * sees only the company's reports; the rows of a report are read within its company only.
 */
export function createReportsService(deps: { db: Database; clock: Clock; storage: FileStorage; worker: ReportWorker }) {
  const { db, clock, storage, worker } = deps;
  return {
    async list(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'reportDelegation');
      const rows = await reportsRepo.list(db, ctx.actor.companyId);
      return { items: rows.map(({ report, createdBy }) => reportDto(report, createdBy)) };
    },

    async formOptions(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'reportDelegation');
      return reportsRepo.formOptions(db, ctx.actor.companyId);
    },

    async create(ctx: AuthenticatedContext, request: ReportRequest) {
      assertPermission(ctx, 'reportDelegation');
      const companyId = ctx.actor.companyId;
      // The filters name only the company's own rows; an id of another company simply selects nothing.
      const fileName = `${request.report_type}_${request.date_from}_${request.date_to}.${request.file_format}`;
      const created = await db.transaction(async (tx) => {
        const row = await reportsRepo.insert(tx, {
          companyId,
          createdById: ctx.actor.userId,
          reportType: request.report_type,
          fileFormat: request.file_format,
          request,
          language: ctx.actor.language.startsWith('en') ? 'en' : 'pl',
          fileName,
          createdAt: clock.now(),
        });
        await recordAudit(tx, ctx, { companyId, action: 'report.create', entityType: 'report', entityId: row.id, before: null, after: request });
        return row;
      });
      worker.wake(created.id);
      return { report: reportDto(created, `${ctx.actor.name} ${ctx.actor.surname}`) };
    },

    async download(ctx: AuthenticatedContext, id: number): Promise<FileAnswer> {
      assertPermission(ctx, 'reportDelegation');
      const found = await reportsRepo.find(db, ctx.actor.companyId, id);
      if (!found || found.report.status !== 'ready' || !found.report.storageKey) throw notFoundError();
      // Streamed from the storage: a report may be large, and is never held in memory whole.
      const stored = await storage.getStream(found.report.storageKey);
      if (!stored) throw notFoundError();
      return { fileName: found.report.fileName, contentType: REPORT_CONTENT_TYPES[found.report.fileFormat as ReportFormat], content: stored.content, size: stored.size };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
