import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, asc } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { auditLog, users } from '../../db/schema/index.ts';

let t: TestApp;
let companyId: number;
let admin: { authorization: string };
let employee: { authorization: string };
let employeeId: number;
let otherAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T10:00:00Z' });
  const company = await createCompany(t.db);
  companyId = company.id;
  admin = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['companyAdmin'] }));
  const worker = await createUser(t.db, company);
  employeeId = worker.id;
  employee = await authHeaders(t.app, company, worker);
  const other = await createCompany(t.db);
  otherAdmin = await authHeaders(t.app, other, await createUser(t.db, other, { permissions: ['companyAdmin'] }));
});
afterAll(async () => t.close());

const post = (url: string, headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload: payload as object });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const auditActions = async (entityType: string, entityId: number) =>
  (await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId)))).orderBy(asc(auditLog.id))).map(
    (row) => row.action,
  );

const saveGroup = (headers: Record<string, string>, body: { id?: number; name: string; parent_id: number | null }) => post('/settings/delegation-rate/group/save', headers, body);
const rateBody = (overrides: Record<string, unknown> = {}) => ({
  group_id: null,
  country_code: 'DE',
  region: null,
  per_diem: '70.00',
  currency: 'EUR',
  hotel_limit: '200',
  valid_from: '2026-01-01',
  valid_to: null,
  ...overrides,
});
const saveRate = (headers: Record<string, string>, body: Record<string, unknown>) => post('/settings/delegation-rate/custom/save', headers, body);
const saveMileage = (headers: Record<string, string>, body: Record<string, unknown>) => post('/settings/delegation-rate/mileage/save', headers, body);

describe('rate groups', () => {
  it('creates a group with a parent, lists it with its use, renames it and writes audit rows', async () => {
    const parent = (await saveGroup(admin, { name: 'Zarząd', parent_id: null })).json().rate_group;
    const created = await saveGroup(admin, { name: 'Handlowcy', parent_id: parent.id });
    expect(created.statusCode).toBe(200);
    const group = created.json().rate_group;
    expect(group).toMatchObject({ name: 'Handlowcy', parent_id: parent.id, parent_name: 'Zarząd', user_count: 0, rate_count: 0, child_count: 0 });

    const renamed = (await saveGroup(admin, { id: group.id, name: 'Handlowcy krajowi', parent_id: parent.id })).json().rate_group;
    expect(renamed.name).toBe('Handlowcy krajowi');
    const list = (await get('/settings/delegation-rate/group/list?search=zarz', admin)).json();
    expect(list).toMatchObject({ total: 1, items: [{ name: 'Zarząd', child_count: 1 }] });
    const options = (await get('/settings/delegation-rate/group/options', admin)).json();
    expect(options.items.map((item: { name: string }) => item.name)).toEqual(['Handlowcy krajowi', 'Zarząd']);
    expect(await auditActions('rateGroup', group.id)).toEqual(['rateGroup.create', 'rateGroup.update']);
  });

  it('refuses a taken name, an empty name and an inheritance loop at their fields', async () => {
    const a = (await saveGroup(admin, { name: 'Pętla A', parent_id: null })).json().rate_group;
    const b = (await saveGroup(admin, { name: 'Pętla B', parent_id: a.id })).json().rate_group;
    const taken = await saveGroup(admin, { name: 'pętla a', parent_id: null });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().issues).toEqual([{ path: ['name'], code: 'rates.groupNameTaken' }]);
    const empty = await saveGroup(admin, { name: '  ', parent_id: null });
    expect(empty.json().issues).toEqual([expect.objectContaining({ path: ['name'], code: 'global.error.required' })]);
    const loop = await saveGroup(admin, { id: a.id, name: 'Pętla A', parent_id: b.id });
    expect(loop.json().issues).toEqual([{ path: ['parent_id'], code: 'rates.groupCycle' }]);
    const self = await saveGroup(admin, { id: a.id, name: 'Pętla A', parent_id: a.id });
    expect(self.json().issues).toEqual([{ path: ['parent_id'], code: 'rates.groupCycle' }]);
  });

  it('refuses to delete a group in use by users, rates or child groups and deletes an unused one', async () => {
    const used = (await saveGroup(admin, { name: 'Używana', parent_id: null })).json().rate_group;
    await t.db.update(users).set({ rateGroupId: used.id }).where(eq(users.id, employeeId));
    const refused = await post('/settings/delegation-rate/group/delete', admin, { id: used.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().issues).toEqual([{ path: ['id'], code: 'rates.groupInUse', params: { users: 1, rates: 0, groups: 0 } }]);
    await t.db.update(users).set({ rateGroupId: null }).where(eq(users.id, employeeId));

    const withRate = (await saveGroup(admin, { name: 'Ze stawką', parent_id: null })).json().rate_group;
    await saveRate(admin, rateBody({ group_id: withRate.id, country_code: 'NO', currency: 'NOK', per_diem: '500' }));
    expect((await post('/settings/delegation-rate/group/delete', admin, { id: withRate.id })).json().issues[0].params).toEqual({ users: 0, rates: 1, groups: 0 });

    const unused = (await saveGroup(admin, { name: 'Do usunięcia', parent_id: null })).json().rate_group;
    expect((await post('/settings/delegation-rate/group/delete', admin, { id: unused.id })).statusCode).toBe(200);
    expect(await auditActions('rateGroup', unused.id)).toEqual(['rateGroup.create', 'rateGroup.delete']);
  });

  it("answers 404 for another company's group and changes nothing", async () => {
    const group = (await saveGroup(admin, { name: 'Cudza', parent_id: null })).json().rate_group;
    expect((await saveGroup(otherAdmin, { id: group.id, name: 'Przejęta', parent_id: null })).statusCode).toBe(404);
    expect((await saveGroup(otherAdmin, { name: 'Dziecko', parent_id: group.id })).statusCode).toBe(404);
    expect((await post('/settings/delegation-rate/group/delete', otherAdmin, { id: group.id })).statusCode).toBe(404);
    expect((await get(`/settings/delegation-rate/in-force?group_id=${group.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await get('/settings/delegation-rate/group/list?search=Cudza', admin)).json().items[0].name).toBe('Cudza');
  });

  it('refuses a user without companyAdmin', async () => {
    expect((await saveGroup(employee, { name: 'X', parent_id: null })).statusCode).toBe(403);
    expect((await get('/settings/delegation-rate/group/list', employee)).statusCode).toBe(403);
    expect((await get('/settings/delegation-rate/group/options', employee)).statusCode).toBe(403);
    expect((await post('/settings/delegation-rate/group/delete', employee, { id: 1 })).statusCode).toBe(403);
  });
});

describe('per-diem overrides', () => {
  it('creates, lists, edits and deletes an override with audit rows', async () => {
    const created = await saveRate(admin, rateBody({ country_code: 'AT', per_diem: '60.5', hotel_limit: '180' }));
    expect(created.statusCode).toBe(200);
    const rate = created.json().delegation_rate;
    expect(rate).toMatchObject({ country_code: 'AT', per_diem: '60.50', hotel_limit: '180.00', currency: 'EUR', group_id: null, valid_to: null });
    const edited = (await saveRate(admin, rateBody({ id: rate.id, country_code: 'AT', per_diem: '61', valid_to: '2026-12-31' }))).json().delegation_rate;
    expect(edited).toMatchObject({ per_diem: '61.00', valid_to: '2026-12-31' });
    const list = (await get('/settings/delegation-rate/custom/list?search=AT', admin)).json();
    expect(list.items.map((item: { country_code: string }) => item.country_code)).toContain('AT');
    expect((await post('/settings/delegation-rate/custom/delete', admin, { id: rate.id })).statusCode).toBe(200);
    expect(await auditActions('delegationRate', rate.id)).toEqual(['delegationRate.create', 'delegationRate.update', 'delegationRate.delete']);
  });

  it('refuses the same country and region of the same group with overlapping validity', async () => {
    const first = (await saveRate(admin, rateBody({ country_code: 'FR', valid_to: '2026-06-30' }))).json().delegation_rate;
    const duplicate = await saveRate(admin, rateBody({ country_code: 'FR', valid_from: '2026-06-01' }));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().issues).toEqual([{ path: ['country_code'], code: 'rates.duplicate', params: { valid_from: '2026-01-01', valid_to: '2026-06-30' } }]);
    // The next period, another region and another group are fine.
    expect((await saveRate(admin, rateBody({ country_code: 'FR', valid_from: '2026-07-01' }))).statusCode).toBe(200);
    expect((await saveRate(admin, rateBody({ country_code: 'FR', region: 'paris' }))).statusCode).toBe(200);
    const group = (await saveGroup(admin, { name: 'Francja', parent_id: null })).json().rate_group;
    expect((await saveRate(admin, rateBody({ country_code: 'FR', group_id: group.id }))).statusCode).toBe(200);
    // Editing a row keeps it from conflicting with itself.
    expect((await saveRate(admin, rateBody({ id: first.id, country_code: 'FR', valid_to: '2026-06-15' }))).statusCode).toBe(200);
  });

  it('refuses each invalid field with its code at its path', async () => {
    const response = await saveRate(admin, rateBody({ country_code: 'QQ', per_diem: '0', hotel_limit: 'abc', currency: 'EURO', valid_from: '2026-05-01', valid_to: '2026-04-30' }));
    expect(response.statusCode).toBe(400);
    const issues = response.json().issues.map((issue: { path: string[]; code: string }) => `${issue.path.join('.')}:${issue.code}`);
    expect(issues).toEqual(['currency:validation.currency']);
    const domain = await saveRate(admin, rateBody({ country_code: 'QQ', per_diem: '0', hotel_limit: 'abc', valid_from: '2026-05-01', valid_to: '2026-04-30' }));
    expect(domain.json().issues.map((issue: { path: string[]; code: string }) => `${issue.path.join('.')}:${issue.code}`)).toEqual([
      'country_code:rates.unknownCountry',
      'per_diem:rates.amountPositive',
      'hotel_limit:rates.amountFormat',
      'valid_to:validation.dateRange',
    ]);
    const badDate = await saveRate(admin, rateBody({ valid_from: '2026-1-1' }));
    expect(badDate.json().issues).toEqual([expect.objectContaining({ path: ['valid_from'], code: 'validation.date' })]);
  });

  it("answers 404 for another company's override or group and changes nothing", async () => {
    const rate = (await saveRate(admin, rateBody({ country_code: 'IT' }))).json().delegation_rate;
    const group = (await saveGroup(admin, { name: 'Włochy', parent_id: null })).json().rate_group;
    expect((await saveRate(otherAdmin, rateBody({ id: rate.id, country_code: 'IT', per_diem: '1' }))).statusCode).toBe(404);
    expect((await post('/settings/delegation-rate/custom/delete', otherAdmin, { id: rate.id })).statusCode).toBe(404);
    expect((await saveRate(otherAdmin, rateBody({ country_code: 'IT', group_id: group.id }))).statusCode).toBe(404);
    expect((await get('/settings/delegation-rate/custom/list?search=IT', otherAdmin)).json().total).toBe(0);
    expect((await get('/settings/delegation-rate/custom/list?search=IT', admin)).json().items[0].per_diem).toBe('70.00');
  });

  it('refuses a user without companyAdmin', async () => {
    expect((await saveRate(employee, rateBody())).statusCode).toBe(403);
    expect((await get('/settings/delegation-rate/custom/list', employee)).statusCode).toBe(403);
    expect((await post('/settings/delegation-rate/custom/delete', employee, { id: 1 })).statusCode).toBe(403);
  });
});

describe('rates in force', () => {
  it("merges the statutory table with the company's overrides for a day and a group chain", async () => {
    const parent = (await saveGroup(admin, { name: 'Kadra', parent_id: null })).json().rate_group;
    const child = (await saveGroup(admin, { name: 'Kadra zagraniczna', parent_id: parent.id })).json().rate_group;
    await saveRate(admin, rateBody({ country_code: 'CH', currency: 'CHF', per_diem: '100', hotel_limit: '300', group_id: parent.id }));

    const statutory = (await get('/settings/delegation-rate/in-force?search=CH&date=2026-03-10', admin)).json();
    expect(statutory.items.find((item: { country_code: string }) => item.country_code === 'CH')).toMatchObject({ source: 'statutory', per_diem: '88', currency: 'CHF' });

    const inherited = (await get(`/settings/delegation-rate/in-force?group_id=${child.id}&search=CH&date=2026-03-10`, admin)).json();
    expect(inherited.group_chain).toEqual([
      { id: child.id, name: 'Kadra zagraniczna' },
      { id: parent.id, name: 'Kadra' },
    ]);
    expect(inherited.items.find((item: { country_code: string }) => item.country_code === 'CH')).toMatchObject({
      source: 'company',
      per_diem: '100.00',
      hotel_limit: '300.00',
      group_id: parent.id,
      group_name: 'Kadra',
    });
    // The company's own row is found by the country's name too.
    const byName = (await get(`/settings/delegation-rate/in-force?group_id=${child.id}&search=szwajc&date=2026-03-10`, admin)).json();
    expect(byName.items.map((item: { country_code: string; source: string }) => [item.country_code, item.source])).toEqual([['CH', 'company']]);
    // Before the override's validity the statutory rate applies again.
    const before = (await get(`/settings/delegation-rate/in-force?group_id=${child.id}&search=CH&date=2025-12-31`, admin)).json();
    expect(before.items.find((item: { country_code: string }) => item.country_code === 'CH').source).toBe('statutory');
  });

  it('filters by source, sorts and pages, with today as the default day', async () => {
    const company = (await get('/settings/delegation-rate/in-force?source=company&sort=per_diem&order=desc&page_size=2', admin)).json();
    expect(company.date).toBe('2026-03-10');
    expect(company.items).toHaveLength(2);
    expect(company.items.every((item: { source: string }) => item.source === 'company')).toBe(true);
    const all = (await get('/settings/delegation-rate/in-force?page_size=200', admin)).json();
    expect(all.total).toBeGreaterThan(200);
    const poland = (await get('/settings/delegation-rate/in-force?search=PL&date=2026-03-10', admin)).json().items.find((item: { country_code: string }) => item.country_code === 'PL');
    expect(poland).toMatchObject({ per_diem: '45.00', hotel_limit: '900.00', currency: 'PLN' });
  });

  it("shows every employee the rates of their own group and refuses them the administrator's view", async () => {
    const group = (await saveGroup(admin, { name: 'Serwisanci', parent_id: null })).json().rate_group;
    await saveRate(admin, rateBody({ country_code: 'CZ', currency: 'CZK', per_diem: '900', hotel_limit: '2500', group_id: group.id }));
    await t.db.update(users).set({ rateGroupId: group.id }).where(eq(users.id, employeeId));
    const mine = (await get('/delegation-info/delegation-rate?search=CZ&date=2026-03-10', employee)).json();
    expect(mine.group_chain).toEqual([{ id: group.id, name: 'Serwisanci' }]);
    expect(mine.items.find((item: { country_code: string }) => item.country_code === 'CZ')).toMatchObject({ source: 'company', per_diem: '900.00' });
    expect((await get('/settings/delegation-rate/in-force', employee)).statusCode).toBe(403);
    await t.db.update(users).set({ rateGroupId: null }).where(eq(users.id, employeeId));
  });
});

describe('mileage rates', () => {
  const mileage = (overrides: Record<string, unknown> = {}) => ({ vehicle_kind: 'carOver900', rate: '1.00', valid_from: '2026-01-01', valid_to: null, ...overrides });

  it('creates, lists, edits and deletes a rate with audit rows', async () => {
    const created = await saveMileage(admin, mileage({ vehicle_kind: 'motorcycle', rate: '0.5' }));
    expect(created.statusCode).toBe(200);
    const rate = created.json().mileage_rate;
    expect(rate).toMatchObject({ vehicle_kind: 'motorcycle', rate: '0.50', valid_from: '2026-01-01', valid_to: null });
    const edited = (await saveMileage(admin, mileage({ id: rate.id, vehicle_kind: 'motorcycle', rate: '0.6855' }))).json().mileage_rate;
    expect(edited.rate).toBe('0.6855');
    const list = (await get('/settings/delegation-rate/mileage/list?vehicle_kind=motorcycle', admin)).json();
    expect(list).toEqual({ total: 1, items: [edited] });
    expect((await post('/settings/delegation-rate/mileage/delete', admin, { id: rate.id })).statusCode).toBe(200);
    expect(await auditActions('mileageRate', rate.id)).toEqual(['mileageRate.create', 'mileageRate.update', 'mileageRate.delete']);
  });

  it('refuses a rate above the statutory maximum in force on its dates, naming the maximum', async () => {
    const above = await saveMileage(admin, mileage({ rate: '1.16' }));
    expect(above.statusCode).toBe(400);
    expect(above.json().issues).toEqual([{ path: ['rate'], code: 'rates.mileageAboveMaximum', params: { max: '1.15', valid_from: '2023-01-17' } }]);
    const spanning = await saveMileage(admin, mileage({ vehicle_kind: 'carUpTo900', rate: '0.60', valid_from: '2022-06-01', valid_to: '2023-06-30' }));
    expect(spanning.json().issues).toEqual([{ path: ['rate'], code: 'rates.mileageAboveMaximum', params: { max: '0.5214', valid_from: '2007-11-14' } }]);
  });

  it('refuses overlapping rates of one vehicle kind and malformed fields', async () => {
    expect((await saveMileage(admin, mileage({ vehicle_kind: 'moped', rate: '0.40', valid_to: '2026-06-30' }))).statusCode).toBe(200);
    const overlap = await saveMileage(admin, mileage({ vehicle_kind: 'moped', rate: '0.30', valid_from: '2026-06-30' }));
    expect(overlap.json().issues).toEqual([{ path: ['valid_from'], code: 'rates.mileageOverlap', params: { valid_from: '2026-01-01', valid_to: '2026-06-30' } }]);
    expect((await saveMileage(admin, mileage({ vehicle_kind: 'moped', rate: '0.30', valid_from: '2026-07-01' }))).statusCode).toBe(200);
    const malformed = await saveMileage(admin, mileage({ rate: '1,1' }));
    expect(malformed.json().issues).toEqual([{ path: ['rate'], code: 'rates.mileageFormat' }]);
    const zero = await saveMileage(admin, mileage({ rate: '0' }));
    expect(zero.json().issues).toEqual([{ path: ['rate'], code: 'rates.amountPositive' }]);
    const kind = await saveMileage(admin, mileage({ vehicle_kind: 'truck' }));
    expect(kind.json().issues[0]).toMatchObject({ path: ['vehicle_kind'] });
    const reversed = await saveMileage(admin, mileage({ valid_to: '2025-01-01' }));
    expect(reversed.json().issues).toEqual([{ path: ['valid_to'], code: 'validation.dateRange' }]);
    const early = await saveMileage(admin, mileage({ valid_from: '2006-01-01' }));
    expect(early.json().issues).toEqual([{ path: ['valid_from'], code: 'rates.mileageBeforeRegulation', params: { date: '2007-11-14' } }]);
  });

  it("answers 404 for another company's rate and changes nothing", async () => {
    const rate = (await saveMileage(admin, mileage({ vehicle_kind: 'carUpTo900', rate: '0.80' }))).json().mileage_rate;
    expect((await saveMileage(otherAdmin, mileage({ id: rate.id, vehicle_kind: 'carUpTo900', rate: '0.10' }))).statusCode).toBe(404);
    expect((await post('/settings/delegation-rate/mileage/delete', otherAdmin, { id: rate.id })).statusCode).toBe(404);
    expect((await get('/settings/delegation-rate/mileage/list', otherAdmin)).json().total).toBe(0);
    expect((await get('/settings/delegation-rate/mileage/list?vehicle_kind=carUpTo900', admin)).json().items[0].rate).toBe('0.80');
  });

  it('refuses a user without companyAdmin', async () => {
    expect((await saveMileage(employee, mileage())).statusCode).toBe(403);
    expect((await get('/settings/delegation-rate/mileage/list', employee)).statusCode).toBe(403);
    expect((await post('/settings/delegation-rate/mileage/delete', employee, { id: 1 })).statusCode).toBe(403);
  });
});
