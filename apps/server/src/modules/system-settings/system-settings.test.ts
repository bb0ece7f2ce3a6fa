import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { defaultSystemSettings } from '@delego/domain';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { settingsCallers } from '../../../test/sessions.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let company: CompanyRecord;
let admin: { authorization: string };
let employee: { authorization: string };
let otherAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ company, admin, employee, otherAdmin } = await settingsCallers(t));
});
afterAll(async () => t.close());

type Headers = { authorization: string };
const read = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/settings/system-settings', headers });
const save = (headers: Headers, payload: object) => t.app.inject({ method: 'POST', url: '/api/settings/system-settings/save', headers, payload });

describe('system settings', () => {
  it('starts with the defaults of every setting', async () => {
    expect((await read(admin)).json()).toEqual({ settings: defaultSystemSettings() });
  });

  it('saves the whole object, writes the changed keys to the audit trail, and the session sees it', async () => {
    const settings = {
      ...defaultSystemSettings(),
      session_time: 45,
      modules: { ...defaultSystemSettings().modules, travel_service: 1 },
      email_notification_mode: 'notifyWithActionLinks',
      ip_allow_list: [' 127.0.0.1 ', '10.0.0.0/8', '2001:db8::/32'],
      attachment_max_mb: 10,
      pdf_attachment_only: 1,
    };
    const response = await save(admin, settings);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings.ip_allow_list).toEqual(['127.0.0.1', '10.0.0.0/8', '2001:db8::/32']);
    expect((await read(admin)).json().settings).toMatchObject({ session_time: 45, attachment_max_mb: 10, pdf_attachment_only: 1 });

    const properties = (await t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers: employee })).json();
    expect(properties.system_settings.session_time).toBe(45);
    expect(properties.system_settings.modules.travel_service).toBe(1);

    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, 'systemSettings.update')));
    expect(row!.before).toEqual({
      modules: defaultSystemSettings().modules,
      session_time: 30,
      ip_allow_list: [],
      email_notification_mode: 'notify',
      attachment_max_mb: 3,
      pdf_attachment_only: 0,
    });
    expect(row!.after).toMatchObject({ session_time: 45, attachment_max_mb: 10 });
  });

  it('changes only the keys sent and never resets the others to their defaults', async () => {
    const first = await save(admin, { lock_minutes: 40, modules: { accounting_export: 2 } });
    expect(first.statusCode, first.body).toBe(200);
    const before = (await read(admin)).json().settings;
    const response = await save(admin, { failed_login_limit: 7, modules: { flight_bookings: 1 } });
    expect(response.statusCode, response.body).toBe(200);
    const after = (await read(admin)).json().settings;
    expect(after).toEqual({ ...before, failed_login_limit: 7, modules: { ...before.modules, flight_bookings: 1 } });
    expect(after).toMatchObject({ lock_minutes: 40, modules: { accounting_export: 2 } });
  });

  it('refuses values out of range, unknown values and unknown keys at their fields', async () => {
    const tooShort = await save(admin, { ...defaultSystemSettings(), session_time: 0 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().issues[0]).toMatchObject({ path: ['session_time'], code: 'validation.too_small' });
    const unknownMode = await save(admin, { ...defaultSystemSettings(), email_notification_mode: 'always' });
    expect(unknownMode.json().issues[0]).toMatchObject({ path: ['email_notification_mode'] });
    const unknownKey = await save(admin, { ...defaultSystemSettings(), made_up: true });
    expect(unknownKey.statusCode).toBe(400);
    const badFlag = await save(admin, { ...defaultSystemSettings(), is_wnt: 3 });
    expect(badFlag.json().issues[0]).toMatchObject({ path: ['is_wnt'] });
  });

  it('checks every IP allow-list entry and keeps the administrator able to log in', async () => {
    const invalid = await save(admin, { ...defaultSystemSettings(), ip_allow_list: ['127.0.0.1', '300.1.1.1', '10.0.0.0/40', '127.0.0.1'] });
    expect(invalid.json().issues).toEqual([
      { path: ['ip_allow_list', 1], code: 'validation.ipAddress' },
      { path: ['ip_allow_list', 2], code: 'validation.ipAddress' },
      { path: ['ip_allow_list', 3], code: 'validation.ipDuplicate' },
    ]);
    const lockout = await save(admin, { ...defaultSystemSettings(), ip_allow_list: ['10.0.0.0/8'] });
    expect(lockout.json().issues).toEqual([{ path: ['ip_allow_list'], code: 'settings.ipListExcludesYou', params: { ip: '127.0.0.1' } }]);
    expect((await read(admin)).json().settings.ip_allow_list).not.toEqual(['10.0.0.0/8']);
  });

  it('refuses a user without companyAdmin', async () => {
    expect((await read(employee)).statusCode).toBe(403);
    expect((await save(employee, defaultSystemSettings())).statusCode).toBe(403);
  });

  it("keeps each company's settings to itself", async () => {
    await save(otherAdmin, { ...defaultSystemSettings(), session_time: 120 });
    expect((await read(otherAdmin)).json().settings.session_time).toBe(120);
    expect((await read(admin)).json().settings.session_time).not.toBe(120);
  });
});
