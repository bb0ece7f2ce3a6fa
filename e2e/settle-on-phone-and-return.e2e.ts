import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, fillDate, launchBrowser, logInToDemo, newPage, startSettlementFromOrder, submitLogin } from './support/browser.ts';
import { api, dayFromToday, demoToken, sentTripOrder } from './support/api.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const EMPLOYEE = 'Anna Kowalska';
const RETURN_REASON = 'Brak potwierdzenia przejazdu – dołącz wydruk trasy z mapy';

const screenOf = (width: number, height: number) => newPage(browser, { viewport: { width, height } });

/** How wide the page is (wider than the screen: it scrolls sideways), and the outermost elements that reach past the screen's right edge. */
async function pageWidth(page: Page): Promise<{ width: number; past: string[] }> {
  return page.evaluate(() => {
    const edge = window.innerWidth;
    const reaches = (element: Element) => element.getBoundingClientRect().right > edge + 1;
    const past = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => reaches(element) && !(element.parentElement && reaches(element.parentElement) && element.parentElement !== document.body))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 2).join('.')} "${(element.textContent ?? '').slice(0, 60)}"`);
    return { width: document.documentElement.scrollWidth, past };
  });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { width, past } = await pageWidth(page);
  expect(width, past.join(' | ')).toBeLessThanOrEqual(390);
}

/** Set-up: the employee's one-day trip to Kraków by her own car, ordered and accepted by her superior. Answers the order's number. */
async function acceptedOrder(day: string): Promise<{ id: number; number: string }> {
  const { id, version } = await sentTripOrder({
    task: 'Spotkanie z klientem w krakowskim oddziale',
    destination: { place_text: 'Kraków', country_code: 'PL' },
    start: `${day} 07:00`,
    end: `${day} 19:00`,
    transport: ['car'],
  });
  const accepted = await api<{ result: { number: string | null } }>('/delegation-order/action', { token: await demoToken('acceptor'), body: { id, action: 'accept', version } });
  if (!accepted.result.number) throw new Error('the accepted trip order has no number');
  return { id, number: accepted.result.number };
}

describe('a settlement on a phone, returned for correction on a desktop', () => {
  // Yesterday: the trip is over (a settlement may not be in the future), and no demo trip of the employee lies then.
  const day = dayFromToday(-1);
  const period = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)} 07:00 – 19:00`;
  let order: { id: number; number: string };
  let settlementId = 0;

  it('at 390 × 844 the employee opens the menu drawer, settles the accepted order with the date pickers, sees the summary and the balance, and sends it', { timeout: 120_000 }, async () => {
    order = await acceptedOrder(day);
    const { context, page } = await screenOf(390, 844);
    await submitLogin(page, 'demo', 'employee');

    // The menu waits behind its button; choosing a screen closes it.
    const menuButton = page.getByRole('button', { name: 'Rozwiń menu główne' });
    await menuButton.waitFor();
    const menu = page.getByRole('navigation', { name: 'Menu główne' });
    expect(await menu.isVisible()).toBe(false);
    await menuButton.click();
    await menu.getByRole('link', { name: /Rozliczenia/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Rozliczenia delegacji' }).waitFor();
    await menu.waitFor({ state: 'hidden' });

    await startSettlementFromOrder(page, order, { employee: EMPLOYEE, destination: 'Kraków' });

    // The route by her own car, there and back, typed into the pickers as on a phone's keyboard.
    await page.getByRole('tab', { name: /Trasa/ }).click();
    const segments = [
      { name: 'Odcinek 1', from: `${day} 07:00`, to: `${day} 09:45` },
      { name: 'Odcinek 2', from: `${day} 16:15`, to: `${day} 19:00` },
    ];
    for (const segment of segments) {
      const card = page.getByRole('region', { name: segment.name });
      expect(await card.getByRole('combobox', { name: 'Środek transportu' }).inputValue()).toBe('car');
      await card.getByRole('combobox', { name: 'Sposób rozliczenia' }).selectOption('lumpSum');
      await fillDate(card, 'Wyjazd', segment.from);
      await fillDate(card, 'Przyjazd', segment.to);
      // Near the maps distance (Warszawa–Kraków, 302 km estimated): the demo company checks it (commentRequired).
      await card.getByLabel('Odległość (km)').fill('295');
      await card.getByRole('combobox', { name: 'Pojazd' }).selectOption({ label: 'WA 5Y123 – Skoda Octavia (prywatny pracownika)' });
    }
    await expectNoSidewaysScroll(page);

    // The summary and the balance, with its direction, fit the phone's width.
    await page.getByRole('tab', { name: /Podsumowanie i załączniki/ }).click();
    const state = page.getByRole('status', { name: 'Stan wyliczenia' });
    await expect.poll(() => state.innerText(), { timeout: 15_000 }).toMatch(/Razem: .* · Do wypłaty pracownikowi: /);
    const box = await state.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page);
    const save = page.getByRole('button', { name: 'Zapisz' });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await page.waitForURL(`${baseUrl()}/delegation`);
    await page.getByText('Rozliczenie zapisano').waitFor();

    // On the phone the list is cards; the saved settlement's card offers sending it.
    const card = page.getByRole('list', { name: 'Rozliczenia delegacji' }).getByRole('listitem').filter({ hasText: order.number });
    await card.waitFor();
    await card.getByRole('button', { name: /Więcej akcji/ }).click();
    await page.getByRole('menuitem', { name: 'Wyślij do akceptacji' }).click();
    await page.getByRole('dialog', { name: 'Wysłać do akceptacji?' }).getByRole('button', { name: 'Wyślij do akceptacji' }).click();
    await page.getByText('Rozliczenie wysłano do akceptacji').waitFor();
    await expectNoSidewaysScroll(page);
    await context.close();

    const mine = await api<{ items: { id: number; status: string; delegation_order_number: string | null }[] }>('/delegation/list?scope=own&sort=updated_at&order=desc', {
      token: await demoToken('employee'),
    });
    const sent = mine.items.find((item) => item.delegation_order_number === order.number);
    expect(sent?.status).toBe('submitted');
    settlementId = sent!.id;
  });

  it("at 1280 × 800 the acceptor opens it from 'what waits for me', returns it for correction with a reason, and the employee reads the reason at the top of the edit screen", { timeout: 90_000 }, async () => {
    expect(settlementId, 'the phone journey sent a settlement').toBeGreaterThan(0);
    const acceptor = await screenOf(1280, 800);
    await logInToDemo(acceptor.page, 'acceptor');
    await acceptor.page.goto('/');
    const waiting = acceptor.page.getByRole('region', { name: /^Rozliczenia delegacji: \d+$/ });
    await waiting.getByRole('link').filter({ hasText: EMPLOYEE }).filter({ hasText: period }).click();
    await acceptor.page.waitForURL(`${baseUrl()}/delegation/decision/${settlementId}`);
    await acceptor.page.getByRole('heading', { name: 'Decyzja w sprawie rozliczenia delegacji' }).waitFor();

    await acceptor.page.getByRole('button', { name: 'Zwróć do poprawy' }).click();
    const dialog = acceptor.page.getByRole('dialog', { name: 'Zwrócić do poprawy?' });
    // A reason shorter than 10 characters is refused at the field, and nothing is sent.
    await dialog.getByLabel(/Powód/).fill('Popraw');
    await dialog.getByRole('button', { name: 'Zwróć do poprawy' }).click();
    await dialog.getByText('Minimum 10 znaków').waitFor();
    await dialog.getByLabel(/Powód/).fill(RETURN_REASON);
    await dialog.getByRole('button', { name: 'Zwróć do poprawy' }).click();
    await acceptor.page.getByText('Rozliczenie zwrócono do poprawy').waitFor();
    await acceptor.page.getByRole('heading', { level: 1, name: 'Rozliczenia delegacji' }).waitFor();
    await acceptor.context.close();

    const employee = await screenOf(1280, 800);
    await logInToDemo(employee.page, 'employee');
    await employee.page.goto('/delegation');
    // Not yet numbered, the settlement is named by its employee and trip.
    await employee.page.getByRole('link', { name: `Edytuj: ${EMPLOYEE}, ${period}` }).click();
    await employee.page.waitForURL(`${baseUrl()}/delegation/edit/${settlementId}`);
    const reason = employee.page.getByRole('alert', { name: 'Powód zwrotu do poprawy' });
    await reason.waitFor();
    expect(await reason.innerText()).toContain(RETURN_REASON);
    expect(await reason.innerText()).toContain('Zwrócono do poprawy – Piotr Nowak');
    // At the top: above the form's first field.
    const reasonBox = await reason.boundingBox();
    const firstField = await employee.page.getByLabel('Pracownik').boundingBox();
    expect(reasonBox!.y).toBeLessThan(firstField!.y);
    await employee.context.close();
  });
});
