import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CompanyListItem } from '@delego/contract';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { buildToken, buildUserProperties } from '../../../testing/fixtures.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_RENDER, buildFormOptions, buildUserDetail, defaultSettings } from '../testing/fixtures.ts';

const PROVIDER_PERMISSIONS = { SuperAdmin: true, manageCompanies: true, mainDbUserManage: true, manageMailingList: true, mainDbSettings: true, companyAdmin: true };
const provider = buildUserProperties({
  user_id: -1,
  context_user_id: -1,
  login: 'superadmin',
  context_user_login: 'superadmin',
  company_code: 'admin',
  is_admin_context: true,
  permissions: PROVIDER_PERMISSIONS,
  context_user_permissions: PROVIDER_PERMISSIONS,
});

function company(overrides: Partial<CompanyListItem> = {}): CompanyListItem {
  return {
    id: 7,
    code: 'beta',
    name: 'Beta Logistyka S.A.',
    nip: '5260250274',
    is_active: true,
    modules: { delegation: 2, travel_service: 2, accounting_export: 1, all_bookings: 2, flight_bookings: 2 },
    user_count: 4,
    created_at: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}
const listed = { 'GET /api/admin/companies/list': { body: { items: [company(), company({ id: 8, code: 'demo', name: 'Demo Sp. z o.o.', is_active: false })], total: 2 } } };

async function fillNewCompany(user: ReturnType<typeof renderApp>['user'], nip: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Nowa firma' });
  const field = (label: string) => within(dialog).getByLabelText(label, { exact: false });
  await user.type(field('Kod firmy'), 'gamma');
  await user.type(field('Nazwa'), 'Gamma Sp. z o.o.');
  await user.type(field('NIP'), nip);
  await user.type(field('Login'), 'gamma-admin');
  await user.type(field('E-mail'), 'admin@gamma.example');
  await user.type(field('Imię'), 'Ewa');
  await user.type(field('Nazwisko'), 'Nowicka');
  return dialog;
}

// Whole-form journeys: many keystrokes, slow when the suite runs in parallel.
describe('provider admin: companies screen', { timeout: 20_000 }, () => {
  it('lists the companies with their state and offers entering only an active one', async () => {
    renderApp('/admin/companies', { user: provider, handlers: listed });
    expect(await screen.findByText('Beta Logistyka S.A.', undefined, FIRST_RENDER)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Działaj w kontekście firmy Beta Logistyka S.A.' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Działaj w kontekście firmy Demo Sp. z o.o.' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Włącz firmę Demo Sp. z o.o.' })).toBeTruthy();
  });

  it('shows the NIP checksum message at the field and sends nothing', async () => {
    const { user, server } = renderApp('/admin/companies', { user: provider, handlers: listed });
    await user.click(await screen.findByRole('button', { name: 'Nowa firma' }, FIRST_RENDER));
    const dialog = await fillNewCompany(user, '5260250275');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText('NIP', { exact: false }))).toBe('Nieprawidłowy NIP – wymagane 10 cyfr z poprawną sumą kontrolną'));
    expect(server.requestsTo('POST /api/admin/companies/create')).toHaveLength(0);
  });

  it('creates a company with its modules and first administrator, and shows a taken code at the code field', async () => {
    const { user, server } = renderApp('/admin/companies', {
      user: provider,
      handlers: { ...listed, 'POST /api/admin/companies/create': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['code'], code: 'company.codeTaken' }] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Nowa firma' }, FIRST_RENDER));
    const dialog = await fillNewCompany(user, '526-025-02-74');
    await user.click(within(dialog).getByRole('switch', { name: 'Eksport do systemu księgowego' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/admin/companies/create')).toHaveLength(1));
    expect(server.requestsTo('POST /api/admin/companies/create')[0]?.body).toEqual({
      code: 'gamma',
      name: 'Gamma Sp. z o.o.',
      nip: '526-025-02-74',
      modules: { delegation: 2, travel_service: 2, accounting_export: 2, all_bookings: 2, flight_bookings: 2 },
      administrator: { login: 'gamma-admin', name: 'Ewa', surname: 'Nowicka', email: 'admin@gamma.example', language: 'pl-PL' },
    });
    await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText('Kod firmy', { exact: false }))).toBe('Firma o tym kodzie już istnieje'));
  });

  it('disables a company after confirmation', async () => {
    const { user, server } = renderApp('/admin/companies', { user: provider, handlers: { ...listed, 'POST /api/admin/companies/set-active': { body: { status: 'ok' } } } });
    await user.click(await screen.findByRole('button', { name: 'Wyłącz firmę Beta Logistyka S.A.' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Wyłączyć firmę?' });
    expect(dialog.textContent).toContain('Żadne dane nie zostaną usunięte');
    await user.click(within(dialog).getByRole('button', { name: 'Wyłącz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/admin/companies/set-active')[0]?.body).toEqual({ id: 7, is_active: false }));
  });

  it("enters a company's context: the header names the company and whom one acts as, the menu offers the way back", async () => {
    const inside = buildUserProperties({
      user_id: -1,
      login: 'superadmin',
      company_id: 7,
      company_code: 'beta',
      company_name: 'Beta Logistyka S.A.',
      context_user_id: 31,
      context_user_login: 'beta-admin',
      permissions: PROVIDER_PERMISSIONS,
      context_user_permissions: { companyAdmin: true },
      in_company_context: true,
    });
    const { user, server, router } = renderApp('/admin/companies', {
      user: provider,
      handlers: {
        ...listed,
        'POST /api/admin/company-admin/log-in-company-context': { body: { access_token: buildToken(), user_properties: inside } },
        'POST /api/admin/company-admin/log-in-back-admin-context': { body: { access_token: buildToken(), user_properties: provider } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Działaj w kontekście firmy Beta Logistyka S.A.' }, FIRST_RENDER));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.requestsTo('POST /api/admin/company-admin/log-in-company-context')[0]?.body).toEqual({ company_id: 7 });
    expect(await screen.findByText('beta (jako beta-admin)')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Menu główne' });
    expect(within(menu).getByRole('link', { name: 'Administracja' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Powrót na własne konto' })).toBeNull();
    await user.click(within(menu).getByRole('link', { name: 'Powrót do kontekstu administratora' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/companies'));
    expect(server.requestsTo('POST /api/admin/company-admin/log-in-back-admin-context')).toHaveLength(1);
  });
});

describe("provider admin: the provider's users and defaults", { timeout: 20_000 }, () => {
  it('lists the provider users with links to their editor, which shows the basic data and the roles and permissions tabs only', async () => {
    const superadmin = buildUserDetail({ id: -1, login: 'superadmin', name: 'Super', surname: 'Administrator' });
    const { user, router } = renderApp('/admin/users', {
      user: provider,
      handlers: {
        'GET /api/settings/users/list': { body: { items: [{ id: -1, name: 'Super', middle_name: null, surname: 'Administrator', login: 'superadmin', email: 'superadmin@delego.local', position: null, department: null, is_active: true, roles: ['Administrator dostawcy'] }], total: 1 } },
        'GET /api/settings/users/form-options': { body: buildFormOptions({ is_admin_context: true }) },
        'POST /api/settings/users/edit': { body: superadmin },
      },
    });
    expect(screen.queryByRole('navigation', { name: 'Nawigacja ustawień' })).toBeNull();
    // The list and the editor load lazily, one after the other.
    await user.click(await screen.findByRole('link', { name: 'Super Administrator' }, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/edit/-1/basic'));
    const tabs = await screen.findByRole('tablist', undefined, { timeout: 10_000 });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Dane podstawowe', 'Role i uprawnienia']);
    await user.click(within(tabs).getByRole('tab', { name: 'Role i uprawnienia' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/edit/-1/roles-and-permissions'));
  });

  it('saves the defaults for new companies to the provider settings', async () => {
    const { user, server } = renderApp('/admin/system-settings', {
      user: provider,
      handlers: {
        'GET /api/admin/system-settings': { body: { settings: defaultSettings() } },
        'POST /api/admin/system-settings/save': ({ body }) => ({ body: { status: 'ok', settings: body } }),
      },
    });
    expect(await screen.findByText(/Ustawienia, z którymi startuje każda nowo utworzona firma/, undefined, FIRST_RENDER)).toBeTruthy();
    await user.click(await screen.findByRole('switch', { name: 'Eksport do systemu księgowego' }));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/admin/system-settings/save')).toHaveLength(1));
    expect((server.requestsTo('POST /api/admin/system-settings/save')[0]?.body as { modules: Record<string, number> }).modules.accounting_export).toBe(2);
    expect(server.requestsTo('POST /api/settings/system-settings/save')).toHaveLength(0);
  });
});
