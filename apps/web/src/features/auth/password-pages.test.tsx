import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { buildToken, buildUserProperties } from '../../testing/fixtures.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { readToken } from '../../lib/token-storage.ts';

describe('password forgotten', () => {
  it('confirms without saying whether the account exists', async () => {
    const { user, server } = renderApp('/profile/password-forgotten', {
      handlers: { 'POST /api/auth/password-forgotten': { body: { status: 'ok' } } },
    });
    await user.type(await screen.findByLabelText('Firma'), 'acme');
    await user.type(screen.getByLabelText('Login'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));

    expect(await screen.findByText(/Jeżeli konto o podanych danych istnieje.*w ciągu 5 minut/)).toBeTruthy();
    expect(server.requestsTo('POST /api/auth/password-forgotten')[0]?.body).toEqual({ company: 'acme', username: 'nobody' });
  });

  it('asks to wait when requests repeat too often', async () => {
    const { user } = renderApp('/profile/password-forgotten', {
      handlers: { 'POST /api/auth/password-forgotten': errorAnswer(429, 'TOO_MANY_REQUESTS', { messages: ['Too many requests'] }) },
    });
    await user.type(await screen.findByLabelText('Firma'), 'acme');
    await user.type(screen.getByLabelText('Login'), 'jan');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByText('Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie.')).toBeTruthy();
  });
});

describe('password expired', () => {
  async function fill(user: ReturnType<typeof renderApp>['user'], repeat: string) {
    await user.type(await screen.findByLabelText('Firma'), 'acme');
    await user.type(screen.getByLabelText('Login'), 'jan');
    await user.type(screen.getByLabelText('Obecne hasło'), 'Old#1234');
    await user.type(screen.getByLabelText('Nowe hasło'), 'abc');
    await user.type(screen.getByLabelText('Powtórz nowe hasło'), repeat);
    await user.click(screen.getByRole('button', { name: 'Zmień hasło i zaloguj' }));
  }

  it('shows every server issue at its field', async () => {
    const { user } = renderApp('/password-expired', {
      handlers: {
        'POST /api/auth/change-expired-password': errorAnswer(400, 'VALIDATION_FAILED', {
          issues: [
            { path: ['new_password'], code: 'validation.password.tooShort', params: { min: 8 } },
            { path: ['new_password'], code: 'validation.password.uppercase' },
          ],
        }),
      },
    });
    await fill(user, 'abc');
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Nowe hasło'))).toBe(
        'Hasło jest za krótkie. Minimalna liczba znaków: 8. Hasło musi zawierać wielką literę.',
      ),
    );
  });

  it('checks the repeated password before sending', async () => {
    const { user, server } = renderApp('/password-expired');
    await fill(user, 'abd');
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Powtórz nowe hasło'))).toBe('Hasła nie są identyczne.'));
    expect(server.requestsTo('POST /api/auth/change-expired-password')).toHaveLength(0);
  });

  it('logs in with the new password', async () => {
    const token = buildToken();
    const { user } = renderApp('/password-expired', {
      handlers: { 'POST /api/auth/change-expired-password': { body: { access_token: token, user_properties: buildUserProperties() } } },
    });
    await fill(user, 'abc');
    expect(await screen.findByRole('heading', { name: 'Nowa podróż' })).toBeTruthy();
    expect(readToken()).toBe(token);
  });
});

describe('logout page', () => {
  it('ends the session on the server and opens login', async () => {
    const { router, server } = renderApp('/logout', { user: buildUserProperties() });
    expect(await screen.findByRole('button', { name: 'Zaloguj' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(readToken()).toBeNull();
    expect(server.requestsTo('POST /api/auth/logout')).toHaveLength(1);
  });
});
