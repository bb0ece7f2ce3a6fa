import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { authApi } from '@delego/contract';
import { CATALOGUE_MESSAGES } from '@delego/domain';
import { errorAnswer, mockFetch, type MockHandler } from '../testing/fetch-mock.ts';
import { buildUserProperties } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';
import { ApiError, call } from './api-client.ts';
import { readToken } from './token-storage.ts';

async function renderLoggedIn(handlers: Record<string, MockHandler> = {}) {
  const view = renderApp('/invoices?page=2', {
    user: buildUserProperties({ permissions: { viewInvoices: true } }),
    handlers: { 'GET /api/invoice/list': { body: { items: [], total: 0 } }, ...handlers },
  });
  await screen.findByRole('heading', { name: 'Faktury' });
  return view;
}

describe('api client', () => {
  it('builds the /api path with params, sends the token and parses the answer', async () => {
    const server = mockFetch({
      'GET /api/action-by-link/user/password-change/a%2Fb': { body: { state: 'used' } },
    });
    window.localStorage.setItem('delego.accessToken', 'token-1');

    await expect(call(authApi.passwordChangeLinkState, { params: { token: 'a/b' } })).resolves.toEqual({ state: 'used' });
    expect(server.requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('throws ApiError with the parsed error body', async () => {
    mockFetch({
      'POST /api/auth/password-forgotten': errorAnswer(400, 'VALIDATION_FAILED', {
        messages: ['Validation failed'],
        issues: [{ path: ['company'], code: 'global.error.required' }],
      }),
    });
    const failure = call(authApi.passwordForgotten, { body: { company: '', username: 'x' } }, { notifyErrors: false });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED', issues: [{ path: ['company'], code: 'global.error.required' }] });
  });

  it('shows the messages of an answer as translated notifications', async () => {
    await renderLoggedIn({
      'POST /api/settings/my-profile/update-my-language': { body: { status: 'ok', messages: ['Action already executed'] } },
    });
    await act(() => call(authApi.updateMyLanguage, { body: { language: 'pl-PL' } }));
    const notification = await screen.findByText('Akcja została już wykonana');
    expect(notification.closest('.notistack-MuiContent-success')).not.toBeNull();
  });

  it('shows an unknown message as the generic error and error messages as notifications', async () => {
    await renderLoggedIn({
      'POST /api/settings/my-profile/update-my-language': errorAnswer(409, 'CONFLICT', { messages: ['Something nobody translated'] }),
    });
    await act(() => call(authApi.updateMyLanguage, { body: { language: 'pl-PL' } }).catch(() => undefined));
    expect(await screen.findByText('Wystąpił błąd. Spróbuj ponownie lub skontaktuj się z administratorem.')).toBeTruthy();
  });

  it('ends the session on a 401 and opens login with the encoded path', async () => {
    const { router } = await renderLoggedIn({
      'GET /api/token-refresh/get': errorAnswer(401, 'SESSION_EXPIRED', { messages: ['Session expired'] }),
    });
    await act(() => call(authApi.refreshToken).catch(() => undefined));

    expect(await screen.findByRole('button', { name: 'Zaloguj' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/login/${encodeURIComponent('/invoices?page=2')}`);
    expect(readToken()).toBeNull();
    expect(await screen.findByText('Sesja wygasła. Zaloguj się ponownie.')).toBeTruthy();
  });

  it('opens the permission dialog on a 403 FORBIDDEN answer', async () => {
    await renderLoggedIn({
      'POST /api/settings/my-profile/update-my-language': errorAnswer(403, 'FORBIDDEN', {
        messages: ['You do not have permission to perform this action. Contact the administrator.'],
      }),
    });
    await act(() => call(authApi.updateMyLanguage, { body: { language: 'pl-PL' } }).catch(() => undefined));

    const dialog = await screen.findByRole('dialog', { name: 'Brak uprawnień' });
    expect(dialog.textContent).toContain('Nie masz uprawnień do wykonania tej akcji. Skontaktuj się z administratorem.');
  });

  it('says the catalogue reason of a 403 once, as a red notification, instead of the permission dialog', async () => {
    await renderLoggedIn({
      'POST /api/settings/my-profile/update-my-language': errorAnswer(403, 'FORBIDDEN', {
        messages: [CATALOGUE_MESSAGES.noRightToEditUsersOrder, CATALOGUE_MESSAGES.noRightToEditUsersOrder],
      }),
    });
    await act(() => call(authApi.updateMyLanguage, { body: { language: 'pl-PL' } }).catch(() => undefined));

    const notification = await screen.findByText('Nie masz uprawnień do edycji polecenia wyjazdu tego pracownika.');
    expect(notification.closest('.notistack-MuiContent-error')).not.toBeNull();
    expect(screen.getAllByText('Nie masz uprawnień do edycji polecenia wyjazdu tego pracownika.')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Brak uprawnień' })).toBeNull();
  });

  it('shows a red network-error notification when the server cannot be reached', async () => {
    await renderLoggedIn();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await act(async () => {
      await expect(call(authApi.generalSettings)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    });

    const notification = await screen.findByText('Błąd sieci – usługa jest chwilowo niedostępna. Sprawdź połączenie i spróbuj ponownie.');
    await waitFor(() => expect(notification.closest('.notistack-MuiContent-error')).not.toBeNull());
  });
});
