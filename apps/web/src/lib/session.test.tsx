import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { buildToken, buildUserProperties } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';
import { TOKEN_STORAGE_KEY, readToken } from './token-storage.ts';

describe('session', () => {
  it('logs out when another tab removes the token', async () => {
    const { router } = renderApp('/delegation', { user: buildUserProperties() });
    expect(await screen.findByRole('heading', { name: 'Rozliczenia delegacji' })).toBeTruthy();

    const token = readToken();
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY, oldValue: token, newValue: null }));
    });

    expect(await screen.findByRole('button', { name: 'Zaloguj' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('counts down each second and logs out below zero', async () => {
    // Only intervals and the clock are faked, so promises and Testing Library's timeouts still
    // run; checks that no DOM change triggers use vi.waitFor.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { router, server } = renderApp('/delegation', {
      user: buildUserProperties({ system_settings: { ...buildUserProperties().system_settings, session_time: 1 } }),
      tokenExpiresInSeconds: 7200,
    });
    expect(await screen.findByRole('timer', { name: 'Sesja wygaśnie za 01:00' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer', { name: 'Sesja wygaśnie za 00:59' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('timer', { name: 'Sesja wygaśnie za 00:00' })).toBeTruthy();
    expect(readToken()).not.toBeNull();

    act(() => vi.advanceTimersByTime(1000));
    expect(await screen.findByRole('button', { name: 'Zaloguj' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/login/${encodeURIComponent('/delegation')}`);
    expect(readToken()).toBeNull();
    await vi.waitFor(() => expect(server.requestsTo('POST /api/auth/logout')).toHaveLength(1));
    expect(server.requestsTo('POST /api/auth/logout')[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('restarts the countdown on keyboard or mouse activity', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderApp('/delegation', { user: buildUserProperties() });
    expect(await screen.findByRole('timer', { name: 'Sesja wygaśnie za 30:00' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(screen.getByRole('timer', { name: 'Sesja wygaśnie za 25:00' })).toBeTruthy();

    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    expect(screen.getByRole('timer', { name: 'Sesja wygaśnie za 30:00' })).toBeTruthy();
  });

  it('refreshes the token when under a minute remains and the user was active', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const fresh = buildToken(3600);
    const { server } = renderApp('/delegation', {
      user: buildUserProperties(),
      tokenExpiresInSeconds: 65,
      handlers: { 'GET /api/token-refresh/get': { body: { token: fresh } } },
    });
    await screen.findByRole('heading', { name: 'Rozliczenia delegacji' });

    act(() => vi.advanceTimersByTime(10_000));
    await vi.waitFor(() => expect(readToken()).toBe(fresh));
    expect(server.requestsTo('GET /api/token-refresh/get')).toHaveLength(1);
  });

  it('removes an expired token at start and asks to log in', async () => {
    const { router, server } = renderApp('/invoices', { user: buildUserProperties(), tokenExpiresInSeconds: -5 });

    expect(await screen.findByRole('button', { name: 'Zaloguj' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/login/${encodeURIComponent('/invoices')}`);
    expect(readToken()).toBeNull();
    expect(server.requestsTo('GET /api/token-refresh/user-properties')).toHaveLength(0);
  });
});
