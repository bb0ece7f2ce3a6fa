import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders, settingsCallers } from '../../../test/sessions.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import type { CompanyRecord } from '../company/company.repo.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let company: CompanyRecord;
let admin: { authorization: string };
let employee: { authorization: string };
let otherAdmin: { authorization: string };
let otherEmployee: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  api = apiCalls(t.app);
  const callers = await settingsCallers(t);
  ({ company, admin, employee, otherAdmin } = callers);
  otherEmployee = await authHeaders(t.app, callers.other, await createUser(t.db, callers.other));
});
afterAll(async () => t.close());

const page = (overrides: Record<string, unknown> = {}) => ({
  alias: 'zasady-rozliczen',
  title_pl: 'Zasady rozliczeń',
  title_en: 'Settlement rules',
  content_pl: '<p>Treść</p>',
  content_en: '<p>Content</p>',
  show_in_menu: true,
  sort_order: 10,
  ...overrides,
});

async function savePage(body: Record<string, unknown>, headers = admin) {
  const response = await api.post('/settings/custom-webpage/save', headers, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().page as { id: number; alias: string; content_pl: string };
}

describe('custom pages', () => {
  it('creates, loads, lists, edits and deletes a page with audit rows', async () => {
    const created = await savePage(page());
    expect(created).toEqual({
      id: expect.any(Number),
      alias: 'zasady-rozliczen',
      kind: 'custom',
      title_pl: 'Zasady rozliczeń',
      title_en: 'Settlement rules',
      content_pl: '<p>Treść</p>',
      content_en: '<p>Content</p>',
      show_in_menu: true,
      sort_order: 10,
      updated_at: expect.any(String),
    });
    expect(await lastAuditRow(t.db, company.id, 'customPage.create')).toMatchObject({ entityId: String(created.id), after: { alias: 'zasady-rozliczen', content_pl_length: 12 } });
    expect((await api.post('/settings/custom-webpage/edit', admin, { id: created.id })).json().page).toEqual(created);
    const list = (await api.get('/settings/custom-webpage/list?search=rozlicz', admin)).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).not.toHaveProperty('content_pl');

    const edited = await savePage(page({ id: created.id, alias: 'zasady', title_pl: 'Zasady' }));
    expect(edited).toMatchObject({ alias: 'zasady' });
    expect(await lastAuditRow(t.db, company.id, 'customPage.update')).toMatchObject({ before: { alias: 'zasady-rozliczen' }, after: { alias: 'zasady' } });

    expect((await api.post('/settings/custom-webpage/delete', admin, { id: created.id })).statusCode).toBe(200);
    expect(await lastAuditRow(t.db, company.id, 'customPage.delete')).toMatchObject({ entityId: String(created.id) });
    expect((await api.post('/settings/custom-webpage/edit', admin, { id: created.id })).statusCode).toBe(404);
  });

  it('stores the content sanitised: no script, style, event handler or javascript: link survives', async () => {
    const saved = await savePage(
      page({
        alias: 'bezpieczna',
        content_pl:
          '<p onclick="alert(1)">A<script>alert(1)</script><style>*{}</style><a href="javascript:alert(1)">x</a><a href="https://delego.pl">y</a><img src=x onerror=alert(1)></p>',
        content_en: '<iframe src="https://evil.example"></iframe><b>bold</b>',
      }),
    );
    expect(saved.content_pl).toBe('<p>Ax<a href="https://delego.pl" rel="noopener noreferrer" target="_blank">y</a></p>');
    expect((await api.post('/settings/custom-webpage/edit', admin, { id: saved.id })).json().page.content_en).toBe('<strong>bold</strong>');
  });

  it("refuses an alias in use ('Alias jest już zajęty'), whatever its case, but not in another company", async () => {
    await savePage(page({ alias: 'kontakt' }));
    const taken = await api.post('/settings/custom-webpage/save', admin, page({ alias: 'kontakt', title_pl: 'Inny' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().issues).toEqual([{ path: ['alias'], code: 'customPage.aliasTaken' }]);
    expect((await api.post('/settings/custom-webpage/save', otherAdmin, page({ alias: 'kontakt' }))).statusCode).toBe(200);
  });

  it('refuses an alias of the fixed delegation-info routes and a malformed alias', async () => {
    for (const alias of ['vehicle', 'delegation-task', 'delegation-rate', 'exchange-rate', 'trip-policy']) {
      const response = await api.post('/settings/custom-webpage/save', admin, page({ alias }));
      expect(response.json().issues, alias).toEqual([{ path: ['alias'], code: 'customPage.aliasReserved' }]);
    }
    for (const alias of ['Duże', 'z spacją', 'pod_kreślnik', '-start']) {
      const response = await api.post('/settings/custom-webpage/save', admin, page({ alias }));
      expect(response.json().issues, alias).toEqual([{ path: ['alias'], code: 'customPage.aliasFormat' }]);
    }
    const empty = await api.post('/settings/custom-webpage/save', admin, page({ alias: '', title_pl: '' }));
    expect(empty.json().issues.map((issue: { path: string[]; code: string }) => [issue.path, issue.code])).toEqual([
      [['title_pl'], 'global.error.required'],
      [['alias'], 'global.error.required'],
    ]);
  });

  it('refuses the administration of pages to a user without companyAdmin', async () => {
    const existing = await savePage(page({ alias: 'uprawnienia' }));
    for (const response of await Promise.all([
      api.get('/settings/custom-webpage/list', employee),
      api.post('/settings/custom-webpage/edit', employee, { id: existing.id }),
      api.post('/settings/custom-webpage/save', employee, page({ alias: 'nowa' })),
      api.post('/settings/custom-webpage/delete', employee, { id: existing.id }),
      api.get('/settings/trip-policy', employee),
      api.post('/settings/trip-policy/save', employee, { title_pl: 'P', title_en: '', content_pl: '', content_en: '', show_in_menu: true }),
    ])) {
      expect(response.statusCode).toBe(403);
    }
  });

  it("answers 404 for another company's page and leaves it", async () => {
    const mine = await savePage(page({ alias: 'nasza' }));
    expect((await api.post('/settings/custom-webpage/edit', otherAdmin, { id: mine.id })).statusCode).toBe(404);
    expect((await api.post('/settings/custom-webpage/save', otherAdmin, page({ id: mine.id, alias: 'przejeta' }))).statusCode).toBe(404);
    expect((await api.post('/settings/custom-webpage/delete', otherAdmin, { id: mine.id })).statusCode).toBe(404);
    expect((await api.get('/delegation-info/page?alias=nasza', otherEmployee)).statusCode).toBe(404);
    expect((await api.get('/delegation-info/page?alias=nasza', employee)).json().page.alias).toBe('nasza');
  });
});

describe('trip policy', () => {
  it('is empty until first saved, then saved sanitised under its fixed alias', async () => {
    const policyCompany = await createCompany(t.db);
    const policyAdmin = await authHeaders(t.app, policyCompany, await createUser(t.db, policyCompany, { permissions: ['companyAdmin'] }));
    expect((await api.get('/settings/trip-policy', policyAdmin)).json()).toEqual({ page: null });
    const first = await api.post('/settings/trip-policy/save', policyAdmin, {
      title_pl: 'Polityka podróży',
      title_en: '',
      content_pl: '<h2>Zasady</h2><p onmouseover="x()">Klasa ekonomiczna</p>',
      content_en: '',
      show_in_menu: true,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().page).toMatchObject({ alias: 'trip-policy', kind: 'tripPolicy', content_pl: '<h2>Zasady</h2><p>Klasa ekonomiczna</p>' });
    expect(await lastAuditRow(t.db, policyCompany.id, 'tripPolicy.create')).toBeTruthy();
    const second = await api.post('/settings/trip-policy/save', policyAdmin, { title_pl: 'Polityka', title_en: 'Policy', content_pl: '<p>Nowa</p>', content_en: '<p>New</p>', show_in_menu: true });
    expect(second.json().page).toMatchObject({ id: first.json().page.id, title_en: 'Policy' });
    expect(await lastAuditRow(t.db, policyCompany.id, 'tripPolicy.update')).toMatchObject({ before: { title_pl: 'Polityka podróży' } });
    // The trip policy is not one of the custom pages.
    expect((await api.get('/settings/custom-webpage/list', policyAdmin)).json().total).toBe(0);
    expect((await api.post('/settings/custom-webpage/edit', policyAdmin, { id: first.json().page.id })).statusCode).toBe(404);
  });

  it('requires the Polish title', async () => {
    const response = await api.post('/settings/trip-policy/save', admin, { title_pl: ' ', title_en: '', content_pl: '', content_en: '', show_in_menu: true });
    expect(response.json().issues[0]).toMatchObject({ path: ['title_pl'], code: 'global.error.required' });
  });
});

describe('delegation info for every employee', () => {
  it('lists the trip policy first and the pages marked for the menu in their order', async () => {
    const infoCompany = await createCompany(t.db);
    const infoAdmin = await authHeaders(t.app, infoCompany, await createUser(t.db, infoCompany, { permissions: ['companyAdmin'] }));
    const reader = await authHeaders(t.app, infoCompany, await createUser(t.db, infoCompany, { language: 'en-US' }));
    await savePage(page({ alias: 'druga', title_pl: 'Druga', sort_order: 2 }), infoAdmin);
    await savePage(page({ alias: 'pierwsza', title_pl: 'Pierwsza', sort_order: 1 }), infoAdmin);
    await savePage(page({ alias: 'ukryta', title_pl: 'Ukryta', show_in_menu: false }), infoAdmin);
    await api.post('/settings/trip-policy/save', infoAdmin, { title_pl: 'Polityka podróży', title_en: 'Travel policy', content_pl: '<p>PL</p>', content_en: '', show_in_menu: true });

    const pages = await api.get('/delegation-info/pages', reader);
    expect(pages.statusCode).toBe(200);
    expect(pages.json().items).toEqual([
      { alias: 'trip-policy', kind: 'tripPolicy', title_pl: 'Polityka podróży', title_en: 'Travel policy' },
      { alias: 'pierwsza', kind: 'custom', title_pl: 'Pierwsza', title_en: 'Settlement rules' },
      { alias: 'druga', kind: 'custom', title_pl: 'Druga', title_en: 'Settlement rules' },
    ]);
    // A page left out of the menu still opens by its address.
    const hidden = await api.get('/delegation-info/page?alias=ukryta', reader);
    expect(hidden.json().page).toMatchObject({ alias: 'ukryta', title_pl: 'Ukryta', content_pl: '<p>Treść</p>' });
    expect((await api.get('/delegation-info/page?alias=trip-policy', reader)).json().page).toMatchObject({ kind: 'tripPolicy', content_en: '' });
    expect((await api.get('/delegation-info/page?alias=brak', reader)).statusCode).toBe(404);
  });
});
