import type { FastifyBaseLogger } from 'fastify';
import {
  addDaysToLocalDate,
  budgetRow,
  formatLocalDateTimeMillis,
  invoiceExchangeRows,
  invoiceInternalRows,
  localTimeToMillis,
  orderRow,
  PDF_REPORT_MAX_ROWS,
  REPORT_COLUMNS,
  REPORT_TYPE_TITLES,
  ReportTotals,
  summaryExchangeRows,
  summaryRow,
  toLocalDate,
  type CalculatedSettlement,
  type ReportRow,
  type ReportType,
  type SettlementReportSource,
} from '@delego/domain';
import type { ReportRequest } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import type { Clock } from '../../lib/clock.ts';
import { budgetsForReport } from '../budgets/budgets.service.ts';
import { companyRepo } from '../company/company.repo.ts';
import { outboxRepo } from '../mail/outbox.repo.ts';
import { REPORT_LIST_PATH, reportFinishedMail } from './reports.mails.ts';
import { reportsRepo, type ReportRow as StoredReport, type ReportScope } from './reports.repo.ts';
import { createReportWriter, type ReportLanguage } from './report-writers.ts';

/** Documents read per query: keyset pages keep memory flat and each query short. */
const PAGE_SIZE = 1000;

/**
 * Keyset pages of `read` in id order, each next page asked for while the caller writes the one before:
 * on a database server the query's wait then overlaps the writing instead of adding to it.
 */
async function* keysetPages<T extends { id: number }>(read: (afterId: number) => Promise<T[]>): AsyncGenerator<T[]> {
  let next = read(0);
  for (;;) {
    const page = await next;
    if (page.length === 0) return;
    next = page.length < PAGE_SIZE ? Promise.resolve([]) : read(page[page.length - 1]!.id);
    // If the caller stops early (a failed write), nobody awaits the page read ahead: keep its failure from being unhandled.
    next.catch(() => undefined);
    yield page;
  }
}

const TOTAL_LABEL: Record<ReportLanguage, string> = { pl: 'Razem', en: 'Total' };

const localTime = (instant: Date | null) => (instant ? formatLocalDateTimeMillis(instant.getTime()) : null);

/** The range's days as instants in the business time zone: from the first day's midnight to the midnight after the last. */
export function scopeOf(companyId: number, request: ReportRequest): ReportScope {
  return {
    companyId,
    dateType: request.date_type,
    from: new Date(localTimeToMillis(request.date_from, 0, 0)!),
    to: new Date(localTimeToMillis(addDaysToLocalDate(request.date_to, 1), 0, 0)!),
    costCentreIds: request.cost_centre_ids,
    organizationUnitIds: request.organization_unit_ids,
    projectIds: request.project_ids,
    userIds: request.user_ids,
    statuses: request.statuses,
  };
}

type SettlementRecord = Awaited<ReturnType<typeof reportsRepo.settlementPage>>[number];

function settlementSource(record: SettlementRecord): SettlementReportSource {
  return {
    number: record.number,
    employee: record.employee,
    organizationUnit: record.organizationUnit,
    costCentre: record.costCentre,
    project: record.project,
    destination: record.destination,
    tripStart: localTime(record.startDate)!,
    tripEnd: localTime(record.endDate)!,
    status: record.status,
    settledAt: localTime(record.settledAt),
    calculated: record.calculated as CalculatedSettlement | null,
  };
}

const SETTLEMENT_TYPES = new Set<ReportType>(['summaryReport', 'summaryExchangeReport', 'invoiceExchangeReport', 'invoiceExchangeDateRange', 'invoiceInternalReport']);

/** The documents a report reads, page by page, and the rows each gives. */
function sourceOf(db: Database, type: ReportType, request: ReportRequest, scope: ReportScope, language: ReportLanguage, day: string) {
  if (SETTLEMENT_TYPES.has(type)) {
    const byTableDay = type === 'invoiceExchangeDateRange' ? { from: request.date_from, to: request.date_to } : null;
    const rowsOf = (source: SettlementReportSource): ReportRow[] => {
      switch (type) {
        case 'summaryReport':
          return [summaryRow(source, language)];
        case 'summaryExchangeReport':
          return summaryExchangeRows(source);
        case 'invoiceExchangeReport':
          return invoiceExchangeRows(source, language);
        case 'invoiceExchangeDateRange':
          return invoiceExchangeRows(source, language, byTableDay!);
        default:
          return invoiceInternalRows(source, language);
      }
    };
    return {
      count: () => reportsRepo.countSettlements(db, scope, byTableDay),
      async *pages() {
        for await (const page of keysetPages((afterId) => reportsRepo.settlementPage(db, scope, afterId, PAGE_SIZE, byTableDay))) {
          yield page.map((record) => rowsOf(settlementSource(record)));
        }
      },
    };
  }
  if (type === 'delegationOrdersReport') {
    return {
      count: () => reportsRepo.countOrders(db, scope),
      async *pages() {
        for await (const page of keysetPages((afterId) => reportsRepo.orderPage(db, scope, afterId, PAGE_SIZE))) {
          // Object.assign rather than a spread into a larger literal, which V8 makes slow (see `documentRow` in the domain).
          yield page.map(({ id: _id, startDate, endDate, sentAt, acceptedAt, ...record }) => [
            orderRow(Object.assign(record, { tripStart: localTime(startDate)!, tripEnd: localTime(endDate)!, sentAt: localTime(sentAt), acceptedAt: localTime(acceptedAt) }), language),
          ]);
        }
      },
    };
  }
  // budgetReport: one row per budget (a company has a few hundred at most), with the figures of the
  // budget view as of the day the report is made: the budgets' own sums and the domain's arithmetic.
  let budgets: ReturnType<typeof budgetsForReport> | undefined;
  const load = () =>
    (budgets ??= budgetsForReport(db, scope.companyId, { from: request.date_from, to: request.date_to, costCentreIds: scope.costCentreIds, projectIds: scope.projectIds }, day));
  return {
    count: async () => (await load()).length,
    async *pages() {
      yield (await load()).map(({ budget, figures }) => [
        budgetRow({ costCentre: budget.ordinate, project: budget.projectName, periodFrom: budget.dateFrom, periodTo: budget.dateTo, figures }),
      ]);
    },
  };
}

export class ReportTooLargeForPdf extends Error {}

/**
 * Generates one claimed report: reads its documents page by page, writes each page's rows to the
 * file's stream while the storage takes it, and records the progress after every page.
 */
export interface ReportGeneratorDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The web app's address, for the link to the report list in the e-mail. */
  publicUrl: string;
  onMailQueued: () => void;
}

/**
 * Records how a report ended and, in the same transaction, e-mails whoever asked for it (in their
 * language, through the outbox) unless the company turned e-mail notifications off or they cannot
 * receive one: a large report is made in the background, so the user is told when it is finished.
 */
async function finishReport(deps: ReportGeneratorDeps, report: StoredReport, values: Parameters<typeof reportsRepo.finish>[2]): Promise<void> {
  const mailed = await deps.db.transaction(async (tx) => {
    await reportsRepo.finish(tx, report.id, values);
    const company = await companyRepo.findById(tx, report.companyId);
    if (!company || company.settings.email_notification_mode === 'disabled') return false;
    const requester = await reportsRepo.requester(tx, report.companyId, report.createdById);
    if (!requester?.isActive || !requester.email) return false;
    const outcome = values.status === 'ready' ? { status: 'ready' as const } : { status: 'failed' as const, error: values.error ?? 'report.generationFailed' };
    await outboxRepo.enqueue(
      tx,
      report.companyId,
      reportFinishedMail({ to: requester.email, language: requester.language, reportType: report.reportType as ReportType, fileName: report.fileName, outcome, appLink: `${deps.publicUrl}${REPORT_LIST_PATH}` }),
    );
    return true;
  });
  if (mailed) deps.onMailQueued();
}

export async function generateReport(deps: ReportGeneratorDeps, report: StoredReport): Promise<void> {
  const { db, storage, clock } = deps;
  const type = report.reportType as ReportType;
  const request = report.request as ReportRequest;
  const language: ReportLanguage = report.language === 'en' ? 'en' : 'pl';
  const columns = REPORT_COLUMNS[type];
  const source = sourceOf(db, type, request, scopeOf(report.companyId, request), language, toLocalDate(clock.now()));
  const storageKey = `c${report.companyId}/report/${report.id}`;
  try {
    const total = await source.count();
    await reportsRepo.progress(db, report.id, { rowsDone: 0, rowsTotal: total });
    if (request.file_format === 'pdf' && total > PDF_REPORT_MAX_ROWS) throw new ReportTooLargeForPdf();
    const writer = createReportWriter(request.file_format, columns, language, REPORT_TYPE_TITLES[type][language === 'pl' ? 0 : 1]);
    const stored = storage.putStream(storageKey, writer.output);
    // The storage's error surfaces through `stored`; until it is awaited, keep it from being unhandled.
    stored.catch(() => undefined);
    const totals = new ReportTotals(columns);
    let done = 0;
    let rowCount = 0;
    try {
      for await (const page of source.pages()) {
        for (const rows of page) {
          for (const row of rows) {
            totals.add(row);
            await writer.row(row);
            rowCount += 1;
          }
        }
        done += page.length;
        await reportsRepo.progress(db, report.id, { rowsDone: done });
      }
      await writer.finish(totals.row(TOTAL_LABEL[language]));
    } catch (error) {
      writer.abort(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    await stored;
    await finishReport(deps, report, { status: 'ready', storageKey, rowsDone: done, finishedAt: clock.now() });
    deps.log.info({ reportId: report.id, companyId: report.companyId, type, rows: rowCount }, 'report generated');
  } catch (error) {
    const code = error instanceof ReportTooLargeForPdf ? 'report.pdfTooLarge' : 'report.generationFailed';
    if (code === 'report.generationFailed') deps.log.error({ err: error, reportId: report.id }, 'report generation failed');
    await finishReport(deps, report, { status: 'failed', error: code, finishedAt: clock.now() });
  }
}
