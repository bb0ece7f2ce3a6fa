import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_LOAD, administrator } from '../testing/fixtures.ts';

const units = [
  { id: 1, name: 'Demo Sp. z o.o.', parent_id: null, is_main: true, user_count: 1, child_count: 2 },
  { id: 2, name: 'Sprzedaż', parent_id: 1, is_main: false, user_count: 4, child_count: 1 },
  { id: 3, name: 'Zespół A', parent_id: 2, is_main: false, user_count: 0, child_count: 0 },
  { id: 4, name: 'IT', parent_id: 1, is_main: false, user_count: 0, child_count: 0 },
];
const tree = { 'GET /api/settings/organizational-structure/tree': { body: { units } } };

describe('organisation structure tree', { timeout: 30_000 }, () => {
  it('shows the units as a tree under the main structure, each child after its parent', async () => {
    renderApp('/settings/organizational-structure', { user: administrator, handlers: tree });
    const list = await screen.findByRole('list', { name: 'Drzewo struktury organizacyjnej' }, FIRST_LOAD);
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual(['Demo Sp. z o.o.', 'IT', 'Sprzedaż', 'Zespół A']);
    expect(within(list).getByText('Struktura główna')).toBeTruthy();
    expect(within(list).getByText('4 użytkowników')).toBeTruthy();
  });

  it('refuses to delete a unit with users, saying why, and never asks the server', async () => {
    const { server, user } = renderApp('/settings/organizational-structure', { user: administrator, handlers: { ...tree, 'POST /api/settings/organizational-structure/delete': { body: { status: 'ok' } } } });
    await user.click(await screen.findByRole('button', { name: 'Usuń: Sprzedaż' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć jednostkę?' });
    expect(dialog.textContent).toContain('Nie można usunąć jednostki, która ma 1 jednostkę podrzędną.');
    expect(dialog.textContent).toContain('Nie można usunąć jednostki, do której są przypisani 4 użytkownicy.');
    expect(within(dialog).queryByRole('button', { name: 'Usuń' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
    expect(server.requestsTo('POST /api/settings/organizational-structure/delete')).toHaveLength(0);
  });

  it('refuses to delete the main structure', async () => {
    const { user } = renderApp('/settings/organizational-structure', { user: administrator, handlers: tree });
    await user.click(await screen.findByRole('button', { name: 'Usuń: Demo Sp. z o.o.' }, FIRST_LOAD));
    expect((await screen.findByRole('dialog', { name: 'Usunąć jednostkę?' })).textContent).toContain('Nie można usunąć struktury głównej.');
  });

  it("shows the server's refusal in the dialog when a user joined the unit meanwhile", async () => {
    const { user } = renderApp('/settings/organizational-structure', {
      user: administrator,
      handlers: {
        ...tree,
        'POST /api/settings/organizational-structure/delete': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['id'], code: 'organizationUnit.hasUsers', params: { count: 1 } }] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Usuń: IT' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć jednostkę?' });
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(dialog.textContent).toContain('Nie można usunąć jednostki, do której jest przypisany 1 użytkownik.'));
  });

  it('adds a child unit under the chosen parent', async () => {
    const { server, user } = renderApp('/settings/organizational-structure', {
      user: administrator,
      handlers: { ...tree, 'POST /api/settings/organizational-structure/save': { body: { status: 'ok', unit: { id: 5, name: 'Zespół B', parent_id: 2, is_main: false, user_count: 0, child_count: 0 } } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Dodaj jednostkę podrzędną: Sprzedaż' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Nowa jednostka' });
    await user.type(within(dialog).getByLabelText('Nazwa'), 'Zespół B');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/organizational-structure/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/organizational-structure/save')[0]!.body).toEqual({ name: 'Zespół B', parent_id: 2 });
  });

  it('keeps the parent of a unit with children fixed and explains it', async () => {
    const { user } = renderApp('/settings/organizational-structure', { user: administrator, handlers: tree });
    await user.click(await screen.findByRole('button', { name: 'Edytuj: Sprzedaż' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Edycja jednostki: Sprzedaż' });
    const parent = within(dialog).getByRole('combobox', { name: 'Jednostka nadrzędna' });
    expect(parent.getAttribute('aria-disabled')).toBe('true');
    expect(descriptionOf(parent)).toContain('Jednostka ma jednostki podrzędne, więc nie można jej przenieść.');
  });
});
