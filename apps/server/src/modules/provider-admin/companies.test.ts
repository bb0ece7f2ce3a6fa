import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { authHeaders, signIn } from '../../../test/sessions.ts';
import { providerAdmin } from '../../../test/provider-admin.ts';
import { auditLog, users } from '../../db/schema/index.ts';

let t: TestApp;
let provider: Awaited<ReturnType<typeof providerAdmin>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T10:00:00Z' });
  provider = await providerAdmin(t.app, t.db);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const post = (url: string, headers: Headers, payload: object = {}) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
const login = (company: string, username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { company, username, password } });

const MODULES_ON = { delegation: 2, travel_service: 2, accounting_export: 1, all_bookings: 2, flight_bookings: 2 } as const;
function newCompany(overrides: Record<string, unknown> = {}) {
  const code = `f${randomUUID().slice(0, 8)}`;
  return {
    code,
    name: `Firma ${code} Sp. z o.o.`,
    nip: '526-025-02-74',
    modules: MODULES_ON,
    administrator: { login: `${code}-admin`, name: 'Ewa', surname: 'Nowicka', email: `${code}@example.test`, language: 'pl-PL' },
    ...overrides,
  };
}

/** Creates a company through the API and sets its first administrator's password from the e-mailed link. */
async function createAndActivate(body = newCompany()) {
  const before = t.mailer.sent.length;
  const response = await post('/admin/companies/create', provider.headers, body);
  expect(response.statusCode, response.body).toBe(200);
  await t.app.services.outbox.drain();
  const mail = t.mailer.sent.slice(before).find((message) => message.to === body.administrator.email);
  expect(mail?.subject).toBe('Delego: Twoje konto administratora');
  const token = /\/action-by-link\/user\/passwordChange\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  const set = await t.app.inject({ method: 'POST', url: '/api/action-by-link/user/password-change', payload: { token, new_password: TEST_PASSWORD, repeat_password: TEST_PASSWORD } });
  expect(set.statusCode, set.body).toBe(200);
  return { company: response.json().company as { id: number; code: string; name: string; modules: Record<string, number> }, body };
}

describe('provider admin: companies', () => {
  it('creates a company whose first administrator sets a password from the e-mailed link and logs in as its administrator', async () => {
    const { company, body } = await createAndActivate(newCompany({ modules: { ...MODULES_ON, travel_service: 1 } }));
    expect(company).toMatchObject({ code: body.code, nip: '5260250274', user_count: 1, is_active: true });
    expect(company.modules.travel_service).toBe(1);
    const signedIn = await login(body.code, body.administrator.login, TEST_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const properties = signedIn.json().user_properties;
    expect(properties).toMatchObject({ company_code: body.code, is_admin_context: false, in_company_context: false });
    expect(properties.permissions.companyAdmin).toBe(true);
    expect(properties.system_settings.modules.travel_service).toBe(1);
    const headers = { authorization: `Bearer ${signedIn.json().access_token}` };
    // The new company's default role goes to the users its administrator adds.
    const roles = await get('/settings/role/list', headers);
    expect(roles.json().items.map((role: { name: string }) => role.name).sort()).toEqual(['Administrator firmy', 'Pracownik']);
  });

  it('lists every company but the provider’s own, with search', async () => {
    const { company } = await createAndActivate();
    const list = await get(`/admin/companies/list?search=${company.code}`, provider.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: company.id, code: company.code }] });
    const all = await get('/admin/companies/list?page_size=200', provider.headers);
    expect(all.json().items.map((item: { code: string }) => item.code)).not.toContain('admin');
  });

  it('refuses a new company with the messages at the fields: NIP checksum, a taken or reserved code, a short login', async () => {
    const { body: first } = await createAndActivate();
    const wrong = await post('/admin/companies/create', provider.headers, newCompany({ nip: '5260250275' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: ['nip'], code: 'contractor.nipInvalid' }]);
    const taken = await post('/admin/companies/create', provider.headers, newCompany({ code: first.code.toUpperCase() }));
    expect(taken.json().issues).toEqual([{ path: ['code'], code: 'company.codeTaken' }]);
    const reserved = await post('/admin/companies/create', provider.headers, newCompany({ code: 'admin' }));
    expect(reserved.json().issues).toEqual([{ path: ['code'], code: 'company.codeTaken' }]);
    const shortLogin = newCompany();
    const short = await post('/admin/companies/create', provider.headers, { ...shortLogin, administrator: { ...shortLogin.administrator, login: 'ewa' } });
    expect(short.json().issues).toEqual([{ path: ['administrator', 'login'], code: 'validation.loginTooShort', params: { min: 6 } }]);
  });

  it("disabling a company refuses its users' logins and ends their sessions at the next request; enabling lets them back, nothing deleted", async () => {
    const { company, body } = await createAndActivate();
    const signedIn = await login(body.code, body.administrator.login, TEST_PASSWORD);
    const headers = { authorization: `Bearer ${signedIn.json().access_token}` };
    // The actor is now cached: the refusal must not depend on a cold cache.
    expect((await get('/settings/users/list', headers)).statusCode).toBe(200);
    expect((await get('/settings/users/list', headers)).statusCode).toBe(200);

    expect((await post('/admin/companies/set-active', provider.headers, { id: company.id, is_active: false })).statusCode).toBe(200);
    expect((await get('/settings/users/list', headers)).statusCode).toBe(401);
    const refused = await login(body.code, body.administrator.login, TEST_PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('LOGIN_FAILED');
    const listed = await get(`/admin/companies/list?search=${company.code}`, provider.headers);
    expect(listed.json().items[0]).toMatchObject({ is_active: false, user_count: 1 });

    expect((await post('/admin/companies/set-active', provider.headers, { id: company.id, is_active: true })).statusCode).toBe(200);
    expect((await login(body.code, body.administrator.login, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses every provider route to a company administrator and to a provider user without the permission', async () => {
    const company = await createCompany(t.db);
    const admin = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['companyAdmin', 'manageCompanies', 'mainDbSettings'] }));
    expect((await get('/admin/companies/list', admin)).statusCode).toBe(403);
    expect((await post('/admin/companies/create', admin, newCompany())).statusCode).toBe(403);
    expect((await post('/admin/companies/set-active', admin, { id: company.id, is_active: false })).statusCode).toBe(403);
    expect((await post('/admin/company-admin/log-in-company-context', admin, { company_id: company.id })).statusCode).toBe(403);
    expect((await get('/admin/system-settings', admin)).statusCode).toBe(403);
    const settingsOnly = await providerAdmin(t.app, t.db, ['mainDbSettings']);
    expect((await get('/admin/companies/list', settingsOnly.headers)).statusCode).toBe(403);
    expect((await get('/admin/system-settings', settingsOnly.headers)).statusCode).toBe(200);
  });
});

describe('provider admin: defaults for new companies', () => {
  it('saves only the keys sent, and a company created afterwards starts with them while earlier ones keep theirs', async () => {
    const { company: earlier } = await createAndActivate();
    const before = (await get('/admin/system-settings', provider.headers)).json().settings;
    const saved = await post('/admin/system-settings/save', provider.headers, { session_time: 45, modules: { accounting_export: 2 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual({ ...before, session_time: 45, modules: { ...before.modules, accounting_export: 2 } });

    const { body } = await createAndActivate(newCompany({ modules: { ...MODULES_ON, accounting_export: 2 } }));
    const signedIn = await login(body.code, body.administrator.login, TEST_PASSWORD);
    expect(signedIn.json().user_properties.system_settings.session_time).toBe(45);
    const earlierAdmin = await t.db.select().from(users).where(eq(users.companyId, earlier.id));
    const earlierLogin = await login(earlier.code, earlierAdmin[0]!.login, TEST_PASSWORD);
    expect(earlierLogin.json().user_properties.system_settings.session_time).toBe(before.session_time);
    await post('/admin/system-settings/save', provider.headers, { session_time: before.session_time, modules: { accounting_export: before.modules.accounting_export } });
  });

  it('refuses an unknown key', async () => {
    expect((await post('/admin/system-settings/save', provider.headers, { no_such_setting: 1 })).statusCode).toBe(400);
  });
});

describe('provider admin: acting in a company context', () => {
  it("enters a company's context as its administrator (audited with both identities), sees its data, and comes back", async () => {
    const { company, body } = await createAndActivate();
    const session = await providerAdmin(t.app, t.db);
    const entered = await post('/admin/company-admin/log-in-company-context', session.headers, { company_id: company.id });
    expect(entered.statusCode, entered.body).toBe(200);
    const inside = entered.json().user_properties;
    expect(inside).toMatchObject({ user_id: session.user.id, company_id: company.id, company_code: company.code, context_user_login: body.administrator.login, is_admin_context: false, in_company_context: true });
    expect(inside.context_user_permissions.companyAdmin).toBe(true);
    const headers = { authorization: `Bearer ${entered.json().access_token}` };

    const companyUsers = await get('/settings/users/list', headers);
    expect(companyUsers.json().items.map((user: { login: string }) => user.login)).toEqual([body.administrator.login]);
    // Inside a company the provider routes are closed, like for the company's own administrator.
    expect((await get('/admin/companies/list', headers)).statusCode).toBe(403);
    const task = await post('/settings/delegation-task/save', headers, { name_pl: 'Szkolenie wdrożeniowe', name_en: 'Onboarding', comment_requirement: 'none', enabled_for_new: true });
    expect(task.statusCode, task.body).toBe(200);

    const [administrator] = await t.db.select().from(users).where(and(eq(users.companyId, company.id), eq(users.login, body.administrator.login)));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.companyId, company.id));
    expect(audit.find((row) => row.action === 'auth.companyContextEntered')).toMatchObject({ userId: session.user.id, contextUserId: administrator!.id });
    expect(audit.find((row) => row.action === 'delegationTask.create')).toMatchObject({ userId: session.user.id, contextUserId: administrator!.id });

    // The company's own log names the provider administrator who acted, and as whom.
    const log = await get('/settings/logs/list?action=delegationTask.create', headers);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items[0]).toMatchObject({ user: { id: session.user.id, login: session.user.login }, context_user: { login: body.administrator.login } });

    const back = await post('/admin/company-admin/log-in-back-admin-context', headers);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user_properties).toMatchObject({ user_id: session.user.id, context_user_id: session.user.id, company_code: 'admin', is_admin_context: true, in_company_context: false });
    const backHeaders = { authorization: `Bearer ${back.json().access_token}` };
    expect((await get('/admin/companies/list', backHeaders)).statusCode).toBe(200);
    const left = await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, 'auth.companyContextLeft')));
    expect(left).toHaveLength(1);
  });

  it("changes the provider administrator's own language while acting in a company's context, not the company administrator's", async () => {
    const { company, body } = await createAndActivate();
    const session = await providerAdmin(t.app, t.db);
    const entered = await post('/admin/company-admin/log-in-company-context', session.headers, { company_id: company.id });
    const headers = { authorization: `Bearer ${entered.json().access_token}` };
    expect((await post('/settings/my-profile/update-my-language', headers, { language: 'en-US' })).statusCode).toBe(200);
    const [provider] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, session.user.id));
    const [administrator] = await t.db.select({ language: users.language }).from(users).where(and(eq(users.companyId, company.id), eq(users.login, body.administrator.login)));
    expect([provider?.language, administrator?.language]).toEqual(['en-US', 'pl-PL']);
  });

  it('answers 409 to coming back when not in a company context, and refuses to enter a disabled or unknown company', async () => {
    const { company } = await createAndActivate();
    const session = await providerAdmin(t.app, t.db);
    const notInside = await post('/admin/company-admin/log-in-back-admin-context', session.headers);
    expect(notInside.statusCode).toBe(409);
    expect((await post('/admin/company-admin/log-in-company-context', session.headers, { company_id: 2_000_000_000 })).statusCode).toBe(404);
    await post('/admin/companies/set-active', provider.headers, { id: company.id, is_active: false });
    const disabled = await post('/admin/company-admin/log-in-company-context', session.headers, { company_id: company.id });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().issues).toEqual([{ path: ['company_id'], code: 'company.disabled' }]);
  });

  it('ends the session of a provider inside a company that another provider administrator disables', async () => {
    const { company } = await createAndActivate();
    const session = await providerAdmin(t.app, t.db);
    const entered = await post('/admin/company-admin/log-in-company-context', session.headers, { company_id: company.id });
    const headers = { authorization: `Bearer ${entered.json().access_token}` };
    expect((await get('/settings/users/list', headers)).statusCode).toBe(200);
    await post('/admin/companies/set-active', provider.headers, { id: company.id, is_active: false });
    expect((await get('/settings/users/list', headers)).statusCode).toBe(401);
  });
});

describe('provider admin: the provider’s own users', () => {
  it('creates a provider user with a negative id and provider permissions, under mainDbUserManage', async () => {
    const manager = await providerAdmin(t.app, t.db, ['mainDbUserManage']);
    const userLogin = `konsult${randomUUID().slice(0, 6)}`;
    const saved = await post('/settings/users/save', manager.headers, {
      name: 'Olga', middle_name: null, surname: 'Mazur', login: userLogin, email: `${userLogin}@delego.test`, phone: null, birth_date: null,
      identity_document_number: null, identity_document_expiry: null, identity_document_issue_place: null, nationality: null,
      password_expiry: null, notify_of_all_offers: false, integration_id: null, superior_id: null, organization_unit_id: null,
      private_vehicle_id: null, default_vehicle_id: null, bank_name: null, bank_account_number: null, cost_centre_ids: [],
      default_cost_centre_id: null, rate_group_id: null, language: 'pl-PL', position: null, department: null, responsibilities: null,
      payment_type: 'notSet', is_active: true, permissions: ['manageMailingList', 'travelOrderResponseHotel'], password: TEST_PASSWORD, repeat_password: TEST_PASSWORD, role_ids: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user.id).toBeLessThan(0);
    // A provider user sets up two-factor sign-in at the first sign-in (ADR 0024) before any session.
    expect((await login('admin', userLogin, TEST_PASSWORD)).json().second_step).toBe('enrolment');
    const signedIn = await signIn(t.app, { code: 'admin' }, { login: userLogin });
    expect(signedIn.user_properties).toMatchObject({ is_admin_context: true, permissions: { manageMailingList: true, travelOrderResponseHotel: true } });
    const withoutRight = await providerAdmin(t.app, t.db, ['manageCompanies', 'companyAdmin']);
    expect((await get('/settings/users/list', withoutRight.headers)).statusCode).toBe(403);
  });
});
