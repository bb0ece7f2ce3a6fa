import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { REPORT_COLUMNS, REPORT_DATE_TYPES, sumDecimals, type ReportDateType, type ReportType } from '@delego/domain';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { domesticForm, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { insertOrder, outboxOf, updateCompanySettings } from '../../../test/trips.ts';
import { costCentreBudgets, costCentres, delegations, projects, reports } from '../../db/schema/index.ts';

type Headers = Record<string, string>;

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let c: SettlementCompany;
let accountant: Headers;
let accountantEmail: string;
let centreId: number;
let otherCentreId: number;
let projectId: number;
/** The settled settlements of the company, all on cost centre `centreId`. */
let settledIds: number[];
let foreignId: number;
let orderId: number;

/**
 * Each moment of the settlements lies on its own day, so that each date type has a range holding
 * them which the other types' ranges do not: trips 8–11 March, sent 16 March, accepted 18 March,
 * settled 2 April 2026.
 */
const RANGES: Record<ReportDateType, { date_from: string; date_to: string }> = {
  trip: { date_from: '2026-03-08', date_to: '2026-03-11' },
  sent: { date_from: '2026-03-16', date_to: '2026-03-16' },
  accept: { date_from: '2026-03-18', date_to: '2026-03-18' },
  settle: { date_from: '2026-04-02', date_to: '2026-04-02' },
};

/** Germany 10–11 March: a hotel bill and parking in euro, rail tickets in PLN. */
function germanForm() {
  return {
    start_date: '2026-03-10 06:00',
    end_date: '2026-03-11 20:00',
    destinationText: 'Berlin',
    task: 'Spotkanie z klientem',
    transport: [
      { transport_type: 'rail', settlement_type_id: 'ticketScan', from_place_text: 'Poznań', to_place_text: 'Berlin', start_date: '2026-03-10 06:00', end_date: '2026-03-10 10:00', amount_in_currency: '180.00', currency: 'PLN' },
      { transport_type: 'rail', settlement_type_id: 'ticketScan', from_place_text: 'Berlin', to_place_text: 'Poznań', start_date: '2026-03-11 16:00', end_date: '2026-03-11 20:00', amount_in_currency: '180.00', currency: 'PLN' },
    ],
    country: [
      { country_code: 'PL', in_date: '2026-03-10 06:00', out_date: '2026-03-10 08:00' },
      {
        country_code: 'DE',
        in_date: '2026-03-10 08:00',
        out_date: '2026-03-11 18:00',
        accommodation: [{ settlement_type_id: 'invoiceWorkerPayment', start_date: '2026-03-10 15:00', end_date: '2026-03-11 10:00', amount_in_currency: '120.00', currency: 'EUR', invoice_date: '2026-03-11' }],
      },
      { country_code: 'PL', in_date: '2026-03-11 18:00', out_date: '2026-03-11 20:00' },
    ],
    other: [{ type_id: 'parking', payment_type_id: 'cash', amount_in_currency: '15.50', currency: 'EUR', bill_number: 'P/1', bill_date: '2026-03-10' }],
  };
}

async function act(headers: Headers, id: number, action: string) {
  const response = await api.post('/delegation/action', headers, { id, action });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * A settlement through the workflow (saved, sent, accepted and settled, or left at `until`), its
 * moments then moved to the days of `RANGES` (a session would not outlive moving the clock by weeks).
 */
async function settlement(form: Record<string, unknown>, until: 'submit' | 'settle' = 'settle'): Promise<number> {
  const saved = await api.post('/delegation/save-standard', c.headers.employee, { delegation: form });
  expect(saved.json().status, saved.body).toBe('OK');
  const id = saved.json().delegation.id as number;
  await act(c.headers.employee, id, 'submit');
  if (until === 'settle') {
    await act(c.headers.acceptor, id, 'accept');
    await act(c.headers.finance, id, 'settle');
  }
  await t.db
    .update(delegations)
    .set({
      sentAt: new Date('2026-03-16T10:00:00Z'),
      acceptedAt: until === 'settle' ? new Date('2026-03-18T10:00:00Z') : null,
      settledAt: until === 'settle' ? new Date('2026-04-02T10:00:00Z') : null,
    })
    .where(eq(delegations.id, id));
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
  c = await settlementCompany(t.app, t.db);
  const accountantUser = await createUser(t.db, c.company, { permissions: ['reportDelegation'] });
  accountantEmail = accountantUser.email;
  accountant = await authHeaders(t.app, c.company, accountantUser);
  const suffix = Math.floor(Math.random() * 1e6);
  const [centre, other] = await t.db
    .insert(costCentres)
    .values([
      { companyId: c.company.id, ordinate: `MPK-R-${suffix}` },
      { companyId: c.company.id, ordinate: `MPK-S-${suffix}` },
    ])
    .returning();
  centreId = centre!.id;
  otherCentreId = other!.id;
  const [project] = await t.db.insert(projects).values({ companyId: c.company.id, name: `Wdrożenie ${suffix}` }).returning();
  projectId = project!.id;
  settledIds = [await settlement(domesticForm({}, '2026-03-08')), await settlement(domesticForm({}, '2026-03-09'))];
  foreignId = await settlement(germanForm());
  settledIds.push(foreignId);
  const pending = await settlement(domesticForm({}, '2026-03-12'), 'submit');
  await t.db.update(delegations).set({ costCentreId: centreId, projectId }).where(inArray(delegations.id, [...settledIds, pending]));
  // The German trip's order, estimated at 500 zł, sent and accepted on the settlements' days.
  orderId = await insertOrder(t.db, c.company.id, c.employee.id, {
    costCentreId: centreId,
    status: 'accepted',
    number: `PW/R/${suffix}`,
    startDate: new Date('2026-03-10T05:00:00Z'),
    endDate: new Date('2026-03-11T19:00:00Z'),
    sentAt: new Date('2026-03-16T09:00:00Z'),
    acceptedAt: new Date('2026-03-18T09:00:00Z'),
    estimatedTotalCost: '500.00',
  });
  await t.db.update(delegations).set({ delegationOrderId: orderId }).where(eq(delegations.id, foreignId));
});
afterAll(async () => t.close());

async function engineTotals(ids: number[]) {
  const rows = await t.db.select({ calculated: delegations.calculated, totalPln: delegations.totalPln }).from(delegations).where(inArray(delegations.id, ids));
  return rows;
}

/** Requests a report, waits for the job and downloads it. */
async function generate(body: Record<string, unknown>, headers: Headers = accountant) {
  const created = await api.post('/report/create', headers, { cost_centre_ids: [centreId], file_format: 'csv', ...body });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().report.id as number;
  await t.app.services.reports.idle();
  const listed = (await api.get('/report/list', headers)).json().items.find((item: { id: number }) => item.id === id);
  expect(listed, 'the report is listed').toBeDefined();
  const file = await api.get(`/report/download?id=${id}`, headers);
  return { id, listed, file };
}

/** A CSV report's lines as cells, the header first and the totals row last. */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));
}

/** The value of a column of the totals row, as a decimal with a point. */
function total(rows: string[][], type: ReportType, key: string): string {
  const index = REPORT_COLUMNS[type].findIndex((column) => column.key === key);
  return rows[rows.length - 1]![index]!.replace(',', '.');
}

describe('trip reports: the totals are the settlements’ engine amounts', () => {
  describe.each(REPORT_DATE_TYPES)('by %s date', (dateType) => {
    const range = () => ({ date_type: dateType, ...RANGES[dateType] });
    /** A range that holds another moment of the settlements but not this one. */
    const elsewhere = () => ({ date_type: dateType, ...RANGES[dateType === 'settle' ? 'trip' : 'settle'] });

    it('summaryReport: one row per settlement; the total is the sum of the engine totals', async () => {
      const { file, listed } = await generate({ report_type: 'summaryReport', ...range(), statuses: ['settled'] });
      expect(listed).toMatchObject({ status: 'ready', progress: 100, row_count: 3, file_format: 'csv', report_type: 'summaryReport' });
      const rows = csvRows(file.body);
      expect(rows).toHaveLength(1 + 3 + 1);
      const expected = sumDecimals((await engineTotals(settledIds)).map((row) => row.totalPln)).toFixed(2);
      expect(total(rows, 'summaryReport', 'total')).toBe(expected);
      const empty = csvRows((await generate({ report_type: 'summaryReport', ...elsewhere(), statuses: ['settled'] })).file.body);
      expect(empty).toHaveLength(2);
      expect(total(empty, 'summaryReport', 'total')).toBe('0.00');
    });

    it('summaryExchangeReport: amounts per currency whose PLN due adds up to the engine totals, EUR with its NBP table', async () => {
      const rows = csvRows((await generate({ report_type: 'summaryExchangeReport', ...range(), statuses: ['settled'] })).file.body);
      const expected = sumDecimals((await engineTotals(settledIds)).map((row) => row.totalPln)).toFixed(2);
      expect(total(rows, 'summaryExchangeReport', 'duePln')).toBe(expected);
      const columns = REPORT_COLUMNS.summaryExchangeReport.map((column) => column.key);
      const euro = rows.find((row) => row[columns.indexOf('currency')] === 'EUR')!;
      const [foreign] = await engineTotals([foreignId]);
      const engineEuro = (foreign!.calculated as { balances_by_currency: { currency: string; due: string }[] }).balances_by_currency.find((balance) => balance.currency === 'EUR')!;
      // Per diem, hotel bill and parking in euro, written in the Polish decimal notation.
      expect(euro[columns.indexOf('due')]).toBe(engineEuro.due.replace('.', ','));
      expect(Number(engineEuro.due)).toBeGreaterThan(135.5);
      // Settled on 20 April under the company rule: the last table before it, of 17 April (see `settlementCompany`).
      expect(euro[columns.indexOf('rates')]).toBe('4.260000 (051/A/NBP/2026, 2026-04-17)');
    });

    it('invoiceExchangeReport: the euro bills per conversion, adding up to their engine PLN amounts', async () => {
      const rows = csvRows((await generate({ report_type: 'invoiceExchangeReport', ...range() })).file.body);
      const [foreign] = await engineTotals([foreignId]);
      const calculated = foreign!.calculated as { singleCountryCost: { lines: { accommodation: { amount_pln: string }[] } }[]; other: { amount_pln: string }[] };
      const expected = sumDecimals([...calculated.singleCountryCost.flatMap((part) => part.lines.accommodation.map((line) => line.amount_pln)), ...calculated.other.map((line) => line.amount_pln)]).toFixed(2);
      expect(rows).toHaveLength(1 + 2 + 1);
      expect(total(rows, 'invoiceExchangeReport', 'amountPln')).toBe(expected);
      const columns = REPORT_COLUMNS.invoiceExchangeReport.map((column) => column.key);
      expect(rows.slice(1, -1).map((row) => [row[columns.indexOf('currency')], row[columns.indexOf('amountInCurrency')]])).toEqual([
        ['EUR', '120,00'],
        ['EUR', '15,50'],
      ]);
      expect(rows[1]![columns.indexOf('tableNo')]).toMatch(/\/A\/NBP\/2026$/);
    });

    it('invoiceInternalReport: the PLN tickets of every settlement in the range', async () => {
      const rows = csvRows((await generate({ report_type: 'invoiceInternalReport', ...range(), statuses: ['settled'] })).file.body);
      // Two domestic trips with 120 + 130 zł of tickets each, the German trip with 2 × 180 zł.
      expect(total(rows, 'invoiceInternalReport', 'amountPln')).toBe('860.00');
    });

    it('delegationOrdersReport: the order with its estimate and its settlement’s engine total', async () => {
      const rows = csvRows((await generate({ report_type: 'delegationOrdersReport', ...range() })).file.body);
      expect(rows).toHaveLength(1 + 1 + 1);
      const [foreign] = await engineTotals([foreignId]);
      expect(total(rows, 'delegationOrdersReport', 'estimate')).toBe('500.00');
      expect(total(rows, 'delegationOrdersReport', 'settledTotal')).toBe(foreign!.totalPln);
      expect(csvRows((await generate({ report_type: 'delegationOrdersReport', ...elsewhere() })).file.body)).toHaveLength(2);
    });
  });

  it('invoiceExchangeDateRange: chooses the euro bills by the day of the NBP table that converted them', async () => {
    const [foreign] = await engineTotals([foreignId]);
    const table = (foreign!.calculated as { other: { conversions: { exchange_rate: { date: string } }[] }[] }).other[0]!.conversions[0]!.exchange_rate.date;
    const hit = csvRows((await generate({ report_type: 'invoiceExchangeDateRange', date_type: 'trip', date_from: table, date_to: table })).file.body);
    expect(hit).toHaveLength(1 + 2 + 1);
    const miss = csvRows((await generate({ report_type: 'invoiceExchangeDateRange', date_type: 'trip', date_from: '2026-01-01', date_to: '2026-01-31' })).file.body);
    expect(miss).toHaveLength(2);
  });

  it('budgetReport: spent is the settled engine totals, committed the accepted orders not settled, left the rest, as the budget view counts them', async () => {
    await t.db.insert(costCentreBudgets).values({ companyId: c.company.id, costCentreId: centreId, dateFrom: '2026-01-01', dateTo: '2026-12-31', amount: '5000.00' });
    // Accepted and not settled: committed. The German trip's order is settled, so counted as spent only.
    await insertOrder(t.db, c.company.id, c.employee.id, { costCentreId: centreId, status: 'accepted', startDate: new Date('2026-05-04T06:00:00Z'), estimatedTotalCost: '800.00' });
    const rows = csvRows((await generate({ report_type: 'budgetReport', date_type: 'settle', date_from: '2026-01-01', date_to: '2026-12-31' })).file.body);
    const spent = sumDecimals((await engineTotals(settledIds)).map((row) => row.totalPln));
    const columns = REPORT_COLUMNS.budgetReport.map((column) => column.key);
    const row = rows[1]!.map((cell) => cell.replace(',', '.'));
    expect(row[columns.indexOf('spent')]).toBe(spent.toFixed(2));
    expect(row[columns.indexOf('committed')]).toBe('800.00');
    expect(row[columns.indexOf('left')]).toBe(sumDecimals(['5000.00', spent.negated(), '-800.00']).toFixed(2));
    const view = (await api.get(`/booking/report/budget/list?cost_centre_id=${centreId}`, accountant)).json().items[0].figures;
    expect([row[columns.indexOf('spent')], row[columns.indexOf('committed')], row[columns.indexOf('left')]]).toEqual([view.spent, view.committed, view.left]);
  });

  it('names the statuses in the language of whoever asked for the report, not by their stored codes', async () => {
    const statusOf = (rows: string[][], type: ReportType, key = 'status') => {
      const index = REPORT_COLUMNS[type].findIndex((column) => column.key === key);
      return rows.slice(1, -1).map((row) => row[index]);
    };
    const summary = { report_type: 'summaryReport', date_type: 'trip', date_from: '2026-03-08', date_to: '2026-03-12', statuses: ['settled', 'submitted'] };
    const polish = csvRows((await generate(summary)).file.body);
    expect(statusOf(polish, 'summaryReport').sort()).toEqual(['Rozliczone', 'Rozliczone', 'Rozliczone', 'Wysłane do akceptacji']);
    const orders = csvRows((await generate({ report_type: 'delegationOrdersReport', ...RANGES.trip, date_type: 'trip' })).file.body);
    expect(statusOf(orders, 'delegationOrdersReport')).toEqual(['Zaakceptowane']);
    expect(statusOf(orders, 'delegationOrdersReport', 'settlementStatus')).toEqual(['Rozliczone']);

    const englishUser = await createUser(t.db, c.company, { permissions: ['reportDelegation'], language: 'en-GB' });
    const english = csvRows((await generate(summary, await authHeaders(t.app, c.company, englishUser))).file.body);
    expect(statusOf(english, 'summaryReport').sort()).toEqual(['Settled', 'Settled', 'Settled', 'Submitted']);
  });

  it('writes XLSX that a spreadsheet reads: headers, the rows and the total as numbers', async () => {
    const { file } = await generate({ report_type: 'summaryReport', ...RANGES.settle, date_type: 'settle', file_format: 'xlsx', statuses: ['settled'] });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const totalColumn = REPORT_COLUMNS.summaryReport.findIndex((column) => column.key === 'total') + 1;
    expect(sheet.getRow(1).getCell(totalColumn).value).toBe('Razem PLN');
    expect(sheet.rowCount).toBe(1 + 3 + 1);
    const expected = sumDecimals((await engineTotals(settledIds)).map((row) => row.totalPln)).toNumber();
    expect(sheet.getRow(5).getCell(totalColumn).value).toBeCloseTo(expected, 2);
  });

  it('writes a PDF, and refuses none of the filters’ ids of its own company', async () => {
    const { file, listed } = await generate({ report_type: 'summaryReport', ...RANGES.settle, date_type: 'settle', file_format: 'pdf', project_ids: [projectId], user_ids: [c.employee.id] });
    expect(listed.status).toBe('ready');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('downloads exactly the stored file, streamed from the storage, with its length, type, name and download headers', async () => {
    const wholeReads = vi.spyOn(t.storage, 'get');
    const { id, listed, file } = await generate({ report_type: 'summaryReport', ...RANGES.settle, date_type: 'settle', file_format: 'xlsx' });
    expect(wholeReads, 'the download never reads the whole file into memory').not.toHaveBeenCalled();
    wholeReads.mockRestore();
    const [row] = await t.db.select({ storageKey: reports.storageKey }).from(reports).where(eq(reports.id, id));
    const stored = await t.storage.get(row!.storageKey!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(stored!)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-length': String(stored!.length),
      'content-disposition': `attachment; filename="${listed.file_name}"; filename*=UTF-8''${listed.file_name}`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  it('filters by cost centre: another cost centre gives an empty report', async () => {
    const rows = csvRows((await generate({ report_type: 'summaryReport', ...RANGES.settle, date_type: 'settle', cost_centre_ids: [otherCentreId] })).file.body);
    expect(rows).toHaveLength(2);
  });

  it('records the request in the audit log', async () => {
    const { id } = await generate({ report_type: 'summaryReport', ...RANGES.trip, date_type: 'trip' });
    expect(await lastAuditRow(t.db, c.company.id, 'report.create')).toMatchObject({ entityId: String(id) });
  });

  it('refuses a range ending before it starts, at the end date', async () => {
    const response = await api.post('/report/create', accountant, { report_type: 'summaryReport', date_type: 'trip', date_from: '2026-03-10', date_to: '2026-03-01', file_format: 'csv' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([expect.objectContaining({ path: ['date_to'], code: 'validation.dateRange' })]);
  });
});

describe('trip reports: who may see them', () => {
  it('needs reportDelegation for every route', async () => {
    for (const headers of [c.headers.employee, c.headers.admin, c.headers.finance]) {
      expect((await api.get('/report/list', headers)).statusCode).toBe(403);
      expect((await api.get('/report/form-options', headers)).statusCode).toBe(403);
      expect((await api.post('/report/create', headers, { report_type: 'summaryReport', date_type: 'trip', ...RANGES.trip, file_format: 'csv' })).statusCode).toBe(403);
    }
  });

  it('never puts another company’s data in a report, nor shows or gives its reports', async () => {
    const other = await settlementCompany(t.app, t.db);
    const outsider = await authHeaders(t.app, other.company, await createUser(t.db, other.company, { permissions: ['reportDelegation'] }));
    // The other company asks for our cost centre and employee by id: it gets no row of ours.
    const { id, file } = await generate({ report_type: 'summaryReport', date_type: 'settle', ...RANGES.settle, cost_centre_ids: [centreId], user_ids: [c.employee.id] }, outsider);
    expect(csvRows(file.body)).toHaveLength(2);
    const everything = csvRows((await generate({ report_type: 'summaryReport', date_type: 'settle', ...RANGES.settle, cost_centre_ids: [] }, outsider)).file.body);
    expect(everything).toHaveLength(2);
    // Our reports are neither listed nor downloadable for it, nor its for us.
    const ours = (await api.get('/report/list', accountant)).json().items.map((item: { id: number }) => item.id);
    expect(ours).not.toContain(id);
    expect((await api.get(`/report/download?id=${id}`, accountant)).statusCode).toBe(404);
    expect((await api.get(`/report/download?id=${ours[0]}`, outsider)).statusCode).toBe(404);
    const options = (await api.get('/report/form-options', outsider)).json();
    expect(options.cost_centres.map((centre: { id: number }) => centre.id)).not.toContain(centreId);
  });
});

describe('trip reports: the requester is told when the report is finished', () => {
  it('e-mails whoever asked, in their language, that the report is ready, with the link to the report list', async () => {
    const english = await createUser(t.db, c.company, { permissions: ['reportDelegation'], language: 'en-US', email: 'reports.en@example.test' });
    const before = (await outboxOf(t.db, c.company.id)).length;
    const { listed } = await generate({ report_type: 'summaryReport', ...RANGES.settle, date_type: 'settle' });
    expect(listed).toMatchObject({ status: 'ready', progress: 100 });
    await generate({ report_type: 'delegationOrdersReport', ...RANGES.trip, date_type: 'trip' }, await authHeaders(t.app, c.company, english));
    const mails = (await outboxOf(t.db, c.company.id)).slice(before);
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
      [accountantEmail, `Delego: raport summaryReport_${RANGES.settle.date_from}_${RANGES.settle.date_to}.csv jest gotowy`],
      ['reports.en@example.test', `Delego: the report delegationOrdersReport_${RANGES.trip.date_from}_${RANGES.trip.date_to}.csv is ready`],
    ]);
    expect(mails[0]!.textBody).toContain('Zamówiony raport „Zestawienie rozliczeń”');
    expect(mails[0]!.textBody).toContain('Pobierz go z listy raportów w Delego: http://delego.test/report');
    expect(mails[1]!.textBody).toContain('Download it from the reports in Delego: http://delego.test/report');
  });

  it('tells the requester when the report could not be made, and why', async () => {
    const before = (await outboxOf(t.db, c.company.id)).length;
    // The storage refuses the file: generation fails, nothing is kept.
    const refused = vi.spyOn(t.storage, 'putStream').mockRejectedValueOnce(new Error('disk full'));
    try {
      const created = await api.post('/report/create', accountant, { report_type: 'summaryReport', ...RANGES.settle, date_type: 'settle', cost_centre_ids: [centreId], file_format: 'csv' });
      await t.app.services.reports.idle();
      const listed = (await api.get('/report/list', accountant)).json().items.find((item: { id: number }) => item.id === created.json().report.id);
      expect(listed).toMatchObject({ status: 'failed', error: 'report.generationFailed' });
    } finally {
      refused.mockRestore();
    }
    const [mail, ...more] = (await outboxOf(t.db, c.company.id)).slice(before);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Delego: nie udało się wygenerować raportu summaryReport_${RANGES.settle.date_from}_${RANGES.settle.date_to}.csv`);
    expect(mail?.textBody).toContain('Spróbuj wygenerować go ponownie.');
  });

  it('sends nothing when the company turned e-mail notifications off; the list still shows the report ready', async () => {
    const mode = c.company.settings.email_notification_mode;
    await updateCompanySettings(t.db, c.company, { email_notification_mode: 'disabled' });
    try {
      const before = (await outboxOf(t.db, c.company.id)).length;
      const { listed } = await generate({ report_type: 'summaryReport', ...RANGES.settle, date_type: 'settle' });
      expect(listed.status).toBe('ready');
      expect((await outboxOf(t.db, c.company.id)).length).toBe(before);
    } finally {
      await updateCompanySettings(t.db, c.company, { email_notification_mode: mode });
    }
  });
});
