import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, clickForNotification, fillDate, launchBrowser, logInToDemo, logInToProvider, newPage } from './support/browser.ts';
import { api, dayFromToday, demoToken, sentTripOrder } from './support/api.ts';
import { mailedLink, outboxCount } from './support/mail.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const ACCEPTOR_EMAIL = 'piotr.nowak@demo.delego.local';
const EMPLOYEE = 'Anna Kowalska';
const escapeRegExp = (text: string) => text.replace(/[/\\^$.*+?()[\]{}|]/g, '\\$&');
const EMPLOYEE_EMAIL = 'anna.kowalska@demo.delego.local';
/** The provider's consultant (`admin`/`consultant`). */
const CONSULTANT_EMAIL = 'joanna.lewandowska@delego.local';

/** The days of the trade fair: out and back. */
interface Trip {
  start: string;
  end: string;
}

interface TravelSettings {
  insurance_behaviour: number;
  offer_change_rule: unknown;
  message_auto_read: unknown;
  is_insurance_separated: unknown;
  flight_is_return_route: unknown;
}

/**
 * The demo administrator sets the company's insurance behaviour to "add automatically" (spec §9);
 * returns what puts the setting back, so the other journeys find the company unchanged.
 */
async function insureAutomatically(): Promise<() => Promise<void>> {
  const token = await demoToken('administrator');
  const { settings } = await api<{ settings: TravelSettings }>('/settings/travel-service/additional-settings', { token });
  await api('/settings/travel-service/additional-settings/save', { token, body: { ...settings, insurance_behaviour: 2 } });
  return async () => {
    await api('/settings/travel-service/additional-settings/save', { token, body: settings });
  };
}

/** Set-up: Anna's trip order to the Frankfurt fair by plane, sent and accepted by her superior. */
async function acceptedTripOrder(trip: Trip): Promise<{ id: number; number: string }> {
  const { id, version } = await sentTripOrder({
    task: 'Targi Automechanika we Frankfurcie – spotkania z klientami',
    destination: { place_text: 'Frankfurt nad Menem', country_code: 'DE' },
    start: `${trip.start} 05:00`,
    end: `${trip.end} 21:00`,
    transport: ['flight'],
  });
  const accepted = await api<{ result: { number: string | null } }>('/delegation-order/action', {
    token: await demoToken('acceptor'),
    body: { id, action: 'accept', version },
  });
  if (!accepted.result.number) throw new Error('the accepted trip order has no number');
  return { id, number: accepted.result.number };
}

describe('travel services ordered for a trip order, from the order to the settlement', () => {
  // A whole journey through several users' screens: about 50 s on a loaded machine, so it gets twice the default.
  it('the employee orders a flight Warszawa→Frankfurt with a hotel and automatic insurance, the consultant answers with two flight offers, the employee chooses one, the acceptor approves from the e-mail, the consultant books and buys out, and the settlement from the trip order holds the flight and the hotel with the breakfasts deducted from the per diem', { timeout: 120_000 }, async () => {
    const restore = await insureAutomatically();
    try {
      // Two weeks ahead: services are ordered for days to come.
      const trip = { start: dayFromToday(14), end: dayFromToday(16) };
      const tripOrder = await acceptedTripOrder(trip);
      // Anna and the consultant each work in their own browser, signed in once, as two people would.
      const employee = await newPage(browser);
      await logInToDemo(employee.page, 'employee');
      const consultant = await newPage(browser);
      await consultantLogIn(consultant.page);
      const order = await orderServices(employee.page, tripOrder);
      await answerWithOffers(consultant.page, order, trip);
      const mailsBeforeChoice = await chooseOffers(employee.page, order);
      await approveFromEmail(order, mailsBeforeChoice);
      await bookAndBuy(consultant.page, employee.page, order);
      await settleWithBoughtServices(employee.page, tripOrder);
      await employee.context.close();
      await consultant.context.close();
    } finally {
      await restore();
    }
  });
});

/** A place of the location list, chosen as a person does: typing part of its name and picking the match. */
async function choosePlace(page: Page, scope: Locator, label: string, typed: string, option: RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/**
 * The employee starts the services from the trip order: a flight Warszawa Chopin → Frankfurt with
 * the insurance the company adds automatically, then the hotel the form proposes (without the car).
 * Returns the saved order's id and number.
 */
async function orderServices(page: Page, tripOrder: { id: number; number: string }): Promise<{ id: number; number: string }> {
  await page.goto(`/delegation-order/readonly/${tripOrder.id}`);
  const services = page.getByRole('region', { name: 'Usługi podróżne' });
  await services.getByText('Do tego polecenia wyjazdu nie zamówiono jeszcze usług podróżnych.').waitFor();
  await services.getByRole('link', { name: 'Zamów usługi podróżne' }).click();
  await page.getByText(new RegExp(`Usługi do polecenia wyjazdu ${escapeRegExp(tripOrder.number)}`)).waitFor();

  await page.getByRole('button', { name: 'Dodaj usługę' }).click();
  await page.getByRole('menuitem', { name: 'Lot', exact: true }).click();
  const flight = page.getByRole('dialog', { name: 'Nowa usługa: Lot' });
  await flight.getByText(EMPLOYEE).first().waitFor();
  await choosePlace(page, flight, 'Lotnisko wylotu', 'Chopina', /^Lotnisko Chopina w Warszawie \(WAW\)/);
  await choosePlace(page, flight, 'Lotnisko docelowe', 'Frankfurt', /^Frankfurt nad Menem \(FRA\)/);
  await flight.getByRole('checkbox', { name: 'Ubezpieczenie zostanie dodane automatycznie' }).waitFor();
  await flight.getByRole('button', { name: 'Zapisz usługę' }).click();
  const proposal = page.getByRole('dialog', { name: 'Hotel i samochód' });
  await proposal.getByRole('button', { name: 'Dodaj hotel i samochód' }).click();
  await page.getByRole('button', { name: /^Usuń: Usługa \d+: Samochód$/ }).click();

  const insurance = page.getByRole('article', { name: 'Usługa 2: Ubezpieczenie' });
  await insurance.getByText('Ubezpieczenie do usługi nr 1').waitFor();
  await page.getByRole('article', { name: 'Usługa 3: Hotel' }).waitFor();
  await page.getByRole('article', { name: 'Usługa 4: Ubezpieczenie' }).getByText('Ubezpieczenie do usługi nr 3').waitFor();
  expect(await page.getByRole('article', { name: /Samochód/ }).count()).toBe(0);

  const before = outboxCount();
  await page.getByRole('button', { name: 'Zapisz zamówienie' }).click();
  await page.waitForURL(/\/travel-service\/item-details\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())?.[1]);
  // The order's number is how the lists and the e-mails name it.
  const heading = await page.getByRole('heading', { level: 1, name: /^Szczegóły usługi: / }).innerText();
  const number = /^Szczegóły usługi: (\S+)$/.exec(heading)?.[1];
  if (!number) throw new Error(`no order number in "${heading}"`);
  // The consultants of the provider are told by e-mail, with a link to the order in the admin context.
  await mailedLink(new RegExp(`/admin/travel-service/edit/${id}\\b`), CONSULTANT_EMAIL, before);
  return { id, number };
}

/**
 * The provider's consultant answers each service from the admin context: two flight offers (the
 * Lufthansa there and back, and a LOT one), a hotel room with breakfast, and the two insurances.
 */
async function answerWithOffers(page: Page, order: { id: number; number: string }, trip: Trip): Promise<void> {
  await page.goto('/admin/travel-service/all');
  await page.getByRole('link', { name: `Otwórz zamówienie ${order.number}` }).click();
  await page.getByRole('heading', { name: `Zamówienie podróży nr ${order.number}` }).waitFor();

  // 1. The flight: two responses to compare.
  await page.getByRole('link', { name: 'Odpowiedz ofertą na usługę 1' }).click();
  const lufthansa = page.getByRole('region', { name: 'Odpowiedź 1' });
  await lufthansa.getByRole('textbox', { name: 'Cena' }).fill('1890');
  await fillLeg(lufthansa, 1, { carrier: 'Lufthansa', number: 'LH 1347', from: 'Warszawa (WAW)', to: 'Frankfurt (FRA)', departure: `${trip.start} 07:00`, arrival: `${trip.start} 09:10` });
  await lufthansa.getByRole('button', { name: 'Dodaj odcinek' }).click();
  await fillLeg(lufthansa, 2, { carrier: 'Lufthansa', number: 'LH 1346', from: 'Frankfurt (FRA)', to: 'Warszawa (WAW)', departure: `${trip.end} 17:30`, arrival: `${trip.end} 19:35` });
  await page.getByRole('button', { name: 'Dodaj kolejną odpowiedź' }).click();
  const lot = page.getByRole('region', { name: 'Odpowiedź 2' });
  await lot.getByRole('textbox', { name: 'Cena' }).fill('2140');
  await fillLeg(lot, 1, { carrier: 'LOT', number: 'LO 379', from: 'Warszawa (WAW)', to: 'Frankfurt (FRA)', departure: `${trip.start} 11:05`, arrival: `${trip.start} 13:15` });
  await clickForNotification(page, page.getByRole('button', { name: 'Zapisz odpowiedzi' }), 'Odpowiedzi zostały zapisane');

  // 3. The hotel: a single room with breakfast for the two nights.
  await page.getByRole('link', { name: 'Odpowiedz ofertą na usługę 3' }).click();
  const hotel = page.getByRole('region', { name: 'Odpowiedź 1' });
  await hotel.getByRole('textbox', { name: 'Cena' }).fill('980');
  const room = hotel.getByRole('group', { name: 'Pokój 1' });
  await room.getByRole('textbox', { name: 'Hotel' }).fill('Hotel Messe Frankfurt');
  await room.getByRole('textbox', { name: 'Adres' }).fill('Ludwig-Erhard-Anlage 1, Frankfurt nad Menem');
  await fillDate(room, 'Przyjazd', trip.start);
  await fillDate(room, 'Wyjazd', trip.end);
  await room.getByRole('checkbox', { name: 'Śniadanie w cenie' }).check();
  await clickForNotification(page, page.getByRole('button', { name: 'Zapisz odpowiedzi' }), 'Odpowiedzi zostały zapisane');

  // 2. and 4. The insurances: a response described in words.
  for (const sequence of [2, 4]) {
    await page.getByRole('link', { name: `Odpowiedz ofertą na usługę ${sequence}` }).click();
    const insurance = page.getByRole('region', { name: 'Odpowiedź 1' });
    await insurance.getByRole('textbox', { name: 'Cena' }).fill('45');
    await insurance.getByRole('textbox', { name: 'Treść oferty' }).click();
    await page.keyboard.type('Ubezpieczenie podróżne Warta Travel: KL 200 000 EUR, NNW, bagaż');
    const before = outboxCount();
    await clickForNotification(page, page.getByRole('button', { name: 'Zapisz odpowiedzi' }), 'Odpowiedzi zostały zapisane');
    if (sequence === 4) {
      // Every service answered: the order goes to the traveller, who is told by e-mail.
      await mailedLink(new RegExp(`/travel-service/choose-offer/${order.id}\\b`), EMPLOYEE_EMAIL, before);
    }
  }
  await page.getByText('Wysłane do wyboru przez klienta').first().waitFor();
}

async function fillLeg(
  response: Locator,
  index: number,
  leg: { carrier: string; number: string; from: string; to: string; departure: string; arrival: string },
): Promise<void> {
  const part = response.getByRole('group', { name: `Odcinek ${index}` });
  await part.getByRole('textbox', { name: 'Przewoźnik' }).fill(leg.carrier);
  await part.getByRole('textbox', { name: 'Numer lotu lub pociągu' }).fill(leg.number);
  await part.getByRole('textbox', { name: 'Skąd' }).fill(leg.from);
  await part.getByRole('textbox', { name: 'Dokąd' }).fill(leg.to);
  await fillDate(part, 'Odjazd / wylot', leg.departure);
  await fillDate(part, 'Przyjazd / przylot', leg.arrival);
  await part.getByRole('textbox', { name: 'Klasa' }).fill('ekonomiczna');
}

async function consultantLogIn(page: Page): Promise<void> {
  await logInToProvider(page, 'consultant');
}

/**
 * The employee compares the offers side by side, picks the Lufthansa one and gives the phone each
 * offer requires. Returns how many e-mails there were before the choice was sent.
 */
async function chooseOffers(page: Page, order: { id: number; number: string }): Promise<number> {
  await page.goto(`/travel-service/choose-offer/${order.id}`);
  await page.getByRole('heading', { name: `Wybór ofert – zamówienie nr ${order.number}` }).waitFor();
  const flights = page.getByRole('radiogroup', { name: 'Oferty dla usługi 1. Lot' });
  expect(await flights.getByRole('region', { name: 'Oferta 1' }).innerText()).toMatch(/1\s890,00\szł/);
  expect(await flights.getByRole('region', { name: 'Oferta 2' }).innerText()).toMatch(/2\s140,00\szł/);
  await flights.getByRole('radio', { name: 'Wybieram ofertę 1' }).check();
  for (const group of ['Oferty dla usługi 2. Ubezpieczenie', 'Oferty dla usługi 3. Hotel', 'Oferty dla usługi 4. Ubezpieczenie']) {
    await page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: 'Wybieram ofertę 1' }).check();
  }
  const travellerData = page.getByRole('group', { name: `Dane podróżnego: ${EMPLOYEE}` });
  await expect.poll(() => travellerData.count()).toBe(4);
  for (const data of await travellerData.all()) await data.getByRole('textbox', { name: /Telefon/ }).fill('+48 601 234 567');
  const before = outboxCount();
  await page.getByRole('button', { name: 'Wybierz oferty i wyślij do akceptacji' }).click();
  await page.getByText('Wybrane oferty zostały wysłane do akceptacji').waitFor();
  await page.waitForURL(/\/travel-service$/);
  await page.getByRole('row', { name: new RegExp(`^${escapeRegExp(order.number)}\\b`) }).getByText('Wybrane przez klienta, wysłane do akceptacji').waitFor();
  return before;
}

/** The acceptor opens the link of the e-mail, logs in on the page it leads to, and accepts the chosen offers. */
async function approveFromEmail(order: { id: number; number: string }, mailsBefore: number): Promise<void> {
  const link = await mailedLink(new RegExp(`/travel-service/approval/${order.id}\\b`), ACCEPTOR_EMAIL, mailsBefore);
  const { context, page } = await newPage(browser);
  await page.goto(link);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Firma').fill('demo');
  await page.getByLabel('Login').fill('acceptor');
  await page.getByLabel('Hasło', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj' }).click();
  await page.getByRole('heading', { name: `Akceptacja zamówienia nr ${order.number}` }).waitFor();
  expect(page.url()).toContain(link);
  await page.getByText(/Lufthansa/).first().waitFor();
  await page.getByRole('button', { name: 'Akceptuj' }).click();
  await page.getByRole('dialog', { name: 'Akceptacja wybranych ofert' }).getByRole('button', { name: 'Akceptuj' }).click();
  await page.getByText('Zamówienie zostało zaakceptowane').waitFor();
  await context.close();
}

/** The consultant books the flight and the hotel; the employee asks to buy them out; the consultant buys them out. */
async function bookAndBuy(consultant: Page, employee: Page, order: { id: number; number: string }): Promise<void> {
  await consultant.goto(`/admin/travel-service/edit/${order.id}`);
  for (const [sequence, type, reference] of [
    [1, 'Lot', 'LH7QX2'],
    [3, 'Hotel', 'HMF-48213'],
  ] as const) {
    await consultant.getByRole('button', { name: `Zarezerwuj usługę ${sequence}` }).click();
    const dialog = consultant.getByRole('dialog', { name: `Rezerwacja – ${sequence}. ${type}` });
    await dialog.getByLabel(/Numer rezerwacji/).fill(reference);
    await dialog.getByRole('button', { name: 'Zarezerwuj' }).click();
    await consultant.getByText('Usługa została zarezerwowana').waitFor();
    await consultant.getByText(`rezerwacja ${reference}`).waitFor();
  }

  await employee.goto(`/travel-service/booked/${order.id}`);
  await employee.getByRole('heading', { name: `Rezerwacja – zamówienie nr ${order.number}` }).waitFor();
  await employee.getByText('LH7QX2').waitFor();
  await employee.getByText('HMF-48213').waitFor();
  const buyout = employee.getByRole('button', { name: 'Zleć wykup' });
  for (let left = 2; left > 0; left--) {
    await expect.poll(() => buyout.count()).toBe(left);
    await buyout.first().click();
    await employee.getByRole('dialog', { name: 'Zlecenie wykupu' }).getByRole('button', { name: 'Zleć wykup' }).click();
    await employee.getByText('Zlecono wykup').first().waitFor();
  }
  await expect.poll(() => buyout.count()).toBe(0);

  await consultant.reload();
  for (const [sequence, type] of [
    [1, 'Lot'],
    [3, 'Hotel'],
  ] as const) {
    await consultant.getByRole('button', { name: `Wykup usługę ${sequence}` }).click();
    await consultant.getByRole('dialog', { name: `Wykup – ${sequence}. ${type}` }).getByRole('button', { name: 'Wykup' }).click();
    await consultant.getByText('Usługa została wykupiona').first().waitFor();
    await consultant.getByRole('button', { name: `Wykup usługę ${sequence}` }).waitFor({ state: 'detached' });
  }
}

/**
 * The employee starts the settlement from the trip order: the bought flights are its route, settled
 * as the company's booking; the bought hotel is the stay in Germany, the company's reservation; and
 * the breakfasts the hotel serves reduce the per diem, as the explanation says.
 */
async function settleWithBoughtServices(page: Page, tripOrder: { id: number; number: string }): Promise<void> {
  await page.goto('/delegation');
  await page.getByRole('link', { name: 'Nowe rozliczenie' }).click();
  await page.getByRole('link', { name: 'Wybierz: Na podstawie polecenia wyjazdu' }).click();
  await page.getByRole('button', { name: `Rozlicz polecenie ${tripOrder.number}` }).click();
  await page.waitForURL(new RegExp(`/delegation/new-from-order/${tripOrder.id}$`));
  await page.getByText(`Rozliczenie polecenia wyjazdu nr ${tripOrder.number}.`).waitFor();

  await page.getByRole('tab', { name: /Trasa/ }).click();
  const legs = [
    { name: 'Odcinek 1', from: 'Warszawa (WAW)', to: 'Frankfurt (FRA)' },
    { name: 'Odcinek 2', from: 'Frankfurt (FRA)', to: 'Warszawa (WAW)' },
  ];
  for (const leg of legs) {
    const card = page.getByRole('region', { name: leg.name });
    expect(await card.getByRole('combobox', { name: 'Środek transportu' }).inputValue()).toBe('flight');
    expect(await card.getByRole('combobox', { name: 'Sposób rozliczenia' }).inputValue()).toBe('booking');
    expect(await card.getByLabel(/^Skąd/).inputValue()).toBe(leg.from);
    expect(await card.getByLabel(/^Dokąd/).inputValue()).toBe(leg.to);
  }
  expect(await page.getByRole('region', { name: /^Odcinek \d+$/ }).count()).toBe(2);

  await page.getByRole('tab', { name: /Noclegi i diety/ }).click();
  const germany = page.getByRole('region', { name: /^Kraj 2/ });
  const night = germany.getByRole('region', { name: 'Nocleg 1' });
  expect(await night.getByRole('combobox', { name: 'Sposób rozliczenia' }).inputValue()).toBe('importReservation');
  const hotelBooking = night.getByRole('combobox', { name: 'Rezerwacja hotelu' });
  expect(await hotelBooking.locator('option:checked').innerText()).toMatch(/^Hotel Messe Frankfurt/);
  expect(await night.getByLabel('Opis rezerwacji').inputValue()).toBe('Hotel Messe Frankfurt');

  await page.getByRole('tab', { name: /Podsumowanie i załączniki/ }).click();
  // Three dobas abroad, from the take-off to the landing back, less one breakfast after each of the
  // two nights (§ 14 ust. 2: 15% of the per diem of 49 EUR): 3 × 49,00 − 2 × 7,35 = 132,30 EUR.
  const perDiem = page.getByRole('row', { name: /^Dieta \(49,00 EUR za dobę\)/ });
  await expect.poll(() => perDiem.innerText()).toMatch(/132,30\sEUR/);
  await perDiem.getByRole('button', { name: /^Pokaż wyjaśnienie: Dieta \(49,00 EUR za dobę\)/ }).click();
  for (const doba of [2, 3]) {
    await page.getByText(new RegExp(`Doba ${doba}: zapewnione śniadanie \\(× 1\\) – minus 15% pełnej diety 49,00\\sEUR, czyli 7,35\\sEUR`)).waitFor();
  }
}
