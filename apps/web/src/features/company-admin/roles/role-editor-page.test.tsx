import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_RENDER, adminUser, buildRoleDetail, buildRoleOptions } from '../testing/fixtures.ts';

const options = { 'GET /api/settings/role/options': { body: buildRoleOptions() } };

// Whole-form journeys: many keystrokes, slow when the suite runs in parallel.
describe('role editor', { timeout: 20_000 }, () => {
  it("shows 'Pole wymagane' for a missing name and sends nothing", async () => {
    const { user, server } = renderApp('/settings/role/new', { user: adminUser, handlers: options });
    await user.click(await screen.findByRole('button', { name: 'Zapisz' }, FIRST_RENDER));
    const name = screen.getByLabelText('Nazwa roli');
    await waitFor(() => expect(descriptionOf(name)).toBe('Pole wymagane'));
    expect(server.requestsTo('POST /api/settings/role/save')).toHaveLength(0);
  });

  it('shows the whole permission catalogue grouped, with descriptions, and the provider permissions locked', async () => {
    renderApp('/settings/role/new', { user: adminUser, handlers: options });
    const catalogue = await screen.findByRole('group', { name: 'Uprawnienia roli' }, FIRST_RENDER);
    for (const group of ['Administracja', 'Delegacje', 'Zamówienia usług podróżnych', 'Rezerwacje', 'Faktury', 'Administracja dostawcy']) {
      expect(within(catalogue).getByRole('group', { name: group })).toBeTruthy();
    }
    expect(within(catalogue).getAllByRole('checkbox')).toHaveLength(27);
    const admin = within(catalogue).getByRole('checkbox', { name: /Administrator firmy/ });
    expect(document.getElementById(admin.getAttribute('aria-describedby')!)?.textContent).toContain('Pełna konfiguracja firmy');
    expect(within(catalogue).getByRole('checkbox', { name: /Zarządzanie firmami/ })).toHaveProperty('disabled', true);
  });

  it("shows the parent's permissions as inherited, and saves the role's own with the parent", async () => {
    const saved = buildRoleDetail({ id: 60, name: 'Kierownik działu', parent_role_id: 52, permissions: ['modifyDates'] });
    const { user, server, router } = renderApp('/settings/role/new', {
      user: adminUser,
      handlers: {
        ...options,
        'POST /api/settings/role/edit': ({ body }) => ({ body: (body as { id: number }).id === 52 ? buildRoleDetail() : saved }),
        'POST /api/settings/role/save': { body: { status: 'ok', role: saved } },
      },
    });
    await user.type(await screen.findByLabelText('Nazwa roli', undefined, FIRST_RENDER), 'Kierownik działu');
    await user.click(screen.getByLabelText('Rola nadrzędna'));
    await user.click(await screen.findByRole('option', { name: 'Akceptant' }));
    const catalogue = screen.getByRole('group', { name: 'Uprawnienia roli' });
    const inherited = await within(catalogue).findByRole('checkbox', { name: /Akceptacja merytoryczna \(z roli nadrzędnej\)/ });
    expect((inherited as HTMLInputElement).checked).toBe(true);
    expect(inherited).toHaveProperty('disabled', true);
    await user.click(within(catalogue).getByRole('checkbox', { name: /Zmiana dat/ }));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/role/edit/60'));
    expect(server.requestsTo('POST /api/settings/role/save')[0]?.body).toEqual({
      name: 'Kierownik działu',
      description: '',
      parent_role_id: 52,
      is_default: false,
      permissions: ['modifyDates'],
    });
  });

  it('does not offer a descendant as the parent and shows a server refusal at the field', async () => {
    const { user } = renderApp('/settings/role/edit/51', {
      user: adminUser,
      handlers: {
        ...options,
        'POST /api/settings/role/edit': { body: buildRoleDetail({ id: 51, name: 'Pracownik', parent_role_id: null, inherited_permissions: [] }) },
        'POST /api/settings/role/save': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['name'], code: 'role.nameTaken' }] }),
      },
    });
    await user.click(await screen.findByLabelText('Rola nadrzędna', undefined, FIRST_RENDER));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: 'Akceptant' })).toBeNull();
    expect(within(listbox).queryByRole('option', { name: 'Kierownik' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Nazwa roli'))).toBe('Rola o takiej nazwie już istnieje'));
  });
});

describe('role list', { timeout: 20_000 }, () => {
  it('explains that a role with members cannot be blocked until they are detached', async () => {
    const { user } = renderApp('/settings/role', {
      user: adminUser,
      handlers: {
        'GET /api/settings/role/list': {
          body: {
            total: 1,
            items: [{ id: 52, name: 'Akceptant', description: '', parent_role_id: null, parent_name: null, is_default: false, is_blocked: false, member_count: 2, permission_count: 1 }],
          },
        },
        'POST /api/settings/role/set-blocked': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['id'], code: 'role.hasMembers', params: { count: 2 } }] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Zablokuj rolę Akceptant' }, FIRST_RENDER));
    await user.click(within(await screen.findByRole('dialog', { name: 'Blokada roli' })).getByRole('button', { name: 'Zablokuj' }));
    const refusal = await screen.findByRole('dialog', { name: 'Operacja niemożliwa' });
    expect(refusal.textContent).toContain('Do roli są przypisani użytkownicy (2). Rolę można zablokować lub usunąć dopiero po ich odłączeniu.');
    expect(within(refusal).getByRole('button', { name: 'Pokaż użytkowników roli' })).toBeTruthy();
  });
});
