import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { ReportColumn, ReportFormat, ReportRow } from '@delego/domain';
import { renderPdf } from '../settlements/trip-documents.service.ts';

export type ReportLanguage = 'pl' | 'en';

/**
 * Writes a report's rows to a stream in its format. XLSX and CSV go out row by row (exceljs's
 * streaming workbook writer, and plain lines), so a report of any size never sits in memory whole;
 * a PDF is laid out at the end and is therefore limited in rows (`PDF_REPORT_MAX_ROWS`).
 */
export interface ReportWriter {
  /** What the storage reads while rows are written. */
  readonly output: Readable;
  row(row: ReportRow): Promise<void>;
  /** Writes the totals row and ends the file. */
  finish(totals: ReportRow): Promise<void>;
  /** Ends the output with an error: the storage then keeps nothing. */
  abort(error: Error): void;
}

const headerOf = (column: ReportColumn, language: ReportLanguage) => column.label[language === 'pl' ? 0 : 1];

/** A decimal string in the language's notation (CSV is read by spreadsheets set to that language). */
function localDecimal(value: string, language: ReportLanguage): string {
  return language === 'pl' ? value.replace('.', ',') : value;
}

function csvField(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvWriter(columns: readonly ReportColumn[], language: ReportLanguage): ReportWriter {
  const output = new PassThrough();
  const line = async (cells: string[]) => {
    if (!output.write(`${cells.map(csvField).join(';')}\r\n`)) await once(output, 'drain');
  };
  const cellsOf = (row: ReportRow) =>
    columns.map((column) => {
      const value = row[column.key] ?? '';
      return column.kind === 'text' || value === '' ? value : localDecimal(value, language);
    });
  // The byte-order mark tells spreadsheets the file is UTF-8 (Polish letters).
  output.write('\uFEFF');
  const header = line(columns.map((column) => headerOf(column, language)));
  return {
    output,
    async row(row) {
      await header;
      await line(cellsOf(row));
    },
    async finish(totals) {
      await header;
      await line(cellsOf(totals));
      output.end();
    },
    abort(error) {
      output.destroy(error);
    },
  };
}

const NUMBER_FORMATS: Partial<Record<ReportColumn['kind'], string>> = { money: '#,##0.00', rate: '0.0000', percent: '0.0' };

function xlsxWriter(columns: readonly ReportColumn[], language: ReportLanguage, sheetName: string): ReportWriter {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((column) => ({
    header: headerOf(column, language),
    key: column.key,
    width: column.kind === 'text' ? 22 : 14,
    ...(NUMBER_FORMATS[column.kind] ? { style: { numFmt: NUMBER_FORMATS[column.kind] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  // The cells in column order (exceljs places a list's first value in the first column).
  const valuesOf = (row: ReportRow) =>
    columns.map((column) => {
      const value = row[column.key] ?? null;
      // Amounts are exact decimals with two places; a spreadsheet number holds them exactly enough to show and add.
      return column.kind === 'text' || value === null ? value : Number(value);
    });
  // exceljs gives every cell its own copy of the column's style and finds each copy's number in the
  // workbook's styles by rendering it as XML (about a second for 100 000 rows); a style object it has
  // seen before it finds at once, so every cell of a column gets the column's one object.
  const styles: Partial<ExcelJS.Style>[] = columns.map((column) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return numFmt ? { numFmt } : {};
  });
  const totalStyles = styles.map((style) => ({ ...style, font: { bold: true } }));
  const add = (row: ReportRow, rowStyles: Partial<ExcelJS.Style>[]) => {
    const added = sheet.addRow(valuesOf(row));
    added.eachCell({ includeEmpty: true }, (cell, index) => {
      cell.style = rowStyles[index - 1]!;
    });
    added.commit();
  };
  return {
    output,
    async row(row) {
      add(row, styles);
    },
    async finish(totals) {
      add(totals, totalStyles);
      sheet.commit();
      await workbook.commit();
    },
    abort(error) {
      output.destroy(error);
    },
  };
}

function pdfWriter(columns: readonly ReportColumn[], language: ReportLanguage, title: string): ReportWriter {
  const output = new PassThrough();
  const body: TableCell[][] = [columns.map((column) => ({ text: headerOf(column, language), bold: true }))];
  const cellsOf = (row: ReportRow, bold = false): TableCell[] =>
    columns.map((column) => {
      const value = row[column.key] ?? '';
      return { text: column.kind === 'text' ? value : localDecimal(value, language), alignment: column.kind === 'text' ? 'left' : 'right', bold };
    });
  return {
    output,
    async row(row) {
      body.push(cellsOf(row));
    },
    async finish(totals) {
      body.push(cellsOf(totals, true));
      const content: Content[] = [
        { text: title, bold: true, fontSize: 12, margin: [0, 0, 0, 8] },
        { table: { headerRows: 1, widths: columns.map(() => '*'), body }, layout: 'lightHorizontalLines', fontSize: 6 },
      ];
      const definition: TDocumentDefinitions = { pageOrientation: 'landscape', pageSize: 'A4', pageMargins: [20, 20, 20, 20], content, defaultStyle: { font: 'Roboto' } };
      output.end(await renderPdf(definition, 'keep'));
    },
    abort(error) {
      output.destroy(error);
    },
  };
}

export function createReportWriter(format: ReportFormat, columns: readonly ReportColumn[], language: ReportLanguage, title: string): ReportWriter {
  switch (format) {
    case 'csv':
      return csvWriter(columns, language);
    case 'xlsx':
      return xlsxWriter(columns, language, title);
    case 'pdf':
      return pdfWriter(columns, language, title);
  }
}

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};
