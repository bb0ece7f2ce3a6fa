import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { buildToken, buildUserProperties } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { readToken } from '../../lib/token-storage.ts';
import { EXTERNAL_SYSTEM_STORAGE_KEY, externalNavigation } from '../../lib/external-system.ts';

const MAIN_SYSTEM = 'https://erp.example.com/delego';
const ADDRESS = '/external-login?externalUser=jan.zewnetrzny&externalToken=signed.by.erp';
const externalUser = () => buildUserProperties({ login: 'jan.zewnetrzny', is_external_user: true, external_return_url: MAIN_SYSTEM });

function watchDepartures() {
  return vi.spyOn(externalNavigation, 'go').mockImplementation(() => undefined);
}
afterEach(() => vi.restoreAllMocks());

/** The permanent side menu's drawer: the element whose width the menu sets. */
function menuDrawerPaper(): HTMLElement {
  return screen.getByRole('navigation', { name: 'Menu główne' }).closest('.MuiDrawer-paper') as HTMLElement;
}

describe('signing in from the main system', () => {
  it("sends the main system's user and token, starts the session, remembers the way back and leaves the token out of the address", async () => {
    const { server } = renderApp(ADDRESS, {
      handlers: {
        'POST /api/auth/external-login': { body: { access_token: buildToken(), user_properties: externalUser() } },
        'GET /api/token-refresh/user-properties': { body: externalUser() },
      },
    });
    await screen.findByRole('navigation', { name: 'Menu główne' });
    expect(readToken()).not.toBeNull();
    expect(server.requestsTo('POST /api/auth/external-login').map((request) => request.body)).toEqual([{ externalUser: 'jan.zewnetrzny', externalToken: 'signed.by.erp' }]);
    expect(window.localStorage.getItem(EXTERNAL_SYSTEM_STORAGE_KEY)).toBe(MAIN_SYSTEM);
    expect(window.location.search).not.toContain('signed.by.erp');
  });

  it("shows the Polish 'no connection' alert on a 408, then goes back to the main system", async () => {
    window.localStorage.setItem(EXTERNAL_SYSTEM_STORAGE_KEY, MAIN_SYSTEM);
    const departures = watchDepartures();
    const { user } = renderApp(ADDRESS, { handlers: { 'POST /api/auth/external-login': errorAnswer(408, 'REQUEST_TIMEOUT') } });
    const alert = await screen.findByRole('dialog', { name: 'Brak połączenia' });
    expect(within(alert).getByText('Brak połączenia z serwerem. Nastąpi przekierowanie do systemu głównego.')).toBeTruthy();
    expect(departures).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Zamknij' }));
    expect(departures).toHaveBeenCalledWith(MAIN_SYSTEM);
    expect(readToken()).toBeNull();
  });

  it('shows the same alert when the server cannot be reached at all', async () => {
    window.localStorage.setItem(EXTERNAL_SYSTEM_STORAGE_KEY, MAIN_SYSTEM);
    const departures = watchDepartures();
    const { user } = renderApp(ADDRESS, {
      handlers: {
        'POST /api/auth/external-login': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    const alert = await screen.findByRole('dialog', { name: 'Brak połączenia' });
    await user.click(within(alert).getByRole('button', { name: 'Zamknij' }));
    expect(departures).toHaveBeenCalledWith(MAIN_SYSTEM);
  });

  it("shows a refused token's reason, translated, and offers the way back", async () => {
    window.localStorage.setItem(EXTERNAL_SYSTEM_STORAGE_KEY, MAIN_SYSTEM);
    const departures = watchDepartures();
    const { user } = renderApp(ADDRESS, {
      handlers: { 'POST /api/auth/external-login': errorAnswer(401, 'EXTERNAL_LOGIN_REFUSED', { messages: ['External token already used'], params: { reason: 'replayed' } }) },
    });
    expect(await screen.findByText('Ten token systemu głównego został już użyty. Przejdź do Delego ponownie z systemu głównego.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Wróć do systemu głównego' }));
    expect(departures).toHaveBeenCalledWith(MAIN_SYSTEM);
  });

  it('sends an external user who is not logged in to the main system instead of the login form, until the flag is cleared', async () => {
    window.localStorage.setItem(EXTERNAL_SYSTEM_STORAGE_KEY, MAIN_SYSTEM);
    const departures = watchDepartures();
    renderApp('/delegation');
    await waitFor(() => expect(departures).toHaveBeenCalledWith(MAIN_SYSTEM));
    expect(screen.queryByLabelText('Firma')).toBeNull();
  });

  it('the flag-clearing route forgets the main system and shows the login form', async () => {
    window.localStorage.setItem(EXTERNAL_SYSTEM_STORAGE_KEY, MAIN_SYSTEM);
    const departures = watchDepartures();
    renderApp('/external-login/clear');
    expect(await screen.findByLabelText('Firma')).toBeTruthy();
    expect(window.localStorage.getItem(EXTERNAL_SYSTEM_STORAGE_KEY)).toBeNull();
    expect(departures).not.toHaveBeenCalled();
  });
});

describe('the side menu of an external-system user', () => {
  it('is 55 px wide when collapsed, where other users get 80 px', async () => {
    const { user } = renderApp('/delegation', { user: externalUser() });
    await screen.findByRole('navigation', { name: 'Menu główne' });
    expect(getComputedStyle(menuDrawerPaper()).width).toBe('325px');
    await user.click(screen.getByRole('button', { name: 'Zwiń menu główne' }));
    await waitFor(() => expect(getComputedStyle(menuDrawerPaper()).width).toBe('55px'));
  });

  it('is 80 px collapsed for a user of Delego itself', async () => {
    const { user } = renderApp('/delegation', { user: buildUserProperties() });
    await screen.findByRole('navigation', { name: 'Menu główne' });
    await user.click(screen.getByRole('button', { name: 'Zwiń menu główne' }));
    await waitFor(() => expect(getComputedStyle(menuDrawerPaper()).width).toBe('80px'));
  });
});
