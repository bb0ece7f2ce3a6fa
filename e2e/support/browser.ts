import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Debian's Chromium, with the flags that keep it off this closed network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');

export async function newPage(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: options.locale ?? 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}

export const DEMO_PASSWORD = 'Delego2026!';

/** Fills and submits the login form; the caller checks what follows (menu, dialog, redirect). */
export async function submitLogin(page: Page, company: string, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Firma').fill(company);
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Hasło', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Zaloguj' }).click();
}

/** The authenticator a journey set up for a login (the provider's users enrol at their first sign-in), kept for the later journeys of the run. */
interface E2eAuthenticator {
  secret: string;
  /** The last 30-second step whose code was used: the server takes each code once. */
  lastStep: number;
}

function authenticatorFile(company: string, login: string): string {
  const dir = path.join(inject('dataDir'), 'e2e-authenticators');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${company}-${login}.json`);
}

/** The authenticator's code for a step not used yet (waiting for the next step when this one's code was used). */
async function freshCode(authenticator: E2eAuthenticator): Promise<string> {
  const stepMs = 30_000;
  if (Math.floor(Date.now() / stepMs) <= authenticator.lastStep) await new Promise((resolve) => setTimeout(resolve, (authenticator.lastStep + 1) * stepMs - Date.now() + 500));
  authenticator.lastStep = Math.floor(Date.now() / stepMs);
  return new TOTP({ secret: Secret.fromBase32(authenticator.secret) }).generate();
}

/**
 * After the password: answers the second step as a person with an authenticator app would — setting one
 * up when the account must have one and has none yet (the key shown as text), else typing its current code —
 * and waits for the main menu. Returns at once when the account needs no second step.
 */
export async function answerSecondStep(page: Page, company: string, login: string): Promise<void> {
  const enrolment = page.getByRole('heading', { name: 'Konfiguracja weryfikacji dwuetapowej' });
  const code = page.getByRole('heading', { name: 'Weryfikacja dwuetapowa' });
  const menu = page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Wyloguj' });
  await enrolment.or(code).or(menu).first().waitFor();
  const file = authenticatorFile(company, login);
  if (await enrolment.isVisible()) {
    const key = page.getByLabel('Klucz do wpisania w aplikacji');
    await key.waitFor();
    const authenticator: E2eAuthenticator = { secret: (await key.innerText()).replace(/\s/g, ''), lastStep: -1 };
    await page.getByLabel('Kod z aplikacji').fill(await freshCode(authenticator));
    await page.getByRole('button', { name: 'Włącz weryfikację dwuetapową' }).click();
    await page.getByRole('list', { name: 'Kody odzyskiwania' }).waitFor();
    writeFileSync(file, JSON.stringify(authenticator));
    await page.getByRole('button', { name: 'Zapisałem kody – przejdź dalej' }).click();
  } else if (await code.isVisible()) {
    if (!existsSync(file)) throw new Error(`${company}/${login} has an authenticator no journey of this run set up`);
    const authenticator = JSON.parse(readFileSync(file, 'utf8')) as E2eAuthenticator;
    await page.getByLabel('Kod weryfikacyjny').fill(await freshCode(authenticator));
    writeFileSync(file, JSON.stringify(authenticator));
    await page.getByRole('button', { name: 'Potwierdź' }).click();
  }
  await menu.waitFor();
}

/** Logs a provider user in at `/login-admin`, through the second step, and waits for the main menu. */
export async function logInToProvider(page: Page, login: string): Promise<void> {
  await page.goto('/login-admin');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Hasło', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj' }).click();
  await answerSecondStep(page, 'admin', login);
}

/** Logs a demo-company user in and waits for the main menu. */
export async function logInToDemo(page: Page, login: string): Promise<void> {
  await submitLogin(page, 'demo', login);
  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Wyloguj' }).waitFor();
}

/** The e-mails the server wrote to its outbox folder, newest last. */
/** The main menu's entries as the user reads them (Polish UI); a badge's count of what waits for the user is not part of an entry. */
export async function menuLinks(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Menu główne' });
  await menu.getByRole('link', { name: 'Wyloguj' }).waitFor();
  return (await menu.getByRole('link').allInnerTexts()).map((text) => text.replace(/^\d+\s*/, ''));
}

export function outboxMessages(): string[] {
  const dir = path.join(inject('dataDir'), 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((name) => readFileSync(path.join(dir, name), 'utf8'));
}

/**
 * Clicks `button` and waits for the notification `message` this click brings. One with the same text still on screen
 * from an earlier click does not count: the app shows a repeat anew once that one has left (`notification-host.tsx`).
 */
export async function clickForNotification(page: Page, button: Locator, message: string): Promise<void> {
  const alerts = page.getByRole('alert').filter({ hasText: message });
  await alerts.evaluateAll((shown) => {
    for (const alert of shown) alert.setAttribute('data-e2e-shown-before', '');
  });
  await button.click();
  await page.locator('[role="alert"]:not([data-e2e-shown-before])').filter({ hasText: message }).waitFor();
}

/**
 * Types a date (`YYYY-MM-DD`) or date and time (`YYYY-MM-DD HH:mm`) into the app's date picker
 * labelled `label`, as a person does in the Polish interface: day, month, year, hour, minute.
 */
export async function fillDate(scope: Page | Locator, label: string | RegExp, value: string): Promise<void> {
  const [date = '', time] = value.split(/[ T]/);
  const [year, month, day] = date.split('-');
  const group = scope.getByRole('group', typeof label === 'string' ? { name: label, exact: true } : { name: label });
  await group.getByRole('spinbutton').first().click();
  await group.page().keyboard.type(`${day}${month}${year}${time ? time.replace(':', '') : ''}`);
}

/**
 * From the settlement list: a new settlement based on the accepted trip order, which opens the form
 * filled from the order; checks the order's employee and destination were carried over.
 */
export async function startSettlementFromOrder(page: Page, order: { id: number; number: string }, expected: { employee: string; destination: string }): Promise<void> {
  await page.getByRole('link', { name: 'Nowe rozliczenie' }).click();
  await page.getByRole('link', { name: 'Wybierz: Na podstawie polecenia wyjazdu' }).click();
  await page.getByRole('button', { name: `Rozlicz polecenie ${order.number}` }).click();
  await page.waitForURL(`${baseUrl()}/delegation/new-from-order/${order.id}`);
  await page.getByText(`Rozliczenie polecenia wyjazdu nr ${order.number}.`).waitFor();
  expect(await page.getByLabel('Pracownik').inputValue()).toBe(expected.employee);
  expect(await page.getByLabel('Miejsce docelowe').inputValue()).toBe(expected.destination);
}
