import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, fillDate, launchBrowser, logInToDemo, newPage, outboxMessages, startSettlementFromOrder } from './support/browser.ts';
import { api, dayFromToday, demoToken } from './support/api.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const ACCEPTOR_EMAIL = 'piotr.nowak@demo.delego.local';
const EMPLOYEE = 'Anna Kowalska';

/** A small PDF, the hotel bill. */
const HOTEL_BILL = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/**
 * The demo administrator switches the company to e-mails with action links, with the employee's
 * superior as acceptor, and enters EUR rates for the last days (the foreign per diem, the hotel bill
 * and the advance are converted at the last NBP table before today). Returns what puts the company
 * back as it was, so the other journeys find it unchanged.
 */
async function prepareDemoCompany(): Promise<() => Promise<void>> {
  const token = await demoToken('administrator');
  const { settings } = await api<{ settings: Record<string, unknown> }>('/settings/system-settings', { token });
  await api('/settings/system-settings/save', { token, body: { ...settings, email_notification_mode: 'notifyWithActionLinks', superior_is_acceptor: true } });
  const rateIds: number[] = [];
  for (const days of [-1, -2, -3, -4, -5, -6]) {
    // A day that already has a rate (another run, or the NBP sync) keeps it.
    const saved = await api<{ exchange_rate?: { id?: number } }>('/exchange-rate/save', { token, body: { currency: 'EUR', date: dayFromToday(days), rate: '4.2500' } }).catch(() => null);
    if (saved?.exchange_rate?.id) rateIds.push(saved.exchange_rate.id);
  }
  return async () => {
    await api('/settings/system-settings/save', { token, body: settings });
    for (const id of rateIds) await api('/exchange-rate/delete', { token, body: { id } });
  };
}

/** The decision link of the newest e-mail to `recipient` among those written after the first `before`. */
async function decisionLinkFor(page: Page, kind: 'delegationOrder' | 'delegation', recipient: string, before: number): Promise<string> {
  const pattern = new RegExp(`/action-by-link/${kind}/decision/[A-Za-z0-9_-]+`);
  for (let wait = 0; wait < 60; wait++) {
    const mails = outboxMessages()
      .slice(before)
      .map((mail) => mail.replace(/=\r?\n/g, ''))
      .filter((mail) => mail.includes(recipient) && pattern.test(mail));
    const link = pattern.exec(mails.at(-1) ?? '')?.[0];
    if (link) return link;
    await page.waitForTimeout(250);
  }
  throw new Error(`no ${kind} decision link e-mailed to ${recipient}`);
}

/** A decimal string as the PDF prints it: `1 234,56`. */
function polishAmount(value: string): string {
  const [whole = '0', fraction = '00'] = value.replace('-', '').split('.');
  return `${value.startsWith('-') ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${fraction.padEnd(2, '0')}`;
}

/** The text of a PDF (poppler's pdftotext, which `npm install` provides). */
function pdftotext(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'delego-e2e-pdf-'));
  try {
    writeFileSync(path.join(folder, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path.join(folder, 'doc.pdf'), '-']).toString('utf8').replace(/\u00a0/g, ' ');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const escapeRegExp = (text: string) => text.replace(/[/\\^$.*+?()[\]{}|]/g, '\\$&');

describe('a foreign trip from the order to the settled settlement', () => {
  it('the employee orders a trip to Berlin with a EUR advance, the acceptor accepts it from the e-mailed link, the employee settles it from the order with a hotel bill and a private car, the financial acceptor settles it, and the PDF shows the amounts the engine computed', async () => {
    const restore = await prepareDemoCompany();
    try {
      // Last week: a settlement is made once the trip is over, and no demo trip of the employee lies then.
      const trip = { start: dayFromToday(-6), middle: dayFromToday(-5), end: dayFromToday(-4) };
      const order = await orderTrip(trip);
      await payAdvance();
      const settlementId = await settleFromOrder(order, trip);
      await acceptAndSettle(settlementId);
      await checkPdf(settlementId);
    } finally {
      await restore();
    }
  });
});

/**
 * The employee orders the trip (by private car, with a 200 EUR advance) and sends it; the acceptor
 * (the employee's superior) accepts it from the e-mailed link without logging in; the employee then
 * sees it accepted with its number. Returns the order's id and number.
 */
async function orderTrip(trip: { start: string; end: string }): Promise<{ id: number; number: string }> {
  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'employee');
  await page.goto('/');
  await page.getByRole('heading', { name: 'Nowa podróż' }).waitFor();
  await page.getByRole('radio', { name: 'Dla mnie' }).check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.getByText(`Podróż dla: ${EMPLOYEE}`).waitFor();
  await page.getByRole('button', { name: /Delegacja/ }).click();
  await page.getByRole('heading', { name: 'Nowe polecenie wyjazdu' }).waitFor();

  await page.getByRole('combobox', { name: /Cel podróży/ }).click();
  await page.getByRole('option', { name: 'Targi i konferencje' }).click();
  await page.getByLabel(/Opis celu/).fill('Targi branżowe w Berlinie – stoisko firmy');
  await fillDate(page, /Wyjazd \(data i godzina\)/, `${trip.start} 06:00`);
  await fillDate(page, /Powrót \(data i godzina\)/, `${trip.end} 20:00`);
  await page.getByLabel(/Miejsce wyjazdu/).fill('Poznań');
  await page.getByLabel(/Miejsce powrotu/).fill('Poznań');
  await page.getByLabel(/Miejscowość 1/).fill('Berlin');
  await page.getByRole('combobox', { name: 'Kraj 1' }).click();
  await page.getByRole('option', { name: 'Niemcy' }).click();
  await page.getByRole('checkbox', { name: 'Samochód', exact: true }).check();

  await page.getByRole('button', { name: 'Dodaj zaliczkę' }).click();
  const advance = page.getByRole('group', { name: 'Zaliczka 1' });
  await advance.getByLabel(/Kwota/).fill('200');
  await advance.getByLabel(/Waluta/).fill('EUR');
  await fillDate(advance, 'Data wypłaty', dayFromToday(-8));

  const before = outboxMessages().length;
  await page.getByRole('button', { name: 'Zapisz i wyślij do akceptacji' }).click();
  await page.getByRole('dialog', { name: 'Wysłać do akceptacji?' }).getByRole('button', { name: 'Zapisz i wyślij do akceptacji' }).click();
  await page.waitForURL(/\/delegation-order\/readonly\/\d+$/);
  await page.getByText('Wysłane do akceptacji').first().waitFor();
  const orderPath = new URL(page.url()).pathname;
  const id = Number(/(\d+)$/.exec(orderPath)?.[1]);

  const link = await decisionLinkFor(page, 'delegationOrder', ACCEPTOR_EMAIL, before);
  const acceptor = await newPage(browser);
  await acceptor.page.goto(link);
  await acceptor.page.getByRole('heading', { name: 'Decyzja w sprawie polecenia wyjazdu' }).waitFor();
  await acceptor.page.getByText(EMPLOYEE).first().waitFor();
  await acceptor.page.getByText('Berlin (DE)').waitFor();
  expect(await acceptor.page.getByText(/200,00\sEUR/).count()).toBeGreaterThan(0);
  await acceptor.page.getByLabel('Komentarz').fill('Akceptuję, powodzenia na targach');
  await acceptor.page.getByRole('button', { name: 'Akceptuj' }).click();
  await acceptor.page.getByRole('dialog').getByRole('button', { name: 'Akceptuj' }).click();
  await acceptor.page.getByText('Dokument zaakceptowano.').waitFor();
  const number = (await acceptor.page.getByText(/Nadany numer: /).innerText()).replace('Nadany numer: ', '').trim();
  expect(number).toMatch(/^PW\/\d+\/\d{4}$/);
  // The link works once.
  await acceptor.page.goto(link);
  await acceptor.page.getByText('Akcja została już wykonana').waitFor();
  await acceptor.context.close();

  await page.goto(orderPath);
  await page.getByRole('heading', { name: `Polecenie wyjazdu nr ${number}` }).waitFor();
  await page.getByText('Zaakceptowane').first().waitFor();
  await page.getByText('przez link z e-maila').waitFor();
  await page.getByText('Akceptuję, powodzenia na targach').waitFor();
  await page.goto('/delegation-order');
  const row = page.getByRole('row', { name: new RegExp(escapeRegExp(number)) });
  await row.waitFor();
  expect(await row.innerText()).toContain('Zaakceptowane');
  await context.close();
  return { id, number };
}

/** The financial acceptor pays the advance out on the advances screen. */
async function payAdvance(): Promise<void> {
  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'finance');
  await page.goto('/delegation-advance?scope=toDecide');
  const row = page.getByRole('row').filter({ hasText: EMPLOYEE }).filter({ hasText: '200,00' }).first();
  await row.getByRole('button', { name: 'Oznacz jako wypłaconą' }).click();
  const dialog = page.getByRole('dialog', { name: 'Oznaczyć zaliczkę jako wypłaconą?' });
  // Paid before the trip, as an advance is.
  await fillDate(dialog, 'Data wypłaty', dayFromToday(-7));
  await dialog.getByRole('button', { name: 'Oznacz jako wypłaconą' }).click();
  await page.getByText('Zaliczkę oznaczono jako wypłaconą').waitFor();
  await context.close();
}

/**
 * The employee settles the accepted order: everything the order knew is carried over; the route by
 * private car there and back, a hotel night in Berlin with its bill attached; the summary shows the
 * advance and the balance while typing; saving and sending it from the list. Returns its id.
 */
async function settleFromOrder(order: { id: number; number: string }, trip: { start: string; middle: string; end: string }): Promise<number> {
  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'employee');
  await page.goto('/delegation');
  await startSettlementFromOrder(page, order, { employee: EMPLOYEE, destination: 'Berlin' });

  // Route: the private car there and back (the order allowed only the car).
  await page.getByRole('tab', { name: /Trasa/ }).click();
  const segments = [
    { name: 'Odcinek 1', from: `${trip.start} 06:00`, to: `${trip.start} 12:00` },
    { name: 'Odcinek 2', from: `${trip.end} 14:00`, to: `${trip.end} 20:00` },
  ];
  for (const segment of segments) {
    const card = page.getByRole('region', { name: segment.name });
    expect(await card.getByRole('combobox', { name: 'Środek transportu' }).inputValue()).toBe('car');
    await card.getByRole('combobox', { name: 'Sposób rozliczenia' }).selectOption('lumpSum');
    await fillDate(card, 'Wyjazd', segment.from);
    await fillDate(card, 'Przyjazd', segment.to);
    await card.getByLabel('Odległość (km)').fill('280');
    // Her own car from the vehicle records: its engine capacity sets the mileage rate.
    await card.getByRole('combobox', { name: 'Pojazd' }).selectOption({ label: 'WA 5Y123 – Skoda Octavia (prywatny pracownika)' });
  }

  // Stay: Poland to the border, Germany with a hotel night and its bill, Poland back.
  await page.getByRole('tab', { name: /Noclegi i diety/ }).click();
  await fillDate(page.getByRole('region', { name: /^Kraj 1/ }), 'Koniec pobytu', `${trip.start} 09:00`);
  const germany = page.getByRole('region', { name: /^Kraj 2/ });
  await fillDate(germany, 'Początek pobytu', `${trip.start} 09:00`);
  await fillDate(germany, 'Koniec pobytu', `${trip.end} 17:00`);
  await germany.getByRole('button', { name: 'Dodaj nocleg' }).click();
  const night = germany.getByRole('region', { name: 'Nocleg 1' });
  await night.getByRole('combobox', { name: 'Sposób rozliczenia' }).selectOption('invoiceWorkerPayment');
  await night.getByLabel('Kwota').fill('240');
  await night.getByLabel('Waluta').fill('EUR');
  await fillDate(night, 'Zameldowanie', `${trip.start} 15:00`);
  await fillDate(night, 'Wymeldowanie', `${trip.middle} 10:00`);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), night.getByRole('button', { name: 'Dołącz plik' }).click()]);
  await chooser.setFiles({ name: 'rachunek-hotel-berlin.pdf', mimeType: 'application/pdf', buffer: HOTEL_BILL });
  await night.getByRole('button', { name: 'rachunek-hotel-berlin.pdf', exact: true }).waitFor();
  await fillDate(page.getByRole('region', { name: /^Kraj 3/ }), 'Początek pobytu', `${trip.end} 17:00`);

  // The summary: the advance carried over from the order reduces what is paid out.
  await page.getByRole('tab', { name: /Podsumowanie i załączniki/ }).click();
  await expect.poll(() => page.getByRole('status', { name: 'Stan wyliczenia' }).innerText(), { timeout: 15_000 }).toMatch(/Razem: .* · Do (wypłaty pracownikowi|zwrotu przez pracownika): /);
  const advances = page.getByRole('table', { name: 'Zaliczki' });
  expect((await advances.getByRole('row', { name: /Zaliczka 1/ }).innerText()).replace(/\u00a0/g, ' ')).toContain('200,00 EUR');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await page.waitForURL(`${baseUrl()}/delegation`);
  await page.getByText('Rozliczenie zapisano').waitFor();

  const row = page.getByRole('row').filter({ hasText: order.number });
  await row.getByRole('button', { name: /Więcej akcji/ }).click();
  await page.getByRole('menuitem', { name: 'Wyślij do akceptacji' }).click();
  await page.getByRole('dialog', { name: 'Wysłać do akceptacji?' }).getByRole('button', { name: 'Wyślij do akceptacji' }).click();
  await page.getByText('Rozliczenie wysłano do akceptacji').waitFor();
  await context.close();

  const mine = await api<{ items: { id: number; delegation_order_number: string | null }[] }>('/delegation/list?scope=own&sort=updated_at&order=desc', {
    token: await demoToken('employee'),
  });
  const settlement = mine.items.find((item) => item.delegation_order_number === order.number);
  if (!settlement) throw new Error('the sent settlement is not on the list');
  return settlement.id;
}

/** The superior accepts the settlement on substance from the e-mailed link; the financial acceptor settles it on the decision screen. */
async function acceptAndSettle(settlementId: number): Promise<void> {
  const acceptor = await newPage(browser);
  const link = await decisionLinkFor(acceptor.page, 'delegation', ACCEPTOR_EMAIL, 0);
  await acceptor.page.goto(link);
  await acceptor.page.getByRole('heading', { name: 'Decyzja w sprawie rozliczenia delegacji' }).waitFor();
  await acceptor.page.getByText(EMPLOYEE).first().waitFor();
  await acceptor.page.getByRole('button', { name: 'Akceptuj' }).click();
  await acceptor.page.getByRole('dialog').getByRole('button', { name: 'Akceptuj' }).click();
  await acceptor.page.getByText('Dokument zaakceptowano.').waitFor();
  await acceptor.context.close();

  const finance = await newPage(browser);
  await logInToDemo(finance.page, 'finance');
  await finance.page.goto(`/delegation/decision/${settlementId}`);
  await finance.page.getByRole('heading', { name: 'Decyzja w sprawie rozliczenia delegacji' }).waitFor();
  await finance.page.getByText('rachunek-hotel-berlin.pdf').waitFor();
  await finance.page.getByRole('button', { name: 'Rozlicz (akceptacja finansowa)' }).click();
  await finance.page.getByRole('dialog', { name: 'Rozliczyć delegację?' }).getByRole('button', { name: 'Rozlicz (akceptacja finansowa)' }).click();
  await finance.page.getByText('Delegację rozliczono').waitFor();
  await finance.context.close();
}

/** The settled settlement's PDF prints the amounts the engine computed. */
async function checkPdf(settlementId: number): Promise<void> {
  const token = await demoToken('finance');
  const { delegation } = await api<{
    delegation: {
      status: string;
      number: string;
      attachments: { file_name: string }[];
      calculated: { total_pln: string; advances_total_pln: string; balance_pln: string; mileage_total_pln: string; singleCountryCost: { diet_amount: string; total_pln: string }[] };
    };
  }>('/delegation/delegation-edit', { token, body: { id: settlementId } });
  expect(delegation.status).toBe('settled');
  expect(delegation.number).toMatch(/^RD\/\d+\/\d{4}$/);
  expect(delegation.attachments.map((file) => file.file_name)).toEqual(['rachunek-hotel-berlin.pdf']);
  // 2 × 280 km × 1.15 zł/km (a car over 900 cm³).
  expect(delegation.calculated.mileage_total_pln).toBe('644.00');
  expect(delegation.calculated.advances_total_pln).toBe('850.00'); // 200 EUR × 4.2500

  const response = await fetch(`${baseUrl()}/api/delegation/pdf?id=${settlementId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const text = pdftotext(Buffer.from(await response.arrayBuffer()));
  expect(text).toContain('Rozliczenie kosztów podróży służbowej');
  expect(text).toContain(delegation.number);
  expect(text).toContain(EMPLOYEE);
  const germany = delegation.calculated.singleCountryCost[1]!;
  const { total_pln, advances_total_pln, balance_pln, mileage_total_pln } = delegation.calculated;
  for (const amount of [total_pln, advances_total_pln, balance_pln, mileage_total_pln, germany.diet_amount, germany.total_pln]) {
    expect(text, amount).toContain(polishAmount(amount));
  }
  expect(text).toContain('Akceptacja finansowa');
}
