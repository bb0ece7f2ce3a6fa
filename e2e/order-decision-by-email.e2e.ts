import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, baseUrl, launchBrowser, newPage, outboxMessages, logInToDemo } from './support/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

async function api(path: string, token: string | null, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * The demo administrator switches the company to e-mails with action links, with the employee's
 * superior as acceptor, through the system settings API, and makes sure orders can be numbered.
 * Returns what puts the company back as it was, so the other journeys find it unchanged.
 */
async function prepareDemoCompany(): Promise<() => Promise<void>> {
  const login = await api('/auth/login', null, { company: 'demo', username: 'administrator', password: DEMO_PASSWORD });
  const token = login.access_token as string;
  const { settings } = (await api('/settings/system-settings', token)) as { settings: Record<string, unknown> };
  await api('/settings/system-settings/save', token, { ...settings, email_notification_mode: 'notifyWithActionLinks', superior_is_acceptor: true });
  const templates = (await api('/settings/document-number-template/list?document_type=delegationOrder', token)) as { items: { is_active: boolean }[] };
  const template = { document_type: 'delegationOrder', reset_type: 'yearly', mask: 'PW/[N]/[YYYY]', description: 'Polecenia wyjazdu', is_active: true };
  const created = templates.items.some((item) => item.is_active) ? null : ((await api('/settings/document-number-template/save', token, template)).template as { id: number });
  return async () => {
    await api('/settings/system-settings/save', token, settings);
    // A template that gave numbers cannot be deleted; switched off, it leaves room for another one.
    if (created) await api('/settings/document-number-template/save', token, { ...template, id: created.id, is_active: false });
  };
}


/** `YYYY-MM-DD` `days` from today. */
function dayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 24 * 3600_000);
  return date.toISOString().slice(0, 10);
}

/** The decision link of the newest e-mail to `recipient` written after `before` messages. */
async function decisionLinkFor(page: Page, recipient: string, before: number): Promise<string> {
  for (let wait = 0; wait < 60; wait++) {
    const mails = outboxMessages()
      .slice(before)
      .map((mail) => mail.replace(/=\r?\n/g, ''))
      .filter((mail) => mail.includes(recipient));
    const link = /\/action-by-link\/delegationOrder\/decision\/[A-Za-z0-9_-]+/.exec(mails.at(-1) ?? '')?.[0];
    if (link) return link;
    await page.waitForTimeout(250);
  }
  throw new Error(`no decision link e-mailed to ${recipient}`);
}

describe('trip order decided from the e-mailed link', () => {
  it('the employee orders a trip to Germany with a EUR advance, the acceptor accepts it from the link, the order is accepted with a number', async () => {
    const restore = await prepareDemoCompany();
    try {
      await orderAndDecide();
    } finally {
      await restore();
    }
  });
});

/** The employee orders, the acceptor decides from the e-mailed link, the employee sees the result. */
async function orderAndDecide(): Promise<void> {
  const start = dayFromToday(30);
  const end = dayFromToday(32);

  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'employee');

  // Step 1: the trip is for me; step 2: the delegation process.
  await page.goto('/');
  await page.getByRole('heading', { name: 'Nowa podróż' }).waitFor();
  await page.getByRole('radio', { name: 'Dla mnie' }).check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.getByText('Podróż dla: Anna Kowalska').waitFor();
  await page.getByRole('button', { name: /Delegacja/ }).click();
  await page.getByRole('heading', { name: 'Nowe polecenie wyjazdu' }).waitFor();

  await page.getByRole('combobox', { name: /Cel podróży/ }).click();
  await page.getByRole('option', { name: 'Targi i konferencje' }).click();
  await page.getByLabel(/Opis celu/).fill('Targi branżowe i spotkanie z dystrybutorem');
  await page.getByLabel(/Wyjazd \(data i godzina\)/).fill(`${start}T07:00`);
  await page.getByLabel(/Powrót \(data i godzina\)/).fill(`${end}T20:00`);
  await page.getByLabel(/Miejsce wyjazdu/).fill('Warszawa');
  await page.getByLabel(/Miejsce powrotu/).fill('Warszawa');
  await page.getByLabel(/Miejscowość 1/).fill('Berlin');
  await page.getByRole('combobox', { name: 'Kraj 1' }).click();
  await page.getByRole('option', { name: 'Niemcy' }).click();
  await page.getByRole('checkbox', { name: 'Samolot' }).check();
  await page.getByLabel(/Limit kosztów transportu/).fill('1500');

  await page.getByRole('button', { name: 'Dodaj zaliczkę' }).click();
  const advance = page.getByRole('group', { name: 'Zaliczka 1' });
  await advance.getByLabel(/Kwota/).fill('300');
  await advance.getByLabel(/Waluta/).fill('EUR');
  await advance.getByLabel('Data wypłaty').fill(dayFromToday(25));

  const before = outboxMessages().length;
  await page.getByRole('button', { name: 'Zapisz i wyślij do akceptacji' }).click();
  await page.waitForURL(/\/delegation-order\/readonly\/\d+$/);
  await page.getByText('Wysłane do akceptacji').first().waitFor();
  const orderPath = new URL(page.url()).pathname;

  // The acceptor (the employee's superior) opens the e-mailed link without logging in.
  const link = await decisionLinkFor(page, 'piotr.nowak@demo.delego.local', before);
  const acceptor = await newPage(browser);
  await acceptor.page.goto(link);
  await acceptor.page.getByRole('heading', { name: 'Decyzja w sprawie polecenia wyjazdu' }).waitFor();
  await acceptor.page.getByText('Anna Kowalska').waitFor();
  await acceptor.page.getByText('Berlin (DE)').waitFor();
  expect(await acceptor.page.getByText(/300,00 EUR/).count()).toBeGreaterThan(0);
  await acceptor.page.getByLabel('Komentarz (opcjonalnie)').fill('Akceptuję, powodzenia na targach');
  await acceptor.page.getByRole('button', { name: 'Akceptuj' }).click();
  await acceptor.page.getByRole('dialog').getByRole('button', { name: 'Akceptuj' }).click();
  await acceptor.page.getByText('Dokument zaakceptowano.').waitFor();
  const numberText = await acceptor.page.getByText(/Nadany numer: /).innerText();
  const number = numberText.replace('Nadany numer: ', '').trim();
  expect(number).not.toBe('');

  // The link works once.
  await acceptor.page.goto(link);
  await acceptor.page.getByText('Akcja została już wykonana').waitFor();
  await acceptor.context.close();

  // The employee sees the order accepted, with its number and the decision made by link.
  await page.goto(orderPath);
  await page.getByRole('heading', { name: `Polecenie wyjazdu nr ${number}` }).waitFor();
  await page.getByText('Zaakceptowane').first().waitFor();
  await page.getByText('przez link z e-maila').waitFor();
  await page.getByText('Akceptuję, powodzenia na targach').waitFor();
  await page.goto('/delegation-order');
  const row = page.getByRole('row', { name: new RegExp(number.replace(/[/\\^$.*+?()[\]{}|]/g, '\\$&')) });
  await row.waitFor();
  expect(await row.innerText()).toContain('Zaakceptowane');
  await context.close();
}
