import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, fillDate, launchBrowser, logInToDemo, logInToProvider, newPage } from './support/browser.ts';
import { api, demoToken } from './support/api.ts';
import { mailedLink, outboxCount } from './support/mail.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** What the journey bills: the Lublin hotel, 314,81 zł net at 8% VAT. */
const INVOICE = { number: 'FV/LUB/2026/0917', seller: 'Hotel Lublinianka Sp. z o.o.', taxId: '7120003105', net: '314.81', vat: '25.19' };
const ACCEPTOR_EMAIL = 'piotr.nowak@demo.delego.local';
/** Spec §8's catalogue text, as the server's refusal is translated. */
const INVOICES_MISSING = 'Delegacji nie można zaakceptować, ponieważ brakuje faktur do dołączonych rezerwacji. Faktury pojawią się automatycznie po ich wystawieniu.';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Set-up: the demo's Lublin hotel of a stay four weeks back, booked and waiting for the consultant
 * to buy it out, and Anna's draft settlement of that trip by train, without the hotel yet.
 */
async function lublinTrip(): Promise<{ orderId: number; checkIn: string; checkOut: string; settlementId: number }> {
  const employee = await demoToken('employee');
  const waiting = await api<{ items: { id: number; types: string[]; start_date: string; end_date: string }[] }>('/travel-service/list?status=buyoutRequested&page_size=100', { token: employee });
  const hotel = waiting.items.find((row) => row.types.includes('hotel') && row.end_date < today());
  if (!hotel) throw new Error('the demo has no past hotel waiting to be bought out');
  const [checkIn, checkOut] = [hotel.start_date.slice(0, 10), hotel.end_date.slice(0, 10)];
  const rail = (from: string, to: string, start: string, end: string, amount: string) => ({
    transport_type: 'rail',
    settlement_type_id: 'ticketScan',
    from_place_text: from,
    to_place_text: to,
    start_date: start,
    end_date: end,
    amount_in_currency: amount,
    currency: 'PLN',
  });
  const saved = await api<{ delegation: { id: number } }>('/delegation/save-standard', {
    token: employee,
    body: {
      delegation: {
        start_date: `${checkIn} 07:00`,
        end_date: `${checkOut} 19:00`,
        destinationText: 'Lublin',
        task: 'Audyt w oddziale lubelskim',
        transport: [rail('Warszawa', 'Lublin', `${checkIn} 07:00`, `${checkIn} 09:30`, '62.00'), rail('Lublin', 'Warszawa', `${checkOut} 16:30`, `${checkOut} 19:00`, '62.00')],
        country: [{ country_code: 'PL', in_date: `${checkIn} 07:00`, out_date: `${checkOut} 19:00` }],
      },
    },
  });
  return { orderId: hotel.id, checkIn, checkOut, settlementId: saved.delegation.id };
}

/**
 * The demo administrator switches the company to e-mails with action links, so the acceptor decides
 * from the e-mail; returns what puts the setting back for the other journeys.
 */
async function decideByEmail(): Promise<() => Promise<void>> {
  const token = await demoToken('administrator');
  const { settings } = await api<{ settings: Record<string, unknown> }>('/settings/system-settings', { token });
  await api('/settings/system-settings/save', { token, body: { ...settings, email_notification_mode: 'notifyWithActionLinks' } });
  return async () => {
    await api('/settings/system-settings/save', { token, body: settings });
  };
}

describe('a bought hotel from the booking to the accounting export', () => {
  // A whole journey through several users' screens: about 50 s on a loaded machine, so it gets twice the default.
  it('the consultant buys out the hotel, which becomes a booking; the employee attaches the booking to her settlement; the acceptor cannot accept it until the consultant has entered the invoice, then accepts it from the e-mail; the accountant exports the invoice to an Optima XML file that holds it', { timeout: 120_000 }, async () => {
    const restore = await decideByEmail();
    try {
      const trip = await lublinTrip();
      const bookingPath = await buyOut(trip.orderId);
      const mailsBefore = outboxCount();
      await attachToSettlement(trip);
      const link = await mailedLink(/\/action-by-link\/delegation\/decision\/[A-Za-z0-9_-]+/, ACCEPTOR_EMAIL, mailsBefore);
      await refuseAcceptance(trip.settlementId, link);
      await enterInvoice(bookingPath);
      await acceptFromEmail(link);
      await exportToOptima();
    } finally {
      await restore();
    }
  });
});

/** The provider's consultant buys the hotel out; Anna finds the booking it became, waiting for its invoice. Returns the booking's page. */
async function buyOut(orderId: number): Promise<string> {
  const consultant = await newPage(browser);
  await logInToProvider(consultant.page, 'consultant');
  await consultant.page.goto(`/admin/travel-service/edit/${orderId}`);
  await consultant.page.getByRole('button', { name: 'Wykup usługę 1' }).click();
  await consultant.page.getByRole('dialog', { name: 'Wykup – 1. Hotel' }).getByRole('button', { name: 'Wykup' }).click();
  await consultant.page.getByText('Usługa została wykupiona').waitFor();
  await consultant.context.close();

  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'employee');
  await page.goto(`/travel-service/bought/${orderId}`);
  await page.getByRole('heading', { name: `Wykupione usługi – zamówienie nr ${orderId}` }).waitFor();
  await page.getByText('LUB-30817').waitFor();
  await page.getByRole('link', { name: 'Otwórz rezerwację' }).click();
  await page.waitForURL(/\/booking\/other\/detail\/\d+$/);
  await page.getByText('Hotel Lublinianka').first().waitFor();
  await page.getByText('czeka na fakturę').first().waitFor();
  const path = new URL(page.url()).pathname;
  await context.close();
  return path;
}

/** Anna settles the Lublin stay with the company's reservation: the booking picker offers the hotel of the trip's days. */
async function attachToSettlement(trip: { checkIn: string; checkOut: string; settlementId: number }): Promise<void> {
  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'employee');
  await page.goto(`/delegation/edit/${trip.settlementId}`);
  await page.getByRole('tab', { name: /Noclegi i diety/ }).click();
  const poland = page.getByRole('region', { name: /^Kraj 1/ });
  await poland.getByRole('button', { name: 'Dodaj nocleg' }).click();
  const night = poland.getByRole('region', { name: 'Nocleg 1' });
  await night.getByRole('combobox', { name: 'Sposób rozliczenia' }).selectOption('importReservation');
  const booking = night.getByRole('combobox', { name: 'Rezerwacja hotelu' });
  const offered = booking.getByRole('option', { name: /^Hotel Lublinianka/ });
  await offered.waitFor({ state: 'attached' });
  await booking.selectOption({ label: await offered.innerText() });
  await night.getByLabel('Opis rezerwacji').fill('Hotel Lublinianka, pokój jednoosobowy ze śniadaniem');
  await fillDate(night, 'Zameldowanie', `${trip.checkIn} 15:00`);
  await fillDate(night, 'Wymeldowanie', `${trip.checkOut} 08:00`);
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await page.waitForURL(`${baseUrl()}/delegation`);
  await page.getByText('Rozliczenie zapisano').waitFor();

  // The demo's year of settled trips has a Lublin trip too: this one has no number yet.
  const row = page.getByRole('row').filter({ hasText: 'Lublin' }).filter({ hasText: 'bez numeru' });
  await row.getByRole('button', { name: /Więcej akcji/ }).click();
  await page.getByRole('menuitem', { name: 'Wyślij do akceptacji' }).click();
  await page.getByRole('dialog', { name: 'Wysłać do akceptacji?' }).getByRole('button', { name: 'Wyślij do akceptacji' }).click();
  await page.getByText('Rozliczenie wysłano do akceptacji').waitFor();
  await context.close();
}

/**
 * Before the invoice: the decision screen offers the acceptor no acceptance and says which booking
 * waits for its invoice; accepting from the e-mailed link is refused with the §8 catalogue message.
 */
async function refuseAcceptance(settlementId: number, link: string): Promise<void> {
  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'acceptor');
  await page.goto(`/delegation/decision/${settlementId}`);
  await page.getByRole('heading', { name: 'Decyzja w sprawie rozliczenia delegacji' }).waitFor();
  const warning = page.getByRole('alert').filter({ hasText: 'Brakuje faktur do rezerwacji' });
  await warning.getByText(/Rozliczenie nie może zostać zaakceptowane, dopóki nie wpłyną faktury do rezerwacji: Hotel Lublinianka/).waitFor();
  expect(await page.getByRole('button', { name: 'Akceptuj', exact: true }).count()).toBe(0);
  await context.close();

  const mail = await newPage(browser);
  await acceptByLink(mail.page, link);
  await mail.page.getByText(INVOICES_MISSING).waitFor();
  await mail.context.close();
}

async function acceptByLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('heading', { name: 'Decyzja w sprawie rozliczenia delegacji' }).waitFor();
  await page.getByRole('button', { name: 'Akceptuj' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Akceptuj' }).click();
}

/** The company's travel consultant enters the hotel's invoice on the booking's page, at 8% VAT. */
async function enterInvoice(bookingPath: string): Promise<void> {
  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'consultant');
  await page.goto(bookingPath);
  await page.getByRole('button', { name: 'Wprowadź fakturę' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nowa faktura' });
  await dialog.getByRole('textbox', { name: 'Numer faktury' }).fill(INVOICE.number);
  await dialog.getByRole('textbox', { name: 'Sprzedawca' }).fill(INVOICE.seller);
  await dialog.getByRole('textbox', { name: 'NIP sprzedawcy' }).fill(INVOICE.taxId);
  await fillDate(dialog, 'Data wystawienia', today());
  await dialog.getByRole('combobox', { name: 'Stawka VAT (pozycja 1)' }).click();
  await page.getByRole('option', { name: '8%' }).click();
  await dialog.getByRole('textbox', { name: 'Netto (pozycja 1)' }).fill(INVOICE.net.replace('.', ','));
  await dialog.getByRole('textbox', { name: 'VAT (pozycja 1)' }).fill(INVOICE.vat.replace('.', ','));
  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  await page.getByText('Faktura została zapisana.').waitFor();
  await page.getByRole('link', { name: INVOICE.number }).waitFor();
  await context.close();
}

/** With the invoice in, the same e-mailed link accepts the settlement. */
async function acceptFromEmail(link: string): Promise<void> {
  const { context, page } = await newPage(browser);
  await acceptByLink(page, link);
  await page.getByText('Dokument zaakceptowano.').waitFor();
  await context.close();
}

/**
 * The accountant exports the invoice to Comarch Optima: the downloaded file is well-formed XML of
 * Optima's offline namespace with the invoice in the purchase VAT register, its amounts as decimals.
 */
async function exportToOptima(): Promise<void> {
  const { context, page } = await newPage(browser);
  await logInToDemo(page, 'finance');
  await page.goto(`/optima?date_from=${today()}&date_to=${today()}`);
  const invoices = page.getByRole('table', { name: 'Faktury' });
  await invoices.getByRole('checkbox', { name: `Eksportuj ${INVOICE.number}` }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksportuj 1 dokument' }).click()]);
  await page.getByText(/Pobrano plik eksportu/).waitFor();
  const xml = await readFile((await download.path())!, 'utf8');

  // Chromium's own XML parser reads the file as Optima would.
  const entries = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) return null;
    const value = (parent: Element, name: string) => parent.getElementsByTagNameNS('*', name)[0]?.textContent?.trim() ?? null;
    return {
      namespace: doc.documentElement.namespaceURI,
      invoices: Array.from(doc.getElementsByTagNameNS('*', 'REJESTR_ZAKUPU_VAT')).map((entry) => ({
        number: value(entry, 'NUMER'),
        rate: value(entry, 'STAWKA_VAT'),
        net: value(entry, 'NETTO'),
        vat: value(entry, 'VAT'),
      })),
    };
  }, xml);
  expect(entries, 'the export is well-formed XML').not.toBeNull();
  expect(entries!.namespace).toBe('http://www.comarch.pl/cdn/optima/offline');
  expect(entries!.invoices).toEqual([{ number: INVOICE.number, rate: '8', net: INVOICE.net, vat: INVOICE.vat }]);
  expect(xml).toContain(INVOICE.seller);

  // The invoice is marked as exported.
  await page.goto(`/invoices/details/${await invoiceId(INVOICE.number)}`);
  await page.getByText(/Wyeksportowana do księgowości/).waitFor();
  await context.close();
}

async function invoiceId(number: string): Promise<number> {
  const list = await api<{ items: { id: number; number: string }[] }>(`/invoice/list?search=${encodeURIComponent(number)}`, { token: await demoToken('finance') });
  const found = list.items.find((item) => item.number === number);
  if (!found) throw new Error(`no invoice ${number}`);
  return found.id;
}
