import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { syncExchangeRates } from '../../jobs/exchange-rate-sync.ts';
import { createNbpProvider } from '../../integrations/nbp/nbp-provider.ts';
import { createFakeNbpFetch } from '../../../test/fake-nbp.ts';
import { ManualClock } from '../../lib/clock.ts';

let t: TestApp;
let admin: { authorization: string };
let employee: { authorization: string };
let otherAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ now: '2022-04-20T10:00:00Z' });
  const company = await createCompany(t.db);
  admin = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['companyAdmin'] }));
  employee = await authHeaders(t.app, company, await createUser(t.db, company));
  const other = await createCompany(t.db);
  otherAdmin = await authHeaders(t.app, other, await createUser(t.db, other, { permissions: ['companyAdmin'] }));
});
afterAll(async () => t.close());

const importRange = (headers: Record<string, string>, date_from: string, date_to: string) =>
  t.app.inject({ method: 'POST', url: '/api/exchange-rate/import-nbp', headers, payload: { date_from, date_to } });
const list = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/exchange-rate/list${query}`, headers });

describe('NBP import', () => {
  it('imports table A mid rates with their table numbers and reports days without a table', async () => {
    const response = await importRange(admin, '2022-04-11', '2022-04-17');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.imported_rates).toBe(25);
    expect(body.days.map((d: { status: string }) => d.status)).toEqual(['imported', 'imported', 'imported', 'imported', 'imported', 'noTable', 'noTable']);
    expect(body.days[2]).toEqual({ date: '2022-04-13', status: 'imported', table_no: '072/A/NBP/2022' });
    const eur = (await list(admin, '?currency=EUR&date_from=2022-04-13&date_to=2022-04-13')).json();
    expect(eur.items).toEqual([{ id: expect.any(Number), currency: 'EUR', date: '2022-04-13', rate: '4.646', table_no: '072/A/NBP/2022', source: 'nbp' }]);
  });

  it('keeps six decimals of small rates exactly', async () => {
    await importRange(admin, '2022-04-13', '2022-04-13');
    const jpy = (await list(admin, '?currency=JPY&date_from=2022-04-13&date_to=2022-04-13')).json();
    expect(jpy.items[0].rate).toBe('0.034014');
  });

  it('imports again without duplicating', async () => {
    await importRange(admin, '2022-04-11', '2022-04-12');
    await importRange(admin, '2022-04-11', '2022-04-12');
    const usd = (await list(admin, '?currency=USD&date_from=2022-04-11&date_to=2022-04-12')).json();
    expect(usd.total).toBe(2);
  });

  it('answers a weekend-only range with every day marked as having no table', async () => {
    const body = (await importRange(admin, '2022-04-16', '2022-04-17')).json();
    expect(body).toEqual({
      imported_rates: 0,
      days: [
        { date: '2022-04-16', status: 'noTable', table_no: null },
        { date: '2022-04-17', status: 'noTable', table_no: null },
      ],
    });
  });

  it('refuses a range longer than 93 days and a reversed range at the field', async () => {
    const long = await importRange(admin, '2022-01-01', '2022-06-30');
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toEqual([{ path: ['date_to'], code: 'exchangeRate.rangeTooLong', params: { max: 93 } }]);
    const reversed = await importRange(admin, '2022-04-12', '2022-04-11');
    expect(reversed.json().issues[0]).toMatchObject({ path: ['date_to'], code: 'validation.dateRange' });
  });

  it('refuses the import to a user without companyAdmin', async () => {
    const response = await importRange(employee, '2022-04-11', '2022-04-12');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('reports NBP being unreachable as an unavailable exchange rate', async () => {
    const failing = createNbpProvider({ baseUrl: 'https://nbp.invalid', fetchImpl: (async () => { throw new TypeError('fetch failed'); }) as typeof fetch });
    await expect(failing.fetchTables('2022-04-11', '2022-04-12')).rejects.toThrow('NBP did not answer');
  });

  it('asks NBP in windows of at most 93 days', async () => {
    const fetchImpl = createFakeNbpFetch();
    await createNbpProvider({ baseUrl: 'https://nbp.test/api', fetchImpl }).fetchTables('2022-01-01', '2022-06-30');
    expect(fetchImpl.urls).toEqual([
      'https://nbp.test/api/exchangerates/tables/A/2022-01-01/2022-04-03/?format=json',
      'https://nbp.test/api/exchangerates/tables/A/2022-04-04/2022-06-30/?format=json',
    ]);
  });

  it('lets the daily job fill every active company', async () => {
    const jobClock = new ManualClock('2025-09-30T08:00:00Z');
    await syncExchangeRates({ db: t.db, clock: jobClock, exchangeRates: t.app.services.exchangeRates, log: t.app.log });
    const usd = (await list(otherAdmin, '?currency=USD&date_from=2025-09-26&date_to=2025-09-26')).json();
    expect(usd.items[0]).toMatchObject({ rate: '3.6528', table_no: '187/A/NBP/2025' });
  });
});

describe('manual exchange rates', () => {
  it('saves a manual rate marked as manual, edits and deletes it', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/exchange-rate/save', headers: admin, payload: { currency: 'CZK', date: '2022-04-13', rate: '0.1905' } });
    expect(created.statusCode).toBe(200);
    const rate = created.json().exchange_rate;
    expect(rate).toMatchObject({ currency: 'CZK', rate: '0.1905', source: 'manual', table_no: null });
    const edited = await t.app.inject({ method: 'POST', url: '/api/exchange-rate/save', headers: admin, payload: { id: rate.id, currency: 'CZK', date: '2022-04-13', rate: '0.191' } });
    expect(edited.json().exchange_rate.rate).toBe('0.191');
    expect((await t.app.inject({ method: 'POST', url: '/api/exchange-rate/delete', headers: admin, payload: { id: rate.id } })).statusCode).toBe(200);
    expect((await list(admin, '?currency=CZK')).json().total).toBe(0);
  });

  it('refuses a second manual rate for the same currency and day', async () => {
    await t.app.inject({ method: 'POST', url: '/api/exchange-rate/save', headers: admin, payload: { currency: 'HUF', date: '2022-04-13', rate: '0.0123' } });
    const duplicate = await t.app.inject({ method: 'POST', url: '/api/exchange-rate/save', headers: admin, payload: { currency: 'HUF', date: '2022-04-13', rate: '0.0124' } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().issues).toEqual([{ path: ['date'], code: 'exchangeRate.duplicate' }]);
  });

  it('refuses a zero rate and a malformed one at the field', async () => {
    const zero = await t.app.inject({ method: 'POST', url: '/api/exchange-rate/save', headers: admin, payload: { currency: 'NOK', date: '2022-04-13', rate: '0' } });
    expect(zero.json().issues).toEqual([{ path: ['rate'], code: 'validation.valueOutOfRange' }]);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/exchange-rate/save', headers: admin, payload: { currency: 'NOK', date: '2022-04-13', rate: '1,5' } });
    expect(malformed.json().issues[0]).toMatchObject({ path: ['rate'], code: 'validation.rate' });
  });

  it("answers 404 for another company's rate, which stays untouched", async () => {
    const created = (await t.app.inject({ method: 'POST', url: '/api/exchange-rate/save', headers: admin, payload: { currency: 'SEK', date: '2022-04-13', rate: '0.45' } })).json();
    const id = created.exchange_rate.id;
    expect((await t.app.inject({ method: 'POST', url: '/api/exchange-rate/delete', headers: otherAdmin, payload: { id } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/exchange-rate/save', headers: otherAdmin, payload: { id, currency: 'SEK', date: '2022-04-13', rate: '9' } })).statusCode).toBe(404);
    expect((await list(otherAdmin, '?currency=SEK')).json().total).toBe(0);
    expect((await list(admin, '?currency=SEK')).json().items[0].rate).toBe('0.45');
  });

  it('refuses NBP rows to the manual delete', async () => {
    const nbp = (await list(admin, '?source=nbp&page_size=1')).json().items[0];
    expect((await t.app.inject({ method: 'POST', url: '/api/exchange-rate/delete', headers: admin, payload: { id: nbp.id } })).statusCode).toBe(404);
  });

  it('shows every employee the rates but refuses them changes', async () => {
    expect((await list(employee)).statusCode).toBe(200);
    const save = await t.app.inject({ method: 'POST', url: '/api/exchange-rate/save', headers: employee, payload: { currency: 'DKK', date: '2022-04-13', rate: '0.62' } });
    expect(save.statusCode).toBe(403);
  });
});
