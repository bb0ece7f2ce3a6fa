import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, menuLinks, newPage, submitLogin } from './support/browser.ts';
import { api, demoToken } from './support/api.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());


/**
 * The demo data has no cost centre; the administrator creates one through the cost-centre
 * settings API, as the cost-centre screen would.
 */
async function ensureCostCentre(): Promise<string> {
  const token = await demoToken('administrator');
  const { items } = await api<{ items: { ordinate: string; name: string }[] }>('/settings/cost-centre/options', { token });
  const existing = items[0];
  if (existing) return existing.name ? `${existing.ordinate} – ${existing.name}` : existing.ordinate;
  await api('/settings/cost-centre/save', { token, body: { ordinate: 'MPK-E2E', name: 'Podróże handlowe', enabled_for_new: true } });
  return 'MPK-E2E – Podróże handlowe';
}

describe('company administration', () => {
  it(
    'the administrator creates a role and a user with it and a cost centre; the user sees exactly the menu the role permits',
    async () => {
      const costCentre = await ensureCostCentre();
      const { context: adminContext, page } = await newPage(browser);
      await submitLogin(page, 'demo', 'administrator', DEMO_PASSWORD);
      await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Administracja', exact: true }).click();
      await page.getByRole('heading', { name: 'Użytkownicy' }).waitFor();

      // A role that lets its users see bookings and invoices, and nothing else.
      await page.getByRole('tab', { name: 'Role i uprawnienia', exact: true }).click();
      await page.getByRole('link', { name: 'Dodaj rolę' }).click();
      await page.getByLabel('Nazwa roli').fill('Kontroler podróży');
      const catalogue = page.getByRole('group', { name: 'Uprawnienia roli' });
      await catalogue.getByRole('checkbox', { name: /Przeglądanie rezerwacji/ }).first().check();
      await catalogue.getByRole('checkbox', { name: /Przeglądanie faktur/ }).check();
      await page.getByRole('button', { name: 'Zapisz' }).click();
      await page.waitForURL(/\/settings\/role\/edit\/\d+$/);
      await page.getByText('Zapisano rolę.').waitFor();

      // The user, with that role and the cost centre.
      await page.goto('/settings/users/new');
      await page.getByLabel('Imię', { exact: true }).fill('Zofia');
      await page.getByLabel('Nazwisko').fill('Lewandowska');
      await page.getByLabel('E-mail').fill('zofia.lewandowska@demo.delego.local');
      await page.getByLabel('Login').fill('zlewandowska');
      await page.getByLabel('Hasło', { exact: true }).fill('Podroze-2026!');
      await page.getByLabel('Powtórz hasło').fill('Podroze-2026!');
      await page.getByRole('tab', { name: 'MPK' }).click();
      await page.getByRole('checkbox', { name: `Przypisz MPK ${costCentre}` }).check();
      await expect(page.getByRole('radio', { name: `Ustaw ${costCentre} jako domyślne MPK` }).isChecked()).resolves.toBe(true);
      await page.getByRole('tab', { name: 'Role i uprawnienia' }).click();
      await page.getByRole('group', { name: 'Role' }).getByRole('checkbox', { name: /Kontroler podróży/ }).check();
      await page.getByRole('button', { name: 'Zapisz' }).click();
      await page.waitForURL(/\/settings\/users\/edit\/\d+\/roles-and-permissions$/);
      await page.getByText('Użytkownik został utworzony.').waitFor();

      // The list shows the new user with the role.
      await page.goto('/settings/users?search=zlewandowska');
      const row = page.getByRole('row', { name: /Zofia Lewandowska/ });
      await row.getByText('Kontroler podróży').waitFor();
      await adminContext.close();

      // The new user logs in and sees bookings, business trips and invoices – no administration, no reports.
      const { context: userContext, page: userPage } = await newPage(browser);
      await submitLogin(userPage, 'demo', 'zlewandowska', 'Podroze-2026!');
      expect(await menuLinks(userPage)).toEqual([
        'Rezerwacje',
        'Delegacje',
        'Zaliczki',
        'Polecenia wyjazdu',
        'Rozliczenia',
        'Informacje dodatkowe',
        'Faktury',
        'Informacje o delegacjach',
        'Ustawienia profilu',
        'Zastępstwa',
        'Wyloguj',
      ]);
      // Their profile names the role and the cost centre the administrator gave them.
      await userPage.getByRole('link', { name: 'Ustawienia profilu' }).click();
      await userPage.getByRole('heading', { name: 'Ustawienia profilu' }).waitFor();
      await userPage.getByRole('region', { name: 'Role', exact: true }).getByText('Kontroler podróży').waitFor();
      await userPage.getByText(`${costCentre} (domyślne)`).waitFor();
      // Settings stay closed to them.
      await userPage.goto('/settings/users');
      await userPage.getByRole('heading', { name: 'Brak uprawnień (403)' }).waitFor();
      await userContext.close();
    },
    120_000,
  );
});
