import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, answerSecondStep, baseUrl, launchBrowser, menuLinks, newPage, outboxMessages, submitLogin } from './support/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());


const DELEGATION_CHILDREN = ['Zaliczki', 'Polecenia wyjazdu', 'Rozliczenia', 'Informacje dodatkowe'];
const COMMON_TAIL = ['Informacje o delegacjach', 'Ustawienia profilu', 'Zastępstwa', 'Wyloguj'];

describe('each demo user sees exactly the menu their permissions give', () => {
  const cases: [string, string, string[]][] = [
    ['demo', 'employee', ['Zamówienia podróży', 'Rezerwacje', 'Delegacje', ...DELEGATION_CHILDREN, ...COMMON_TAIL]],
    ['demo', 'acceptor', ['Zamówienia podróży', 'Rezerwacje', 'Delegacje', ...DELEGATION_CHILDREN, ...COMMON_TAIL]],
    // The demo company has the accounting-export module on (issue 10's demo data).
    ['demo', 'finance', ['Zamówienia podróży', 'Rezerwacje', 'Delegacje', ...DELEGATION_CHILDREN, 'Faktury', 'Raporty', 'Eksport do Optimy', ...COMMON_TAIL]],
    ['demo', 'consultant', ['Zamówienia podróży', 'Rezerwacje', 'Delegacje', ...DELEGATION_CHILDREN, 'Faktury', ...COMMON_TAIL]],
    [
      'demo',
      'administrator',
      ['Zamówienia podróży', 'Rezerwacje', 'Delegacje', ...DELEGATION_CHILDREN, 'Administracja delegacji', 'Administracja', 'Faktury', 'Raporty', 'Eksport do Optimy', ...COMMON_TAIL],
    ],
    [
      'admin',
      'superadmin',
      ['Zamówienia według rodzaju', 'Hotele', 'Loty', 'Tanie linie lotnicze', 'Wynajem samochodów', 'Kolej', 'Ubezpieczenia', 'Zamówienia specjalne', 'Lista firm', 'Lista użytkowników', 'Listy mailingowe', 'Ustawienia systemowe', 'Wyloguj'],
    ],
  ];
  it.each(cases)('%s/%s', async (company, login, expected) => {
    const { context, page } = await newPage(browser);
    await submitLogin(page, company, login);
    // The provider's users sign in with a second factor (ADR 0026); the demo company's need none.
    await answerSecondStep(page, company, login);
    expect(await menuLinks(page)).toEqual(expected);
    await context.close();
  });
});

describe('login', () => {
  it('returns to the address asked for before login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/delegation-order');
    await page.waitForURL('**/login/%2Fdelegation-order');
    await page.getByLabel('Firma').fill('demo');
    await page.getByLabel('Login').fill('employee');
    await page.getByLabel('Hasło', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.waitForURL(`${baseUrl()}/delegation-order`);
    await context.close();
  });

  it('shows the login-failed dialog for a wrong password', async () => {
    const { context, page } = await newPage(browser);
    await submitLogin(page, 'demo', 'employee', 'Wrong-Password-1');
    const dialog = page.getByRole('dialog', { name: 'Logowanie nieudane' });
    await dialog.getByText('Nieprawidłowa firma, login lub hasło').waitFor();
    await context.close();
  });

  it('shows Pole wymagane at each empty field', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByText('Pole wymagane').first().waitFor();
    await expect(page.getByText('Pole wymagane').count()).resolves.toBe(3);
    await context.close();
  });

  it('locks a login after repeated failures and says so in a dialog', async () => {
    const { context, page } = await newPage(browser);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await submitLogin(page, 'demo', 'nobody-e2e', `Wrong-${attempt}`);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      if (attempt < 5) {
        await dialog.getByText('Nieprawidłowa firma, login lub hasło').waitFor();
        await dialog.getByRole('button').first().click();
        await dialog.waitFor({ state: 'hidden' });
        // After three free failures each next attempt from this address waits (1 s after the fourth):
        // the fifth is tried once that delay has passed, so it reaches the account lock.
        if (attempt === 4) await page.waitForTimeout(1_500);
      } else {
        await page.getByRole('dialog', { name: 'Konto zablokowane' }).waitFor();
        await page.getByText('Spróbuj ponownie za 15 minut.').waitFor();
      }
    }
    await context.close();
  });
});

describe('language', () => {
  it("fetches only the login page's texts of the shown language, the other language's on a switch, and the rest of the texts after login", async () => {
    const { context, page } = await newPage(browser);
    const locales: string[] = [];
    page.on('request', (request) => {
      const file = /\/(locale-[^/]+)\.js$/.exec(new URL(request.url()).pathname)?.[1];
      if (file) locales.push(file);
    });
    // `locale-pl-login-<hash>` holds the login page's namespaces, `locale-pl-<hash>` the others (vite.config.ts).
    const fetched = (language: string, part: 'login' | 'rest') => locales.some((file) => (part === 'login' ? file.startsWith(`locale-${language}-login-`) : file.startsWith(`locale-${language}-`) && !file.startsWith(`locale-${language}-login-`)));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Zaloguj' }).waitFor();
    expect([fetched('pl', 'login'), fetched('pl', 'rest'), fetched('en', 'login'), fetched('en', 'rest')]).toEqual([true, false, false, false]);

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.getByLabel('Company').isVisible()).toBe(true);
    expect([fetched('en', 'login'), fetched('en', 'rest'), fetched('pl', 'rest')]).toEqual([true, false, false]);

    await page.getByLabel('Company').fill('demo');
    await page.getByLabel('Login').fill('employee');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    // After login the user's own language wins (Polish for the demo employee): the shell arrives with all of its texts.
    await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Wyloguj' }).waitFor();
    expect(fetched('pl', 'rest')).toBe(true);
    await context.close();
  });

  it('switches to English at once and keeps it for the user', async () => {
    const { context, page } = await newPage(browser);
    await submitLogin(page, 'demo', 'acceptor');
    await page.getByRole('navigation', { name: 'Menu główne' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Log out' }).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Company').fill('demo');
    await page.getByLabel('Login').fill('acceptor');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.getByRole('button', { name: 'Polski' }).click();
    await page.getByRole('navigation', { name: 'Menu główne' }).waitFor();
    await context.close();
  });
});

describe('session', () => {
  it('logs out every tab when one tab logs out', async () => {
    const { context, page } = await newPage(browser);
    await submitLogin(page, 'demo', 'employee');
    await page.getByRole('navigation', { name: 'Menu główne' }).waitFor();
    const second = await context.newPage();
    await second.goto('/delegation');
    await second.getByRole('navigation', { name: 'Menu główne' }).waitFor();
    await second.getByRole('link', { name: 'Wyloguj' }).click();
    await second.waitForURL('**/login');
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Zaloguj' }).waitFor();
    await context.close();
  });

  it('counts the inactivity time down each second in the footer', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await submitLogin(page, 'demo', 'employee');
    const timer = page.getByRole('timer');
    await timer.waitFor();
    const first = await timer.innerText();
    expect(first).toMatch(/^(30:00|29:5\d)$/);
    await page.clock.runFor(65_000);
    expect(await timer.innerText()).toMatch(/^28:5\d$/);
    await context.close();
  });
});

/** Changes one of the demo company's system settings through the API, as its administrator. */
async function updateDemoSettings(change: Record<string, unknown>): Promise<void> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ company: 'demo', username: 'administrator', password: DEMO_PASSWORD }),
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`, 'content-type': 'application/json' };
  const current = (await (await fetch(`${baseUrl()}/api/settings/system-settings`, { headers })).json()) as { settings: Record<string, unknown> };
  const saved = await fetch(`${baseUrl()}/api/settings/system-settings/save`, { method: 'POST', headers, body: JSON.stringify({ ...current.settings, ...change }) });
  expect(saved.status).toBe(200);
}

describe('inactivity', () => {
  it("logs out when the countdown of the company's session time runs below zero", async () => {
    await updateDemoSettings({ session_time: 1 });
    try {
      const { context, page } = await newPage(browser);
      await page.clock.install();
      await submitLogin(page, 'demo', 'employee');
      const timer = page.getByRole('timer');
      await timer.waitFor();
      expect(await timer.innerText()).toMatch(/^(01:00|00:5\d)$/);
      await page.clock.runFor(62_000);
      await page.waitForURL(/\/login/);
      await page.getByRole('button', { name: 'Zaloguj' }).waitFor();
      await context.close();
    } finally {
      await updateDemoSettings({ session_time: 30 });
    }
  });
});

describe('password forgotten', () => {
  async function requestAndOpenLink(page: Page, login: string): Promise<void> {
    const before = outboxMessages().length;
    await page.goto('/profile/password-forgotten');
    await page.getByLabel('Firma').fill('demo');
    await page.getByLabel('Login').fill(login);
    await page.getByRole('button', { name: 'Wyślij link' }).click();
    await page.getByText('Sprawdź skrzynkę e-mail').waitFor();
    let link: string | undefined;
    for (let wait = 0; wait < 40 && !link; wait++) {
      const mail = outboxMessages().slice(before).join('\n').replace(/=\r?\n/g, '');
      link = /\/action-by-link\/user\/passwordChange\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
      if (!link) await page.waitForTimeout(250);
    }
    expect(link).toBeDefined();
    await page.goto(link!);
  }

  it('resets the password through the e-mailed one-time link', async () => {
    const { context, page } = await newPage(browser);
    await requestAndOpenLink(page, 'consultant');
    await page.getByLabel('Nowe hasło', { exact: true }).fill('Nowe-Haslo-2026!');
    await page.getByLabel('Powtórz nowe hasło').fill('Nowe-Haslo-2026!');
    await page.getByRole('button', { name: 'Ustaw hasło' }).click();
    await page.getByText('Hasło zostało zmienione. Możesz się teraz zalogować.').waitFor();

    await submitLogin(page, 'demo', 'consultant', 'Nowe-Haslo-2026!');
    await page.getByRole('navigation', { name: 'Menu główne' }).waitFor();
    await page.getByRole('link', { name: 'Wyloguj' }).click();
    await page.waitForURL('**/login');

    // Put the demo password back for the other journeys.
    await requestAndOpenLink(page, 'consultant');
    await page.getByLabel('Nowe hasło', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Powtórz nowe hasło').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Ustaw hasło' }).click();
    await page.getByText('Hasło zostało zmienione. Możesz się teraz zalogować.').waitFor();
    await context.close();
  });

  it('shows an unknown link as invalid', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/action-by-link/user/passwordChange/not-a-real-token-at-all-1234567890');
    await page.getByText('Nieprawidłowy link').waitFor();
    await context.close();
  });
});
