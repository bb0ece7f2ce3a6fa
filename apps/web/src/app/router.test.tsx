import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { buildUserProperties } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';
import { APP_ROUTES } from './route-table.ts';
import { i18n } from '../lib/i18n.ts';
import { buildFormOptions, buildUserDetail } from '../features/company-admin/testing/fixtures.ts';

const companyAdmin = buildUserProperties({ permissions: { companyAdmin: true } });

describe('routes and guards', () => {
  it('names the document with the route title', async () => {
    renderApp('/substitutes/deputyAuth', { user: buildUserProperties() });
    expect(await screen.findByRole('heading', { name: 'Przekazane uprawnienia' })).toBeTruthy();
    expect(document.title).toBe('Przekazane uprawnienia – Delego');
  });

  it('gives every route a title in both languages', () => {
    for (const language of ['pl-PL', 'en-US']) {
      for (const route of APP_ROUTES) {
        expect(i18n.exists(route.titleKey, { ns: 'routes', lng: language, fallbackLng: false }), `${language} ${route.path}`).toBe(true);
      }
    }
  });

  it('sends an unauthenticated user to login with the encoded path', async () => {
    const { router } = renderApp('/delegation-order/edit/7?step=2');
    expect(await screen.findByRole('button', { name: 'Zaloguj' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/login/${encodeURIComponent('/delegation-order/edit/7?step=2')}`);
  });

  it('sends a user to the module-not-available page when the module is off', async () => {
    const { router } = renderApp('/optima', { user: buildUserProperties({ permissions: { reportDelegation: true } }) });
    expect(await screen.findByRole('heading', { name: 'Moduł niedostępny' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/module-not-available-in-that-company');
  });

  it('shows the 403 view on settings without companyAdmin', async () => {
    renderApp('/settings/role', { user: buildUserProperties() });
    expect(await screen.findByRole('heading', { name: 'Brak uprawnień (403)' })).toBeTruthy();
  });

  it('opens settings for a company administrator', async () => {
    renderApp('/settings/users/edit/3/roles-and-permissions', {
      user: companyAdmin,
      handlers: {
        'GET /api/settings/users/form-options': { body: buildFormOptions() },
        'POST /api/settings/users/edit': { body: buildUserDetail({ id: 3 }) },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Edycja użytkownika Ewa Zielińska' })).toBeTruthy();
    expect(document.title).toBe('Edycja użytkownika – role i uprawnienia – Delego');
  });

  it('refuses provider-admin pages outside the administrative context', async () => {
    renderApp('/admin/companies', { user: companyAdmin });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Brak uprawnień');
    expect(alert.textContent).toContain('Dostęp do tej strony jest możliwy tylko w kontekście administracyjnym.');
  });

  it('opens provider-admin pages in the administrative context', async () => {
    renderApp('/admin/companies', { user: buildUserProperties({ user_id: -1, context_user_id: -1, is_admin_context: true }) });
    expect(await screen.findByRole('heading', { name: 'Lista firm' })).toBeTruthy();
  });

  it('shows the 404 page for an unknown path, inside the shell when logged in', async () => {
    renderApp('/no/such/page', { user: buildUserProperties() });
    expect(await screen.findByRole('heading', { name: 'Nie znaleziono strony (404)' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Menu główne' })).toBeTruthy();
  });

  it('shows the 404 page to a visitor without a session', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Nie znaleziono strony (404)' })).toBeTruthy();
  });

  it('shows the decision links in the public layout', async () => {
    renderApp('/action-by-link/delegation/decision/abc');
    expect(await screen.findByRole('heading', { name: 'Decyzja w sprawie rozliczenia delegacji' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menu główne' })).toBeNull();
  });
});
