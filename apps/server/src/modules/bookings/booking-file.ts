import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError, ErrorCode } from '@delego/domain';

/** The cells of a booking file: its header and data rows as text, each with its line in the file. */
export interface BookingFileTable {
  header: string[];
  rows: { line: number; cells: string[] }[];
}

function fileIssue(code: string, params?: Record<string, string | number>): AppError {
  return new AppError(ErrorCode.validationFailed, {
    issues: [{ path: ['file'], code, ...(params ? { params } : {}) }],
  });
}

const isZip = (content: Buffer) => content.length > 4 && content.readUInt32LE(0) === 0x04034b50;

/** A cell of the sheet as the text the CSV layout would carry (dates as `YYYY-MM-DD HH:mm`, numbers with a dot). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel keeps wall-clock times; exceljs gives them as UTC instants.
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

async function readXlsx(content: Buffer): Promise<BookingFileTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw fileIssue('bookingImport.malformed');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0) throw fileIssue('bookingImport.empty');
  const rows: BookingFileTable['rows'] = [];
  let header: string[] | null = null;
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells = values.slice(1).map(cellText);
    if (header === null) header = cells;
    else rows.push({ line, cells });
  });
  if (header === null) throw fileIssue('bookingImport.empty');
  return { header, rows };
}

function readCsv(content: Buffer): BookingFileTable {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw fileIssue('bookingImport.notUtf8');
  }
  text = text.replace(/^\ufeff/, '');
  if (text.trim() === '') throw fileIssue('bookingImport.empty');
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  // Spreadsheets set to Polish save CSV with semicolons.
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
      bom: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw fileIssue('bookingImport.malformed', line ? { line } : undefined);
  }
  const [head, ...rest] = records;
  if (!head) throw fileIssue('bookingImport.empty');
  return {
    header: head.record,
    rows: rest.map((entry) => ({ line: entry.info.lines, cells: entry.record })),
  };
}

/** Reads a CSV (UTF-8, comma or semicolon) or an XLSX file (its first sheet); the kind is told by the content, not the name. */
export async function readBookingFile(content: Buffer): Promise<BookingFileTable> {
  if (content.length === 0) throw fileIssue('bookingImport.empty');
  return isZip(content) ? readXlsx(content) : readCsv(content);
}
