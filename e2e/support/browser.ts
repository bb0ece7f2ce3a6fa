import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export async function newPage(browser: Browser, options: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: options.locale ?? 'pl-PL', timezoneId: 'Europe/Warsaw' });
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
