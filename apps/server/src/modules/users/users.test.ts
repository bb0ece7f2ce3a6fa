import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { auditLog, costCentres, organizationUnits, permissionTransfers, rateGroups, roles, vehicles } from '../../db/schema/index.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let company: CompanyRecord;
let other: CompanyRecord;
let admin: { authorization: string };
let adminId: number;
let employee: { authorization: string };
let otherAdmin: { authorization: string };
let centreA: number;
let centreB: number;
let otherCentre: number;

const NEW_PASSWORD = 'Nowe-Haslo-2026!';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T10:00:00Z' });
  company = await createCompany(t.db, { password_min_length: 10 });
  const adminUser = await createUser(t.db, company, { permissions: ['companyAdmin'] });
  adminId = adminUser.id;
  admin = await authHeaders(t.app, company, adminUser);
  employee = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['travelOrderSelf'] }));
  other = await createCompany(t.db);
  otherAdmin = await authHeaders(t.app, other, await createUser(t.db, other, { permissions: ['companyAdmin'] }));
  [centreA, centreB] = (
    await t.db
      .insert(costCentres)
      .values([
        { companyId: company.id, ordinate: 'MPK-100', name: 'Sprzedaż' },
        { companyId: company.id, ordinate: 'MPK-200', name: 'Marketing' },
      ])
      .returning()
  ).map((row) => row.id) as [number, number];
  [otherCentre] = (await t.db.insert(costCentres).values({ companyId: other.id, ordinate: 'OBCY-1' }).returning()).map((row) => row.id) as [number];
});
afterAll(async () => t.close());

let sequence = 0;
/** A complete, valid body for a new user; override what a test is about. */
function newUser(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: 'Ewa',
    middle_name: null,
    surname: 'Zielińska',
    login: `ezielinska${sequence}`,
    email: `ewa.zielinska${sequence}@firma.pl`,
    password: NEW_PASSWORD,
    repeat_password: NEW_PASSWORD,
    phone: null,
    birth_date: null,
    identity_document_number: null,
    identity_document_expiry: null,
    identity_document_issue_place: null,
    nationality: null,
    password_expiry: null,
    notify_of_all_offers: false,
    integration_id: null,
    superior_id: null,
    organization_unit_id: null,
    private_vehicle_id: null,
    default_vehicle_id: null,
    bank_name: null,
    bank_account_number: null,
    cost_centre_ids: [],
    default_cost_centre_id: null,
    rate_group_id: null,
    language: 'pl-PL',
    position: null,
    department: null,
    responsibilities: null,
    payment_type: 'notSet',
    is_active: true,
    permissions: [],
    ...overrides,
  };
}

type Headers = { authorization: string };
const save = (headers: Headers, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/settings/users/save', headers, payload: payload as object });
const edit = (headers: Headers, id: number) => t.app.inject({ method: 'POST', url: '/api/settings/users/edit', headers, payload: { id } });
const list = (headers: Headers, query = '') => t.app.inject({ method: 'GET', url: `/api/settings/users/list${query}`, headers });
const setActive = (headers: Headers, id: number, is_active: boolean) =>
  t.app.inject({ method: 'POST', url: '/api/settings/users/set-active', headers, payload: { id, is_active } });
const login = (username: string, password: string, code = company.code) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { company: code, username, password } });

/** Users created through the API log in with NEW_PASSWORD (the factories' users with TEST_PASSWORD). */
async function headersOf(username: string): Promise<Headers> {
  return { authorization: `Bearer ${(await login(username, NEW_PASSWORD)).json().access_token}` };
}

async function createdUser(overrides: Record<string, unknown> = {}) {
  const response = await save(admin, newUser(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().user as { id: number; login: string; version: number } & Record<string, unknown>;
}

function toEditBody(detail: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const { is_external: _e, password_changed_at: _p, created_at: _c, updated_at: _u, ...rest } = detail;
  return { ...rest, password: null, repeat_password: null, ...overrides };
}

async function auditRows(entityId: number, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, company.id), eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(entityId)), eq(auditLog.action, action)));
}

describe('creating a user', () => {
  it('saves every field, normalises numbers, and the user can log in', async () => {
    const [unit] = await t.db.insert(organizationUnits).values({ companyId: company.id, name: 'Dział handlowy' }).returning();
    const [group] = await t.db.insert(rateGroups).values({ companyId: company.id, name: 'Kadra' }).returning();
    const [companyCar] = await t.db
      .insert(vehicles)
      .values({ companyId: company.id, plates: 'WA 12345', model: 'Skoda Octavia', engineCapacity: 1598, type: 'car', isPrivate: false })
      .returning();
    const [privateCar] = await t.db
      .insert(vehicles)
      .values({ companyId: company.id, plates: 'KR 5555A', model: 'Toyota Yaris', engineCapacity: 1490, type: 'car', isPrivate: true })
      .returning();
    const user = await createdUser({
      name: ' Ewa ',
      middle_name: 'Maria',
      phone: '+48 601 234 567',
      birth_date: '1988-04-02',
      identity_document_number: 'abc 123456',
      identity_document_expiry: '2030-01-31',
      identity_document_issue_place: 'Kraków',
      nationality: 'polska',
      password_expiry: 'threeMonths',
      notify_of_all_offers: true,
      integration_id: 'HR-0042',
      superior_id: adminId,
      organization_unit_id: unit!.id,
      private_vehicle_id: privateCar!.id,
      default_vehicle_id: companyCar!.id,
      bank_name: 'mBank',
      bank_account_number: 'PL61 1090 1014 0000 0712 1981 2874',
      cost_centre_ids: [centreA, centreB],
      default_cost_centre_id: centreB,
      rate_group_id: group!.id,
      language: 'en-US',
      position: 'Handlowiec',
      department: 'Sprzedaż',
      responsibilities: 'Klienci kluczowi',
      payment_type: 'transfer',
      permissions: ['modifyDates'],
    });
    expect(user).toMatchObject({
      name: 'Ewa',
      middle_name: 'Maria',
      identity_document_number: 'ABC123456',
      bank_account_number: '61109010140000071219812874',
      cost_centre_ids: [centreA, centreB].sort((a, b) => a - b),
      default_cost_centre_id: centreB,
      password_expiry: 'threeMonths',
      payment_type: 'transfer',
      language: 'en-US',
      permissions: ['modifyDates'],
      is_active: true,
    });
    expect((await edit(admin, user.id)).json()).toEqual(user);
    const session = await login(user.login, NEW_PASSWORD);
    expect(session.statusCode).toBe(200);
    expect(session.json().user_properties.permissions.modifyDates).toBe(true);
  });

  it("gives a new user the company's default roles unless roles are chosen", async () => {
    const [defaultRole] = await t.db.insert(roles).values({ companyId: company.id, name: 'Domyślna', isDefault: true }).returning();
    const [chosen] = await t.db.insert(roles).values({ companyId: company.id, name: 'Wybrana' }).returning();
    expect((await createdUser()).role_ids).toEqual([defaultRole!.id]);
    expect((await createdUser({ role_ids: [chosen!.id] })).role_ids).toEqual([chosen!.id]);
  });

  it('writes an audit row without the password', async () => {
    const user = await createdUser();
    const [row] = await auditRows(user.id, 'user.create');
    expect(row).toMatchObject({ userId: adminId, contextUserId: adminId, before: null });
    expect(row!.after).toMatchObject({ login: user.login, password_changed: true });
    expect(JSON.stringify(row!.after)).not.toContain('argon2');
    expect(JSON.stringify(row!.after)).not.toContain(NEW_PASSWORD);
  });
});

describe('user validation', () => {
  const issuesOf = async (overrides: Record<string, unknown>) => {
    const response = await save(admin, newUser(overrides));
    expect(response.statusCode).toBe(400);
    return response.json().issues as { path: (string | number)[]; code: string; params?: Record<string, unknown> }[];
  };

  it("requires name, surname, e-mail and login with 'Pole wymagane' at each field", async () => {
    const issues = await issuesOf({ name: '', surname: ' ', email: '', login: '' });
    expect(issues).toEqual(
      expect.arrayContaining(['name', 'surname', 'email', 'login'].map((field) => ({ path: [field], code: 'global.error.required' }))),
    );
  });

  it('wants a login of at least 6 characters', async () => {
    expect(await issuesOf({ login: 'ewa' })).toEqual([{ path: ['login'], code: 'validation.loginTooShort', params: { min: 6 } }]);
  });

  it('refuses a login that exists in the company, whatever its case', async () => {
    const existing = await createdUser();
    expect(await issuesOf({ login: existing.login.toUpperCase() })).toEqual([{ path: ['login'], code: 'user.loginTaken' }]);
  });

  it('allows a login that exists only in another company', async () => {
    const foreign = await createUser(t.db, other, { login: `foreign${Date.now()}` });
    expect((await save(admin, newUser({ login: foreign.login }))).statusCode).toBe(200);
  });

  it('checks the e-mail, the phone and the document number', async () => {
    expect(await issuesOf({ email: 'ewa@' })).toEqual([{ path: ['email'], code: 'validation.email' }]);
    expect(await issuesOf({ phone: '601 23' })).toEqual([{ path: ['phone'], code: 'validation.phoneIncomplete' }]);
    expect(await issuesOf({ identity_document_number: 'AB12345' })).toEqual([
      { path: ['identity_document_number'], code: 'validation.documentNumberLength', params: { length: 9 } },
    ]);
  });

  it('checks the Polish account number', async () => {
    expect(await issuesOf({ bank_account_number: '61 1090 1014' })).toEqual([{ path: ['bank_account_number'], code: 'validation.bankAccountLength' }]);
    expect(await issuesOf({ bank_account_number: '62 1090 1014 0000 0712 1981 2874' })).toEqual([
      { path: ['bank_account_number'], code: 'validation.bankAccountChecksum' },
    ]);
  });

  it("applies the company's password policy and the list of common passwords, and wants the password repeated", async () => {
    expect(await issuesOf({ password: 'Krotkie1!', repeat_password: 'Krotkie1!' })).toEqual([
      { path: ['password'], code: 'validation.password.tooShort', params: { min: 10 } },
    ]);
    expect(await issuesOf({ password: 'bezwielkich-liter1', repeat_password: 'bezwielkich-liter1' })).toEqual([
      { path: ['password'], code: 'validation.password.uppercase' },
    ]);
    expect(await issuesOf({ repeat_password: 'Inne-Haslo-2026!' })).toEqual([{ path: ['repeat_password'], code: 'validation.password.mismatch' }]);
    // Composition is not enough: a password on the shipped list of common and breached passwords is refused.
    expect(await issuesOf({ password: 'g00dPa$$w0rD', repeat_password: 'g00dPa$$w0rD' })).toEqual([{ path: ['password'], code: 'validation.password.common' }]);
    expect(await issuesOf({ password: null, repeat_password: null })).toEqual([{ path: ['password'], code: 'global.error.required' }]);
  });

  it('wants the default cost centre among the assigned ones', async () => {
    expect(await issuesOf({ cost_centre_ids: [centreA], default_cost_centre_id: centreB })).toEqual([
      { path: ['default_cost_centre_id'], code: 'user.defaultCostCentreNotAssigned' },
    ]);
    expect(await issuesOf({ cost_centre_ids: [centreA], default_cost_centre_id: null })).toEqual([
      { path: ['default_cost_centre_id'], code: 'user.defaultCostCentreRequired' },
    ]);
  });

  it("refuses another company's rows as references", async () => {
    const foreignUser = await createUser(t.db, other);
    const issues = await issuesOf({ cost_centre_ids: [otherCentre], default_cost_centre_id: otherCentre, superior_id: foreignUser.id });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ['superior_id'], code: 'validation.unknownReference' },
        { path: ['cost_centre_ids'], code: 'validation.unknownReference' },
      ]),
    );
  });

  it("checks the vehicles: a private one free or the user's own, and no one else's private car as default", async () => {
    const owner = await createdUser();
    const [othersCar] = await t.db
      .insert(vehicles)
      .values({ companyId: company.id, ownerUserId: owner.id, plates: 'PO 1111A', model: 'Fiat Panda', engineCapacity: 1242, type: 'car', isPrivate: true })
      .returning();
    const [companyCar] = await t.db
      .insert(vehicles)
      .values({ companyId: company.id, plates: 'WA 2222B', model: 'Skoda Superb', engineCapacity: 1968, type: 'car', isPrivate: false })
      .returning();
    expect(await issuesOf({ private_vehicle_id: companyCar!.id })).toEqual([{ path: ['private_vehicle_id'], code: 'user.vehicleNotPrivate' }]);
    expect(await issuesOf({ private_vehicle_id: othersCar!.id })).toEqual([{ path: ['private_vehicle_id'], code: 'user.vehicleNotPrivate' }]);
    expect(await issuesOf({ default_vehicle_id: othersCar!.id })).toEqual([{ path: ['default_vehicle_id'], code: 'user.vehicleOfAnotherUser' }]);
    const detail = (await edit(admin, owner.id)).json();
    expect((await save(admin, toEditBody(detail, { private_vehicle_id: othersCar!.id, default_vehicle_id: othersCar!.id }))).statusCode).toBe(200);
  });

  it("refuses another company's organisation unit, rate group and role", async () => {
    const [unit] = await t.db.insert(organizationUnits).values({ companyId: other.id, name: 'Obca jednostka' }).returning();
    const [group] = await t.db.insert(rateGroups).values({ companyId: other.id, name: `Obca grupa ${Date.now()}` }).returning();
    const [role] = await t.db.insert(roles).values({ companyId: other.id, name: `Obca rola ${Date.now()}` }).returning();
    expect(await issuesOf({ organization_unit_id: unit!.id, rate_group_id: group!.id, role_ids: [role!.id] })).toEqual([
      { path: ['organization_unit_id'], code: 'validation.unknownReference' },
      { path: ['rate_group_id'], code: 'validation.unknownReference' },
      { path: ['role_ids'], code: 'validation.unknownReference' },
    ]);
  });

  it('refuses spaces in the login, a foreign phone character and a name too long', async () => {
    expect(await issuesOf({ login: 'ewa zielinska' })).toEqual([{ path: ['login'], code: 'validation.loginWhitespace' }]);
    expect(await issuesOf({ phone: '601 234 56x' })).toEqual([{ path: ['phone'], code: 'validation.phoneInvalid' }]);
    expect(await issuesOf({ name: 'E'.repeat(150) })).toEqual([{ path: ['name'], code: 'validation.maxLength', params: { max: 100 } }]);
    const tooLong = await save(admin, newUser({ name: 'E'.repeat(250) }));
    expect(tooLong.json().issues[0]).toMatchObject({ path: ['name'], code: 'validation.tooLong' });
  });

  it('refuses a superior chain that comes back to the user', async () => {
    const boss = await createdUser();
    const report = await createdUser({ superior_id: boss.id });
    const response = await save(admin, toEditBody((await edit(admin, boss.id)).json(), { superior_id: report.id }));
    expect(response.json().issues).toEqual([{ path: ['superior_id'], code: 'user.superiorLoop' }]);
  });

  it('keeps the provider permissions and blocked roles out of reach', async () => {
    expect(await issuesOf({ permissions: ['SuperAdmin'] })).toEqual([{ path: ['permissions'], code: 'permission.providerOnly' }]);
    const [blocked] = await t.db.insert(roles).values({ companyId: company.id, name: `Zablokowana ${sequence}`, isBlocked: true }).returning();
    expect(await issuesOf({ role_ids: [blocked!.id] })).toEqual([{ path: ['role_ids'], code: 'user.roleBlocked' }]);
  });

  it('refuses unknown fields', async () => {
    const response = await save(admin, { ...newUser(), password_hash: 'x' });
    expect(response.statusCode).toBe(400);
  });
});

describe('editing a user', () => {
  it('keeps the password when none is given and replaces it when one is', async () => {
    const user = await createdUser();
    const detail = (await edit(admin, user.id)).json();
    const renamed = await save(admin, toEditBody(detail, { surname: 'Nowakowska' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.surname).toBe('Nowakowska');
    expect((await login(user.login, NEW_PASSWORD)).statusCode).toBe(200);

    const replaced = await save(admin, toEditBody(renamed.json().user, { password: 'Kolejne-Haslo-9', repeat_password: 'Kolejne-Haslo-9' }));
    expect(replaced.statusCode).toBe(200);
    expect((await login(user.login, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.login, 'Kolejne-Haslo-9')).statusCode).toBe(200);
    const [row] = await auditRows(user.id, 'user.update');
    expect(row!.before).toMatchObject({ surname: 'Zielińska' });
    expect(row!.after).toMatchObject({ surname: 'Nowakowska' });
  });

  it('refuses a save over a newer version, and an edit that names no version', async () => {
    const user = await createdUser();
    const detail = (await edit(admin, user.id)).json();
    expect((await save(admin, toEditBody(detail, { position: 'A' }))).statusCode).toBe(200);
    const stale = await save(admin, toEditBody(detail, { position: 'B' }));
    expect(stale.statusCode).toBe(409);
    expect((await edit(admin, user.id)).json().position).toBe('A');
    const { version: _loaded, ...unversioned }: Record<string, unknown> = toEditBody(detail, { position: 'C' });
    const withoutVersion = await save(admin, unversioned);
    expect(withoutVersion.json()).toMatchObject({ issues: [{ path: ['version'], code: 'validation.required' }] });
    expect((await edit(admin, user.id)).json().position).toBe('A');
  });

  it('does not let an administrator disable themselves or drop their own companyAdmin', async () => {
    const self = (await edit(admin, adminId)).json();
    const disabled = await save(admin, toEditBody(self, { is_active: false }));
    expect(disabled.json().issues).toEqual([{ path: ['is_active'], code: 'user.cannotDisableSelf' }]);
    const withoutRoles = await save(admin, toEditBody(self, { role_ids: [] }));
    expect(withoutRoles.json().issues).toEqual([{ path: ['role_ids'], code: 'user.cannotRemoveOwnAdmin' }]);
    expect((await edit(admin, adminId)).json().role_ids).toEqual(self.role_ids);
    expect((await setActive(admin, adminId, false)).statusCode).toBe(400);
  });
});

describe('disabling a user', () => {
  it('refuses their token at once and their login until enabled again', async () => {
    const user = await createdUser();
    const token = await headersOf(user.login);
    expect((await t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers: token })).statusCode).toBe(200);

    expect((await setActive(admin, user.id, false)).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers: token });
    expect(refused.statusCode).toBe(401);
    expect((await login(user.login, NEW_PASSWORD)).statusCode).toBe(401);
    expect(await auditRows(user.id, 'user.disable')).toHaveLength(1);

    expect((await setActive(admin, user.id, true)).statusCode).toBe(200);
    expect((await login(user.login, NEW_PASSWORD)).statusCode).toBe(200);
    // The session ended by disabling stays ended.
    expect((await t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers: token })).statusCode).toBe(401);
  });

  it('ends the sessions also when disabled in the editor', async () => {
    const user = await createdUser();
    const token = await headersOf(user.login);
    const detail = (await edit(admin, user.id)).json();
    expect((await save(admin, toEditBody(detail, { is_active: false }))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/token-refresh/get', headers: token })).statusCode).toBe(401);
  });
});

describe('the user list', () => {
  it('searches by name, login and e-mail, filters by state, sorts and pages', async () => {
    const marker = `szukaj${Date.now()}`;
    const first = await createdUser({ surname: `${marker}A`, login: `${marker}a` });
    const second = await createdUser({ surname: `${marker}B`, email: `${marker}b@firma.pl` });
    await setActive(admin, second.id, false);

    const byName = (await list(admin, `?search=${marker}&sort=surname&order=desc`)).json();
    expect(byName.items.map((item: { id: number }) => item.id)).toEqual([second.id, first.id]);
    expect(byName.total).toBe(2);
    expect((await list(admin, `?search=${marker}b@`)).json().items.map((item: { id: number }) => item.id)).toEqual([second.id]);
    expect((await list(admin, `?search=${marker}&status=active`)).json().items.map((item: { id: number }) => item.id)).toEqual([first.id]);
    expect((await list(admin, `?search=${marker}&status=disabled`)).json().items.map((item: { id: number }) => item.id)).toEqual([second.id]);
    const paged = (await list(admin, `?search=${marker}&page=2&page_size=1&sort=surname`)).json();
    expect(paged).toMatchObject({ total: 2, items: [{ id: second.id, is_active: false }] });
  });

  it('names the roles each user holds', async () => {
    const [first] = await t.db.insert(roles).values({ companyId: company.id, name: `Zespół B ${Date.now()}` }).returning();
    const [second] = await t.db.insert(roles).values({ companyId: company.id, name: `Zespół A ${Date.now()}` }).returning();
    const user = await createdUser({ role_ids: [first!.id, second!.id] });
    const bare = await createdUser({ role_ids: [] });
    const items = (await list(admin, `?search=ezielinska&page_size=200`)).json().items as { id: number; roles: string[] }[];
    expect(items.find((item) => item.id === user.id)?.roles).toEqual([second!.name, first!.name]);
    expect(items.find((item) => item.id === bare.id)?.roles).toEqual([]);
  });

  it("shows only the company's own users", async () => {
    const foreign = await createUser(t.db, other, { login: `obcy${Date.now()}` });
    expect((await list(admin, `?search=${foreign.login}`)).json().total).toBe(0);
  });
});

describe('form options', () => {
  it("lists the company's own rows for the selects, with the password policy", async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/settings/users/form-options', headers: admin })).json();
    expect(body.cost_centres.map((centre: { ordinate: string }) => centre.ordinate)).toEqual(['MPK-100', 'MPK-200']);
    expect(body.users.some((user: { id: number }) => user.id === adminId)).toBe(true);
    expect(body.password_policy.min_length).toBe(10);
    expect(body.is_admin_context).toBe(false);
    const foreign = (await t.app.inject({ method: 'GET', url: '/api/settings/users/form-options', headers: otherAdmin })).json();
    expect(foreign.cost_centres.map((centre: { ordinate: string }) => centre.ordinate)).toEqual(['OBCY-1']);
  });
});

describe('access', () => {
  it('refuses every endpoint to a user without companyAdmin', async () => {
    const user = await createdUser();
    const calls = [
      list(employee),
      t.app.inject({ method: 'GET', url: '/api/settings/users/form-options', headers: employee }),
      edit(employee, user.id),
      save(employee, newUser()),
      setActive(employee, user.id, false),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it("answers 404 for another company's user and changes nothing", async () => {
    const user = await createdUser();
    const detail = (await edit(admin, user.id)).json();
    expect((await edit(otherAdmin, user.id)).statusCode).toBe(404);
    expect((await save(otherAdmin, toEditBody(detail, { surname: 'Przejęta' }))).statusCode).toBe(404);
    expect((await setActive(otherAdmin, user.id, false)).statusCode).toBe(404);
    expect((await edit(admin, user.id)).json()).toMatchObject({ surname: detail.surname, is_active: true, version: detail.version });
  });
});

describe('my profile', () => {
  it("shows any user their own data, roles, and permissions including today's transfers", async () => {
    const [parent] = await t.db.insert(roles).values({ companyId: company.id, name: `Bazowa ${Date.now()}` }).returning();
    const [child] = await t.db.insert(roles).values({ companyId: company.id, name: `Pochodna ${Date.now()}`, parentRoleId: parent!.id }).returning();
    const user = await createdUser({ role_ids: [child!.id], cost_centre_ids: [centreA], default_cost_centre_id: centreA, bank_account_number: '61109010140000071219812874' });
    await t.db.insert(permissionTransfers).values({
      companyId: company.id,
      fromUserId: adminId,
      toUserId: user.id,
      permissionName: 'viewInvoices',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
    });
    const headers = await headersOf(user.login);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/settings/my-profile/get', headers })).json();
    expect(profile.user).toMatchObject({
      login: user.login,
      bank_account_number: '61 1090 1014 0000 0712 1981 2874',
      cost_centres: [{ id: centreA, label: 'MPK-100 – Sprzedaż', is_default: true }],
    });
    expect(profile.roles).toEqual([{ id: child!.id, name: child!.name, description: '', is_blocked: false, inherits_from: [parent!.name] }]);
    expect(profile.transfers).toEqual([
      { permission_name: 'viewInvoices', role: null, date_from: '2026-03-01', date_to: '2026-03-31', granted_by: 'Jan Testowy' },
    ]);
    expect(profile.effective_permissions).toEqual(['viewInvoices']);
  });
});
