import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, baseUrl, launchBrowser, newPage, logInToDemo } from './support/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

async function api(apiPath: string, token: string | null, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl()}/api${apiPath}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${apiPath}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function tokenOf(login: string): Promise<{ token: string; userId: number }> {
  const answer = await api('/auth/login', null, { company: 'demo', username: login, password: DEMO_PASSWORD });
  return { token: answer.access_token as string, userId: (answer.user_properties as { user_id: number }).user_id };
}

/** `YYYY-MM-DD` `days` from today (Warsaw days are near enough for dates a month away). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);
}

/** A decimal string as the PDF prints it: `1 234,56` (with a no-break space). */
function polishAmount(value: string): string {
  const [whole = '0', fraction = '00'] = value.replace('-', '').split('.');
  return `${value.startsWith('-') ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${fraction.padEnd(2, '0')}`;
}

/** A small PDF, the hotel bill. */
const HOTEL_BILL = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * The company settles trips with the superior as acceptor and has EUR rates for the last days (the
 * foreign per diem and the hotel bill are converted at the last NBP table before today). Returns
 * what puts the company back as it was.
 */
async function prepareDemoCompany(): Promise<() => Promise<void>> {
  const { token } = await tokenOf('administrator');
  const { settings } = (await api('/settings/system-settings', token)) as { settings: Record<string, unknown> };
  await api('/settings/system-settings/save', token, { ...settings, superior_is_acceptor: true });
  const rateIds: number[] = [];
  for (const days of [-1, -2, -3, -4, -5, -6]) {
    const saved = await api('/exchange-rate/save', token, { currency: 'EUR', date: dayFromToday(days), rate: '4.2500' }).catch(() => null);
    const id = (saved?.exchange_rate as { id?: number } | undefined)?.id;
    if (id) rateIds.push(id);
  }
  return async () => {
    await api('/settings/system-settings/save', token, settings);
    for (const id of rateIds) await api('/exchange-rate/delete', token, { id });
  };
}

/**
 * The employee orders a trip to Berlin by private car on the order screens (as the order journey
 * does) and the acceptor accepts it on the decision screen. Returns the order's id and number.
 */
async function acceptedOrderToBerlin(start: string, end: string): Promise<{ id: number; number: string }> {
  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'employee');
  await page.goto('/');
  await page.getByRole('heading', { name: 'Nowa podróż' }).waitFor();
  await page.getByRole('radio', { name: 'Dla mnie' }).check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.getByRole('button', { name: /Delegacja/ }).click();
  await page.getByRole('heading', { name: 'Nowe polecenie wyjazdu' }).waitFor();
  await page.getByRole('combobox', { name: /Cel podróży/ }).click();
  await page.getByRole('option', { name: 'Targi i konferencje' }).click();
  await page.getByLabel(/Opis celu/).fill('Targi branżowe w Berlinie – stoisko firmy');
  await page.getByLabel(/Wyjazd \(data i godzina\)/).fill(`${start}T06:00`);
  await page.getByLabel(/Powrót \(data i godzina\)/).fill(`${end}T20:00`);
  await page.getByLabel(/Miejsce wyjazdu/).fill('Poznań');
  await page.getByLabel(/Miejsce powrotu/).fill('Poznań');
  await page.getByLabel(/Miejscowość 1/).fill('Berlin');
  await page.getByRole('combobox', { name: 'Kraj 1' }).click();
  await page.getByRole('option', { name: 'Niemcy' }).click();
  await page.getByRole('checkbox', { name: 'Samochód', exact: true }).check();
  await page.getByRole('button', { name: 'Zapisz i wyślij do akceptacji' }).click();
  await page.waitForURL(/\/delegation-order\/readonly\/\d+$/);
  const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
  await context.close();

  const acceptor = await newPage(browser);
  await logInToDemo(acceptor.page, 'acceptor');
  await acceptor.page.goto(`/delegation-order/decision/${id}`);
  await acceptor.page.getByRole('heading', { name: 'Decyzja w sprawie polecenia wyjazdu' }).waitFor();
  await acceptor.page.getByRole('button', { name: 'Akceptuj' }).click();
  await acceptor.page.getByRole('dialog').getByRole('button', { name: 'Akceptuj' }).click();
  await acceptor.page.getByText('Polecenie zaakceptowano').waitFor();
  await acceptor.context.close();

  const { token } = await tokenOf('employee');
  const order = ((await api('/delegation-order/delegation-order-edit', token, { id })) as { delegationOrder: { status: string; number: string | null } }).delegationOrder;
  if (order.status !== 'accepted' || !order.number) throw new Error(`the order was not accepted: ${JSON.stringify(order)}`);
  return { id, number: order.number };
}


function pdftotext(pdf: Buffer): string | null {
  try {
    execFileSync('which', ['pdftotext']);
  } catch {
    return null;
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'delego-e2e-pdf-'));
  try {
    writeFileSync(path.join(folder, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path.join(folder, 'doc.pdf'), '-']).toString('utf8').replace(/\u00a0/g, ' ');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('settlement from an accepted order', () => {
  it('the employee settles a foreign trip by private car with a hotel bill, the finance user settles it, the PDF shows the amounts', async () => {
    const restore = await prepareDemoCompany();
    try {
      await settleTrip();
    } finally {
      await restore();
    }
  });
});

async function settleTrip(): Promise<void> {
  const start = dayFromToday(40);
  const middle = dayFromToday(41);
  const end = dayFromToday(42);
  const order = await acceptedOrderToBerlin(start, end);

  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'employee');

  // Start → from an accepted order → the order.
  await page.goto('/delegation');
  await page.getByRole('link', { name: 'Nowe rozliczenie' }).click();
  await page.getByRole('link', { name: 'Wybierz: Na podstawie polecenia wyjazdu' }).click();
  await page.getByRole('button', { name: `Rozlicz polecenie ${order.number}` }).click();
  await page.waitForURL(`${baseUrl()}/delegation/new-from-order/${order.id}`);
  await page.getByText(`Rozliczenie polecenia wyjazdu nr ${order.number}.`).waitFor();
  expect(await page.getByLabel('Pracownik').inputValue()).toBe('Anna Kowalska');
  expect(await page.getByLabel('Miejsce docelowe').inputValue()).toBe('Berlin');

  // Route: the private car there and back (the order allowed only the car).
  await page.getByRole('tab', { name: /Trasa/ }).click();
  const segments = [
    { name: 'Odcinek 1', from: `${start}T06:00`, to: `${start}T12:00` },
    { name: 'Odcinek 2', from: `${end}T14:00`, to: `${end}T20:00` },
  ];
  for (const segment of segments) {
    const card = page.getByRole('region', { name: segment.name });
    expect(await card.getByRole('combobox', { name: 'Środek transportu' }).inputValue()).toBe('car');
    await card.getByRole('combobox', { name: 'Sposób rozliczenia' }).selectOption('lumpSum');
    await card.getByLabel('Wyjazd').fill(segment.from);
    await card.getByLabel('Przyjazd').fill(segment.to);
    await card.getByLabel('Odległość (km)').fill('280');
    await card.getByRole('radio', { name: 'Prywatny pojazd pracownika' }).check();
    await card.getByRole('combobox', { name: 'Rodzaj pojazdu' }).selectOption('car');
    await card.getByLabel('Pojemność silnika (cm³)').fill('1598');
  }

  // Stay: Poland to the border, Germany with a hotel night and its bill attached, Poland back.
  await page.getByRole('tab', { name: /Noclegi i diety/ }).click();
  const poland = page.getByRole('region', { name: /^Kraj 1/ });
  await poland.getByLabel('Koniec pobytu').fill(`${start}T09:00`);
  const germany = page.getByRole('region', { name: /^Kraj 2/ });
  await germany.getByLabel('Początek pobytu').fill(`${start}T09:00`);
  await germany.getByLabel('Koniec pobytu').fill(`${end}T17:00`);
  await germany.getByRole('button', { name: 'Dodaj nocleg' }).click();
  const night = germany.getByRole('region', { name: 'Nocleg 1' });
  await night.getByRole('combobox', { name: 'Sposób rozliczenia' }).selectOption('invoiceWorkerPayment');
  await night.getByLabel('Kwota').fill('240');
  await night.getByLabel('Waluta').fill('EUR');
  await night.getByLabel('Zameldowanie').fill(`${start}T15:00`);
  await night.getByLabel('Wymeldowanie').fill(`${middle}T10:00`);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), night.getByRole('button', { name: 'Dołącz plik' }).click()]);
  await chooser.setFiles({ name: 'rachunek-hotel-berlin.pdf', mimeType: 'application/pdf', buffer: HOTEL_BILL });
  await night.getByRole('button', { name: 'rachunek-hotel-berlin.pdf', exact: true }).waitFor();
  await page.getByRole('region', { name: /^Kraj 3/ }).getByLabel('Początek pobytu').fill(`${end}T17:00`);

  // The summary shows the engine's total while typing; saving returns to the list.
  await page.getByRole('tab', { name: /Podsumowanie i załączniki/ }).click();
  await expect.poll(() => page.getByRole('status', { name: 'Stan wyliczenia' }).innerText(), { timeout: 15_000 }).toContain('Razem');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await page.waitForURL(`${baseUrl()}/delegation`);
  await page.getByText('Rozliczenie zapisano').waitFor();

  // Submit from the list.
  const employee = await tokenOf('employee');
  const mine = (await api('/delegation/list?scope=own&sort=updated_at&order=desc', employee.token)) as { items: { id: number; delegation_order_number: string | null }[] };
  const settlement = mine.items.find((item) => item.delegation_order_number === order.number);
  if (!settlement) throw new Error('the saved settlement is not on the list');
  const row = page.getByRole('row').filter({ hasText: order.number });
  await row.getByRole('button', { name: /Więcej akcji/ }).click();
  await page.getByRole('menuitem', { name: 'Wyślij do akceptacji' }).click();
  await page.getByRole('dialog', { name: 'Wysłać do akceptacji?' }).getByRole('button', { name: 'Wyślij do akceptacji' }).click();
  await page.getByText('Rozliczenie wysłano do akceptacji').waitFor();
  await context.close();

  // The superior accepts it on substantive grounds.
  const acceptor = await tokenOf('acceptor');
  await api('/delegation/action', acceptor.token, { id: settlement.id, action: 'accept', comment: 'Zgodnie z poleceniem wyjazdu' });

  // The finance user settles it on the decision screen.
  const finance = await newPage(browser);
  await logInToDemo(finance.page, 'finance');
  await finance.page.goto('/delegation?scope=toDecide');
  const waiting = finance.page.getByRole('row').filter({ hasText: 'Anna Kowalska' }).first();
  await waiting.getByRole('link', { name: /^Decyzja/ }).click();
  await finance.page.getByRole('heading', { name: 'Decyzja w sprawie rozliczenia delegacji' }).waitFor();
  await finance.page.getByText('rachunek-hotel-berlin.pdf').waitFor();
  await finance.page.getByRole('button', { name: 'Rozlicz (akceptacja finansowa)' }).click();
  await finance.page.getByRole('dialog', { name: 'Rozliczyć delegację?' }).getByRole('button', { name: 'Rozlicz (akceptacja finansowa)' }).click();
  await finance.page.getByText('Delegację rozliczono').waitFor();
  await finance.context.close();

  // The settlement is settled, and its PDF shows the amounts the engine computed.
  const financeToken = await tokenOf('finance');
  const document = ((await api('/delegation/delegation-edit', financeToken.token, { id: settlement.id })) as {
    delegation: { status: string; number: string; calculated: { total_pln: string; balance_pln: string; mileage_total_pln: string; singleCountryCost: { diet_amount: string; total_pln: string }[] }; attachments: { file_name: string }[] };
  }).delegation;
  expect(document.status).toBe('settled');
  expect(document.attachments.map((file) => file.file_name)).toEqual(['rachunek-hotel-berlin.pdf']);
  expect(document.calculated.mileage_total_pln).toBe('644.00');
  const response = await fetch(`${baseUrl()}/api/delegation/pdf?id=${settlement.id}`, { headers: { authorization: `Bearer ${financeToken.token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const text = pdftotext(Buffer.from(await response.arrayBuffer()));
  if (text !== null) {
    expect(text).toContain('Rozliczenie kosztów podróży służbowej');
    expect(text).toContain(document.number);
    expect(text).toContain('Anna Kowalska');
    const germany = document.calculated.singleCountryCost[1]!;
    for (const amount of [document.calculated.total_pln, document.calculated.balance_pln, document.calculated.mileage_total_pln, germany.diet_amount, germany.total_pln]) {
      expect(text, amount).toContain(polishAmount(amount));
    }
    expect(text).toContain('Akceptacja finansowa');
  }
}
