import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { insertBooking } from '../../../test/bookings.ts';
import { domesticForm, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { SAMPLE_PDF } from '../../../test/sample-files.ts';
import { invoices, optimaSettings } from '../../db/schema/index.ts';
import { hostileZip, zipOf } from '../../../test/zip.ts';

const KSEF = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/ksef');
const ksefFile = (prefix: string) => {
  const name = readdirSync(KSEF).find((file) => file.startsWith(prefix))!;
  return { name, content: readFileSync(path.join(KSEF, name)) };
};

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let c: SettlementCompany;
type Headers = Record<string, string>;
let finance: Headers;
let otherFinance: Headers;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
  c = await settlementCompany(t.app, t.db);
  finance = await authHeaders(
    t.app,
    c.company,
    await createUser(t.db, c.company, { permissions: ['viewInvoices', 'delegationAcceptFinancial'] }),
  );
  const other = await createCompany(t.db);
  otherFinance = await authHeaders(
    t.app,
    other,
    await createUser(t.db, other, { permissions: ['viewInvoices'] }),
  );
  await t.db.insert(optimaSettings).values({ companyId: c.company.id, companyTaxId: '5260250274' });
});
afterAll(async () => t.close());

function upload(url: string, headers: Headers, fileName: string, content: Buffer) {
  const boundary = '----delegoInvoiceBoundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

const invoiceBody = (overrides: Record<string, unknown> = {}) => ({
  number: 'FV/2026/03/0399',
  issue_date: '2026-03-12',
  sale_date: '2026-03-12',
  received_date: '2026-03-13',
  due_date: '2026-03-26',
  seller_name: 'Hotel Wawel Kraków Sp. z o.o.',
  seller_tax_id: '701-000-43-97',
  seller_address: 'ul. Poselska 22, 31-002 Kraków',
  seller_country: 'PL',
  currency: 'PLN',
  vat_lines: [{ rate: '8', net: '500.00', vat: '40.00' }],
  booking_ids: [],
  delegation_ids: [],
  ...overrides,
});

describe('invoices', () => {
  it('enters an invoice with its PDF and bookings, lists it, shows it and downloads the PDF; another company gets 404', async () => {
    const hotel = await insertBooking(t.db, c.company.id, c.employee.id, {
      kind: 'hotel',
      name: 'Hotel Wawel',
      amountGross: '540.00',
    });
    const pdf = SAMPLE_PDF;
    const uploaded = await upload('/invoice/upload', finance, 'faktura.pdf', pdf);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const response = await api.post(
      '/invoice/save',
      finance,
      invoiceBody({ booking_ids: [hotel], file_token: uploaded.json().file_token }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const invoice = response.json().invoice;
    expect(invoice).toMatchObject({
      source: 'manual',
      seller_tax_id: '7010004397',
      net_total: '500.00',
      vat_total: '40.00',
      gross_total: '540.00',
      booking_count: 1,
      has_file: true,
      vat_lines: [{ rate: '8', net: '500.00', vat: '40.00', gross: '540.00' }],
    });
    expect(await lastAuditRow(t.db, c.company.id, 'invoice.create')).toMatchObject({
      entityId: String(invoice.id),
    });

    const list = (await api.get('/invoice/list?search=wawel', finance)).json();
    expect(list.items.map((item: { id: number }) => item.id)).toEqual([invoice.id]);
    const download = await api.get(`/invoice/download?id=${invoice.id}`, finance);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await api.get(`/invoice/download?id=${invoice.id}`, otherFinance)).statusCode).toBe(404);
    expect((await api.post('/invoice/details', otherFinance, { id: invoice.id })).statusCode).toBe(404);
    expect((await api.get('/invoice/list', otherFinance)).json().total).toBe(0);
  });

  it('refuses a second invoice with the same seller and number, VAT not matching its rate, a bad NIP and unknown bookings, at their fields', async () => {
    const response = await api.post(
      '/invoice/save',
      finance,
      invoiceBody({
        vat_lines: [{ rate: '23', net: '100.00', vat: '8.00' }],
        seller_tax_id: '7010004390',
        booking_ids: [999_999],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .issues.map(
          (issue: { path: (string | number)[]; code: string }) => `${issue.path.join('.')}:${issue.code}`,
        ),
    ).toEqual(
      expect.arrayContaining([
        'vat_lines.0.vat:invoice.vatMismatch',
        'seller_tax_id:contractor.nipInvalid',
        'booking_ids.0:validation.unknownReference',
      ]),
    );
    const again = await api.post('/invoice/save', finance, invoiceBody());
    expect(again.json().issues).toEqual([
      { path: ['number'], code: 'invoice.duplicate', params: { id: expect.any(Number) } },
    ]);
    expect(
      (await api.post('/invoice/save', finance, invoiceBody({ file_token: 'not-uploaded' }))).json().issues,
    ).toContainEqual({ path: ['file_token'], code: 'attachment.fileMissing' });
  });

  it('accepts only a PDF as the invoice file', async () => {
    expect(
      (await upload('/invoice/upload', finance, 'x.pdf', Buffer.from('MZ not a pdf'))).json().issues,
    ).toEqual([{ path: ['file'], code: 'attachment.pdfOnly' }]);
  });

  it("refuses an invoice file with a PDF's header that does not parse as a PDF", async () => {
    const page = Buffer.from('%PDF-1.7\n<!doctype html><html><body><script>document.location="https://example.com"</script></body></html>');
    expect((await upload('/invoice/upload', finance, 'faktura.pdf', page)).json().issues).toEqual([
      { path: ['file'], code: 'attachment.pdfOnly' },
    ]);
  });

  it('is for viewInvoices, companyAdmin or SuperAdmin only', async () => {
    expect((await api.get('/invoice/list', c.headers.employee)).statusCode).toBe(403);
    expect((await api.get('/invoice/list', c.headers.admin)).statusCode).toBe(200);
    expect(
      (await api.post('/invoice/save', c.headers.employee, invoiceBody({ number: 'X/1' }))).statusCode,
    ).toBe(403);
  });

  it('releases a settlement held for a missing invoice once the invoice is entered for its booking', async () => {
    const ticket = await insertBooking(t.db, c.company.id, c.employee.id, {
      startAt: new Date('2026-03-24T06:00:00Z'),
      endAt: new Date('2026-03-24T09:00:00Z'),
      amountGross: '169.00',
    });
    const form = domesticForm({ booking: [{ booking_id: ticket, label: 'PKP' }] }, '2026-03-24');
    const saved = (
      await api.post('/delegation/save-standard', c.headers.employee, { delegation: form })
    ).json();
    const id = saved.delegation.id;
    await api.post('/delegation/action', c.headers.employee, { id, action: 'submit' });
    const check = (await api.get(`/delegation/cost-check?id=${id}`, c.headers.acceptor)).json();
    expect(check.bookings).toEqual([expect.objectContaining({ id: ticket, invoice_missing: true })]);
    expect(
      (await api.post('/delegation/action', c.headers.acceptor, { id, action: 'accept' })).statusCode,
    ).toBe(409);
    await api.post(
      '/invoice/save',
      finance,
      invoiceBody({
        number: 'IC/1',
        seller_name: 'PKP Intercity',
        seller_tax_id: '5261000214',
        vat_lines: [{ rate: '8', net: '156.48', vat: '12.52' }],
        booking_ids: [ticket],
      }),
    );
    expect(
      (await api.get(`/delegation/cost-check?id=${id}`, c.headers.acceptor)).json().bookings[0]
        .invoice_missing,
    ).toBe(false);
    expect(
      (await api.post('/delegation/action', c.headers.acceptor, { id, action: 'accept' })).statusCode,
    ).toBe(200);
    expect((await api.get(`/delegation/cost-check?id=${id}`, c.headers.colleague)).statusCode).toBe(404);
  });

  it('shows the acceptor a bill claimed in two settlements and twice in one', async () => {
    const taxi = {
      type_id: 'taxi',
      payment_type_id: 'cash',
      currency: 'PLN',
      amount_in_currency: '45.00',
      bill_number: 'T/77',
      bill_description: 'Taxi Plus',
      bill_date: '2026-03-26',
    };
    const first = (
      await api.post('/delegation/save-standard', c.headers.employee, {
        delegation: domesticForm(
          { other: [taxi, { ...taxi, bill_number: 'T/78' }, { ...taxi, bill_number: 'T/79' }] },
          '2026-03-26',
        ),
      })
    ).json();
    const second = (
      await api.post('/delegation/save-standard', c.headers.colleague, {
        delegation: domesticForm({ other: [taxi] }, '2026-03-26'),
      })
    ).json();
    expect(second.status).toBe('OK');
    const check = (
      await api.get(`/delegation/cost-check?id=${first.delegation.id}`, c.headers.employee)
    ).json();
    expect(check.duplicates).toEqual(
      expect.arrayContaining([
        {
          place: 'other.0',
          reason: 'sameNumber',
          bill_number: 'T/77',
          other_delegation_id: second.delegation.id,
          other_delegation_number: null,
          other_trip_start: '2026-03-26 07:00',
          other_trip_end: '2026-03-26 20:00',
          other_place: 'other.0',
          other_bill_number: 'T/77',
        },
        {
          place: 'other.1',
          reason: 'sameAmountDateSeller',
          bill_number: 'T/78',
          other_delegation_id: first.delegation.id,
          other_delegation_number: null,
          other_trip_start: '2026-03-26 07:00',
          other_trip_end: '2026-03-26 20:00',
          other_place: 'other.2',
          other_bill_number: 'T/79',
        },
      ]),
    );
  });
});

describe('KSeF FA(3) invoices matched to trips', () => {
  let tripId: number;
  let hotelBooking: number;
  beforeAll(async () => {
    hotelBooking = await insertBooking(t.db, c.company.id, c.employee.id, {
      kind: 'hotel',
      name: 'Hotel Wawel',
      endPlace: 'Kraków',
      amountGross: '540.00',
      startAt: new Date('2026-03-10T15:00:00Z'),
      endAt: new Date('2026-03-12T10:00:00Z'),
    });
    const form = domesticForm(
      {
        start_date: '2026-03-10 07:00',
        end_date: '2026-03-12 20:00',
        booking: [{ booking_id: hotelBooking, label: 'Hotel Wawel' }],
        country: [
          {
            country_code: 'PL',
            in_date: '2026-03-10 07:00',
            out_date: '2026-03-12 20:00',
            accommodation: [
              {
                settlement_type_id: 'importReservation',
                booking_id: hotelBooking,
                start_date: '2026-03-10 15:00',
                end_date: '2026-03-12 10:00',
                currency: 'PLN',
                amount_in_currency: '540.00',
              },
            ],
          },
        ],
      },
      '2026-03-10',
    );
    form.transport[1] = {
      ...form.transport[1]!,
      start_date: '2026-03-12 17:00',
      end_date: '2026-03-12 20:00',
    };
    const saved = (
      await api.post('/delegation/save-standard', c.headers.employee, { delegation: form })
    ).json();
    expect(saved.status, JSON.stringify(saved)).toBe('OK');
    tripId = saved.delegation.id;
  });

  it('imports a ZIP of FA(3) files, matches hotel, rail and restaurant to the trip with reasons, and leaves the unrelated one unmatched', async () => {
    const zip = await zipOf(
      [
        ksefFile('7010004397'),
        ksefFile('5261000214'),
        ksefFile('6762468377'),
        ksefFile('7781012354'),
        { name: 'notes.txt', content: Buffer.from('x') },
      ].map((entry) => ({ ...entry, modifiedAt: new Date('2026-04-01T10:00:00Z') })),
    );
    const response = await upload('/invoice/ksef-import', finance, 'ksef-marzec.zip', zip);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.rejected).toEqual([]);
    expect(
      result.imported
        .map((entry: { number: string; match_status: string }) => `${entry.number}:${entry.match_status}`)
        .sort(),
    ).toEqual(
      [
        'FV/2026/03/0412:suggested',
        'HB/0402/17:none',
        'IC/2026/03/884512:suggested',
        'R/118/03/2026:suggested',
      ].sort(),
    );
    const hotelId = result.imported.find(
      (entry: { number: string }) => entry.number === 'FV/2026/03/0412',
    ).invoice_id;
    const hotel = (await api.post('/invoice/details', finance, { id: hotelId })).json().invoice;
    expect(hotel).toMatchObject({
      source: 'ksef',
      ksef_number: '7010004397-20260312-0A1B2C3D4E5F-11',
      seller_tax_id: '7010004397',
      gross_total: '540.00',
      other_parties: ['Jan Testowy'],
      line_names: ['Usługa noclegowa – pokój jednoosobowy, 10–12.03.2026'],
    });
    expect(hotel.match).toMatchObject({
      delegationId: tripId,
      userId: c.employee.id,
      bookingId: hotelBooking,
    });
    expect(hotel.match.reasons.map((reason: { code: string }) => reason.code)).toEqual([
      'match.date',
      'match.place',
      'match.kind.hotel',
      'match.person',
      'match.bookingAmount',
    ]);
    const restaurant = (
      await api.post('/invoice/details', finance, {
        id: result.imported.find((entry: { number: string }) => entry.number === 'R/118/03/2026').invoice_id,
      })
    ).json().invoice;
    expect(restaurant).toMatchObject({
      seller_name: 'Restauracja „Pod Baranami” Żaneta Ćwik',
      vat_lines: [
        { rate: '23', net: '20.00', vat: '4.60', gross: '24.60' },
        { rate: '8', net: '80.00', vat: '6.40', gross: '86.40' },
      ],
      line_names: ['Obiad – zestaw dnia', 'Woda mineralna & kawa'],
    });
    const download = await api.get(`/invoice/download?id=${hotelId}`, finance);
    expect(download.headers['content-type']).toBe('application/xml');
    expect(download.body).toContain('<P_2>FV/2026/03/0412</P_2>');

    // The same file again is recognised.
    const again = (
      await upload(
        '/invoice/ksef-import',
        finance,
        ksefFile('7010004397').name,
        ksefFile('7010004397').content,
      )
    ).json();
    expect(again).toMatchObject({
      imported: [],
      duplicates: [{ invoice_id: hotelId, number: 'FV/2026/03/0412' }],
    });
  });

  it('confirms the match: the invoice becomes its booking’s invoice on the settlement; a rejected one stays unmatched', async () => {
    const [hotel] = await t.db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, c.company.id),
          eq(invoices.ksefNumber, '7010004397-20260312-0A1B2C3D4E5F-11'),
        ),
      );
    const confirmed = await api.post('/invoice/match-confirm', finance, {
      id: hotel!.id,
      delegation_id: tripId,
      booking_id: hotelBooking,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().invoice).toMatchObject({
      match_status: 'confirmed',
      booking_count: 1,
      delegations: [{ id: tripId }],
    });
    expect((await api.get(`/delegation/cost-check?id=${tripId}`, c.headers.employee)).json()).toMatchObject({
      bookings: [{ id: hotelBooking, invoice_missing: false }],
      invoices: [{ id: hotel!.id }],
    });
    expect(await lastAuditRow(t.db, c.company.id, 'invoice.matchConfirm')).toMatchObject({
      after: { delegation_id: tripId, booking_id: hotelBooking },
    });

    const [poznan] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, c.company.id), eq(invoices.number, 'HB/0402/17')));
    expect(
      (await api.post('/invoice/match-reject', finance, { id: poznan!.id })).json().invoice.match_status,
    ).toBe('rejected');
    expect(
      (
        await api.post('/invoice/match-confirm', finance, {
          id: poznan!.id,
          delegation_id: tripId,
          booking_id: 999_999,
        })
      ).json().issues,
    ).toEqual([{ path: ['booking_id'], code: 'invoice.bookingNotOfSettlement' }]);
  });

  it('corrects a match to a settlement that was no candidate: the invoice joins it as a company cost, named by its employee, without the suggestion’s reasons', async () => {
    const [restaurant] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, c.company.id), eq(invoices.number, 'R/118/03/2026')));
    expect(restaurant!.match?.delegationId).toBe(tripId);
    const colleagueTrip = (
      await api.post('/delegation/save-standard', c.headers.colleague, { delegation: domesticForm({}, '2026-04-14') })
    ).json().delegation.id;
    const otherCompany = await createCompany(t.db);
    const otherEmployee = await createUser(t.db, otherCompany, { permissions: [] });
    const foreignTrip = (
      await api.post('/delegation/save-standard', await authHeaders(t.app, otherCompany, otherEmployee), {
        delegation: domesticForm({}, '2026-04-14'),
      })
    ).json().delegation.id;
    expect(
      (await api.post('/invoice/match-confirm', finance, { id: restaurant!.id, delegation_id: foreignTrip, booking_id: null })).json()
        .issues,
    ).toEqual([{ path: ['delegation_id'], code: 'validation.unknownReference' }]);

    const corrected = await api.post('/invoice/match-confirm', finance, {
      id: restaurant!.id,
      delegation_id: colleagueTrip,
      booking_id: null,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().invoice).toMatchObject({
      match_status: 'confirmed',
      delegations: [{ id: colleagueTrip }],
      match: {
        delegationId: colleagueTrip,
        userId: c.colleague.id,
        employeeName: `${c.colleague.name} ${c.colleague.surname}`,
        bookingId: null,
        score: 0,
        reasons: [],
      },
    });
    expect((await api.get(`/delegation/cost-check?id=${colleagueTrip}`, c.headers.colleague)).json()).toMatchObject({
      invoices: [{ id: restaurant!.id }],
    });
  });

  it('refuses a file that is not an FA(3) invoice, a DOCTYPE, another buyer’s invoice and a damaged ZIP, saying why', async () => {
    const notInvoice = (
      await upload(
        '/invoice/ksef-import',
        finance,
        'x.xml',
        Buffer.from('<?xml version="1.0"?><ROOT xmlns="http://www.comarch.pl/cdn/optima/offline"/>'),
      )
    ).json();
    expect(notInvoice.rejected).toEqual([{ file_name: 'x.xml', code: 'ksef.notFa3' }]);
    const doctype = (
      await upload(
        '/invoice/ksef-import',
        finance,
        'e.xml',
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Faktura>&e;</Faktura>',
        ),
      )
    ).json();
    expect(doctype.rejected).toEqual([{ file_name: 'e.xml', code: 'ksef.notXml' }]);
    const otherBuyer = ksefFile('7781012354')
      .content.toString('utf8')
      .replace(/<P_2>HB\/0402\/17<\/P_2>/, '<P_2>HB/1</P_2>')
      .replace('<NIP>5260250274</NIP>', '<NIP>7781012354</NIP>');
    expect(
      (await upload('/invoice/ksef-import', finance, 'b.xml', Buffer.from(otherBuyer))).json().rejected,
    ).toEqual([{ file_name: 'b.xml', code: 'ksef.otherBuyer', params: { nip: '7781012354' } }]);
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
    expect((await upload('/invoice/ksef-import', finance, 'z.zip', damaged)).json().issues).toEqual([
      { path: ['file'], code: 'ksef.zip.malformed', params: { max: 50 } },
    ]);
  });

  it('refuses a zip bomb and an archive whose file names lead outside it, importing nothing', async () => {
    const countBefore = (await t.db.select().from(invoices)).length;
    const bomb = await hostileZip([
      { ...ksefFile('7010004397'), compress: true },
      { name: 'bomb.xml', content: Buffer.alloc(20 * 1024 * 1024), compress: true },
    ]);
    const bombAnswer = await upload('/invoice/ksef-import', finance, 'ksef.zip', bomb);
    expect(bombAnswer.statusCode).toBe(400);
    expect(bombAnswer.json().issues).toEqual([{ path: ['file'], code: 'ksef.zip.compressionRatio', params: { max: 100 } }]);
    const traversal = await hostileZip([ksefFile('5261000214'), { name: '../../../tmp/x.xml', content: ksefFile('6762468377').content }]);
    const traversalAnswer = await upload('/invoice/ksef-import', finance, 'ksef.zip', traversal);
    expect(traversalAnswer.statusCode).toBe(400);
    expect(traversalAnswer.json().issues).toEqual([{ path: ['file'], code: 'ksef.zip.unsafeName', params: { max: 50 } }]);
    expect((await t.db.select().from(invoices)).length).toBe(countBefore);
  });
});
