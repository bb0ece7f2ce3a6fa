import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_TRAVEL_MAIL_SUBJECT } from '@delego/domain';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { settingsCallers } from '../../../test/sessions.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { companies } from '../../db/schema/index.ts';
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
  ({ company, admin, employee, otherAdmin } = await settingsCallers(t, { session_time: 45 }));
});
afterAll(async () => t.close());

const parameter = (overrides: Record<string, unknown> = {}) => ({
  name_pl: 'Numer MPK klienta',
  name_en: 'Client cost centre',
  type: 'text',
  options: [],
  default_value: null,
  is_required: false,
  sort_order: 0,
  is_active: true,
  ...overrides,
});

async function storedSettings(companyId: number) {
  const [row] = await t.db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId));
  return row!.settings as unknown as Record<string, unknown>;
}

describe('travel-service acceptors', () => {
  it('adds, lists and removes acceptors with audit rows; adding twice is harmless', async () => {
    const acceptor = await createUser(t.db, company, { login: `akceptant${Date.now()}` });
    expect((await api.post('/settings/travel-service/acceptors/add', admin, { user_id: acceptor.id })).json()).toEqual({ status: 'ok' });
    expect((await api.post('/settings/travel-service/acceptors/add', admin, { user_id: acceptor.id })).statusCode).toBe(200);
    const list = (await api.get('/settings/travel-service/acceptors', admin)).json();
    expect(list.items).toEqual([{ user_id: acceptor.id, name: 'Jan', surname: 'Testowy', login: acceptor.login, email: acceptor.email, is_active: true }]);
    expect(await lastAuditRow(t.db, company.id, 'travelServiceAcceptor.add')).toMatchObject({ entityId: String(acceptor.id) });

    expect((await api.post('/settings/travel-service/acceptors/remove', admin, { user_id: acceptor.id })).statusCode).toBe(200);
    expect((await api.get('/settings/travel-service/acceptors', admin)).json().items).toEqual([]);
    expect(await lastAuditRow(t.db, company.id, 'travelServiceAcceptor.remove')).toMatchObject({ entityId: String(acceptor.id) });
    expect((await api.post('/settings/travel-service/acceptors/remove', admin, { user_id: acceptor.id })).statusCode).toBe(404);
  });

  it('refuses a disabled user at the user field', async () => {
    const disabled = await createUser(t.db, company, { isActive: false });
    const response = await api.post('/settings/travel-service/acceptors/add', admin, { user_id: disabled.id });
    expect(response.json().issues).toEqual([{ path: ['user_id'], code: 'travelServiceAcceptor.userInactive' }]);
  });

  it("answers 404 for another company's user and changes nothing", async () => {
    const mine = await createUser(t.db, company);
    await api.post('/settings/travel-service/acceptors/add', admin, { user_id: mine.id });
    expect((await api.post('/settings/travel-service/acceptors/add', otherAdmin, { user_id: mine.id })).statusCode).toBe(404);
    expect((await api.post('/settings/travel-service/acceptors/remove', otherAdmin, { user_id: mine.id })).statusCode).toBe(404);
    expect((await api.get('/settings/travel-service/acceptors', admin)).json().items.map((item: { user_id: number }) => item.user_id)).toContain(mine.id);
    expect((await api.get('/settings/travel-service/acceptors', otherAdmin)).json().items).toEqual([]);
  });
});

describe('additional parameters of travel-service orders', () => {
  it('creates, lists in order, edits and deletes parameters with audit rows', async () => {
    const second = (await api.post('/settings/travel-service/additional-parameters/save', admin, parameter({ name_pl: 'Drugi', name_en: 'Second', sort_order: 2 }))).json().parameter;
    const created = await api.post(
      '/settings/travel-service/additional-parameters/save',
      admin,
      parameter({ name_pl: 'Klasa', name_en: 'Class', type: 'select', options: ['Ekonomiczna', 'Biznes'], default_value: 'Ekonomiczna', is_required: true, sort_order: 1 }),
    );
    expect(created.statusCode).toBe(200);
    const first = created.json().parameter;
    expect(first).toEqual({
      id: expect.any(Number),
      name_pl: 'Klasa',
      name_en: 'Class',
      type: 'select',
      options: ['Ekonomiczna', 'Biznes'],
      default_value: 'Ekonomiczna',
      is_required: true,
      sort_order: 1,
      is_active: true,
    });
    expect(await lastAuditRow(t.db, company.id, 'travelParameter.create')).toMatchObject({ entityId: String(first.id) });
    const list = (await api.get('/settings/travel-service/additional-parameters/list', admin)).json();
    expect(list.items.map((item: { id: number }) => item.id)).toEqual([first.id, second.id]);

    // Another type drops the options; an empty default means none.
    const edited = await api.post('/settings/travel-service/additional-parameters/save', admin, { ...first, type: 'boolean', default_value: 'true' });
    expect(edited.json().parameter).toMatchObject({ type: 'boolean', options: [], default_value: 'true' });
    const cleared = await api.post('/settings/travel-service/additional-parameters/save', admin, { ...first, type: 'number', options: ['x'], default_value: '' });
    expect(cleared.json().parameter).toMatchObject({ type: 'number', options: [], default_value: null });
    expect(await lastAuditRow(t.db, company.id, 'travelParameter.update')).toMatchObject({ after: { type: 'number' } });

    expect((await api.post('/settings/travel-service/additional-parameters/delete', admin, { id: first.id })).statusCode).toBe(200);
    expect(await lastAuditRow(t.db, company.id, 'travelParameter.delete')).toMatchObject({ entityId: String(first.id) });
  });

  it('validates names, options and the default value against the type at their fields', async () => {
    const names = await api.post('/settings/travel-service/additional-parameters/save', admin, parameter({ name_pl: '', name_en: ' ' }));
    expect(names.json().issues.map((issue: { path: string[] }) => issue.path)).toEqual([['name_pl'], ['name_en']]);
    const noOptions = await api.post('/settings/travel-service/additional-parameters/save', admin, parameter({ type: 'select', options: [] }));
    expect(noOptions.json().issues).toEqual([expect.objectContaining({ path: ['options'], code: 'travelParameter.optionsRequired' })]);
    const duplicate = await api.post('/settings/travel-service/additional-parameters/save', admin, parameter({ type: 'select', options: ['A', 'a'] }));
    expect(duplicate.json().issues).toEqual([expect.objectContaining({ path: ['options', 1], code: 'travelParameter.optionDuplicate' })]);
    const number = await api.post('/settings/travel-service/additional-parameters/save', admin, parameter({ type: 'number', default_value: 'dużo' }));
    expect(number.json().issues).toEqual([expect.objectContaining({ path: ['default_value'], code: 'validation.number' })]);
    const select = await api.post('/settings/travel-service/additional-parameters/save', admin, parameter({ type: 'select', options: ['A'], default_value: 'B' }));
    expect(select.json().issues).toEqual([expect.objectContaining({ path: ['default_value'], code: 'travelParameter.notAnOption' })]);
    const boolean = await api.post('/settings/travel-service/additional-parameters/save', admin, parameter({ type: 'boolean', default_value: 'tak' }));
    expect(boolean.json().issues).toEqual([expect.objectContaining({ path: ['default_value'], code: 'travelParameter.notBoolean' })]);
    const type = await api.post('/settings/travel-service/additional-parameters/save', admin, parameter({ type: 'date' }));
    expect(type.json().issues[0].path).toEqual(['type']);
  });

  it("answers 404 for another company's parameter and leaves it", async () => {
    const mine = (await api.post('/settings/travel-service/additional-parameters/save', admin, parameter({ name_pl: 'Nasz', name_en: 'Ours' }))).json().parameter;
    expect((await api.post('/settings/travel-service/additional-parameters/save', otherAdmin, { ...mine, name_pl: 'Cudzy' })).statusCode).toBe(404);
    expect((await api.post('/settings/travel-service/additional-parameters/delete', otherAdmin, { id: mine.id })).statusCode).toBe(404);
    expect((await api.get('/settings/travel-service/additional-parameters/list', admin)).json().items).toContainEqual(mine);
  });
});

describe('travel-service mail subject', () => {
  it('starts with the default, saves a template with known tags and keeps every other setting', async () => {
    expect((await api.get('/settings/travel-service/mail-subject', admin)).json()).toEqual({
      template: DEFAULT_TRAVEL_MAIL_SUBJECT,
      default_template: DEFAULT_TRAVEL_MAIL_SUBJECT,
      tags: ['order_number', 'traveller', 'service_type', 'start_date', 'end_date', 'destination', 'status', 'company'],
    });
    const saved = await api.post('/settings/travel-service/mail-subject/save', admin, { template: '  [{order_number}] {traveller} – {destination}  ' });
    expect(saved.json()).toEqual({ status: 'ok', template: '[{order_number}] {traveller} – {destination}' });
    expect((await api.get('/settings/travel-service/mail-subject', admin)).json().template).toBe('[{order_number}] {traveller} – {destination}');
    expect((await storedSettings(company.id)).session_time).toBe(45);
    expect(await lastAuditRow(t.db, company.id, 'systemSettings.travelMailSubject')).toMatchObject({
      before: { travel_service_mail_subject: DEFAULT_TRAVEL_MAIL_SUBJECT },
      after: { travel_service_mail_subject: '[{order_number}] {traveller} – {destination}' },
    });
  });

  it('refuses unknown tags by name, stray braces and an empty subject at the template field', async () => {
    const unknown = await api.post('/settings/travel-service/mail-subject/save', admin, { template: '{order_number} {hotel_name}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: ['template'], code: 'travelMailSubject.unknownTag', params: { tag: '{hotel_name}' } }]);
    const brace = await api.post('/settings/travel-service/mail-subject/save', admin, { template: 'Zamówienie {order_number' });
    expect(brace.json().issues).toEqual([{ path: ['template'], code: 'travelMailSubject.unbalancedBrace' }]);
    const empty = await api.post('/settings/travel-service/mail-subject/save', admin, { template: '   ' });
    expect(empty.json().issues).toEqual([{ path: ['template'], code: 'global.error.required' }]);
  });
});

describe('travel-service additional settings', () => {
  it('reads and changes only the travel keys of the system settings', async () => {
    expect((await api.get('/settings/travel-service/additional-settings', admin)).json()).toEqual({
      settings: { insurance_behaviour: 1, offer_change_rule: 1, message_auto_read: 1, is_insurance_separated: 0, flight_is_return_route: 0 },
    });
    const body = { insurance_behaviour: 2, offer_change_rule: 2, message_auto_read: 3, is_insurance_separated: 1, flight_is_return_route: 2 };
    const saved = await api.post('/settings/travel-service/additional-settings/save', admin, body);
    expect(saved.json()).toEqual({ status: 'ok', settings: body });
    const stored = await storedSettings(company.id);
    expect(stored).toMatchObject({ ...body, session_time: 45 });
    expect(await lastAuditRow(t.db, company.id, 'systemSettings.travelService')).toMatchObject({ before: { insurance_behaviour: 1 }, after: body });
  });

  it('refuses values outside each setting and keys that are not travel settings', async () => {
    const outOfRange = await api.post('/settings/travel-service/additional-settings/save', admin, {
      insurance_behaviour: 4,
      offer_change_rule: 1,
      message_auto_read: 1,
      is_insurance_separated: 0,
      flight_is_return_route: 0,
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().issues[0].path).toEqual(['insurance_behaviour']);
    const foreignKey = await api.post('/settings/travel-service/additional-settings/save', admin, {
      insurance_behaviour: 1,
      offer_change_rule: 1,
      message_auto_read: 1,
      is_insurance_separated: 0,
      flight_is_return_route: 0,
      session_time: 5,
    });
    expect(foreignKey.statusCode).toBe(400);
    expect((await storedSettings(company.id)).session_time).toBe(45);
  });
});

describe('travel-module settings permissions', () => {
  it('refuses every travel-module settings endpoint to a user without companyAdmin', async () => {
    for (const response of await Promise.all([
      api.get('/settings/travel-service/acceptors', employee),
      api.post('/settings/travel-service/acceptors/add', employee, { user_id: 1 }),
      api.post('/settings/travel-service/acceptors/remove', employee, { user_id: 1 }),
      api.get('/settings/travel-service/additional-parameters/list', employee),
      api.post('/settings/travel-service/additional-parameters/save', employee, parameter()),
      api.post('/settings/travel-service/additional-parameters/delete', employee, { id: 1 }),
      api.get('/settings/travel-service/mail-subject', employee),
      api.post('/settings/travel-service/mail-subject/save', employee, { template: '{order_number}' }),
      api.get('/settings/travel-service/additional-settings', employee),
      api.post('/settings/travel-service/additional-settings/save', employee, { insurance_behaviour: 1, offer_change_rule: 1, message_auto_read: 1, is_insurance_separated: 0, flight_is_return_route: 0 }),
      api.get('/settings/user-options?search=jan', employee),
    ])) {
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('user options', () => {
  it("finds active users of the company by name or login, never another company's", async () => {
    const findable = await createUser(t.db, company, { login: `szukany${Date.now()}` });
    const disabled = await createUser(t.db, company, { login: `wylaczony${Date.now()}`, isActive: false });
    const found = (await api.get(`/settings/user-options?search=${findable.login}`, admin)).json();
    expect(found.items).toEqual([{ id: findable.id, name: 'Jan', surname: 'Testowy', login: findable.login, email: findable.email, is_active: true }]);
    expect((await api.get(`/settings/user-options?search=${disabled.login}`, admin)).json().items).toEqual([]);
    // The current choice of a form is found even when disabled.
    expect((await api.get(`/settings/user-options?search=${disabled.login}&id=${disabled.id}`, admin)).json().items[0]).toMatchObject({ id: disabled.id, is_active: false });
    expect((await api.get(`/settings/user-options?search=${findable.login}`, otherAdmin)).json().items).toEqual([]);
    expect((await api.get(`/settings/user-options?id=${findable.id}`, otherAdmin)).json().items.map((item: { id: number }) => item.id)).not.toContain(findable.id);
  });
});
