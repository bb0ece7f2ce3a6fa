import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { answerSecondStep, launchBrowser, menuLinks, newPage, submitLogin } from './support/browser.ts';
import { mailedLink, outboxCount } from './support/mail.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

describe('provider administration', () => {
  it(
    "the provider admin creates a company whose new administrator sets a password from the e-mailed link and logs in; the provider enters the company's context and comes back",
    async () => {
      const code = `e2e${randomUUID().slice(0, 6)}`;
      const email = `szef@${code}.delego.local`;
      const name = `Firma ${code} Sp. z o.o.`;
      const { context: providerContext, page } = await newPage(browser);
      await submitLogin(page, 'admin', 'superadmin');
      await answerSecondStep(page, 'admin', 'superadmin');
      await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Lista firm' }).click();
      await page.getByRole('heading', { name: 'Lista firm' }).waitFor();
      // The second demo company is listed beside the first.
      await page.getByText('Beta Logistyka S.A.').waitFor();

      const mailsBefore = outboxCount();
      await page.getByRole('button', { name: 'Nowa firma' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nowa firma' });
      await dialog.getByLabel('Kod firmy').fill(code);
      await dialog.getByLabel('Nazwa').fill(name);
      await dialog.getByLabel('NIP').fill('526-025-02-75');
      await dialog.getByLabel('Login').fill(`${code}-admin`);
      await dialog.getByLabel('E-mail').fill(email);
      await dialog.getByLabel('Imię').fill('Ewa');
      await dialog.getByLabel('Nazwisko').fill('Nowicka');
      await dialog.getByRole('button', { name: 'Zapisz' }).click();
      // A wrong checksum is refused at the field, in the spec's words.
      await dialog.getByText('Nieprawidłowy NIP – wymagane 10 cyfr z poprawną sumą kontrolną').waitFor();
      await dialog.getByLabel('NIP').fill('526-025-02-74');
      await dialog.getByRole('button', { name: 'Zapisz' }).click();
      await page.getByText(`Utworzono firmę ${name}; link do ustawienia hasła wysłano na ${email}`).waitFor();
      await page.getByRole('cell', { name: new RegExp(name) }).first().waitFor();

      // The new administrator sets a password from the e-mail and logs in to the new company.
      const link = await mailedLink(/\/action-by-link\/user\/passwordChange\/[A-Za-z0-9_-]+/, email, mailsBefore);
      const { context: adminContext, page: adminPage } = await newPage(browser);
      await adminPage.goto(link);
      await adminPage.getByLabel('Nowe hasło', { exact: true }).fill('Nowa-Firma-2026!');
      await adminPage.getByLabel('Powtórz nowe hasło').fill('Nowa-Firma-2026!');
      await adminPage.getByRole('button', { name: 'Ustaw hasło' }).click();
      await adminPage.getByText('Hasło zostało zmienione. Możesz się teraz zalogować.').waitFor();
      await submitLogin(adminPage, code, `${code}-admin`, 'Nowa-Firma-2026!');
      expect(await menuLinks(adminPage)).toContain('Administracja');
      await adminContext.close();

      // The provider helps inside the company as its administrator and comes back.
      await page.getByRole('button', { name: `Działaj w kontekście firmy ${name}` }).click();
      await page.getByText(`${code} (jako ${code}-admin)`).waitFor();
      const inside = await menuLinks(page);
      expect(inside).toContain('Administracja');
      expect(inside).not.toContain('Lista firm');
      await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Powrót do kontekstu administratora' }).click();
      await page.getByRole('heading', { name: 'Lista firm' }).waitFor();
      expect(await menuLinks(page)).toContain('Lista firm');
      await providerContext.close();
    },
    120_000,
  );
});
