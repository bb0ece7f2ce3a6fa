import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_RENDER, adminUser, buildFormOptions, buildUserDetail } from '../testing/fixtures.ts';

const formOptions = { 'GET /api/settings/users/form-options': { body: buildFormOptions() } };

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Imię', undefined, FIRST_RENDER), 'Ewa');
  await user.type(screen.getByLabelText('Nazwisko'), 'Zielińska');
  await user.type(screen.getByLabelText('E-mail'), 'ewa@firma.pl');
  await user.type(screen.getByLabelText('Login'), 'ezielinska');
  await user.type(screen.getByLabelText('Hasło'), 'Nowe-Haslo-1');
  await user.type(screen.getByLabelText('Powtórz hasło'), 'Nowe-Haslo-1');
}

// Whole-form journeys: many keystrokes, slow when the suite runs in parallel.
describe('user editor', { timeout: 20_000 }, () => {
  it("shows 'Pole wymagane' at every required field and sends nothing", async () => {
    const { user, server } = renderApp('/settings/users/new', { user: adminUser, handlers: formOptions });
    await screen.findByRole('heading', { name: 'Nowy użytkownik' }, FIRST_RENDER);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    for (const label of ['Imię', 'Nazwisko', 'E-mail', 'Login', 'Hasło']) {
      const field = screen.getByLabelText(label);
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      expect(descriptionOf(field)).toBe('Pole wymagane');
    }
    expect(server.requestsTo('POST /api/settings/users/save')).toHaveLength(0);
  });

  it('checks the login length, the e-mail and the repeated password before sending', async () => {
    const { user, server } = renderApp('/settings/users/new', { user: adminUser, handlers: formOptions });
    await user.type(await screen.findByLabelText('Imię', undefined, FIRST_RENDER), 'Ewa');
    await user.type(screen.getByLabelText('Nazwisko'), 'Zielińska');
    await user.type(screen.getByLabelText('E-mail'), 'ewa@firma');
    await user.type(screen.getByLabelText('Login'), 'ewa');
    await user.type(screen.getByLabelText('Hasło'), 'Nowe-Haslo-1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'Nowe-Haslo-2');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Login'))).toBe('Login musi mieć co najmniej 6 znaków'));
    expect(descriptionOf(screen.getByLabelText('E-mail'))).toBe('Nieprawidłowy adres e-mail');
    expect(descriptionOf(screen.getByLabelText('Powtórz hasło'))).toBe('Hasła nie są identyczne.');
    expect(server.requestsTo('POST /api/settings/users/save')).toHaveLength(0);
  });

  it("shows 'Taki login już istnieje w systemie' at the login field when the server refuses the login", async () => {
    const { user, server } = renderApp('/settings/users/new', {
      user: adminUser,
      handlers: {
        ...formOptions,
        'POST /api/settings/users/save': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['login'], code: 'user.loginTaken' }] }),
      },
    });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Login'))).toBe('Taki login już istnieje w systemie'));
    expect(screen.getByLabelText('Login').getAttribute('aria-invalid')).toBe('true');
    const body = server.requestsTo('POST /api/settings/users/save')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Ewa', surname: 'Zielińska', login: 'ezielinska', password: 'Nowe-Haslo-1', role_ids: [51], is_active: true });
  });

  it('opens the tab of a field the server refused', async () => {
    const { user } = renderApp('/settings/users/new', {
      user: adminUser,
      handlers: {
        ...formOptions,
        'POST /api/settings/users/save': errorAnswer(400, 'VALIDATION_FAILED', {
          issues: [{ path: ['bank_account_number'], code: 'validation.bankAccountChecksum' }],
        }),
      },
    });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    const field = await screen.findByLabelText('Numer rachunku bankowego', undefined, FIRST_RENDER);
    expect(descriptionOf(field)).toBe('Nieprawidłowy numer rachunku – błędna suma kontrolna');
    expect(screen.getByRole('tab', { name: 'Delegacje – zawiera błędy' }).getAttribute('aria-selected')).toBe('true');
  });

  it('creates the user and opens the editor of the new user', async () => {
    const created = buildUserDetail({ id: 9, login: 'ezielinska' });
    const { user, router } = renderApp('/settings/users/new', {
      user: adminUser,
      handlers: { ...formOptions, 'POST /api/settings/users/save': { body: { status: 'ok', user: created } } },
    });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/users/edit/9/basic'));
    expect(await screen.findByText('Użytkownik został utworzony.', undefined, FIRST_RENDER)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Edycja użytkownika Ewa Zielińska' })).toBeTruthy();
  });

  it('keeps what was typed when moving between the tabs of an existing user, and saves it with the version', async () => {
    const detail = buildUserDetail();
    const { user, server, router } = renderApp('/settings/users/edit/7/basic', {
      user: adminUser,
      handlers: {
        ...formOptions,
        'POST /api/settings/users/edit': { body: detail },
        'POST /api/settings/users/save': ({ body }) => ({ body: { status: 'ok', user: { ...detail, ...(body as object), version: 4 } } }),
      },
    });
    const surname = await screen.findByLabelText('Nazwisko', undefined, FIRST_RENDER);
    await user.clear(surname);
    await user.type(surname, 'Nowakowska');

    await user.click(screen.getByRole('tab', { name: 'MPK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/users/edit/7/cost-centre'));
    await user.click(await screen.findByRole('checkbox', { name: 'Przypisz MPK MPK-200 – Marketing' }));
    await user.click(screen.getByRole('radio', { name: 'Ustaw MPK-200 – Marketing jako domyślne MPK' }));

    await user.click(screen.getByRole('tab', { name: 'Dane podstawowe' }));
    expect(((await screen.findByLabelText('Nazwisko')) as HTMLInputElement).value).toBe('Nowakowska');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/users/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/users/save')[0]?.body).toMatchObject({
      id: 7,
      version: 3,
      surname: 'Nowakowska',
      cost_centre_ids: [11, 12],
      default_cost_centre_id: 12,
      password: null,
      superior_id: 2,
    });
    expect(await screen.findByText('Zapisano zmiany.')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = renderApp('/settings/users/edit/7/basic', {
      user: adminUser,
      handlers: { ...formOptions, 'POST /api/settings/users/edit': { body: buildUserDetail() } },
    });
    await user.type(await screen.findByLabelText('Imię', undefined, FIRST_RENDER), 'x');
    await user.click(screen.getByRole('link', { name: 'Lista użytkowników' }));
    const dialog = await screen.findByRole('dialog', { name: 'Niezapisane zmiany' });
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(router.state.location.pathname).toBe('/settings/users/edit/7/basic');
  });

  it('shows every permission of the catalogue with its description on the roles tab', async () => {
    const { user } = renderApp('/settings/users/edit/7/roles-and-permissions', {
      user: adminUser,
      handlers: { ...formOptions, 'POST /api/settings/users/edit': { body: buildUserDetail() } },
    });
    const permissions = await screen.findByRole('group', { name: 'Uprawnienia nadane bezpośrednio' }, FIRST_RENDER);
    const checkbox = within(permissions).getByRole('checkbox', { name: /Akceptacja finansowa/ });
    expect(checkbox.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(permissions).getByRole('checkbox', { name: /Administrator dostawcy/ })).toHaveProperty('disabled', true);
    await user.click(checkbox);
    expect((checkbox as HTMLInputElement).checked).toBe(true);
    expect((within(screen.getByRole('group', { name: 'Role' })).getByRole('checkbox', { name: /Pracownik/ }) as HTMLInputElement).checked).toBe(true);
  });
});
