import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { providerAdmin } from '../../../test/provider-admin.ts';
import { companies, mailOutbox, mailingDeliveries, roles, userRoles } from '../../db/schema/index.ts';
import { MemoryMailer, type MailMessage } from '../mail/mailer.ts';
import { MAX_SEND_ATTEMPTS } from '../mail/outbox.repo.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

/** Delivers like the memory mailer, but a mail server refuses every address at `bounce.test`. */
class BouncingMailer extends MemoryMailer {
  override async send(message: MailMessage): Promise<void> {
    if (message.to.endsWith('@bounce.test')) throw new Error('550 mailbox unavailable');
    await super.send(message);
  }
}

let t: TestApp;
let mailer: BouncingMailer;
let provider: Awaited<ReturnType<typeof providerAdmin>>;

beforeAll(async () => {
  mailer = new BouncingMailer();
  t = await createTestApp({ now: '2026-06-01T10:00:00Z', mailer });
  provider = await providerAdmin(t.app, t.db);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = provider.headers) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const post = (url: string, payload: object, headers: Headers = provider.headers) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

/** A role of that name in the company, held by the user (each company names its own roles). */
async function giveRole(company: CompanyRecord, userId: number, name: string) {
  const [existing] = await t.db.select().from(roles).where(eq(roles.companyId, company.id));
  const [role] = existing?.name === name ? [existing] : await t.db.insert(roles).values({ companyId: company.id, name }).returning();
  await t.db.insert(userRoles).values({ userId, roleId: role!.id });
}

const unique = () => randomUUID().slice(0, 8);
const message = (listId: number | null, overrides: Record<string, unknown> = {}) => ({
  list_id: listId,
  subject_pl: 'Przerwa techniczna w sobotę',
  subject_en: 'Maintenance on Saturday',
  body_pl: 'Dzień dobry,\nw sobotę od 22:00 system będzie niedostępny.',
  body_en: 'Hello,\nthe system will be unavailable on Saturday from 22:00.',
  ...overrides,
});

async function createList(rules: object[], name = `Lista ${unique()}`) {
  const response = await post('/admin/mailing-list/create', { name, rules });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

async function createMailing(listId: number, overrides: Record<string, unknown> = {}) {
  const response = await post('/admin/mailing/create', message(listId, overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

describe('mailing: who may use it', () => {
  it('refuses every mailing route to a company administrator holding the permission in their company, and to a provider user without it', async () => {
    const company = await createCompany(t.db);
    const administrator = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['companyAdmin', 'manageMailingList'] }));
    const companiesOnly = (await providerAdmin(t.app, t.db, ['manageCompanies'])).headers;
    const listId = await createList([{ kind: 'company', company_id: company.id }]);
    const mailingId = await createMailing(listId);
    for (const headers of [administrator, companiesOnly]) {
      expect((await get('/admin/mailing/list', headers)).statusCode).toBe(403);
      expect((await get('/admin/mailing-list/list', headers)).statusCode).toBe(403);
      expect((await get(`/admin/mailing/get?id=${mailingId}`, headers)).statusCode).toBe(403);
      expect((await get(`/admin/mailing/deliveries?id=${mailingId}`, headers)).statusCode).toBe(403);
      expect((await get('/admin/mailing-list/users?search=Jan', headers)).statusCode).toBe(403);
      expect((await post('/admin/mailing-list/preview', { rules: [{ kind: 'company', company_id: company.id }] }, headers)).statusCode).toBe(403);
      expect((await post('/admin/mailing-list/create', { name: 'Moja', rules: [{ kind: 'company', company_id: company.id }] }, headers)).statusCode).toBe(403);
      expect((await post('/admin/mailing/create', message(listId), headers)).statusCode).toBe(403);
      expect((await post('/admin/mailing/send', { id: mailingId }, headers)).statusCode).toBe(403);
    }
    // Nothing was sent by the refused attempts.
    expect((await get(`/admin/mailing/progress?id=${mailingId}`)).json()).toMatchObject({ status: 'draft', total: 0 });
  });
});

describe('mailing: recipient lists', () => {
  it('reaches every user of a company, the holders of a role in one company or in all, and named persons; disabled companies and inactive users are left out and counted', async () => {
    const alpha = await createCompany(t.db);
    const beta = await createCompany(t.db);
    const disabled = await createCompany(t.db);
    const role = `Koordynator ${unique()}`;
    const alphaUsers = [await createUser(t.db, alpha), await createUser(t.db, alpha), await createUser(t.db, alpha, { isActive: false })];
    const betaCoordinator = await createUser(t.db, beta);
    await giveRole(beta, betaCoordinator.id, role);
    const betaOther = await createUser(t.db, beta);
    const disabledCoordinator = await createUser(t.db, disabled);
    await giveRole(disabled, disabledCoordinator.id, role);
    await t.db.update(companies).set({ isActive: false }).where(eq(companies.id, disabled.id));

    const preview = async (rules: object[]) => (await post('/admin/mailing-list/preview', { rules })).json();
    expect(await preview([{ kind: 'company', company_id: alpha.id }])).toEqual({ recipients: 2, excluded_disabled_company: 0, excluded_inactive_user: 1, duplicate_addresses: 0 });
    expect(await preview([{ kind: 'role', role_name: role.toUpperCase(), company_id: null }])).toEqual({ recipients: 1, excluded_disabled_company: 1, excluded_inactive_user: 0, duplicate_addresses: 0 });
    expect(await preview([{ kind: 'role', role_name: role, company_id: alpha.id }])).toMatchObject({ recipients: 0 });
    expect(await preview([{ kind: 'user', user_id: betaOther.id }])).toMatchObject({ recipients: 1 });

    const listId = await createList([
      { kind: 'company', company_id: alpha.id },
      { kind: 'role', role_name: role, company_id: null },
      { kind: 'user', user_id: betaOther.id },
      { kind: 'user', user_id: alphaUsers[0]!.id },
    ]);
    const loaded = (await get(`/admin/mailing-list/get?id=${listId}`)).json();
    expect(loaded.preview).toEqual({ recipients: 4, excluded_disabled_company: 1, excluded_inactive_user: 1, duplicate_addresses: 0 });
    expect(loaded.list.rules.map((rule: { kind: string; company_name: string | null; role_name: string | null; user_id: number | null }) => [rule.kind, rule.company_name, rule.role_name, rule.user_id])).toEqual([
      ['company', alpha.name, null, null],
      ['role', null, role, null],
      ['user', null, null, betaOther.id],
      ['user', null, null, alphaUsers[0]!.id],
    ]);

    const mailingId = await createMailing(listId);
    const before = mailer.sent.length;
    const sent = await post('/admin/mailing/send', { id: mailingId });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.services.outbox.drain();
    const recipients = mailer.sent.slice(before).map((mail) => mail.to).sort();
    expect(recipients).toEqual([alphaUsers[0]!.email, alphaUsers[1]!.email, betaCoordinator.email, betaOther.email].sort());
  });

  it('finds companies, role names and persons for the picker by a typed fragment, never the provider’s own', async () => {
    const company = await createCompany(t.db);
    const role = `Rzecznik ${unique()}`;
    const user = await createUser(t.db, company, { email: `wyszukaj-${unique()}@example.test` });
    await giveRole(company, user.id, role);
    const companyOptions = (await get(`/admin/mailing-list/companies?search=${encodeURIComponent(company.name)}`)).json().items;
    expect(companyOptions.map((option: { id: number }) => option.id)).toContain(company.id);
    expect((await get('/admin/mailing-list/companies?search=admin')).json().items.map((option: { code: string }) => option.code)).not.toContain('admin');
    expect((await get(`/admin/mailing-list/roles?search=${encodeURIComponent(role)}`)).json().items).toEqual([{ name: role, company_count: 1 }]);
    const persons = (await get(`/admin/mailing-list/users?search=${encodeURIComponent(user.email)}`)).json().items;
    expect(persons).toEqual([{ id: user.id, name: 'Jan Testowy', email: user.email, company_name: company.name, is_active: true, company_is_active: true }]);
    expect((await get(`/admin/mailing-list/users?search=${provider.user.login}`)).json().items).toEqual([]);
  });

  it('refuses a list without a name or rules, with an unknown company or person, or with a taken name, at the fields', async () => {
    const empty = await post('/admin/mailing-list/create', { name: ' ', rules: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([
      { path: ['name'], code: 'global.error.required' },
      { path: ['rules'], code: 'mailing.rulesRequired' },
    ]);
    const unknown = await post('/admin/mailing-list/create', {
      name: `Lista ${unique()}`,
      rules: [
        { kind: 'company', company_id: 2_000_000_000 },
        { kind: 'role', role_name: '', company_id: null },
        { kind: 'user', user_id: provider.user.id },
      ],
    });
    expect(unknown.json().issues).toEqual([
      { path: ['rules', 1, 'role_name'], code: 'global.error.required' },
      { path: ['rules', 0, 'company_id'], code: 'mailing.companyUnknown' },
      { path: ['rules', 2, 'user_id'], code: 'mailing.userUnknown' },
    ]);
    const company = await createCompany(t.db);
    const name = `Lista ${unique()}`;
    await createList([{ kind: 'company', company_id: company.id }], name);
    const taken = await post('/admin/mailing-list/create', { name: name.toUpperCase(), rules: [{ kind: 'company', company_id: company.id }] });
    expect(taken.json().issues).toEqual([{ path: ['name'], code: 'mailing.listNameTaken' }]);
  });
});

describe('mailing: sending', () => {
  it('queues one outbox message per distinct address in its owner’s language, and counts the progress as the outbox delivers or gives up', async () => {
    const company = await createCompany(t.db);
    const polish = await createUser(t.db, company, { language: 'pl-PL' });
    const english = await createUser(t.db, company, { language: 'en-US' });
    const bouncing = await createUser(t.db, company, { email: `nobody-${unique()}@bounce.test` });
    // A second account with the polish user's address (upper case): the address gets one message.
    await createUser(t.db, company, { email: polish.email.toUpperCase() });
    const listId = await createList([{ kind: 'company', company_id: company.id }, { kind: 'user', user_id: english.id }]);
    expect((await post('/admin/mailing-list/preview', { rules: [{ kind: 'company', company_id: company.id }] })).json()).toMatchObject({ recipients: 3, duplicate_addresses: 1 });
    const mailingId = await createMailing(listId);

    const sent = await post('/admin/mailing/send', { id: mailingId });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().progress).toEqual({ status: 'sending', total: 3, queued: 3, sent: 0, failed: 0 });
    // Queued through the outbox, one message per address, none sent from the request.
    const deliveries = await t.db.select().from(mailingDeliveries).where(eq(mailingDeliveries.mailingId, mailingId));
    expect(deliveries).toHaveLength(3);
    const queued = await t.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, deliveries.map((delivery) => delivery.outboxId!)));
    const byAddress = new Map(queued.map((row) => [row.recipient, row]));
    expect(byAddress.get(polish.email)).toMatchObject({ subject: 'Przerwa techniczna w sobotę', textBody: message(null).body_pl, htmlBody: null });
    expect(byAddress.get(english.email)).toMatchObject({ subject: 'Maintenance on Saturday', textBody: message(null).body_en, htmlBody: null });
    expect(deliveries.find((delivery) => delivery.userId === english.id)?.language).toBe('en');

    await t.app.services.outbox.drain();
    expect((await get(`/admin/mailing/progress?id=${mailingId}`)).json()).toEqual({ status: 'sending', total: 3, queued: 1, sent: 2, failed: 0 });
    // The refused address is retried on later rounds until the outbox gives up on it.
    for (let round = 1; round < MAX_SEND_ATTEMPTS; round++) await t.app.services.outbox.drain();
    expect((await get(`/admin/mailing/progress?id=${mailingId}`)).json()).toEqual({ status: 'sent', total: 3, queued: 0, sent: 2, failed: 1 });

    const failed = (await get(`/admin/mailing/deliveries?id=${mailingId}&state=failed`)).json();
    expect(failed).toEqual({ total: 1, items: [expect.objectContaining({ user_id: bouncing.id, email: bouncing.email, state: 'failed', error: '550 mailbox unavailable', sent_at: null })] });
    const firstPage = (await get(`/admin/mailing/deliveries?id=${mailingId}&page_size=2&sort=email`)).json();
    const secondPage = (await get(`/admin/mailing/deliveries?id=${mailingId}&page_size=2&page=2&sort=email`)).json();
    expect(firstPage.total).toBe(3);
    expect([...firstPage.items, ...secondPage.items].map((delivery: { email: string }) => delivery.email)).toEqual([polish.email, english.email, bouncing.email].sort());
    const detail = (await get(`/admin/mailing/get?id=${mailingId}`)).json();
    expect(detail).toMatchObject({ status: 'sent', allowed_actions: [], progress: { sent: 2, failed: 1 } });
    expect(detail.finished_at).not.toBeNull();
  });

  it('sends a mailing once, keeps a sent one unchanged, and refuses a list without recipients', async () => {
    const company = await createCompany(t.db);
    await createUser(t.db, company);
    const listId = await createList([{ kind: 'company', company_id: company.id }]);
    const mailingId = await createMailing(listId);
    expect((await post('/admin/mailing/send', { id: mailingId })).statusCode).toBe(200);
    const again = await post('/admin/mailing/send', { id: mailingId });
    expect(again.statusCode).toBe(409);
    expect(again.json().issues).toEqual([{ path: ['id'], code: 'mailing.notDraft' }]);
    expect((await post('/admin/mailing/update', { id: mailingId, ...message(listId, { subject_pl: 'Zmieniony' }) })).statusCode).toBe(409);
    expect((await get(`/admin/mailing/get?id=${mailingId}`)).json().subject_pl).toBe('Przerwa techniczna w sobotę');
    expect((await post('/admin/mailing/delete', { id: mailingId })).statusCode).toBe(409);
    expect(await t.db.select().from(mailingDeliveries).where(eq(mailingDeliveries.mailingId, mailingId))).toHaveLength(1);

    const nobody = await createCompany(t.db);
    await createUser(t.db, nobody, { isActive: false });
    const empty = await createMailing(await createList([{ kind: 'company', company_id: nobody.id }]));
    const refused = await post('/admin/mailing/send', { id: empty });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().issues).toEqual([{ path: ['list_id'], code: 'mailing.noRecipients' }]);
  });

  it('refuses a mailing without a list or a text in either language, at the fields, and a list a draft still uses cannot be deleted', async () => {
    const invalid = await post('/admin/mailing/create', message(null, { subject_en: ' ', body_pl: '' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues).toEqual([
      { path: ['list_id'], code: 'global.error.required' },
      { path: ['body_pl'], code: 'global.error.required' },
      { path: ['subject_en'], code: 'global.error.required' },
    ]);
    const long = await post('/admin/mailing/create', message(null, { subject_pl: 'x'.repeat(201) }));
    expect(long.json().issues).toContainEqual({ path: ['subject_pl'], code: 'validation.maxLength', params: { max: 200 } });
    const injected = await post('/admin/mailing/create', message(null, { subject_pl: 'Temat\r\nBcc: wszyscy@example.test' }));
    expect(injected.json().issues).toContainEqual({ path: ['subject_pl'], code: 'validation.invalidCharacters' });
    const unknownList = await post('/admin/mailing/create', message(2_000_000_000));
    expect(unknownList.json().issues).toEqual([{ path: ['list_id'], code: 'mailing.listUnknown' }]);

    const company = await createCompany(t.db);
    const listId = await createList([{ kind: 'company', company_id: company.id }]);
    const draftId = await createMailing(listId);
    const inUse = await post('/admin/mailing-list/delete', { id: listId });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().issues).toEqual([{ path: ['id'], code: 'mailing.listInUse', params: { count: 1 } }]);
    expect((await post('/admin/mailing/delete', { id: draftId })).statusCode).toBe(200);
    expect((await post('/admin/mailing-list/delete', { id: listId })).statusCode).toBe(200);
  });
});
