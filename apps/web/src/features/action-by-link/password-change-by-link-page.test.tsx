import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';

const LINK = '/action-by-link/user/passwordChange/tok123';
const STATE = 'GET /api/action-by-link/user/password-change/tok123';
const CHANGE = 'POST /api/action-by-link/user/password-change';
const POLICY = { min_length: 10, require_lowercase: true, require_uppercase: true, require_digit: true, require_special: false };

describe('password change by link', () => {
  it.each([
    ['expired', 'Link wygasł'],
    ['used', 'Akcja została już wykonana'],
    ['notFound', 'Nieprawidłowy link'],
  ] as const)('shows the %s state', async (state, text) => {
    renderApp(LINK, { handlers: { [STATE]: { body: { state } } } });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Przejdź do logowania' }).getAttribute('href')).toBe('/login');
  });

  it('treats an unknown token answered with 404 as an invalid link', async () => {
    renderApp(LINK, { handlers: { [STATE]: errorAnswer(404, 'TOKEN_NOT_FOUND') } });
    expect(await screen.findByText('Nieprawidłowy link')).toBeTruthy();
  });

  it('checks the policy before sending, then changes the password and offers login', async () => {
    const { user, server } = renderApp(LINK, {
      handlers: { [STATE]: { body: { state: 'valid', login: 'jan.kowalski', password_policy: POLICY } }, [CHANGE]: { body: { status: 'ok' } } },
    });
    expect(await screen.findByText('Konto: jan.kowalski')).toBeTruthy();
    expect(screen.getByText('co najmniej 10 znaków')).toBeTruthy();
    expect(screen.queryByText('znak specjalny, np. ! ? # %')).toBeNull();

    await user.type(screen.getByLabelText('Nowe hasło'), 'short');
    await user.type(screen.getByLabelText('Powtórz nowe hasło'), 'other');
    await user.click(screen.getByRole('button', { name: 'Ustaw hasło' }));

    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Nowe hasło'))).toBe('Hasło jest za krótkie. Minimalna liczba znaków: 10.'));
    expect(descriptionOf(screen.getByLabelText('Powtórz nowe hasło'))).toBe('Hasła nie są identyczne.');
    expect(server.requestsTo(CHANGE)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Nowe hasło'));
    await user.type(screen.getByLabelText('Nowe hasło'), 'Dobre1Haslo');
    await user.clear(screen.getByLabelText('Powtórz nowe hasło'));
    await user.type(screen.getByLabelText('Powtórz nowe hasło'), 'Dobre1Haslo');
    await user.click(screen.getByRole('button', { name: 'Ustaw hasło' }));

    expect(await screen.findByText('Hasło zostało zmienione. Możesz się teraz zalogować.')).toBeTruthy();
    expect(server.requestsTo(CHANGE)[0]?.body).toEqual({ token: 'tok123', new_password: 'Dobre1Haslo', repeat_password: 'Dobre1Haslo' });
    expect(screen.getByRole('link', { name: 'Przejdź do logowania' })).toBeTruthy();
  });

  it('switches to the used state when the link was used meanwhile', async () => {
    const { user } = renderApp(LINK, {
      handlers: { [STATE]: { body: { state: 'valid', password_policy: POLICY } }, [CHANGE]: errorAnswer(410, 'TOKEN_USED') },
    });
    await user.type(await screen.findByLabelText('Nowe hasło'), 'Dobre1Haslo');
    await user.type(screen.getByLabelText('Powtórz nowe hasło'), 'Dobre1Haslo');
    await user.click(screen.getByRole('button', { name: 'Ustaw hasło' }));
    expect(await screen.findByText('Akcja została już wykonana')).toBeTruthy();
  });
});
