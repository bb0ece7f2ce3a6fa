import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls, insertTripDocuments, lastAuditRow } from '../../../test/api-helpers.ts';
import { users } from '../../db/schema/index.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let company: CompanyRecord;
let admin: { authorization: string };
let anna: { id: number; login: string };
let annaHeaders: { authorization: string };
let piotr: { id: number; login: string };
let piotrHeaders: { authorization: string };
let otherAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  api = apiCalls(t.app);
  company = await createCompany(t.db);
  admin = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['companyAdmin'] }));
  anna = await createUser(t.db, company);
  annaHeaders = await authHeaders(t.app, company, anna);
  piotr = await createUser(t.db, company);
  piotrHeaders = await authHeaders(t.app, company, piotr);
  const other = await createCompany(t.db);
  otherAdmin = await authHeaders(t.app, other, await createUser(t.db, other, { permissions: ['companyAdmin'] }));
});
afterAll(async () => t.close());

let plateNumber = 10000;
const nextPlates = () => `WA ${(plateNumber += 1)}`;
const vehicle = (overrides: Record<string, unknown> = {}) => ({ plates: nextPlates(), model: 'Skoda Octavia', engine_capacity: 1598, type: 'car', is_private: true, ...overrides });

async function save(headers: Record<string, string>, body: Record<string, unknown>) {
  const response = await api.post('/vehicle/save', headers, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().vehicle as { id: number; plates: string; owner_user_id: number | null };
}

describe('vehicle/save (spec §7)', () => {
  it("answers status ok with the vehicle and its id; an employee's vehicle is private and theirs", async () => {
    const response = await api.post('/vehicle/save', annaHeaders, vehicle({ plates: ' wa  5y123 ' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: 'ok',
      vehicle: {
        id: expect.any(Number),
        plates: 'WA 5Y123',
        model: 'Skoda Octavia',
        engine_capacity: 1598,
        type: 'car',
        is_private: true,
        owner_user_id: anna.id,
        owner_name: 'Jan Testowy',
        is_active: true,
        can_edit: true,
      },
    });
    expect(await lastAuditRow(t.db, company.id, 'vehicle.create')).toMatchObject({ entityId: String(body.vehicle.id), userId: anna.id });
  });

  it('requires plate, model, engine capacity and kind; the capacity is an integer below 9999 cm³', async () => {
    const empty = await api.post('/vehicle/save', annaHeaders, { plates: '', model: ' ', is_private: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues.map((issue: { path: string[]; code: string }) => [issue.path, issue.code])).toEqual([
      [['plates'], 'global.error.required'],
      [['model'], 'global.error.required'],
      [['engine_capacity'], 'global.error.required'],
      [['type'], 'global.error.required'],
    ]);
    const tooBig = await api.post('/vehicle/save', annaHeaders, vehicle({ engine_capacity: 9999 }));
    expect(tooBig.json().issues).toEqual([expect.objectContaining({ path: ['engine_capacity'], code: 'vehicle.engineCapacityRange' })]);
    const fraction = await api.post('/vehicle/save', annaHeaders, vehicle({ engine_capacity: 1598.5 }));
    expect(fraction.json().issues[0]).toMatchObject({ path: ['engine_capacity'], code: 'validation.integer' });
    const zero = await api.post('/vehicle/save', annaHeaders, vehicle({ engine_capacity: 0 }));
    expect(zero.json().issues[0]).toMatchObject({ path: ['engine_capacity'], code: 'vehicle.engineCapacityRange' });
    const kind = await api.post('/vehicle/save', annaHeaders, vehicle({ type: 'bus' }));
    expect(kind.json().issues[0]).toMatchObject({ path: ['type'], code: 'global.error.required' });
    expect((await api.post('/vehicle/save', annaHeaders, vehicle({ engine_capacity: 9998, type: 'truck' }))).statusCode).toBe(200);
  });

  it('refuses plates already registered by the same keeper or as a company car, whatever their spacing', async () => {
    await save(annaHeaders, vehicle({ plates: 'KR 77777' }));
    const again = await api.post('/vehicle/save', annaHeaders, vehicle({ plates: 'kr77777' }));
    expect(again.json().issues).toEqual([{ path: ['plates'], code: 'vehicle.platesTaken' }]);
    await save(admin, vehicle({ plates: 'KR 55555', is_private: false }));
    const companyCar = await api.post('/vehicle/save', piotrHeaders, vehicle({ plates: 'kr 55555' }));
    expect(companyCar.json().issues).toEqual([{ path: ['plates'], code: 'vehicle.platesTaken' }]);
    expect((await api.post('/vehicle/save', admin, vehicle({ plates: 'KR77777', is_private: false }))).json().issues).toEqual([{ path: ['plates'], code: 'vehicle.platesTaken' }]);
    expect((await api.post('/vehicle/save', otherAdmin, vehicle({ plates: 'KR 77777', is_private: false }))).statusCode).toBe(200);
  });

  it("does not reveal a colleague's private car: the same plates are a record of Piotr's own", async () => {
    await save(annaHeaders, vehicle({ plates: 'KR 88888' }));
    const piotrs = await save(piotrHeaders, vehicle({ plates: 'kr88888' }));
    expect(piotrs.owner_user_id).toBe(piotr.id);
  });

  it('lets an employee change only their own private vehicles', async () => {
    const annas = await save(annaHeaders, vehicle());
    const edited = await save(annaHeaders, vehicle({ id: annas.id, plates: annas.plates, model: 'Skoda Superb', engine_capacity: 1984 }));
    expect(edited).toMatchObject({ model: 'Skoda Superb', engine_capacity: 1984 });
    expect(await lastAuditRow(t.db, company.id, 'vehicle.update')).toMatchObject({ before: { model: 'Skoda Octavia' }, after: { model: 'Skoda Superb' } });
    // Another employee's private vehicle is invisible to Piotr.
    expect((await api.post('/vehicle/save', piotrHeaders, vehicle({ id: annas.id }))).statusCode).toBe(404);
    expect((await api.post('/vehicle/delete', piotrHeaders, { id: annas.id })).statusCode).toBe(404);
    // Company vehicles and someone else's ownership are the administrator's.
    expect((await api.post('/vehicle/save', piotrHeaders, vehicle({ is_private: false }))).statusCode).toBe(403);
    expect((await api.post('/vehicle/save', piotrHeaders, vehicle({ owner_user_id: anna.id }))).statusCode).toBe(403);
    const fleet = await save(admin, vehicle({ is_private: false, model: 'Toyota Corolla' }));
    expect((await api.post('/vehicle/save', piotrHeaders, vehicle({ id: fleet.id, plates: fleet.plates }))).statusCode).toBe(403);
    expect((await api.post('/vehicle/delete', piotrHeaders, { id: fleet.id })).statusCode).toBe(403);
  });

  it('lets an administrator keep company vehicles and private ones of any employee', async () => {
    const fleet = await save(admin, vehicle({ is_private: false, owner_user_id: anna.id, type: 'truck' }));
    expect(fleet).toMatchObject({ is_private: false, owner_user_id: null, can_edit: true });
    const forPiotr = await save(admin, vehicle({ owner_user_id: piotr.id }));
    expect(forPiotr).toMatchObject({ is_private: true, owner_user_id: piotr.id });
    const noOwner = await api.post('/vehicle/save', admin, vehicle({ owner_user_id: null }));
    expect(noOwner.json().issues).toEqual([{ path: ['owner_user_id'], code: 'global.error.required' }]);
    const inactive = await save(admin, vehicle({ id: fleet.id, plates: fleet.plates, is_private: false, is_active: false, type: 'truck' }));
    expect(inactive).toMatchObject({ is_active: false });
  });
});

describe('vehicle/list (spec §7)', () => {
  it("shows an employee their own private vehicles and the company's active ones, read-only", async () => {
    const own = await save(piotrHeaders, vehicle({ model: 'Fiat Panda', engine_capacity: 1242 }));
    const annas = await save(annaHeaders, vehicle({ model: 'Honda CBR', type: 'motorcycle', engine_capacity: 600 }));
    const fleet = await save(admin, vehicle({ is_private: false, model: 'Ford Transit', type: 'truck', engine_capacity: 2198 }));
    const retired = await save(admin, vehicle({ is_private: false, model: 'Opel Astra', is_active: false }));
    const response = await api.get('/vehicle/list?page_size=200', piotrHeaders);
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { id: number; can_edit: boolean }[];
    const ids = items.map((item) => item.id);
    expect(ids).toContain(own.id);
    expect(ids).toContain(fleet.id);
    expect(ids).not.toContain(annas.id);
    expect(ids).not.toContain(retired.id);
    expect(items.find((item) => item.id === fleet.id)?.can_edit).toBe(false);
    expect(items.find((item) => item.id === own.id)?.can_edit).toBe(true);
    const mine = (await api.get('/vehicle/list?scope=mine', piotrHeaders)).json();
    expect(mine.items.every((item: { owner_user_id: number }) => item.owner_user_id === piotr.id)).toBe(true);
  });

  it('shows an administrator every vehicle, filtered, searched and sorted', async () => {
    const truck = await save(admin, vehicle({ is_private: false, model: 'MAN TGX', type: 'truck', engine_capacity: 9990 }));
    const all = (await api.get('/vehicle/list?page_size=200', admin)).json();
    expect(all.items.some((item: { id: number }) => item.id === truck.id)).toBe(true);
    const privateOnly = (await api.get('/vehicle/list?scope=private&page_size=200', admin)).json();
    expect(privateOnly.items.every((item: { is_private: boolean }) => item.is_private)).toBe(true);
    const searched = (await api.get(`/vehicle/list?search=${encodeURIComponent(truck.plates.replace(' ', ''))}`, admin)).json();
    expect(searched.items.map((item: { id: number }) => item.id)).toEqual([truck.id]);
    const byOwner = (await api.get(`/vehicle/list?owner_user_id=${anna.id}&page_size=200`, admin)).json();
    expect(byOwner.items.every((item: { owner_user_id: number }) => item.owner_user_id === anna.id)).toBe(true);
    const sorted = (await api.get('/vehicle/list?sort=engine_capacity&order=desc&page_size=1', admin)).json();
    expect(sorted.items[0].engine_capacity).toBe(9998);
  });

  it("never lists another company's vehicles", async () => {
    const theirs = await save(otherAdmin, vehicle({ is_private: false }));
    const ids = (await api.get('/vehicle/list?page_size=200', admin)).json().items.map((item: { id: number }) => item.id);
    expect(ids).not.toContain(theirs.id);
  });
});

describe('vehicle/delete (spec §7)', () => {
  it('deletes a vehicle, clears it from users who had it and writes an audit row', async () => {
    const own = await save(annaHeaders, vehicle());
    await t.db.update(users).set({ privateVehicleId: own.id, defaultVehicleId: own.id }).where(eq(users.id, anna.id));
    const response = await api.post('/vehicle/delete', annaHeaders, { id: own.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    const [after] = await t.db.select().from(users).where(eq(users.id, anna.id));
    expect(after).toMatchObject({ privateVehicleId: null, defaultVehicleId: null });
    expect(await lastAuditRow(t.db, company.id, 'vehicle.delete')).toMatchObject({ entityId: String(own.id), before: { plates: own.plates } });
  });

  it('refuses deleting a vehicle a settlement names', async () => {
    const own = await save(annaHeaders, vehicle());
    await insertTripDocuments(t.db, company.id, anna.id, { vehicleId: own.id });
    const response = await api.post('/vehicle/delete', annaHeaders, { id: own.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: ['id'], code: 'vehicle.inUse', params: { count: 1 } }]);
  });

  it("answers 404 for another company's vehicle and leaves it", async () => {
    const fleet = await save(admin, vehicle({ is_private: false, model: 'Nasz' }));
    expect((await api.post('/vehicle/delete', otherAdmin, { id: fleet.id })).statusCode).toBe(404);
    expect((await api.post('/vehicle/save', otherAdmin, vehicle({ id: fleet.id, is_private: false }))).statusCode).toBe(404);
    expect((await api.post('/vehicle/save', otherAdmin, vehicle({ owner_user_id: anna.id }))).statusCode).toBe(404);
    const mine = (await api.get(`/vehicle/list?search=${encodeURIComponent(fleet.plates)}`, admin)).json();
    expect(mine.items[0]).toMatchObject({ id: fleet.id, model: 'Nasz' });
  });
});
