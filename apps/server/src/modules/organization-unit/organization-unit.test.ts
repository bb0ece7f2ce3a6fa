import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { settingsCallers } from '../../../test/sessions.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { users } from '../../db/schema/index.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let company: CompanyRecord;
let admin: { authorization: string };
let employee: { authorization: string };
let otherAdmin: { authorization: string };
let mainId: number;

interface Unit {
  id: number;
  name: string;
  parent_id: number | null;
  is_main: boolean;
  user_count: number;
  child_count: number;
}

beforeAll(async () => {
  t = await createTestApp();
  api = apiCalls(t.app);
  ({ company, admin, employee, otherAdmin } = await settingsCallers(t));
});
afterAll(async () => t.close());

const tree = async (headers = admin) => (await api.get('/settings/organizational-structure/tree', headers)).json().units as Unit[];
async function createUnit(name: string, parentId: number, headers = admin): Promise<Unit> {
  const response = await api.post('/settings/organizational-structure/save', headers, { name, parent_id: parentId });
  expect(response.statusCode).toBe(200);
  return response.json().unit;
}

describe('organisation structure', () => {
  it('creates the main unit, named after the company, on first use and only once', async () => {
    const [first, second] = await Promise.all([tree(), tree()]);
    expect(first).toEqual([{ id: expect.any(Number), name: company.name, parent_id: null, is_main: true, user_count: 0, child_count: 0 }]);
    expect(second).toEqual(first);
    mainId = first[0]!.id;
    expect(await lastAuditRow(t.db, company.id, 'organizationUnit.createMain')).toMatchObject({ entityId: String(mainId) });
  });

  it('creates child units, renames and moves a unit without children', async () => {
    const sales = await createUnit('Sprzedaż', mainId);
    const it1 = await createUnit('IT', mainId);
    const team = await createUnit('Zespół A', sales.id);
    expect(await lastAuditRow(t.db, company.id, 'organizationUnit.create')).toMatchObject({ entityId: String(team.id), after: { name: 'Zespół A', parent_id: sales.id } });

    const renamed = await api.post('/settings/organizational-structure/save', admin, { id: it1.id, name: 'Informatyka', parent_id: mainId });
    expect(renamed.json().unit).toMatchObject({ name: 'Informatyka', parent_id: mainId });
    expect(await lastAuditRow(t.db, company.id, 'organizationUnit.update')).toMatchObject({ before: { name: 'IT' }, after: { name: 'Informatyka' } });

    const moved = await api.post('/settings/organizational-structure/save', admin, { id: team.id, name: 'Zespół A', parent_id: it1.id });
    expect(moved.json().unit).toMatchObject({ parent_id: it1.id });
    expect(await lastAuditRow(t.db, company.id, 'organizationUnit.move')).toMatchObject({ before: { parent_id: sales.id }, after: { parent_id: it1.id } });

    const units = await tree();
    expect(units.find((unit) => unit.id === it1.id)).toMatchObject({ child_count: 1 });
    expect(units.find((unit) => unit.id === mainId)).toMatchObject({ child_count: 2 });
  });

  it('refuses moving a unit that has children, and a move below itself', async () => {
    const parent = await createUnit('Rodzic', mainId);
    const child = await createUnit('Dziecko', parent.id);
    const target = await createUnit('Cel', mainId);
    const locked = await api.post('/settings/organizational-structure/save', admin, { id: parent.id, name: 'Rodzic', parent_id: target.id });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().issues).toEqual([{ path: ['parent_id'], code: 'organizationUnit.parentLocked' }]);
    // Renaming keeps the parent, so it is allowed with children.
    expect((await api.post('/settings/organizational-structure/save', admin, { id: parent.id, name: 'Rodzic 2', parent_id: mainId })).statusCode).toBe(200);
    const self = await api.post('/settings/organizational-structure/save', admin, { id: child.id, name: 'Dziecko', parent_id: child.id });
    expect(self.json().issues).toEqual([{ path: ['parent_id'], code: 'organizationUnit.cycle' }]);
  });

  it('keeps the main unit at the root and every other unit under a parent', async () => {
    const sub = await createUnit('Pod', mainId);
    const moveMain = await api.post('/settings/organizational-structure/save', admin, { id: mainId, name: 'Firma', parent_id: sub.id });
    expect(moveMain.json().issues).toEqual([{ path: ['parent_id'], code: 'organizationUnit.mainHasNoParent' }]);
    const noParent = await api.post('/settings/organizational-structure/save', admin, { name: 'Sierota', parent_id: null });
    expect(noParent.json().issues).toEqual([{ path: ['parent_id'], code: 'global.error.required' }]);
    const renameMain = await api.post('/settings/organizational-structure/save', admin, { id: mainId, name: 'Centrala', parent_id: null });
    expect(renameMain.json().unit).toMatchObject({ name: 'Centrala', is_main: true });
  });

  it('refuses a name used by a sibling and an empty name at the name field', async () => {
    await createUnit('Księgowość', mainId);
    const duplicate = await api.post('/settings/organizational-structure/save', admin, { name: 'KSIĘGOWOŚĆ', parent_id: mainId });
    expect(duplicate.json().issues).toEqual([{ path: ['name'], code: 'organizationUnit.nameTaken' }]);
    const empty = await api.post('/settings/organizational-structure/save', admin, { name: ' ', parent_id: mainId });
    expect(empty.json().issues[0]).toMatchObject({ path: ['name'], code: 'global.error.required' });
  });

  it('refuses deleting the main unit, a unit with child units and a unit with users, and deletes an empty one', async () => {
    const main = await api.post('/settings/organizational-structure/delete', admin, { id: mainId });
    expect(main.statusCode).toBe(400);
    expect(main.json().issues).toEqual([{ path: ['id'], code: 'organizationUnit.mainCannotBeDeleted' }]);

    const parent = await createUnit('Z dziećmi', mainId);
    await createUnit('Dziecko 2', parent.id);
    expect((await api.post('/settings/organizational-structure/delete', admin, { id: parent.id })).json().issues).toEqual([
      { path: ['id'], code: 'organizationUnit.hasChildren', params: { count: 1 } },
    ]);

    const staffed = await createUnit('Z ludźmi', mainId);
    const worker = await createUser(t.db, company);
    await api.post('/settings/organizational-structure/users/assign', admin, { organization_unit_id: staffed.id, user_ids: [worker.id] });
    expect((await api.post('/settings/organizational-structure/delete', admin, { id: staffed.id })).json().issues).toEqual([
      { path: ['id'], code: 'organizationUnit.hasUsers', params: { count: 1 } },
    ]);

    const empty = await createUnit('Pusty', mainId);
    expect((await api.post('/settings/organizational-structure/delete', admin, { id: empty.id })).statusCode).toBe(200);
    expect((await tree()).some((unit) => unit.id === empty.id)).toBe(false);
    expect(await lastAuditRow(t.db, company.id, 'organizationUnit.delete')).toMatchObject({ entityId: String(empty.id), before: { name: 'Pusty' } });
  });

  it('refuses the structure endpoints to a user without companyAdmin', async () => {
    const responses = await Promise.all([
      api.get('/settings/organizational-structure/tree', employee),
      api.post('/settings/organizational-structure/save', employee, { name: 'X', parent_id: mainId }),
      api.post('/settings/organizational-structure/delete', employee, { id: mainId }),
      api.get('/settings/organizational-structure/users/list', employee),
      api.post('/settings/organizational-structure/users/assign', employee, { organization_unit_id: null, user_ids: [1] }),
    ]);
    for (const response of responses) expect(response.statusCode).toBe(403);
  });

  it("answers 404 for another company's units and users and changes nothing", async () => {
    const unit = await createUnit('Cudzy cel', mainId);
    const worker = await createUser(t.db, company);
    expect((await api.post('/settings/organizational-structure/save', otherAdmin, { id: unit.id, name: 'Przejęty', parent_id: null })).statusCode).toBe(404);
    expect((await api.post('/settings/organizational-structure/delete', otherAdmin, { id: unit.id })).statusCode).toBe(404);
    const otherTree = await tree(otherAdmin);
    expect((await api.post('/settings/organizational-structure/save', otherAdmin, { name: 'Pod cudzym', parent_id: unit.id })).statusCode).toBe(404);
    expect((await api.post('/settings/organizational-structure/users/assign', otherAdmin, { organization_unit_id: otherTree[0]!.id, user_ids: [worker.id] })).statusCode).toBe(404);
    expect((await api.post('/settings/organizational-structure/users/assign', admin, { organization_unit_id: otherTree[0]!.id, user_ids: [worker.id] })).statusCode).toBe(404);
    expect((await tree()).find((candidate) => candidate.id === unit.id)).toMatchObject({ name: 'Cudzy cel', user_count: 0 });
    expect(otherTree.map((candidate) => candidate.id)).not.toContain(unit.id);
  });
});

describe('users of the organisation structure', () => {
  it('assigns users to a unit, lists them by unit and takes them out again', async () => {
    const unit = await createUnit('Logistyka', mainId);
    const first = await createUser(t.db, company);
    const second = await createUser(t.db, company);
    const [before] = await t.db.select().from(users).where(eq(users.id, first.id));
    const assigned = await api.post('/settings/organizational-structure/users/assign', admin, { organization_unit_id: unit.id, user_ids: [first.id, second.id, first.id] });
    expect(assigned.json()).toEqual({ status: 'ok', updated: 2 });
    const [after] = await t.db.select().from(users).where(eq(users.id, first.id));
    expect(after).toMatchObject({ organizationUnitId: unit.id, version: before!.version + 1 });
    expect(await lastAuditRow(t.db, company.id, 'organizationUnit.assignUsers')).toMatchObject({
      entityId: String(unit.id),
      before: [{ user_id: first.id, organization_unit_id: null }, { user_id: second.id, organization_unit_id: null }].sort((a, b) => a.user_id - b.user_id),
    });

    const listed = (await api.get(`/settings/organizational-structure/users/list?unit=${unit.id}`, admin)).json();
    expect(listed.total).toBe(2);
    expect(listed.items[0]).toMatchObject({ organization_unit_id: unit.id, organization_unit_name: 'Logistyka' });

    await api.post('/settings/organizational-structure/users/assign', admin, { organization_unit_id: null, user_ids: [first.id] });
    const outside = (await api.get('/settings/organizational-structure/users/list?unit=none&sort=login', admin)).json();
    expect(outside.items.some((item: { user_id: number }) => item.user_id === first.id)).toBe(true);
    expect((await tree()).find((candidate) => candidate.id === unit.id)?.user_count).toBe(1);
  });

  it('refuses an empty selection of users', async () => {
    const response = await api.post('/settings/organizational-structure/users/assign', admin, { organization_unit_id: mainId, user_ids: [] });
    expect(response.json().issues[0]).toMatchObject({ path: ['user_ids'], code: 'global.error.required' });
  });
});
