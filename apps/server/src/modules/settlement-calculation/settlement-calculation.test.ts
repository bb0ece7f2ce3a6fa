import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { delegationRates, rateGroups, users } from '../../db/schema/index.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let company: CompanyRecord;
let employee: { id: number };
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  company = await createCompany(t.db);
  employee = await createUser(t.db, company);
  headers = await authHeaders(t.app, company, (await t.db.select().from(users).where(eq(users.id, employee.id)))[0]!);
  const admin = await createUser(t.db, company, { permissions: ['companyAdmin'] });
  const adminHeaders = await authHeaders(t.app, company, admin);
  await t.app.inject({ method: 'POST', url: '/api/exchange-rate/import-nbp', headers: adminHeaders, payload: { date_from: '2022-04-11', date_to: '2022-04-15' } });
});
afterAll(async () => t.close());

const rail = (start_date: string, end_date: string) => ({ transport_type: 'rail', settlement_type_id: 'ticketScan', start_date, end_date, amount_in_currency: '0.00', currency: 'PLN' });

/** `YYYY-MM-DD HH:mm` shifted by whole hours (test times avoid midnight and DST). */
function plusHours(time: string, hours: number): string {
  const [date, clock] = time.split(' ');
  const hour = Number(clock!.slice(0, 2)) + hours;
  return `${date} ${String(hour).padStart(2, '0')}${clock!.slice(2)}`;
}

/** The journey out in the first hour and back in the last. */
const journeys = (start: string, end: string) => [rail(start, plusHours(start, 1)), rail(plusHours(end, -1), end)];

function domesticTrip(start: string, end: string) {
  return { start_date: start, end_date: end, transport: journeys(start, end), country: [{ country_code: 'PL', in_date: start, out_date: end }] };
}

function stayAbroad(countryCode: string, start: string, end: string, extra: Record<string, unknown> = {}) {
  return { start_date: start, end_date: end, transport: journeys(start, end), country: [{ country_code: countryCode, in_date: start, out_date: end }], ...extra };
}

const formFieldChanged = (delegation: unknown, requestHeaders: Record<string, string> = headers) =>
  t.app.inject({ method: 'POST', url: '/api/delegation/form-field-changed', headers: requestHeaders, payload: { delegation, delegationErrors: [] } });

describe('POST /api/delegation/form-field-changed', () => {
  it('pays half the domestic per diem for a 10-hour one-day trip and explains it', async () => {
    const response = await formFieldChanged(domesticTrip('2026-03-10 07:00', '2026-03-10 17:00'));
    expect(response.statusCode).toBe(200);
    const { validation, calculated } = response.json();
    expect(validation).toEqual([]);
    expect(calculated.singleCountryCost[0]).toMatchObject({ country_code: 'PL', currency: 'PLN', delegation_rate: '45.00', diet_amount: '22.50', total_pln: '22.50' });
    expect(calculated.singleCountryCost[0].lines.diet.explanation.code).toMatch(/^calc\./);
    expect(calculated.total_pln).toBe('22.50');
    expect(calculated.balance_pln).toBe('22.50');
  });

  it('refuses to settle a trip that has not ended yet at its return field (an order may lie ahead, a settlement may not)', async () => {
    const response = await formFieldChanged(domesticTrip('2026-04-20 08:00', '2026-04-20 18:00'));
    expect(response.statusCode).toBe(200);
    expect(response.json().validation).toEqual([{ path: ['end_date'], code: 'validation.tripNotEnded' }]);
  });

  it('converts a foreign per diem at the last NBP table before the settlement date and keeps the table used', async () => {
    const response = await formFieldChanged(stayAbroad('DE', '2022-04-13 06:00', '2022-04-13 20:00', { settlement_date: '2022-04-14' }));
    const { validation, calculated } = response.json();
    expect(validation).toEqual([]);
    const germany = calculated.singleCountryCost[0];
    expect(germany).toMatchObject({ currency: 'EUR', delegation_rate: '49.00', diet_amount: '49.00', total_in_currency: '49.00', total_pln: '227.65' });
    expect(germany.exchange_rate).toMatchObject({ table_no: '072/A/NBP/2022', date: '2022-04-13' });
  });

  it('reports a missing exchange rate as an issue instead of failing', async () => {
    const response = await formFieldChanged(stayAbroad('DE', '2024-02-13 06:00', '2024-02-13 20:00', { settlement_date: '2024-02-14' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().validation).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'settlement.exchangeRateMissing', params: expect.objectContaining({ currency: 'EUR' }) })]));
  });

  it('validates the form with field paths: end before start and too few transport segments', async () => {
    const response = await formFieldChanged({
      start_date: '2026-03-10 17:00',
      end_date: '2026-03-10 07:00',
      transport: [rail('2026-03-10 17:00', '2026-03-10 18:00')],
      country: [{ country_code: 'PL', in_date: '2026-03-10 17:00', out_date: '2026-03-10 07:00' }],
    });
    const issues = response.json().validation as { path: (string | number)[]; code: string }[];
    const found = issues.map((issue) => `${issue.path.join('.')}:${issue.code}`);
    expect(found).toEqual(expect.arrayContaining(['end_date:validation.endBeforeStart', 'transport:validation.minTransportSegments', 'country.0.out_date:validation.endBeforeStart']));
  });

  it('says when no rate is defined for the country', async () => {
    const response = await formFieldChanged(stayAbroad('XX', '2026-03-10 07:00', '2026-03-10 20:00'));
    expect(response.json().validation).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['country', 0, 'country_code'], code: 'validation.noRateForCountry' })]));
  });

  it('answers shape errors as issues at their fields, not as a failed request', async () => {
    const response = await formFieldChanged({ start_date: 12, transport: 'none' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.calculated).toBeNull();
    expect(body.validation.map((issue: { path: string[] }) => issue.path[0])).toEqual(expect.arrayContaining(['start_date', 'transport']));
  });

  it("uses the company's override for the employee's rate group, inherited from the parent group", async () => {
    const [parent] = await t.db.insert(rateGroups).values({ companyId: company.id, name: 'Zarząd' }).returning();
    const [child] = await t.db.insert(rateGroups).values({ companyId: company.id, name: 'Zarząd – handlowcy', parentId: parent!.id }).returning();
    await t.db.insert(delegationRates).values({ companyId: company.id, groupId: parent!.id, countryCode: 'DE', perDiem: '60.00', currency: 'EUR', hotelLimit: '200.00', validFrom: '2022-01-01' });
    const member = await createUser(t.db, company);
    await t.db.update(users).set({ rateGroupId: child!.id }).where(eq(users.id, member.id));
    const memberHeaders = await authHeaders(t.app, company, member);
    const overridden = (await formFieldChanged(stayAbroad('DE', '2022-04-13 06:00', '2022-04-13 20:00', { settlement_date: '2022-04-14' }), memberHeaders)).json();
    expect(overridden.calculated.singleCountryCost[0]).toMatchObject({ delegation_rate: '60.00', diet_amount: '60.00' });
    // The employee outside the group keeps the statutory rate.
    const statutory = (await formFieldChanged(stayAbroad('DE', '2022-04-13 06:00', '2022-04-13 20:00', { settlement_date: '2022-04-14' }))).json();
    expect(statutory.calculated.singleCountryCost[0].delegation_rate).toBe('49.00');
  });

  it("ignores another company's overrides", async () => {
    const other = await createCompany(t.db);
    await t.db.insert(delegationRates).values({ companyId: other.id, groupId: null, countryCode: 'PL', perDiem: '99.00', currency: 'PLN', hotelLimit: '1980.00', validFrom: '2020-01-01' });
    const body = (await formFieldChanged(domesticTrip('2026-03-10 07:00', '2026-03-10 20:00'))).json();
    expect(body.calculated.singleCountryCost[0].delegation_rate).toBe('45.00');
  });

  it('refuses an employee of another company as the settlement owner', async () => {
    const other = await createCompany(t.db);
    const stranger = await createUser(t.db, other);
    const body = (await formFieldChanged({ ...domesticTrip('2026-03-10 07:00', '2026-03-10 17:00'), user_id: stranger.id })).json();
    expect(body.validation).toEqual(expect.arrayContaining([{ path: ['user_id'], code: 'settlement.unknownEmployee' }]));
  });

  it('rejects unknown keys beside the form and answers 401 without a session', async () => {
    const extra = await t.app.inject({ method: 'POST', url: '/api/delegation/form-field-changed', headers, payload: { delegation: {}, hack: true } });
    expect(extra.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/delegation/form-field-changed', payload: { delegation: {} } });
    expect(anonymous.statusCode).toBe(401);
  });
});
