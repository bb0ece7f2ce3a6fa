import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { buildToken, buildUserProperties } from '../../testing/fixtures.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { readToken } from '../../lib/token-storage.ts';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Firma'), 'acme');
  await user.type(screen.getByLabelText('Login'), 'jan.kowalski');
  await user.type(screen.getByLabelText('Hasło'), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'Zaloguj' }));
}

describe('login page', () => {
  it('shows "Pole wymagane" at each empty field and sends nothing', async () => {
    const { user, server } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Zaloguj' }));

    for (const label of ['Firma', 'Login', 'Hasło']) {
      const field = screen.getByLabelText(label);
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      expect(descriptionOf(field)).toBe('Pole wymagane');
    }
    expect(server.requestsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it("moves the focus to the first invalid field and clears a field's message once it is edited", async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Firma'), 'acme');
    await user.click(screen.getByRole('button', { name: 'Zaloguj' }));

    const login = screen.getByLabelText('Login');
    await waitFor(() => expect(document.activeElement).toBe(login));
    expect(descriptionOf(login)).toBe('Pole wymagane');
    await user.type(login, 'jan');
    expect(login.getAttribute('aria-invalid')).toBe('false');
    expect(descriptionOf(screen.getByLabelText('Hasło'))).toBe('Pole wymagane');
  });

  it('lets the browser remember the password only when the company allows it (login_password_save)', async () => {
    renderApp('/login', { handlers: { 'GET /api/auth/get-general-settings': { body: { is_wnt: 1, login_password_save: 0 } } } });
    const password = await screen.findByLabelText('Hasło');
    await waitFor(() => expect(password.getAttribute('autocomplete')).toBe('off'));
  });

  it("keeps the browser's password memory when the general settings answer is not one", async () => {
    const { server } = renderApp('/login', { handlers: { 'GET /api/auth/get-general-settings': { body: { login_password_save: 'no' } } } });
    const password = await screen.findByLabelText('Hasło');
    await waitFor(() => expect(server.requestsTo('GET /api/auth/get-general-settings')).toHaveLength(1));
    expect(password.getAttribute('autocomplete')).toBe('current-password');
  });

  it('opens the lockout dialog with the minutes on a 429 answer', async () => {
    const { user } = renderApp('/login', {
      handlers: { 'POST /api/auth/login': errorAnswer(429, 'LOGIN_LOCKED', { messages: ['Too many login attempts'], params: { minutes: 15 } }) },
    });
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Konto zablokowane' });
    expect(dialog.textContent).toContain('Zbyt wiele nieudanych prób logowania. Konto zostało czasowo zablokowane.');
    expect(dialog.textContent).toContain('Spróbuj ponownie za 15 minut.');
  });

  it('says the wait in seconds when the answer is a short delay after a few failures, not a lock of minutes', async () => {
    const { user } = renderApp('/login', {
      handlers: { 'POST /api/auth/login': errorAnswer(429, 'LOGIN_LOCKED', { messages: ['Too many login attempts'], params: { minutes: 1, retryAfterSeconds: 2 } }) },
    });
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Konto zablokowane' });
    expect(dialog.textContent).toContain('Spróbuj ponownie za 2 sekundy.');
    expect(dialog.textContent).not.toContain('minut');
  });

  it('opens the password-expired dialog and carries company and login to the change screen', async () => {
    const { user, router } = renderApp('/login', {
      handlers: { 'POST /api/auth/login': errorAnswer(403, 'PASSWORD_EXPIRED', { messages: ['Password expired'] }) },
    });
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Hasło wygasło' });
    await user.click(within(dialog).getByRole('button', { name: 'Zmień hasło' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/password-expired'));
    // The change screen's own field first: the login page's 'Firma' may still be on screen while the router renders it.
    expect((await screen.findByLabelText<HTMLInputElement>('Obecne hasło')).value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Firma').value).toBe('acme');
    expect(screen.getByLabelText<HTMLInputElement>('Login').value).toBe('jan.kowalski');
  });

  it('shows the generic failure dialog for wrong credentials and no notification', async () => {
    const { user } = renderApp('/login', {
      handlers: { 'POST /api/auth/login': errorAnswer(401, 'LOGIN_FAILED', { messages: ['Login failed'] }) },
    });
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Logowanie nieudane' });
    expect(dialog.textContent).toContain('Nieprawidłowa firma, login lub hasło');
    expect(readToken()).toBeNull();
  });

  it('shows the IP dialog when the address is not allowed', async () => {
    const { user } = renderApp('/login', {
      handlers: { 'POST /api/auth/login': errorAnswer(403, 'IP_NOT_ALLOWED', { messages: ['Your IP is not allowed'] }) },
    });
    await fillAndSubmit(user);
    expect(await screen.findByRole('dialog', { name: 'Logowanie niedozwolone' })).toBeTruthy();
  });

  it('shows server validation issues at their fields', async () => {
    const { user } = renderApp('/login', {
      handlers: {
        'POST /api/auth/login': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['username'], code: 'global.error.required' }] }),
      },
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Login'))).toBe('Pole wymagane'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('logs in, stores the token, applies the language and opens the address it was given', async () => {
    const token = buildToken();
    const { user, router, server } = renderApp(`/login/${encodeURIComponent('/delegation?tab=2')}`, {
      handlers: {
        'POST /api/auth/login': { body: { access_token: token, user_properties: buildUserProperties({ language: 'en-US' }) } },
      },
    });
    await fillAndSubmit(user);

    expect(await screen.findByRole('heading', { name: 'Settlements' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/delegation');
    expect(router.state.location.search).toBe('?tab=2');
    expect(readToken()).toBe(token);
    expect(server.requestsTo('POST /api/auth/login')[0]?.body).toEqual({ company: 'acme', username: 'jan.kowalski', password: 'Secret#123' });
  });

  it('fixes the company to admin on the admin login page', async () => {
    renderApp('/login-admin');
    const company = await screen.findByLabelText<HTMLInputElement>('Firma');
    expect(company.value).toBe('admin');
    expect(company.readOnly).toBe(true);
    expect(screen.getByRole('heading', { name: 'Logowanie administratora' })).toBeTruthy();
  });
});
