import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { typeIntoPicker } from '../../testing/pickers.ts';

const admin = buildUserProperties({ permissions: { companyAdmin: true }, context_user_permissions: { companyAdmin: true } });
const employee = buildUserProperties();
const groupOptions = { 'GET /api/settings/delegation-rate/group/options': { body: { items: [{ id: 3, name: 'Handlowcy', parent_id: null }] } } };

describe('mileage rates', () => {
  const handlers = { 'GET /api/settings/delegation-rate/mileage/list': { body: { items: [], total: 0 } } };

  async function openForm() {
    const rendered = renderApp('/settings/delegation-rate/mileage', { user: admin, handlers: { ...handlers, 'POST /api/settings/delegation-rate/mileage/save': { body: {} } } });
    await rendered.user.click(await screen.findByRole('button', { name: 'Nowa stawka' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nowa stawka za kilometr' });
    await typeIntoPicker(rendered.user, /Obowiązuje od/, '01012026', dialog);
    return { ...rendered, dialog };
  }

  it('refuses a rate above the statutory maximum, naming the maximum, without calling the server', async () => {
    const { user, dialog, server } = await openForm();
    const rate = within(dialog).getByLabelText(/Stawka \(zł\/km\)/);
    expect(descriptionOf(rate)).toBe('Maksymalna stawka ustawowa w tym okresie: 1,15 zł/km');
    await user.type(rate, '1.20');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(rate)).toBe('Stawka przekracza maksymalną stawkę ustawową 1,15 zł/km (obowiązującą od 17.01.2023)'));
    expect(server.requestsTo('POST /api/settings/delegation-rate/mileage/save')).toHaveLength(0);
  });

  it('checks the maximum of the chosen vehicle and sends a rate within it', async () => {
    const { user, dialog, server } = await openForm();
    await user.click(within(dialog).getByRole('combobox', { name: 'Rodzaj pojazdu' }));
    await user.click(await screen.findByRole('option', { name: 'Motorower' }));
    const rate = within(dialog).getByLabelText(/Stawka \(zł\/km\)/);
    expect(descriptionOf(rate)).toBe('Maksymalna stawka ustawowa w tym okresie: 0,42 zł/km');
    await user.type(rate, '0,4');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/delegation-rate/mileage/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/delegation-rate/mileage/save')[0]?.body).toEqual({
      vehicle_kind: 'moped',
      rate: '0.4',
      valid_from: '2026-01-01',
      valid_to: null,
    });
  });
});

describe('company rates', () => {
  it("shows the server's duplicate refusal at the country field", async () => {
    const { user } = renderApp('/settings/delegation-rate/custom', {
      user: admin,
      handlers: {
        ...groupOptions,
        'GET /api/settings/delegation-rate/custom/list': { body: { items: [], total: 0 } },
        'POST /api/settings/delegation-rate/custom/save': errorAnswer(400, 'VALIDATION_FAILED', {
          issues: [{ path: ['country_code'], code: 'rates.duplicate', params: { valid_from: '2026-01-01', valid_to: '…' } }],
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Nowa stawka' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nowa stawka firmowa' });
    const country = within(dialog).getByRole('combobox', { name: /Kraj/ });
    await user.type(country, 'Niemcy');
    await user.click(await screen.findByRole('option', { name: 'Niemcy (DE)' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Waluta/).value).toBe('EUR');
    await user.type(within(dialog).getByLabelText(/Dieta za dobę/), '70');
    await user.type(within(dialog).getByLabelText(/Limit za nocleg/), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(country)).toBe('Stawka dla tego kraju i regionu już istnieje w tym okresie (01.01.2026 – …)'));
  });
});

describe('rates in force', () => {
  const rate = (overrides: Record<string, unknown>) => ({
    country_code: 'DE',
    region: null,
    name_pl: 'Niemcy',
    per_diem: '49',
    currency: 'EUR',
    hotel_limit: '150',
    valid_from: '2022-11-29',
    valid_to: null,
    source: 'statutory',
    group_id: null,
    group_name: null,
    legal_basis: 'Dz.U. 2022 poz. 2302, załącznik',
    ...overrides,
  });

  it('shows every employee their rates, with their group and the day chosen', async () => {
    const { server } = renderApp('/delegation-info/delegation-rate?date=2026-03-10', {
      user: employee,
      handlers: {
        'GET /api/delegation-info/delegation-rate': {
          body: {
            date: '2026-03-10',
            group_chain: [{ id: 3, name: 'Handlowcy' }],
            total: 2,
            items: [rate({}), rate({ country_code: 'PL', name_pl: 'Polska', per_diem: '45.00', currency: 'PLN', hotel_limit: '900.00', source: 'company', group_id: 3, group_name: 'Handlowcy' })],
          },
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Stawki diet i limity noclegów' });
    expect(await within(table).findByText('Niemcy')).toBeTruthy();
    expect(within(table).getByText('Firmowa')).toBeTruthy();
    expect(screen.getByText(/Grupa: Handlowcy/)).toBeTruthy();
    expect(server.requestsTo('GET /api/delegation-info/delegation-rate')[0]?.url.searchParams.get('date')).toBe('2026-03-10');
  });

  it('lets the administrator look at a group on another day', async () => {
    const { user, server } = renderApp('/settings/delegation-rate', {
      user: admin,
      handlers: { ...groupOptions, 'GET /api/settings/delegation-rate/in-force': { body: { date: '2026-03-10', group_chain: [], total: 1, items: [rate({})] } } },
    });
    await screen.findByRole('table', { name: 'Stawki delegacyjne' });
    await user.click(screen.getByRole('combobox', { name: 'Grupa stawek' }));
    await user.click(await screen.findByRole('option', { name: 'Handlowcy' }));
    await typeIntoPicker(user, 'Dzień', '05052025');
    await waitFor(() => {
      const last = server.requestsTo('GET /api/settings/delegation-rate/in-force').at(-1);
      expect(last?.url.searchParams.get('group_id')).toBe('3');
      expect(last?.url.searchParams.get('date')).toBe('2025-05-05');
    });
  });
});

describe('rate groups', () => {
  const group = { id: 3, name: 'Handlowcy', parent_id: null, parent_name: null, user_count: 0, rate_count: 0, child_count: 0 };
  const handlers = { ...groupOptions, 'GET /api/settings/delegation-rate/group/list': { body: { items: [group], total: 1 } } };

  async function confirmDeletion(answer: object) {
    const rendered = renderApp('/settings/delegation-rate/group', { user: admin, handlers: { ...handlers, 'POST /api/settings/delegation-rate/group/delete': answer } });
    await rendered.user.click(await screen.findByRole('button', { name: 'Usuń grupę Handlowcy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć grupę?' });
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    return rendered;
  }

  it('deletes a group after the confirmation and says so', async () => {
    const { server } = await confirmDeletion({ body: { status: 'ok' } });
    expect(await screen.findByText('Usunięto grupę.')).toBeTruthy();
    expect(server.requestsTo('POST /api/settings/delegation-rate/group/delete')[0]?.body).toEqual({ id: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Usunąć grupę?' })).toBeNull());
  });

  it('says why the server refused the deletion', async () => {
    await confirmDeletion(errorAnswer(409, 'CONFLICT', { issues: [{ path: ['id'], code: 'rates.groupInUse', params: { users: 2, rates: 0, groups: 1 } }] }));
    expect(await screen.findByText('Grupy nie można usunąć, bo jest używana (użytkownicy: 2, stawki: 0, grupy podrzędne: 1)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Usunąć grupę?' })).toBeNull());
  });
});
