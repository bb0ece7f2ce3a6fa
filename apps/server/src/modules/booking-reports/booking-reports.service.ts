import ExcelJS from 'exceljs';
import {
  AppError,
  BOOKING_REPORT_CODE_LABELS,
  BOOKING_REPORT_DEFAULT_STATUSES,
  BOOKING_REPORT_DEFINITIONS,
  BOOKING_REPORT_DIMENSION_LABELS,
  BOOKING_REPORT_MEASURE_LABELS,
  BOOKING_REPORT_NOT_GIVEN,
  BOOKING_REPORT_TITLES,
  BOOKING_REPORT_TOTAL,
  CODED_DIMENSIONS,
  ErrorCode,
  MONEY_MEASURES,
  addDaysToLocalDate,
  averageOf,
  bookingKindsOpen,
  bookingReportTotal,
  customDefinition,
  dec,
  formatMoney,
  localTimeToMillis,
  measureOf,
  type BookingReportDefinition,
  type BookingReportRow,
} from '@delego/domain';
import type { BookingReport, BookingReportQuery } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { assertPermission } from '../../lib/access.ts';
import type { FileAnswer } from '../settlements/attachments.service.ts';
import { reportsRepo } from '../reports/reports.repo.ts';
import { bookingReportsRepo, type BookingReportScope } from './booking-reports.repo.ts';

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function definitionOf(query: BookingReportQuery): BookingReportDefinition {
  return query.kind === 'custom'
    ? customDefinition(query.dimensions, query.measures)
    : BOOKING_REPORT_DEFINITIONS[query.kind];
}

function dtoOf(row: Omit<BookingReportRow, 'values'>) {
  return {
    count: row.count,
    travellers: row.travellers,
    gross: row.gross,
    net: row.net,
    vat: row.vat,
    average: row.average,
  };
}

/**
 * Booking reports (spec §2 `/booking/report/{kind}`): the company's bookings grouped and summed in the
 * database by the report's dimensions (packages/domain `BOOKING_REPORT_DEFINITIONS`). Reports are for
 * `reportDelegation` (spec §6: reports are disabled without it) in a company whose booking module is
 * on, and count only the kinds that module opens and only the company's own bookings.
 */
export function createBookingReportsService(deps: { db: Database }) {
  const { db } = deps;

  function scopeOf(
    ctx: AuthenticatedContext,
    query: BookingReportQuery,
    definition: BookingReportDefinition,
  ): BookingReportScope {
    assertPermission(ctx, 'reportDelegation');
    const open = bookingKindsOpen(ctx.actor.settings);
    if (open.length === 0)
      throw new AppError(ErrorCode.moduleDisabled, { messages: ['Module not available'] });
    const wanted = query.service_types.length > 0 ? query.service_types : open;
    return {
      companyId: ctx.actor.companyId,
      from: new Date(localTimeToMillis(query.date_from, 0, 0)!),
      to: new Date(localTimeToMillis(addDaysToLocalDate(query.date_to, 1), 0, 0)!),
      kinds: wanted.filter(
        (kind) => open.includes(kind) && (!definition.kinds || definition.kinds.includes(kind)),
      ),
      statuses: query.statuses.length > 0 ? query.statuses : BOOKING_REPORT_DEFAULT_STATUSES,
      currency: query.currency,
      costCentreIds: query.cost_centre_ids,
      organizationUnitIds: query.organization_unit_ids,
      projectIds: query.project_ids,
    };
  }

  async function report(ctx: AuthenticatedContext, query: BookingReportQuery): Promise<BookingReport> {
    const definition = definitionOf(query);
    const scope = scopeOf(ctx, query, definition);
    const base = {
      kind: query.kind,
      dimensions: [...definition.dimensions],
      measures: [...definition.measures],
      currency: query.currency,
    };
    if (scope.kinds.length === 0) return { ...base, rows: [], total: dtoOf(bookingReportTotal([], 0)) };
    const [aggregates, travellers] = await Promise.all([
      bookingReportsRepo.aggregate(db, scope, definition.dimensions),
      bookingReportsRepo.travellers(db, scope),
    ]);
    const rows: BookingReportRow[] = aggregates.map((row) => {
      const gross = formatMoney(row.gross);
      const net = formatMoney(row.net);
      return {
        values: row.values,
        count: row.count,
        travellers: row.travellers,
        gross,
        net,
        vat: formatMoney(dec(gross).minus(net)),
        average: averageOf(gross, row.count),
      };
    });
    return {
      ...base,
      rows: rows.map((row) => ({ values: row.values, ...dtoOf(row) })),
      total: dtoOf(bookingReportTotal(rows, travellers)),
    };
  }

  return {
    report,

    async formOptions(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'reportDelegation');
      const companyId = ctx.actor.companyId;
      const [options, currencies] = await Promise.all([
        reportsRepo.formOptions(db, companyId),
        bookingReportsRepo.currencies(db, companyId),
      ]);
      return {
        cost_centres: options.cost_centres,
        organization_units: options.organization_units,
        projects: options.projects,
        currencies: ['PLN', ...currencies.filter((currency) => currency !== 'PLN')],
      };
    },

    /** The report as an XLSX sheet in the user's language: its dimensions, measures and the total. */
    async export(ctx: AuthenticatedContext, query: BookingReportQuery): Promise<FileAnswer> {
      const data = await report(ctx, query);
      const language = ctx.actor.language.startsWith('en') ? 1 : 0;
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(BOOKING_REPORT_TITLES[query.kind][language].slice(0, 31));
      sheet.columns = [
        ...data.dimensions.map((dimension) => ({
          header: BOOKING_REPORT_DIMENSION_LABELS[dimension][language],
          width: 28,
        })),
        ...data.measures.map((measure) => ({
          header: MONEY_MEASURES.includes(measure)
            ? `${BOOKING_REPORT_MEASURE_LABELS[measure][language]} (${data.currency})`
            : BOOKING_REPORT_MEASURE_LABELS[measure][language],
          width: 16,
          style: MONEY_MEASURES.includes(measure) ? { numFmt: '#,##0.00' } : {},
        })),
      ];
      sheet.getRow(1).font = { bold: true };
      // Amounts are exact decimals with two places; a spreadsheet number holds them exactly enough to show and add.
      const sums = (row: BookingReport['total']) =>
        data.measures.map((measure) => Number(measureOf(row, measure)));
      for (const row of data.rows) {
        const values = row.values.map((value, index) =>
          value === null
            ? BOOKING_REPORT_NOT_GIVEN[language]
            : CODED_DIMENSIONS.includes(data.dimensions[index]!)
              ? (BOOKING_REPORT_CODE_LABELS[value]?.[language] ?? value)
              : value,
        );
        sheet.addRow([...values, ...sums(row)]);
      }
      const total = sheet.addRow([
        BOOKING_REPORT_TOTAL[language],
        ...data.dimensions.slice(1).map(() => ''),
        ...sums(data.total),
      ]);
      total.font = { bold: true };
      const content = Buffer.from(await workbook.xlsx.writeBuffer());
      return {
        fileName: `booking-report_${query.kind}_${query.date_from}_${query.date_to}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        content,
      };
    },
  };
}

export type BookingReportsService = ReturnType<typeof createBookingReportsService>;
