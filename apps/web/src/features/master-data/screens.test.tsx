import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../testing/render-app.tsx';
import { FIRST_LOAD, administrator, page } from './testing/fixtures.ts';

const units = [
  { id: 1, name: 'Demo Sp. z o.o.', parent_id: null, is_main: true, user_count: 0, child_count: 1 },
  { id: 2, name: 'Sprzedaż', parent_id: 1, is_main: false, user_count: 1, child_count: 0 },
];
const anna = { user_id: 21, name: 'Anna', surname: 'Kowalska', login: 'anna', email: 'anna@demo.pl', is_active: true };

describe('master-data screens', { timeout: 30_000 }, () => {
  it('shows users with their cost centres and edits one user', async () => {
    const { server, user } = renderApp('/settings/cost-centre/users', {
      user: administrator,
      handlers: {
        'GET /api/settings/cost-centre/options': { body: { items: [{ id: 1, ordinate: 'MPK-100', name: 'Sprzedaż', enabled_for_new: true }, { id: 2, ordinate: 'MPK-200', name: '', enabled_for_new: true }] } },
        'GET /api/settings/cost-centre/users/list': page([{ ...anna, cost_centre_ids: [1], default_cost_centre_id: 1 }]),
        'POST /api/settings/cost-centre/users/save': { body: { status: 'ok', user: { ...anna, cost_centre_ids: [1, 2], default_cost_centre_id: 1 } } },
      },
    });
    const table = await screen.findByRole('table', { name: 'Użytkownicy centrów kosztów' }, FIRST_LOAD);
    expect(await within(table).findByText('Kowalska Anna')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Zmień centra kosztów: Anna Kowalska' }));
    const dialog = await screen.findByRole('dialog', { name: 'Centra kosztów – Anna Kowalska' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'MPK-200' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/cost-centre/users/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/cost-centre/users/save')[0]!.body).toEqual({ user_id: 21, cost_centre_ids: [1, 2], default_cost_centre_id: 1 });
  });

  it('assigns selected users to a unit', async () => {
    const { server, user } = renderApp('/settings/organizational-structure/users', {
      user: administrator,
      handlers: {
        'GET /api/settings/organizational-structure/tree': { body: { units } },
        'GET /api/settings/organizational-structure/users/list': page([{ ...anna, organization_unit_id: null, organization_unit_name: null }]),
        'POST /api/settings/organizational-structure/users/assign': { body: { status: 'ok', updated: 1 } },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Zaznacz: Anna Kowalska' }, FIRST_LOAD));
    await user.click(screen.getByRole('button', { name: 'Przypisz zaznaczonego (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Przypisanie do jednostki' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Jednostka' }));
    await user.click(await screen.findByRole('option', { name: /Sprzedaż/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/organizational-structure/users/assign')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/organizational-structure/users/assign')[0]!.body).toEqual({ organization_unit_id: 2, user_ids: [21] });
  });

  it('lists projects with their contractor and settlements', async () => {
    renderApp('/settings/project', {
      user: administrator,
      handlers: {
        'GET /api/settings/external-company/options': { body: { items: [{ id: 5, name: 'Acme', is_active: true }] } },
        'GET /api/settings/project/list': page([{ id: 3, contractor_id: 5, contractor_name: 'Acme', name: 'Wdrożenie CRM', order_number: 'ZAM/1', is_active: true, delegation_count: 4 }]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Projekty' }, FIRST_LOAD);
    const row = (await within(table).findByText('Wdrożenie CRM')).closest('tr')!;
    expect(row.textContent).toContain('Acme');
    expect(row.textContent).toContain('4');
  });

  it('lists custom pages with their addresses', async () => {
    renderApp('/settings/custom-webpage', {
      user: administrator,
      handlers: {
        'GET /api/settings/custom-webpage/list': page([{ id: 1, alias: 'kontakt', kind: 'custom', title_pl: 'Kontakt', title_en: 'Contact', show_in_menu: true, sort_order: 1, updated_at: '2026-05-04T10:00:00.000Z' }]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Strony informacyjne' }, FIRST_LOAD);
    expect((await within(table).findByRole('link', { name: '/delegation-info/kontakt' })).getAttribute('href')).toBe('/delegation-info/kontakt');
    expect(within(table).getByRole('link', { name: 'Edytuj: Kontakt' }).getAttribute('href')).toBe('/settings/custom-webpage/edit/1');
  });

  it('edits the trip policy before it is first saved, with default titles', async () => {
    const { server, user } = renderApp('/settings/trip-policy', {
      user: administrator,
      handlers: {
        'GET /api/settings/trip-policy': { body: { page: null } },
        'POST /api/settings/trip-policy/save': { body: { status: 'ok', page: { id: 1, alias: 'trip-policy', kind: 'tripPolicy', title_pl: 'Polityka podróży', title_en: 'Trip policy', show_in_menu: true, sort_order: 0, updated_at: '2026-05-04T10:00:00.000Z', content_pl: '', content_en: '' } } },
      },
    });
    expect(await screen.findByText(/nie została jeszcze opublikowana/, {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Tytuł (polski)').value).toBe('Polityka podróży');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/trip-policy/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/trip-policy/save')[0]!.body).toMatchObject({ title_pl: 'Polityka podróży', show_in_menu: true });
  });

  it('lists travel-service acceptors', async () => {
    renderApp('/settings/travel-service', {
      user: administrator,
      handlers: { 'GET /api/settings/travel-service/acceptors': { body: { items: [anna] } }, 'GET /api/settings/user-options': { body: { items: [] } } },
    });
    const table = await screen.findByRole('table', { name: 'Akceptujący zamówienia usług podróży' }, FIRST_LOAD);
    expect(within(table).getByRole('button', { name: 'Odłącz: Anna Kowalska' })).toBeTruthy();
  });

  it('adds a select parameter with options and a default among them', async () => {
    const { server, user } = renderApp('/settings/travel-service/additional-parameters', {
      user: administrator,
      handlers: {
        'GET /api/settings/travel-service/additional-parameters/list': { body: { items: [] } },
        'POST /api/settings/travel-service/additional-parameters/save': { body: { status: 'ok', parameter: { id: 1, name_pl: 'Klasa', name_en: 'Class', type: 'select', options: ['Ekonomiczna'], default_value: 'Ekonomiczna', is_required: false, sort_order: 0, is_active: true } } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Dodaj parametr' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Nowy parametr' });
    await user.type(within(dialog).getByLabelText('Nazwa (polski)'), 'Klasa');
    await user.type(within(dialog).getByLabelText('Nazwa (angielski)'), 'Class');
    await user.click(within(dialog).getByRole('combobox', { name: 'Rodzaj pola' }));
    await user.click(await screen.findByRole('option', { name: 'Lista wyboru' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await within(dialog).findByText('Lista wyboru musi mieć co najmniej jedną opcję')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj opcję' }));
    await user.type(within(dialog).getByLabelText('Opcja 1'), 'Ekonomiczna');
    await user.click(within(dialog).getByRole('combobox', { name: 'Wartość domyślna' }));
    await user.click(await screen.findByRole('option', { name: 'Ekonomiczna' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/travel-service/additional-parameters/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/travel-service/additional-parameters/save')[0]!.body).toEqual({
      name_pl: 'Klasa',
      name_en: 'Class',
      type: 'select',
      options: ['Ekonomiczna'],
      default_value: 'Ekonomiczna',
      is_required: false,
      sort_order: 0,
      is_active: true,
    });
  });

  it('saves the travel-module settings as numbers', async () => {
    const { server, user } = renderApp('/settings/travel-service/additional-settings', {
      user: administrator,
      handlers: {
        'GET /api/settings/travel-service/additional-settings': { body: { settings: { insurance_behaviour: 1, offer_change_rule: 1, message_auto_read: 1, is_insurance_separated: 0, flight_is_return_route: 0 } } },
        'POST /api/settings/travel-service/additional-settings/save': { body: { status: 'ok', settings: { insurance_behaviour: 2, offer_change_rule: 1, message_auto_read: 1, is_insurance_separated: 1, flight_is_return_route: 0 } } },
      },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Ubezpieczenie przy zamawianiu usług' }, FIRST_LOAD));
    await user.click(await screen.findByRole('option', { name: 'Dodawaj ubezpieczenie automatycznie' }));
    await user.click(screen.getByRole('switch', { name: 'Ubezpieczenie jako osobne zamówienie' }));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/travel-service/additional-settings/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/travel-service/additional-settings/save')[0]!.body).toEqual({
      insurance_behaviour: 2,
      offer_change_rule: 1,
      message_auto_read: 1,
      is_insurance_separated: 1,
      flight_is_return_route: 0,
    });
  });
});
