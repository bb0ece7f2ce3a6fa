import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_LOAD, administrator, page } from '../testing/fixtures.ts';

const sales = { id: 1, ordinate: 'MPK-100', name: 'Sprzedaż', enabled_for_new: true, user_count: 3, budget_count: 1 };
const archive = { id: 2, ordinate: 'MPK-900', name: 'Archiwum', enabled_for_new: false, user_count: 0, budget_count: 0 };

describe('cost centre list', { timeout: 30_000 }, () => {
  it('lists the cost centres with their use, sorted and searched through the API', async () => {
    const { server, user } = renderApp('/settings/cost-centre', { user: administrator, handlers: { 'GET /api/settings/cost-centre/list': page([sales, archive]) } });
    const table = await screen.findByRole('table', { name: 'Centra kosztów' }, FIRST_LOAD);
    expect(await within(table).findByText('MPK-100')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Sprzedaż');
    expect(rows[1]!.textContent).toContain('Włączone');
    expect(rows[2]!.textContent).toContain('Wyłączone');

    await user.click(within(table).getByRole('button', { name: 'Nazwa' }));
    await waitFor(() => expect(server.requestsTo('GET /api/settings/cost-centre/list').at(-1)!.url.searchParams.get('sort')).toBe('name'));
    await user.type(screen.getByRole('searchbox', { name: 'Szukaj' }), 'mpk');
    await waitFor(() => expect(server.requestsTo('GET /api/settings/cost-centre/list').at(-1)!.url.searchParams.get('search')).toBe('mpk'));
  });

  it('shows the empty state', async () => {
    renderApp('/settings/cost-centre', { user: administrator, handlers: { 'GET /api/settings/cost-centre/list': page([]) } });
    expect(await screen.findByText('Brak pozycji.', {}, FIRST_LOAD)).toBeTruthy();
  });

  it("says 'Pole wymagane' at an empty number and sends nothing", async () => {
    const { server, user } = renderApp('/settings/cost-centre', { user: administrator, handlers: { 'GET /api/settings/cost-centre/list': page([]) } });
    await user.click(await screen.findByRole('button', { name: 'Dodaj centrum kosztów' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Nowe centrum kosztów' });
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    const ordinate = within(dialog).getByLabelText('Numer (MPK)');
    await waitFor(() => expect(ordinate.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(ordinate)).toBe('Pole wymagane');
    expect(server.requestsTo('POST /api/settings/cost-centre/save')).toHaveLength(0);
  });

  it('creates a cost centre and shows a taken number at its field', async () => {
    let attempts = 0;
    const { server, user } = renderApp('/settings/cost-centre', {
      user: administrator,
      handlers: {
        'GET /api/settings/cost-centre/list': page([sales]),
        'POST /api/settings/cost-centre/save': () => {
          attempts += 1;
          return attempts === 1
            ? errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['ordinate'], code: 'costCentre.ordinateTaken' }] })
            : { body: { status: 'ok', cost_centre: { id: 3, ordinate: 'MPK-200', name: 'Marketing', enabled_for_new: true, user_count: 0, budget_count: 0 } } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Dodaj centrum kosztów' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Nowe centrum kosztów' });
    await user.type(within(dialog).getByLabelText('Numer (MPK)'), 'MPK-100');
    await user.type(within(dialog).getByLabelText('Nazwa'), 'Marketing');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText('Numer (MPK)'))).toBe('Centrum kosztów o takim numerze już istnieje'));
    // What was typed stays in the form after the refusal.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Nazwa').value).toBe('Marketing');

    const ordinate = within(dialog).getByLabelText('Numer (MPK)');
    await user.clear(ordinate);
    await user.type(ordinate, 'MPK-200');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nowe centrum kosztów' })).toBeNull());
    expect(server.requestsTo('POST /api/settings/cost-centre/save').at(-1)!.body).toEqual({ ordinate: 'MPK-200', name: 'Marketing', enabled_for_new: true });
    expect(await screen.findByText('Zapisano centrum kosztów.')).toBeTruthy();
  });

  it('explains why a cost centre with users cannot be deleted, without asking the server', async () => {
    const { server, user } = renderApp('/settings/cost-centre', { user: administrator, handlers: { 'GET /api/settings/cost-centre/list': page([sales]) } });
    await user.click(await screen.findByRole('button', { name: 'Usuń: MPK-100' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć centrum kosztów?' });
    expect(dialog.textContent).toContain('Centrum kosztów ma przypisanych 3 użytkowników');
    expect(within(dialog).queryByRole('button', { name: 'Usuń' })).toBeNull();
    expect(server.requestsTo('POST /api/settings/cost-centre/delete')).toHaveLength(0);
  });

  it('opens for an administrator only', async () => {
    renderApp('/settings/cost-centre', { user: { ...administrator, permissions: {}, context_user_permissions: {} } });
    expect(await screen.findByRole('heading', { name: 'Brak uprawnień (403)' }, FIRST_LOAD)).toBeTruthy();
  });
});
