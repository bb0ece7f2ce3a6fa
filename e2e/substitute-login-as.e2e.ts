import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, dayFromToday, demoToken, sentTripOrder } from './support/api.ts';
import { launchBrowser, logInToDemo, newPage } from './support/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

interface Decision {
  action: string;
  user_name: string;
  context_user_name: string | null;
}

/** Set-up: Anna's trip order, sent to her superior Piotr Nowak, who is away (the demo substitutes Katarzyna Wiśniewska for him). */
async function orderWaitingForTheAbsentAcceptor(destination: string): Promise<number> {
  const day = dayFromToday(20);
  const { id } = await sentTripOrder({ task: 'Rozmowy z dystrybutorem', destination: { place_text: destination, country_code: 'PL' }, start: `${day} 07:00`, end: `${day} 19:00`, transport: ['rail'] });
  return id;
}

describe('a substitute decides for the absent acceptor', () => {
  it('the finance user logs in as the absent acceptor from the substitutes badge, accepts the order waiting for him, and goes back to her own account; the history names both', { timeout: 90_000 }, async () => {
    const destination = `Poznań ${randomUUID().slice(0, 6)}`;
    const orderId = await orderWaitingForTheAbsentAcceptor(destination);
    const { context, page } = await newPage(browser);
    await logInToDemo(page, 'finance');

    // The menu's substitutes entry carries the number of absent colleagues she may log in as.
    const menu = page.getByRole('navigation', { name: 'Menu główne' });
    const substitutes = menu.getByRole('link', { name: /Zastępstwa/ });
    expect(await substitutes.innerText()).toMatch(/1/);
    await substitutes.click();
    await page.getByRole('button', { name: 'Zaloguj jako Piotr Nowak' }).click();
    await page.getByRole('img', { name: 'Zalogowano jako inny użytkownik' }).waitFor();

    // As Piotr, the order waits for her decision.
    await page.goto(`/delegation-order/decision/${orderId}`);
    await page.getByText(destination).first().waitFor();
    await page.getByRole('button', { name: 'Akceptuj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zaakceptować polecenie wyjazdu?' });
    await dialog.getByLabel('Komentarz').fill('Akceptuję w zastępstwie');
    await dialog.getByRole('button', { name: 'Akceptuj' }).click();
    await page.waitForURL((url) => url.pathname === '/delegation-order');

    // Back to her own account: the logged-as mark disappears.
    await menu.getByRole('link', { name: 'Powrót na własne konto' }).click();
    await page.getByRole('img', { name: 'Zalogowano jako inny użytkownik' }).waitFor({ state: 'detached' });
    await menu.getByRole('link', { name: /Zastępstwa/ }).waitFor();

    const { delegationOrder } = await api<{ delegationOrder: { status: string; decisions: Decision[] } }>('/delegation-order/delegation-order-edit', {
      token: await demoToken('employee'),
      body: { id: orderId },
    });
    expect(delegationOrder.status).toBe('accepted');
    expect(delegationOrder.decisions.at(-1)).toMatchObject({ action: 'accept', user_name: 'Katarzyna Wiśniewska', context_user_name: 'Piotr Nowak' });
    await context.close();
  });
});
