import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OwnTransferOptions, PermissionTransfer } from '@delego/contract';
import { errorAnswer, type MockRequest } from '../../testing/fetch-mock.ts';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { typeIntoPicker } from '../../testing/pickers.ts';

const FIRST_RENDER = { timeout: 5000 };
const person = (id: number, name: string, surname: string, login: string) => ({ id, name, surname, login });
const me = buildUserProperties({ user_id: 20, login: 'akceptant' });
const piotr = person(20, 'Piotr', 'Nowak', 'akceptant');
const ewa = person(30, 'Ewa', 'Lis', 'ewa.lis');
const admin = person(1, 'Adam', 'Admin', 'administrator');

function transfer(overrides: Partial<PermissionTransfer> = {}): PermissionTransfer {
  return { id: 5, from_user: piotr, to_user: ewa, permission_name: 'viewInvoices', role: null, date_from: '2026-06-01', date_to: '2026-06-14', comment: 'Urlop', state: 'current', ...overrides };
}

const OPTIONS: OwnTransferOptions = {
  roles: [{ id: 3, name: 'Akceptanci', parent_role_id: null, is_blocked: false, is_default: false }],
  users: [{ ...ewa, email: 'ewa@example.com', is_active: true }],
  is_admin_context: false,
  permissions: ['viewInvoices'],
};

/** The list answers by the direction asked for, as the server does. */
const listByDirection = (request: MockRequest) => ({
  body:
    request.url.searchParams.get('direction') === 'received'
      ? { total: 1, items: [transfer({ id: 9, from_user: admin, to_user: piotr, permission_name: 'modifyDates' })] }
      : { total: 1, items: [transfer()] },
});

describe('/substitutes/deputyAuth', { timeout: 20_000 }, () => {
  it('hands one of my own permissions over to a colleague, offering only what I hold', async () => {
    const { user, server } = renderApp('/substitutes/deputyAuth', {
      user: me,
      handlers: {
        'GET /api/user-substitute/deputy-auth/list': listByDirection,
        'GET /api/user-substitute/deputy-auth/options': { body: OPTIONS },
        'POST /api/user-substitute/deputy-auth/save': { body: { status: 'ok', transfer: transfer({ id: 6 }) } },
      },
    });
    const table = await screen.findByRole('table', { name: 'Przekazane przeze mnie' }, FIRST_RENDER);
    const row = await within(table).findByRole('row', { name: /Ewa Lis/ });
    expect(within(row).getByText('01.06.2026')).toBeTruthy();
    expect(within(row).getByText('Obowiązujące')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Przekaż uprawnienie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Przekazanie uprawnienia' });
    await user.click(within(dialog).getByLabelText('Uprawniony użytkownik'));
    await user.click(await screen.findByRole('option', { name: 'Lis Ewa (ewa.lis)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Uprawnienie' }));
    const listbox = await screen.findByRole('listbox');
    // Only my own permission, under its group's heading: nothing else of the catalogue.
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Faktury', 'Przeglądanie faktur']);
    await user.click(within(listbox).getByRole('option', { name: 'Przeglądanie faktur' }));
    await typeIntoPicker(user, 'Od', '01062030', dialog);
    await typeIntoPicker(user, 'Do', '20062030', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/user-substitute/deputy-auth/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/user-substitute/deputy-auth/save')[0]?.body).toMatchObject({ to_user_id: 30, permission_name: 'viewInvoices', role_id: null, date_from: '2030-06-01', date_to: '2030-06-20' });
    expect(await screen.findByText('Zapisano przekazanie.')).toBeTruthy();
  });

  it('shows the server’s refusal of a permission I do not hold at the permission field', async () => {
    const { user } = renderApp('/substitutes/deputyAuth', {
      user: me,
      handlers: {
        'GET /api/user-substitute/deputy-auth/list': listByDirection,
        'GET /api/user-substitute/deputy-auth/options': { body: OPTIONS },
        'POST /api/user-substitute/deputy-auth/save': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['permission_name'], code: 'deputyAuth.permissionNotHeld' }] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edytuj przekazanie dla Ewa Lis' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Edycja przekazania' });
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await within(dialog).findByText('Możesz przekazać tylko uprawnienie, które masz sam (nie otrzymane od innych)')).toBeTruthy();
  });

  it('shows what was handed over to me and who handed it over, without edit actions', async () => {
    const { user } = renderApp('/substitutes/deputyAuth', {
      user: me,
      handlers: { 'GET /api/user-substitute/deputy-auth/list': listByDirection, 'GET /api/user-substitute/deputy-auth/options': { body: OPTIONS } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Przekazane mnie' }, FIRST_RENDER));
    const table = await screen.findByRole('table', { name: 'Przekazane mnie' });
    const row = await within(table).findByRole('row', { name: /Adam Admin/ });
    expect(within(table).getByRole('columnheader', { name: 'Przekazał' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Uprawniony użytkownik' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Edytuj/ })).toBeNull();
  });

  it('says so and offers no handing over when I hold nothing of my own', async () => {
    renderApp('/substitutes/deputyAuth', {
      user: me,
      handlers: {
        'GET /api/user-substitute/deputy-auth/list': { body: { total: 0, items: [] } },
        'GET /api/user-substitute/deputy-auth/options': { body: { ...OPTIONS, roles: [], permissions: [] } },
      },
    });
    expect(await screen.findByText('Nie masz własnych uprawnień ani ról, które można przekazać.', undefined, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Przekaż uprawnienie' }).hasAttribute('disabled')).toBe(true);
  });
});
