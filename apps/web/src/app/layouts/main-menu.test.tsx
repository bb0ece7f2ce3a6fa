import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

async function mainMenu() {
  return within(await screen.findByRole('navigation', { name: 'Menu główne' }));
}

describe('main menu', () => {
  it('shows the administration items to a user with only companyAdmin', async () => {
    renderApp('/delegation', { user: buildUserProperties({ permissions: { companyAdmin: true } }) });
    const menu = await mainMenu();

    for (const label of ['Delegacje', 'Zaliczki', 'Polecenia wyjazdu', 'Rozliczenia', 'Informacje dodatkowe', 'Administracja delegacji']) {
      expect(menu.getByRole('link', { name: label })).toBeTruthy();
    }
    expect(menu.getByRole('link', { name: 'Administracja' }).getAttribute('href')).toBe('/settings/users');
    expect(menu.getByRole('link', { name: 'Faktury' })).toBeTruthy();
    expect(menu.getByRole('link', { name: 'Wyloguj' }).getAttribute('href')).toBe('/logout');
    expect(menu.queryByRole('link', { name: 'Zamówienia podróży' })).toBeNull();
    expect(menu.queryByRole('link', { name: 'Raporty' })).toBeNull();
    expect(menu.queryByRole('link', { name: 'Powrót na własne konto' })).toBeNull();
  });

  it('hides the administration items from a user without permissions', async () => {
    renderApp('/delegation', { user: buildUserProperties() });
    const menu = await mainMenu();

    expect(menu.getByRole('link', { name: 'Rozliczenia' })).toBeTruthy();
    expect(menu.getByRole('link', { name: 'Ustawienia profilu' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: 'Administracja' })).toBeNull();
    expect(menu.queryByRole('link', { name: 'Administracja delegacji' })).toBeNull();
    expect(menu.queryByRole('link', { name: 'Faktury' })).toBeNull();
  });

  it('offers the way back and shows who one acts as while logged in as another user', async () => {
    renderApp('/delegation', {
      user: buildUserProperties({ context_user_id: 22, context_user_login: 'anna.nowak', substitute_user_count: 3 }),
    });
    const menu = await mainMenu();

    expect(menu.getByRole('link', { name: 'Powrót na własne konto' })).toBeTruthy();
    expect(menu.getByRole('link', { name: /Zastępstwa/ }).textContent).toContain('3');
    expect(screen.getByRole('img', { name: 'Zalogowano jako inny użytkownik' })).toBeTruthy();
    expect(screen.getByText('anna.nowak')).toBeTruthy();
  });

  it('collapses to icons with the labels kept as accessible names', async () => {
    const { user } = renderApp('/delegation', { user: buildUserProperties() });
    const menu = await mainMenu();
    const toggle = screen.getByRole('button', { name: 'Zwiń menu główne' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(toggle);

    expect(screen.getByRole('button', { name: 'Rozwiń menu główne' }).getAttribute('aria-expanded')).toBe('false');
    expect(menu.getByRole('link', { name: 'Rozliczenia' })).toBeTruthy();
    expect(menu.queryByText('Rozliczenia')).toBeNull();
  });

  it('shows the provider-admin menu in the admin context', async () => {
    // Each provider screen shows to the holder of its permission (spec §6).
    const granted = { manageCompanies: true };
    renderApp('/admin/companies', { user: buildUserProperties({ user_id: -1, context_user_id: -1, is_admin_context: true, permissions: granted, context_user_permissions: granted }) });
    const menu = await mainMenu();

    expect(menu.getByRole('link', { name: 'Lista firm' })).toBeTruthy();
    expect(menu.getByRole('link', { name: 'Hotele' }).getAttribute('href')).toBe('/admin/travel-service/by-type/hotel');
    expect(menu.queryByRole('link', { name: 'Delegacje' })).toBeNull();
    expect(menu.queryByRole('link', { name: 'Ustawienia systemowe' })).toBeNull();
  });
});
