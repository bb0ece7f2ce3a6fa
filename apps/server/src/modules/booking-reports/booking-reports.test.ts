import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  BOOKING_REPORT_DEFINITIONS,
  bookingScopeOf,
  dec,
  sumDecimals,
  type BookingKind,
} from '@delego/domain';
import type { BookingReport } from '@delego/contract';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { insertBooking } from '../../../test/bookings.ts';
import { costCentres, organizationUnits, projects, users } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
type Headers = Record<string, string>;
let reporter: Headers;
let bookingViewer: Headers;
let otherReporter: Headers;
let flightOnlyReporter: Headers;
let ids: {
  sales: number;
  it: number;
  project: number;
  salesUnit: number;
  itUnit: number;
  anna: number;
  jan: number;
};

interface Seeded {
  kind: BookingKind;
  user: 'anna' | 'jan' | null;
  start: string;
  gross: string;
  net?: string;
  vat?: string;
  carrier?: string;
  seatClass?: string;
  country?: string;
  costCentre?: 'sales' | 'it';
  status?: 'booked' | 'ticketed' | 'cancelled' | 'refunded';
  currency?: string;
}

/** The company's bookings: two travellers in two units, flights, rail, a hotel abroad, an unmapped traveller, a cancellation and a booking in euro. */
const SEEDED: Seeded[] = [
  {
    kind: 'flight',
    user: 'anna',
    start: '2026-01-14T06:10:00Z',
    gross: '1240.00',
    net: '1148.15',
    vat: '91.85',
    carrier: 'LOT',
    seatClass: 'economy',
    country: 'DE',
    costCentre: 'sales',
  },
  {
    kind: 'flight',
    user: 'jan',
    start: '2026-01-31T23:30:00Z',
    gross: '980.55',
    carrier: 'Lufthansa',
    seatClass: 'business',
    country: 'DE',
    costCentre: 'it',
  },
  {
    kind: 'lowCost',
    user: 'anna',
    start: '2026-02-03T05:00:00Z',
    gross: '310.99',
    carrier: 'Ryanair',
    seatClass: 'low_cost',
    country: 'GB',
    costCentre: 'sales',
  },
  {
    kind: 'rail',
    user: 'jan',
    start: '2026-02-10T06:00:00Z',
    gross: '169.00',
    net: '156.48',
    vat: '12.52',
    carrier: 'PKP Intercity',
    seatClass: 'second',
    costCentre: 'it',
  },
  {
    kind: 'rail',
    user: 'anna',
    start: '2026-03-02T06:00:00Z',
    gross: '89.10',
    carrier: 'PKP Intercity',
    seatClass: 'first',
    country: 'PL',
  },
  {
    kind: 'hotel',
    user: 'anna',
    start: '2026-03-05T14:00:00Z',
    gross: '1520.40',
    country: 'DE',
    costCentre: 'sales',
  },
  { kind: 'car', user: null, start: '2026-03-20T09:00:00Z', gross: '455.05', costCentre: 'it' },
  {
    kind: 'flight',
    user: 'jan',
    start: '2026-03-21T08:00:00Z',
    gross: '700.00',
    carrier: 'LOT',
    seatClass: 'economy',
    status: 'cancelled',
    costCentre: 'it',
  },
  {
    kind: 'hotel',
    user: 'jan',
    start: '2026-03-22T14:00:00Z',
    gross: '300.00',
    currency: 'EUR',
    country: 'FR',
  },
];

const RANGE = { date_from: '2026-01-01', date_to: '2026-03-31' };

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
  const company = await createCompany(t.db);
  const [salesUnit, itUnit] = await t.db
    .insert(organizationUnits)
    .values([
      { companyId: company.id, name: 'Sprzedaż' },
      { companyId: company.id, name: 'IT' },
    ])
    .returning();
  const [sales, it] = await t.db
    .insert(costCentres)
    .values([
      { companyId: company.id, ordinate: 'MPK-100', name: 'Sprzedaż' },
      { companyId: company.id, ordinate: 'MPK-200', name: 'IT' },
    ])
    .returning();
  const [project] = await t.db
    .insert(projects)
    .values({ companyId: company.id, name: 'Wdrożenie' })
    .returning();
  const anna = await createUser(t.db, company);
  const jan = await createUser(t.db, company);
  await t.db
    .update(users)
    .set({ name: 'Anna', surname: 'Kowalska', organizationUnitId: salesUnit!.id })
    .where(eq(users.id, anna.id));
  await t.db
    .update(users)
    .set({ name: 'Jan', surname: 'Nowak', organizationUnitId: itUnit!.id })
    .where(eq(users.id, jan.id));
  ids = {
    sales: sales!.id,
    it: it!.id,
    project: project!.id,
    salesUnit: salesUnit!.id,
    itUnit: itUnit!.id,
    anna: anna.id,
    jan: jan.id,
  };
  for (const [index, booking] of SEEDED.entries()) {
    await insertBooking(t.db, company.id, booking.user ? ids[booking.user] : null, {
      kind: booking.kind,
      travellerName:
        booking.user === 'anna'
          ? 'Anna Kowalska'
          : booking.user === 'jan'
            ? 'Jan Nowak'
            : 'Ewa Nieprzypisana',
      startAt: new Date(booking.start),
      amountGross: booking.gross,
      amountNet: booking.net ?? null,
      vatAmount: booking.vat ?? null,
      carrier: booking.carrier ?? null,
      seatClass: booking.seatClass ?? null,
      countryCode: booking.country ?? null,
      costCentreId: booking.costCentre ? ids[booking.costCentre] : null,
      projectId: index === 0 ? project!.id : null,
      status: booking.status ?? 'ticketed',
      currency: booking.currency ?? 'PLN',
    });
  }
  reporter = await authHeaders(
    t.app,
    company,
    await createUser(t.db, company, { permissions: ['reportDelegation'] }),
  );
  bookingViewer = await authHeaders(
    t.app,
    company,
    await createUser(t.db, company, { permissions: ['viewAllBookings', 'bookingMapping'] }),
  );
  const other = await createCompany(t.db);
  await insertBooking(t.db, other.id, null, {
    kind: 'flight',
    startAt: new Date('2026-02-01T10:00:00Z'),
    amountGross: '9999.99',
    carrier: 'LOT',
    seatClass: 'economy',
  });
  otherReporter = await authHeaders(
    t.app,
    other,
    await createUser(t.db, other, { permissions: ['reportDelegation'] }),
  );
  const flightOnly = await createCompany(t.db, { modules: { all_bookings: 1, flight_bookings: 2 } });
  await insertBooking(t.db, flightOnly.id, null, {
    kind: 'rail',
    startAt: new Date('2026-02-01T10:00:00Z'),
    amountGross: '50.00',
  });
  await insertBooking(t.db, flightOnly.id, null, {
    kind: 'flight',
    startAt: new Date('2026-02-02T10:00:00Z'),
    amountGross: '400.00',
  });
  flightOnlyReporter = await authHeaders(
    t.app,
    flightOnly,
    await createUser(t.db, flightOnly, { permissions: ['reportDelegation'] }),
  );
});
afterAll(async () => t.close());

const query = (values: Record<string, string>) => new URLSearchParams({ ...RANGE, ...values }).toString();

async function reportOf(values: Record<string, string>, headers = reporter): Promise<BookingReport> {
  const response = await api.get(`/booking/report/data?${query(values)}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BookingReport>();
}

/** What a report should add up: the PLN bookings booked or ticketed, of the kinds it counts. */
function counted(kinds?: readonly BookingKind[]): Seeded[] {
  return SEEDED.filter(
    (booking) =>
      (booking.currency ?? 'PLN') === 'PLN' &&
      booking.status !== 'cancelled' &&
      (!kinds || kinds.includes(booking.kind)),
  );
}
const grossOf = (bookings: Seeded[]) => sumDecimals(bookings.map((booking) => booking.gross)).toFixed(2);

describe('booking reports', () => {
  it.each(Object.keys(BOOKING_REPORT_DEFINITIONS) as (keyof typeof BOOKING_REPORT_DEFINITIONS)[])(
    '%s: the total and the rows add up to the bookings it counts, to the grosz',
    async (kind) => {
      const report = await reportOf({ kind });
      const expected = counted(BOOKING_REPORT_DEFINITIONS[kind].kinds);
      expect(report.total.count).toBe(expected.length);
      expect(report.total.gross).toBe(grossOf(expected));
      expect(sumDecimals(report.rows.map((row) => row.gross)).toFixed(2)).toBe(report.total.gross);
      expect(report.rows.reduce((total, row) => total + row.count, 0)).toBe(expected.length);
      expect(dec(report.total.net).plus(report.total.vat).toFixed(2)).toBe(report.total.gross);
      expect(report.total.travellers).toBe(
        new Set(expected.map((booking) => booking.user ?? 'unmapped')).size,
      );
    },
  );

  it('groups by Warsaw month in order, the last night of January at 00:30 in February', async () => {
    const report = await reportOf({ kind: 'monthly' });
    expect(report.rows.map((row) => [row.values[0], row.count, row.gross])).toEqual([
      ['2026-01', 1, '1240.00'],
      ['2026-02', 3, '1460.54'],
      ['2026-03', 3, '2064.55'],
    ]);
  });

  it('takes net and VAT from the booking, and a booking without them as all net', async () => {
    const report = await reportOf({ kind: 'monthly', date_to: '2026-01-31' });
    expect(report.total).toMatchObject({
      gross: '1240.00',
      net: '1148.15',
      vat: '91.85',
      average: '1240.00',
    });
  });

  it('splits domestic from foreign by the country the booking names', async () => {
    const report = await reportOf({ kind: 'domestic-foreign' });
    const byScope = Object.fromEntries(report.rows.map((row) => [row.values[0], row.gross]));
    const expected = (scope: string) =>
      grossOf(counted().filter((booking) => bookingScopeOf(booking.country ?? null) === scope));
    expect(byScope).toEqual({ foreign: expected('foreign'), domestic: expected('domestic') });
  });

  it('counts only flights by airline, largest first', async () => {
    const report = await reportOf({ kind: 'airline' });
    expect(report.rows.map((row) => [row.values[0], row.count, row.gross])).toEqual([
      ['LOT', 1, '1240.00'],
      ['Lufthansa', 1, '980.55'],
      ['Ryanair', 1, '310.99'],
    ]);
  });

  it('splits each passenger by service type (passenger-v2), naming a traveller not mapped to a user as the booking site did', async () => {
    const report = await reportOf({ kind: 'passenger-v2' });
    expect(report.dimensions).toEqual(['passenger', 'serviceType']);
    expect(report.rows.map((row) => [...row.values, row.gross])).toEqual([
      ['Kowalska Anna', 'hotel', '1520.40'],
      ['Kowalska Anna', 'flight', '1240.00'],
      ['Kowalska Anna', 'lowCost', '310.99'],
      ['Kowalska Anna', 'rail', '89.10'],
      ['Nowak Jan', 'flight', '980.55'],
      ['Nowak Jan', 'rail', '169.00'],
      ['Ewa Nieprzypisana', 'car', '455.05'],
    ]);
  });

  it('filters by cost centre, organisation unit, service type, status and currency', async () => {
    expect((await reportOf({ kind: 'service-type', cost_centre_ids: String(ids.sales) })).total.gross).toBe(
      '3071.39',
    );
    expect(
      (await reportOf({ kind: 'service-type', organization_unit_ids: String(ids.itUnit) })).total.gross,
    ).toBe('1149.55');
    expect((await reportOf({ kind: 'service-type', service_types: 'rail,car' })).total.gross).toBe('713.15');
    expect((await reportOf({ kind: 'service-type', statuses: 'cancelled' })).total.gross).toBe('700.00');
    const euro = await reportOf({ kind: 'service-type', currency: 'EUR' });
    expect([euro.currency, euro.total.gross, euro.rows[0]!.values]).toEqual(['EUR', '300.00', ['hotel']]);
    expect((await reportOf({ kind: 'service-type', date_from: '2026-03-01' })).total.count).toBe(3);
  });

  it('builds a custom report of the chosen dimensions and measures', async () => {
    const report = await reportOf({
      kind: 'custom',
      dimensions: 'costCentre,serviceType',
      measures: 'gross,count',
    });
    expect(report.measures).toEqual(['gross', 'count']);
    expect(report.rows.map((row) => [...row.values, row.gross])).toEqual([
      ['MPK-100', 'hotel', '1520.40'],
      ['MPK-100', 'flight', '1240.00'],
      ['MPK-100', 'lowCost', '310.99'],
      ['MPK-200', 'flight', '980.55'],
      ['MPK-200', 'car', '455.05'],
      ['MPK-200', 'rail', '169.00'],
      [null, 'rail', '89.10'],
    ]);
  });

  it('refuses a custom report without dimensions, a dimension twice and a reversed range, at their fields', async () => {
    const issues = async (values: Record<string, string>) =>
      (await api.get(`/booking/report/data?${query(values)}`, reporter)).json<{
        issues: { path: string[]; code: string }[];
      }>().issues;
    expect(await issues({ kind: 'custom', measures: 'gross' })).toContainEqual(
      expect.objectContaining({ path: ['querystring', 'dimensions'], code: 'global.error.required' }),
    );
    expect(await issues({ kind: 'custom', dimensions: 'month,month', measures: 'gross' })).toContainEqual(
      expect.objectContaining({
        path: ['querystring', 'dimensions'],
        code: 'bookingReport.sameDimensionTwice',
      }),
    );
    expect(await issues({ kind: 'monthly', date_from: '2026-04-01' })).toContainEqual(
      expect.objectContaining({ path: ['querystring', 'date_to'], code: 'validation.dateRange' }),
    );
  });

  it('is for reportDelegation only, even for whoever sees every booking', async () => {
    for (const path of [
      `/booking/report/data?${query({ kind: 'monthly' })}`,
      `/booking/report/export?${query({ kind: 'monthly' })}`,
      '/booking/report/form-options',
    ]) {
      expect((await api.get(path, bookingViewer)).statusCode).toBe(403);
    }
  });

  it("never counts another company's bookings, and counts only the kinds the company's modules open", async () => {
    const other = await reportOf({ kind: 'service-type' }, otherReporter);
    expect([other.total.count, other.total.gross]).toEqual([1, '9999.99']);
    const flightsOnly = await reportOf({ kind: 'service-type' }, flightOnlyReporter);
    expect(flightsOnly.rows.map((row) => row.values[0])).toEqual(['flight']);
    expect(
      (await reportOf({ kind: 'service-type', service_types: 'rail' }, flightOnlyReporter)).total.count,
    ).toBe(0);
  });

  it('offers the company’s cost centres, units, projects and booking currencies with PLN first', async () => {
    const response = await api.get('/booking/report/form-options', reporter);
    expect(response.statusCode).toBe(200);
    const options = response.json<{
      cost_centres: { name: string }[];
      organization_units: { name: string }[];
      projects: { name: string }[];
      currencies: string[];
    }>();
    expect(options.cost_centres.map((option) => option.name)).toEqual(['MPK-100', 'MPK-200']);
    expect(options.organization_units.map((option) => option.name)).toEqual(['IT', 'Sprzedaż']);
    expect(options.projects.map((option) => option.name)).toEqual(['Wdrożenie']);
    expect(options.currencies).toEqual(['PLN', 'EUR']);
  });

  it('exports the report as XLSX in the user’s language with its total', async () => {
    const response = await api.get(
      `/booking/report/export?${query({ kind: 'service-type-production' })}`,
      reporter,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(
      'booking-report_service-type-production_2026-01-01_2026-03-31.xlsx',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Produkcja według rodzaju usługi');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Miesiąc',
      'Rodzaj usługi',
      'Liczba rezerwacji',
      'Brutto (PLN)',
    ]);
    expect(sheet.getRow(2).values).toEqual([undefined, '2026-01', 'Lot', 1, 1240]);
    const last = sheet.getRow(sheet.rowCount).values as unknown[];
    expect(last).toEqual([undefined, 'Razem', '', counted().length, Number(grossOf(counted()))]);
  });
});
