import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { insertBooking, insertInvoice } from '../../../test/bookings.ts';
import { domesticForm, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { updateCompanySettings } from '../../../test/trips.ts';
import { bookings, costCentres, invoices, users } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let c: SettlementCompany;
type Headers = Record<string, string>;
let manager: Headers;
let traveller: Headers;
let booker: Headers;
let nobody: Headers;
let otherManager: Headers;
let travellerId: number;
let bookerId: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
  c = await settlementCompany(t.app, t.db);
  const managerUser = await createUser(t.db, c.company, {
    permissions: ['viewAllBookings', 'bookingMapping'],
  });
  manager = await authHeaders(t.app, c.company, managerUser);
  const travellerUser = await createUser(t.db, c.company, { permissions: ['viewBookingAssigned'] });
  travellerId = travellerUser.id;
  traveller = await authHeaders(t.app, c.company, travellerUser);
  const bookerUser = await createUser(t.db, c.company, { permissions: ['viewBookings'] });
  bookerId = bookerUser.id;
  booker = await authHeaders(t.app, c.company, bookerUser);
  nobody = await authHeaders(t.app, c.company, await createUser(t.db, c.company));
  const other = await createCompany(t.db);
  otherManager = await authHeaders(
    t.app,
    other,
    await createUser(t.db, other, { permissions: ['viewAllBookings', 'bookingMapping'] }),
  );
});
afterAll(async () => t.close());

function upload(url: string, headers: Headers, fileName: string, content: Buffer | string) {
  const boundary = '----delegoTestBoundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

const HEADER =
  'source,external_booking_id,segment_seq,service_type,traveler_name,traveler_email,vendor_name,flight_number,origin,destination,start_at,end_at,amount_gross,currency,invoice_number,invoice_date,seller_name,seller_nip';

const flightForm = (overrides: Record<string, unknown> = {}) => ({
  kind: 'flight',
  user_id: travellerId,
  carrier: 'LOT',
  flight_number: 'LO 379',
  seat_class: 'economy',
  start_place: 'Warszawa (WAW)',
  end_place: 'Frankfurt (FRA)',
  start_at: '2026-05-04 07:10',
  end_at: '2026-05-04 09:20',
  amount_gross: '1240.00',
  currency: 'PLN',
  ...overrides,
});

describe('bookings: who sees what', () => {
  let ownTicket: number;
  let bookedForOther: number;
  let othersTicket: number;
  beforeAll(async () => {
    ownTicket = await insertBooking(t.db, c.company.id, travellerId, { travellerName: 'Tomasz Podróżny' });
    bookedForOther = await insertBooking(t.db, c.company.id, c.colleague.id, {
      bookedById: bookerId,
      kind: 'hotel',
      name: 'Hotel Wawel',
    });
    othersTicket = await insertBooking(t.db, c.company.id, c.colleague.id, {
      kind: 'flight',
      carrier: 'LOT',
    });
  });

  it('shows viewAllBookings every booking, viewBookingAssigned those they travel on, viewBookings also those they booked', async () => {
    const ids = async (headers: Headers) =>
      ((await api.get('/booking/list?page_size=200', headers)).json().items as { id: number }[]).map(
        (item) => item.id,
      );
    expect(await ids(manager)).toEqual(expect.arrayContaining([ownTicket, bookedForOther, othersTicket]));
    expect(await ids(traveller)).toEqual([ownTicket]);
    expect(await ids(booker)).toEqual([bookedForOther]);
    expect((await api.get('/booking/list', nobody)).statusCode).toBe(403);
  });

  it('lists a tab by its kinds, with low-cost flights among flights, and the flight module alone opens flights only', async () => {
    await insertBooking(t.db, c.company.id, travellerId, { kind: 'lowCost', carrier: 'Ryanair' });
    const flights = (await api.get('/booking/list?tab=flight&page_size=200', manager)).json().items as {
      kind: string;
    }[];
    expect(new Set(flights.map((item) => item.kind))).toEqual(new Set(['flight', 'lowCost']));
    const hotels = (await api.get('/booking/list?tab=hotel', manager)).json();
    expect(hotels.items.map((item: { id: number }) => item.id)).toEqual([bookedForOther]);

    const flightOnly = await createCompany(t.db, { modules: { all_bookings: 1, flight_bookings: 2 } });
    const flightManager = await authHeaders(
      t.app,
      flightOnly,
      await createUser(t.db, flightOnly, { permissions: ['viewAllBookings'] }),
    );
    const hotel = await insertBooking(t.db, flightOnly.id, null, { kind: 'hotel', name: 'X' });
    expect((await api.get('/booking/list?tab=hotel', flightManager)).json()).toEqual({ items: [], total: 0 });
    expect((await api.post('/booking/details', flightManager, { id: hotel })).statusCode).toBe(404);
    const none = await createCompany(t.db, { modules: { all_bookings: 1, flight_bookings: 1 } });
    const noneManager = await authHeaders(
      t.app,
      none,
      await createUser(t.db, none, { permissions: ['viewAllBookings'] }),
    );
    expect((await api.get('/booking/list', noneManager)).json().code).toBe('MODULE_DISABLED');
  });

  it('answers details to whoever may see the booking and 404 to others and to another company', async () => {
    const details = await api.post('/booking/details', traveller, { id: ownTicket });
    expect(details.statusCode).toBe(200);
    expect(details.json().booking).toMatchObject({
      id: ownTicket,
      kind: 'rail',
      carrier: 'PKP Intercity',
      route: 'Warszawa Centralna → Kraków Główny',
      start_at: '2026-03-10 07:00',
      invoice_missing: true,
      can_edit: false,
    });
    expect((await api.post('/booking/details', traveller, { id: othersTicket })).statusCode).toBe(404);
    expect((await api.post('/booking/details', otherManager, { id: ownTicket })).statusCode).toBe(404);
  });

  it('filters by the invoice still missing, traveller, dates and text', async () => {
    const invoiced = await insertBooking(t.db, c.company.id, travellerId, {
      startAt: new Date('2026-02-02T08:00:00Z'),
      endAt: null,
    });
    await insertInvoice(t.db, c.company.id, [invoiced]);
    const missing = (await api.get('/booking/list?invoice_missing=true&page_size=200', manager))
      .json()
      .items.map((item: { id: number }) => item.id);
    expect(missing).toContain(ownTicket);
    expect(missing).not.toContain(invoiced);
    expect(
      (await api.get(`/booking/list?invoice_missing=false&user_id=${travellerId}`, manager))
        .json()
        .items.map((item: { id: number }) => item.id),
    ).toEqual([invoiced]);
    expect(
      (await api.get('/booking/list?date_from=2026-02-01&date_to=2026-02-03', manager))
        .json()
        .items.map((item: { id: number }) => item.id),
    ).toEqual([invoiced]);
    expect(
      (await api.get('/booking/list?search=wawel', manager))
        .json()
        .items.map((item: { id: number }) => item.id),
    ).toEqual([bookedForOther]);
  });
});

describe('bookings added by hand', () => {
  it('adds a flight with every field of its template, audits it and lets it be corrected', async () => {
    const response = await api.post(
      '/booking/save',
      manager,
      flightForm({ baggage: '23 kg', is_return_route: true, record_locator: 'ABC123', comment: 'Targi' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const booking = response.json().booking;
    expect(booking).toMatchObject({
      kind: 'flight',
      source: 'consultant',
      user_id: travellerId,
      title: 'LOT · LO 379',
      start_at: '2026-05-04 07:10',
      end_at: '2026-05-04 09:20',
      baggage: '23 kg',
      is_return_route: true,
      seat_class: 'economy',
      can_edit: true,
    });
    expect(await lastAuditRow(t.db, c.company.id, 'booking.create')).toMatchObject({
      entityId: String(booking.id),
    });
    const edited = await api.post(
      '/booking/save',
      manager,
      flightForm({ id: booking.id, amount_gross: '1300.00' }),
    );
    expect(edited.json().booking.amount_gross).toBe('1300.00');
    expect(await lastAuditRow(t.db, c.company.id, 'booking.update')).toMatchObject({
      before: { amount_gross: '1240.00' },
      after: { amount_gross: '1300.00' },
    });
  });

  it('refuses missing places, dates out of order, a wrong class, an unknown traveller, and a caller without bookingMapping', async () => {
    const response = await api.post(
      '/booking/save',
      manager,
      flightForm({ start_place: '', end_at: '2026-05-03 10:00', seat_class: 'second' }),
    );
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .issues.map((issue: { path: string[]; code: string }) => `${issue.path.join('.')}:${issue.code}`),
    ).toEqual(
      expect.arrayContaining([
        'end_at:validation.dateRange',
        'start_place:validation.required',
        'seat_class:validation.invalidOption',
      ]),
    );
    expect(
      (await api.post('/booking/save', manager, flightForm({ user_id: 999_999 }))).json().issues,
    ).toEqual([{ path: ['user_id'], code: 'validation.unknownReference' }]);
    expect((await api.post('/booking/save', traveller, flightForm())).statusCode).toBe(403);
    expect((await api.post('/booking/save', manager, { ...flightForm(), amount_gross: 12 })).statusCode).toBe(
      400,
    );
  });

  it('deletes a free booking, and refuses one a settlement holds or an invoice covers; another company gets 404', async () => {
    const free = (await api.post('/booking/save', manager, flightForm())).json().booking.id;
    expect((await api.post('/booking/delete', otherManager, { id: free })).statusCode).toBe(404);
    expect((await api.post('/booking/delete', manager, { id: free })).statusCode).toBe(200);
    const invoiced = await insertBooking(t.db, c.company.id, travellerId);
    await insertInvoice(t.db, c.company.id, [invoiced]);
    expect((await api.post('/booking/delete', manager, { id: invoiced })).json().issues).toEqual([
      { path: ['id'], code: 'booking.invoiced' },
    ]);
    // A draft settlement has no number yet: the message names it by its trip's dates, not by an internal id.
    const held = await insertBooking(t.db, c.company.id, c.employee.id, { kind: 'hotel', name: 'Hotel Wawel' });
    const holder = (await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({ booking: [{ booking_id: held, label: 'Hotel' }] }, '2026-03-26') })).json();
    expect(holder.status, JSON.stringify(holder)).toBe('OK');
    expect((await api.post('/booking/delete', manager, { id: held })).json().issues).toEqual([
      { path: ['id'], code: 'booking.attachedUnnumbered', params: { start: '2026-03-26 07:00', end: '2026-03-26 20:00' } },
    ]);
  });
});

describe('booking import', () => {
  const row = (id: string, name: string, email: string, extra = ',,,,') =>
    `TMC,${id},1,AIR,${name},${email},LOT,LO 281,Warszawa,Bruksela,2026-04-02T07:00+02:00,2026-04-02 09:20,980.50,PLN${extra}`;

  it('previews a CSV without saving, with per-row errors, and saves nothing while a row is invalid', async () => {
    const csv = [
      HEADER,
      row('A1', 'Tomasz Podróżny', ''),
      'TMC,A2,1,SHIP,Ewa Nowak,,,,,,2026-13-01,,abc,PLN,,,,',
      row('A3', 'Ewa Nowak', ''),
    ].join('\n');
    const preview = await upload('/booking/import?mode=preview', manager, 'tmc.csv', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      mode: 'preview',
      row_count: 3,
      valid_count: 2,
      invalid_count: 1,
      created_count: 0,
      import_id: null,
    });
    expect(
      preview
        .json()
        .issues.map(
          (issue: { path: (string | number)[]; code: string }) => `${issue.path.join('.')}:${issue.code}`,
        ),
    ).toEqual([
      'rows.3.service_type:validation.invalidOption',
      'rows.3.start_at:validation.dateTime',
      'rows.3.amount_gross:validation.amount',
    ]);
    const before = await t.db.select().from(bookings).where(eq(bookings.companyId, c.company.id));
    const refused = await upload('/booking/import?mode=commit', manager, 'tmc.csv', csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().params).toEqual({ invalid_count: 1 });
    expect(await t.db.select().from(bookings).where(eq(bookings.companyId, c.company.id))).toHaveLength(
      before.length,
    );

    const skipped = await upload('/booking/import?mode=commit&skip_invalid=true', manager, 'tmc.csv', csv);
    expect(skipped.json()).toMatchObject({
      created_count: 2,
      skipped_count: 1,
      updated_count: 0,
      import_id: expect.any(Number),
    });
    expect(await lastAuditRow(t.db, c.company.id, 'booking.import')).toMatchObject({
      after: { created: 2, skipped: 1 },
    });
  });

  it('refuses a malformed file, a file with unknown or missing columns, an empty one and a non-UTF-8 one, importing nothing', async () => {
    const codes = async (content: string | Buffer) =>
      (await upload('/booking/import?mode=preview', manager, 'f.csv', content)).json().issues;
    expect(await codes(`${HEADER}\nTMC,"B1,1`)).toEqual([
      { path: ['file'], code: 'bookingImport.malformed', params: { line: 2 } },
    ]);
    expect(await codes(`${HEADER},loyalty_no\n`)).toEqual([
      { path: ['file'], code: 'bookingImport.unknownColumns', params: { columns: 'loyalty_no' } },
    ]);
    expect(await codes('source,service_type\nTMC,AIR')).toEqual([
      {
        path: ['file'],
        code: 'bookingImport.missingColumns',
        params: { columns: 'external_booking_id, traveler_name, start_at, amount_gross, currency' },
      },
    ]);
    expect(await codes('')).toEqual([{ path: ['file'], code: 'bookingImport.empty' }]);
    expect(await codes(Buffer.from([0x73, 0x6f, 0xff, 0xfe, 0x0a]))).toEqual([
      { path: ['file'], code: 'bookingImport.notUtf8' },
    ]);
  });

  it('imports an XLSX, assigns travellers by e-mail, updates rows imported before and creates the invoices the file names', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Rezerwacje');
    sheet.addRow(HEADER.split(','));
    const travellerEmail = (
      await t.db.select({ email: users.email }).from(users).where(eq(users.id, travellerId))
    )[0]!.email;
    sheet.addRow([
      'TMC',
      'X1',
      1,
      'HOTEL',
      'Tomasz Podróżny',
      travellerEmail,
      'Hotel Mercure Kraków',
      '',
      '',
      'Kraków',
      '2026-04-07',
      '2026-04-09',
      620,
      'PLN',
      'FV/77/2026',
      '2026-04-09',
      'Orbis S.A.',
      '526-025-02-74',
    ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const first = await upload('/booking/import?mode=commit', manager, 'tmc.xlsx', file);
    expect(first.json(), first.body).toMatchObject({
      created_count: 1,
      updated_count: 0,
      unmapped_travellers: [],
    });
    const [saved] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.companyId, c.company.id), eq(bookings.importKey, 'TMC:X1:1')));
    expect(saved).toMatchObject({
      kind: 'hotel',
      name: 'Hotel Mercure Kraków',
      userId: travellerId,
      amountGross: '620.00',
      endPlace: 'Kraków',
    });
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, c.company.id), eq(invoices.number, 'FV/77/2026')));
    expect(invoice).toMatchObject({ source: 'import', sellerTaxId: '5260250274', grossTotal: '620.00' });

    const again = await upload('/booking/import?mode=commit', manager, 'tmc.xlsx', file);
    expect(again.json()).toMatchObject({ created_count: 0, updated_count: 1 });
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.companyId, c.company.id), eq(bookings.importKey, 'TMC:X1:1'))),
    ).toHaveLength(1);
  });

  it('lists an unknown traveller for mapping with suggestions, maps them and later imports assign their rows at once', async () => {
    await t.db.insert(costCentres).values({ companyId: c.company.id, ordinate: 'MPK-9' });
    const csv = [`${HEADER},cost_center`, `${row('M1', 'KOWALSKA Anna', '')},MPK-9`].join('\n');
    expect((await upload('/booking/import?mode=commit', manager, 'm.csv', csv)).json()).toMatchObject({
      unmapped_travellers: ['KOWALSKA Anna'],
    });
    const anna = await createUser(t.db, c.company, { login: `anna${Date.now()}` });
    await t.db.update(users).set({ name: 'Anna', surname: 'Kowalska' }).where(eq(users.id, anna.id));
    const list = (await api.get('/booking/mapping/list', manager)).json().items;
    const entry = list.find((item: { traveller_name: string }) => item.traveller_name === 'KOWALSKA Anna');
    expect(entry).toMatchObject({ traveller_key: 'name:kowalska anna', booking_count: 1 });
    expect(entry.suggestions[0]).toMatchObject({ user_id: anna.id, reason: 'name' });
    expect(
      (
        await api.post('/booking/mapping/save', traveller, {
          traveller_key: entry.traveller_key,
          user_id: anna.id,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await api.post('/booking/mapping/save', manager, {
          traveller_key: entry.traveller_key,
          user_id: anna.id,
        })
      ).json(),
    ).toEqual({ status: 'ok', assigned: 1 });
    expect(
      (await api.get('/booking/mapping/list', manager))
        .json()
        .items.some((item: { traveller_key: string }) => item.traveller_key === entry.traveller_key),
    ).toBe(false);
    const next = await upload(
      '/booking/import?mode=commit',
      manager,
      'm2.csv',
      [HEADER, row('M2', 'Kowalska  ANNA', '')].join('\n'),
    );
    expect(next.json()).toMatchObject({ created_count: 1, unmapped_travellers: [] });
    const [mapped] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.companyId, c.company.id), eq(bookings.importKey, 'TMC:M2:1')));
    expect(mapped!.userId).toBe(anna.id);
  });

  it('refuses the import to a caller without bookingMapping', async () => {
    expect((await upload('/booking/import?mode=preview', traveller, 'tmc.csv', HEADER)).statusCode).toBe(403);
  });
});

describe('bookings in settlements', () => {
  it("offers the employee's bookings of the trip's dates with the settlement holding them", async () => {
    const ticket = await insertBooking(t.db, c.company.id, c.employee.id, {
      startAt: new Date('2026-03-20T06:00:00Z'),
      endAt: new Date('2026-03-20T09:00:00Z'),
    });
    await insertBooking(t.db, c.company.id, c.employee.id, { startAt: new Date('2026-04-20T06:00:00Z') });
    const offered = (
      await api.get(
        `/booking/for-settlement?user_id=${c.employee.id}&date_from=2026-03-20&date_to=2026-03-20`,
        c.headers.employee,
      )
    ).json().items;
    expect(offered.map((item: { id: number }) => item.id)).toEqual([ticket]);
    expect(offered[0]).toMatchObject({
      start_place: 'Warszawa Centralna',
      end_place: 'Kraków Główny',
      delegation_id: null,
      invoice_missing: true,
    });
    expect(
      (
        await api.get(
          `/booking/for-settlement?user_id=${c.colleague.id}&date_from=2026-03-20&date_to=2026-03-20`,
          c.headers.employee,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses to accept a settlement while an attached booking has no invoice, and accepts it once the invoice arrives', async () => {
    await updateCompanySettings(t.db, c.company, {});
    const ticket = await insertBooking(t.db, c.company.id, c.employee.id, {
      startAt: new Date('2026-03-24T06:00:00Z'),
      endAt: new Date('2026-03-24T09:00:00Z'),
    });
    const form = domesticForm({ booking: [{ booking_id: ticket, label: 'PKP' }] }, '2026-03-24');
    form.transport[0] = {
      ...form.transport[0]!,
      settlement_type_id: 'booking',
      booking_id: ticket,
    } as (typeof form.transport)[number];
    const saved = (
      await api.post('/delegation/save-standard', c.headers.employee, { delegation: form })
    ).json();
    expect(saved.status, JSON.stringify(saved)).toBe('OK');
    const id = saved.delegation.id;
    expect(
      (await api.post('/delegation/action', c.headers.employee, { id, action: 'submit' })).statusCode,
    ).toBe(200);
    const decision = (await api.post('/delegation/delegation-edit', c.headers.acceptor, { id })).json();
    expect(decision.delegation.allowedActions).not.toContain('accept');
    const refused = await api.post('/delegation/action', c.headers.acceptor, { id, action: 'accept' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      messages: ['Delegation cannot be accepted because invoices for attached bookings are missing'],
      params: { refusal: 'document.refused.invoicesMissing' },
    });

    await insertInvoice(t.db, c.company.id, [ticket]);
    expect(
      (await api.post('/delegation/delegation-edit', c.headers.acceptor, { id })).json().delegation
        .allowedActions,
    ).toContain('accept');
    expect(
      (await api.post('/delegation/action', c.headers.acceptor, { id, action: 'accept' })).json().delegation
        .status,
    ).toBe('accepted');
  });

  it('needs no invoice for a booking paid by card or cancelled', async () => {
    const card = await insertBooking(t.db, c.company.id, c.employee.id, {
      paidBy: 'corporateCard',
      startAt: new Date('2026-03-25T06:00:00Z'),
    });
    const form = domesticForm({ booking: [{ booking_id: card, label: 'Card' }] }, '2026-03-25');
    const saved = (
      await api.post('/delegation/save-standard', c.headers.employee, { delegation: form })
    ).json();
    expect(
      (
        await api.post('/delegation/action', c.headers.employee, {
          id: saved.delegation.id,
          action: 'submit',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await api.post('/delegation/action', c.headers.acceptor, {
          id: saved.delegation.id,
          action: 'accept',
        })
      ).statusCode,
    ).toBe(200);
  });
});
