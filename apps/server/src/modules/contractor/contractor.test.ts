import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { settingsCallers } from '../../../test/sessions.ts';
import { apiCalls, insertTripDocuments, lastAuditRow } from '../../../test/api-helpers.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let company: CompanyRecord;
let admin: { authorization: string };
let employee: { authorization: string };
let otherAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  api = apiCalls(t.app);
  ({ company, admin, employee, otherAdmin } = await settingsCallers(t));
});
afterAll(async () => t.close());

const contractor = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme sp. z o.o.',
  tax_id: '526-025-02-74',
  street: 'ul. Prosta 1',
  postal_code: '00-950',
  city: 'Warszawa',
  country_code: 'PL',
  email: 'biuro@acme.pl',
  phone: '+48 22 123 45 67',
  accounting_code: 'K-001',
  is_active: true,
  ...overrides,
});

async function createContractor(overrides: Record<string, unknown> = {}, headers = admin) {
  const response = await api.post('/settings/external-company/save', headers, contractor(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().contractor as { id: number; name: string };
}

async function createProject(body: Record<string, unknown>, headers = admin) {
  const response = await api.post('/settings/project/save', headers, { contractor_id: null, order_number: null, is_active: true, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().project as { id: number; name: string };
}

describe('external companies', () => {
  it('creates a contractor with a normalised NIP, lists, edits and deletes it with audit rows', async () => {
    const created = await createContractor({ name: 'Alfa SA' });
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Alfa SA',
      tax_id: '5260250274',
      street: 'ul. Prosta 1',
      postal_code: '00-950',
      city: 'Warszawa',
      country_code: 'PL',
      email: 'biuro@acme.pl',
      phone: '+48 22 123 45 67',
      accounting_code: 'K-001',
      is_active: true,
      project_count: 0,
    });
    expect(await lastAuditRow(t.db, company.id, 'contractor.create')).toMatchObject({ entityId: String(created.id), after: created });
    expect((await api.get('/settings/external-company/list?search=alfa', admin)).json()).toEqual({ items: [created], total: 1 });

    const edited = await api.post('/settings/external-company/save', admin, contractor({ id: created.id, name: 'Alfa SA', tax_id: '', email: '', phone: null, street: '' }));
    expect(edited.json().contractor).toMatchObject({ tax_id: null, email: null, phone: null, street: null });
    expect(await lastAuditRow(t.db, company.id, 'contractor.update')).toMatchObject({ before: { tax_id: '5260250274' }, after: { tax_id: null } });

    expect((await api.post('/settings/external-company/delete', admin, { id: created.id })).statusCode).toBe(200);
    expect(await lastAuditRow(t.db, company.id, 'contractor.delete')).toMatchObject({ entityId: String(created.id) });
  });

  it('checks the NIP checksum, postal code, e-mail, phone and country at their fields', async () => {
    const response = await api.post(
      '/settings/external-company/save',
      admin,
      contractor({ name: 'Błędna', tax_id: '5260250275', postal_code: '00950', email: 'biuro@', phone: '123 45' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string[]; code: string }) => [issue.path, issue.code])).toEqual([
      [['tax_id'], 'contractor.nipInvalid'],
      [['postal_code'], 'contractor.postalCodeInvalid'],
      [['email'], 'validation.email'],
      [['phone'], 'validation.phoneIncomplete'],
    ]);
    const country = await api.post('/settings/external-company/save', admin, contractor({ name: 'Kraj', country_code: 'XX' }));
    expect(country.json().issues[0]).toMatchObject({ path: ['country_code'], code: 'validation.country' });
    const name = await api.post('/settings/external-company/save', admin, contractor({ name: '' }));
    expect(name.json().issues[0]).toMatchObject({ path: ['name'], code: 'global.error.required' });
    // A foreign company carries its own VAT number and postal code.
    expect((await api.post('/settings/external-company/save', admin, contractor({ name: 'Beta GmbH', country_code: 'DE', tax_id: 'DE123456789', postal_code: '10115' }))).statusCode).toBe(200);
  });

  it('refuses a name another contractor of the company has', async () => {
    await createContractor({ name: 'Gamma' });
    const duplicate = await api.post('/settings/external-company/save', admin, contractor({ name: 'gamma' }));
    expect(duplicate.json().issues).toEqual([{ path: ['name'], code: 'contractor.nameTaken' }]);
  });

  it('refuses deleting a contractor with projects; disabling it works', async () => {
    const owner = await createContractor({ name: 'Delta' });
    await createProject({ contractor_id: owner.id, name: 'Wdrożenie' });
    const refused = await api.post('/settings/external-company/delete', admin, { id: owner.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: ['id'], code: 'contractor.hasProjects', params: { count: 1 } }]);
    const disabled = await api.post('/settings/external-company/save', admin, contractor({ id: owner.id, name: 'Delta', is_active: false }));
    expect(disabled.json().contractor).toMatchObject({ is_active: false, project_count: 1 });
    expect((await api.get('/settings/external-company/list?active=inactive&search=Delta', admin)).json().total).toBe(1);
    expect((await api.get('/settings/external-company/list?active=active&search=Delta', admin)).json().total).toBe(0);
    expect((await api.get('/settings/external-company/options', admin)).json().items).toContainEqual({ id: owner.id, name: 'Delta', is_active: false });
  });

  it('refuses deleting a contractor or a project that trip documents name, and counts the settlements', async () => {
    const customer = await createContractor({ name: 'Klient podróży' });
    const project = await createProject({ name: 'Projekt w użyciu' });
    const user = await createUser(t.db, company);
    await insertTripDocuments(t.db, company.id, user.id, { externalCustomerId: customer.id, projectId: project.id });
    expect((await api.post('/settings/external-company/delete', admin, { id: customer.id })).json().issues).toEqual([
      { path: ['id'], code: 'contractor.inUse', params: { count: 2 } },
    ]);
    expect((await api.post('/settings/project/delete', admin, { id: project.id })).json().issues).toEqual([
      { path: ['id'], code: 'project.inUse', params: { count: 2 } },
    ]);
    expect((await api.get('/settings/project/list?search=Projekt w użyciu', admin)).json().items[0].delegation_count).toBe(1);
  });

  it('refuses contractor endpoints to a user without companyAdmin', async () => {
    const existing = await createContractor({ name: 'Epsilon' });
    for (const response of await Promise.all([
      api.get('/settings/external-company/list', employee),
      api.get('/settings/external-company/options', employee),
      api.post('/settings/external-company/save', employee, contractor({ name: 'Zeta' })),
      api.post('/settings/external-company/delete', employee, { id: existing.id }),
    ])) {
      expect(response.statusCode).toBe(403);
    }
  });

  it("answers 404 for another company's contractor and leaves it", async () => {
    const mine = await createContractor({ name: 'Omikron' });
    expect((await api.post('/settings/external-company/save', otherAdmin, contractor({ id: mine.id, name: 'Przejęta' }))).statusCode).toBe(404);
    expect((await api.post('/settings/external-company/delete', otherAdmin, { id: mine.id })).statusCode).toBe(404);
    expect((await api.get('/settings/external-company/list?search=Omikron', admin)).json().items[0].name).toBe('Omikron');
    expect((await api.get('/settings/external-company/options', otherAdmin)).json().items.map((item: { id: number }) => item.id)).not.toContain(mine.id);
  });
});

describe('projects', () => {
  it('creates, lists, edits and deletes a project with its count of settlements', async () => {
    const owner = await createContractor({ name: 'Theta' });
    const created = await createProject({ contractor_id: owner.id, name: 'System ERP', order_number: 'ZAM/1/2026' });
    expect(created).toEqual({
      id: expect.any(Number),
      contractor_id: owner.id,
      contractor_name: 'Theta',
      name: 'System ERP',
      order_number: 'ZAM/1/2026',
      is_active: true,
      delegation_count: 0,
    });
    expect(await lastAuditRow(t.db, company.id, 'project.create')).toMatchObject({ entityId: String(created.id) });
    const listed = (await api.get(`/settings/project/list?contractor_id=${owner.id}`, admin)).json();
    expect(listed).toEqual({ items: [created], total: 1 });
    expect((await api.get('/settings/project/list?search=theta&sort=contractor_name', admin)).json().total).toBe(1);

    const internal = await api.post('/settings/project/save', admin, { id: created.id, contractor_id: null, name: 'System ERP', order_number: '', is_active: false });
    expect(internal.json().project).toMatchObject({ contractor_id: null, contractor_name: null, order_number: null, is_active: false });
    expect(await lastAuditRow(t.db, company.id, 'project.update')).toMatchObject({ before: { contractor_id: owner.id }, after: { contractor_id: null } });

    expect((await api.post('/settings/project/delete', admin, { id: created.id })).statusCode).toBe(200);
    expect(await lastAuditRow(t.db, company.id, 'project.delete')).toMatchObject({ entityId: String(created.id) });
  });

  it('requires a name, unique per contractor', async () => {
    const owner = await createContractor({ name: 'Iota' });
    await createProject({ contractor_id: owner.id, name: 'Audyt' });
    const duplicate = await api.post('/settings/project/save', admin, { contractor_id: owner.id, name: 'AUDYT', order_number: null, is_active: true });
    expect(duplicate.json().issues).toEqual([{ path: ['name'], code: 'project.nameTaken' }]);
    expect((await api.post('/settings/project/save', admin, { contractor_id: null, name: 'Audyt', order_number: null, is_active: true })).statusCode).toBe(200);
    const empty = await api.post('/settings/project/save', admin, { contractor_id: null, name: '', order_number: null, is_active: true });
    expect(empty.json().issues[0]).toMatchObject({ path: ['name'], code: 'global.error.required' });
  });

  it('refuses project endpoints to a user without companyAdmin', async () => {
    const project = await createProject({ name: 'Kappa' });
    for (const response of await Promise.all([
      api.get('/settings/project/list', employee),
      api.post('/settings/project/save', employee, { contractor_id: null, name: 'Lambda', order_number: null, is_active: true }),
      api.post('/settings/project/delete', employee, { id: project.id }),
    ])) {
      expect(response.statusCode).toBe(403);
    }
  });

  it("answers 404 for another company's project or contractor", async () => {
    const project = await createProject({ name: 'Mi' });
    const theirs = await createContractor({ name: 'Obca' }, otherAdmin);
    expect((await api.post('/settings/project/save', otherAdmin, { id: project.id, contractor_id: null, name: 'X', order_number: null, is_active: true })).statusCode).toBe(404);
    expect((await api.post('/settings/project/delete', otherAdmin, { id: project.id })).statusCode).toBe(404);
    expect((await api.post('/settings/project/save', admin, { contractor_id: theirs.id, name: 'Nu', order_number: null, is_active: true })).statusCode).toBe(404);
    expect((await api.get('/settings/project/list?search=Mi', admin)).json().items[0]).toMatchObject({ name: 'Mi', is_active: true });
  });
});
