import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, demoToken } from './support/api.ts';
import { baseUrl, launchBrowser, logInToDemo, logInToProvider } from './support/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** Every list screen of the administrator, who sees them all. */
const LISTS = [
  '/delegation',
  '/delegation-order',
  '/delegation-advance',
  '/travel-service',
  '/booking/flight',
  '/booking/hotel',
  '/booking/rail',
  '/booking/other',
  '/invoices',
  '/report',
  '/booking/report/budget',
  '/booking/report',
  '/optima',
  '/optima/settings/category',
  '/optima/settings/contractor',
  '/optima/settings/employee',
  '/substitutes',
  '/substitutes/deputyAuth',
  '/travel-service/rail-carrier',
  '/delegation-info/delegation-rate',
  '/delegation-info/delegation-task',
  '/delegation-info/exchange-rate',
  '/delegation-info/vehicle',
  '/settings/users',
  '/settings/cost-centre',
  '/settings/cost-centre/budget',
  '/settings/cost-centre/users',
  '/settings/project',
  '/settings/delegation-task',
  '/settings/delegation-rate',
  '/settings/delegation-rate/custom',
  '/settings/delegation-rate/group',
  '/settings/delegation-rate/mileage',
  '/settings/exchange-rate',
  '/settings/external-company',
  '/settings/organizational-structure',
  '/settings/organizational-structure/users',
  '/settings/custom-webpage',
  '/settings/vehicles',
  '/settings/user-substitute',
  '/settings/logs',
  '/settings/role',
  '/settings/role/mapping',
  '/settings/role/deputy-auth',
  '/settings/system-settings/document-number-template',
  '/settings/travel-service',
  '/settings/travel-service/additional-parameters',
];

/** What scrolls sideways on the screen: the page itself, or a table inside it (tab bars scroll by design, with their arrows). */
async function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push(`page ${document.documentElement.scrollWidth} px`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('.MuiTableContainer-root'))) {
      if (element.scrollWidth > element.clientWidth + 1) found.push(`table "${element.querySelector('table')?.getAttribute('aria-label') ?? ''}" ${element.scrollWidth} px in ${element.clientWidth} px`);
    }
    return found;
  });
}

async function openList(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page
    .getByRole('heading', { level: 1 })
    .waitFor()
    .catch(async (error: unknown) => {
      const shown = await page.locator('body').innerText().catch(() => '');
      throw new Error(`${route}: no heading at ${page.url()}; the screen reads: ${shown.slice(0, 400)}`, { cause: error });
    });
  // The list's rows (or its empty state) have arrived once nothing is loading any more.
  await page.waitForFunction(() => document.querySelector('[role="progressbar"]') === null, undefined, { timeout: 15_000 });
}

/** Every list screen in turn, with what scrolls sideways on it; empty when none does. */
async function overflowingLists(page: Page): Promise<Record<string, string[]>> {
  const overflowing: Record<string, string[]> = {};
  for (const route of LISTS) {
    await openList(page, route);
    const found = await sidewaysScrolling(page);
    if (found.length > 0) overflowing[route] = found;
  }
  return overflowing;
}

describe('screens that fit', () => {
  it('no list scrolls sideways at 1280 × 800 with the menu open', { timeout: 300_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pl-PL', timezoneId: 'Europe/Warsaw', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logInToDemo(page, 'administrator');
    const overflowing = await overflowingLists(page);
    expect(overflowing, JSON.stringify(overflowing)).toEqual({});
    await context.close();
  });

  it('no list screen nor its tables scroll sideways at 390 × 844', { timeout: 300_000 }, async () => {
    // Signed in on a wide screen (where the menu shows that the login is complete), then looked at on a phone.
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pl-PL', timezoneId: 'Europe/Warsaw', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logInToDemo(page, 'administrator');
    await page.setViewportSize({ width: 390, height: 844 });
    const overflowing = await overflowingLists(page);
    expect(overflowing, JSON.stringify(overflowing)).toEqual({});
    await context.close();
  });

  it('at 390 × 844 the menu is a drawer and the settlements are cards within the screen', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pl-PL', timezoneId: 'Europe/Warsaw', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Firma').fill('demo');
    await page.getByLabel('Login').fill('administrator');
    await page.getByLabel('Hasło', { exact: true }).fill('Delego2026!');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    // The menu waits behind its button instead of taking the screen's width.
    const menuButton = page.getByRole('button', { name: 'Rozwiń menu główne' });
    await menuButton.waitFor();
    expect(await page.getByRole('navigation', { name: 'Menu główne' }).isVisible()).toBe(false);
    await menuButton.click();
    // Choosing a screen closes the drawer.
    await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Faktury' }).click();
    await page.waitForURL('**/invoices');
    await page.getByRole('navigation', { name: 'Menu główne' }).waitFor({ state: 'hidden' });
    await page.goto('/delegation');
    await page.getByRole('heading', { level: 1, name: 'Rozliczenia delegacji' }).waitFor();
    const cards = page.getByRole('list', { name: 'Rozliczenia delegacji' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    const first = await cards.first().boundingBox();
    expect(first!.x).toBeGreaterThanOrEqual(0);
    expect(first!.x + first!.width).toBeLessThanOrEqual(390);
    expect(await sidewaysScrolling(page)).toEqual([]);
    await context.close();
  });

  it("the provider's company and user lists fit 1280 × 800 and 390 × 844", { timeout: 90_000 }, async () => {
    // Signed in once on a wide screen, where the second step ends on the open menu, then looked at in each viewport.
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pl-PL', timezoneId: 'Europe/Warsaw', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logInToProvider(page, 'superadmin');
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      const overflowing: Record<string, string[]> = {};
      for (const route of ['/admin/companies', '/admin/users']) {
        await openList(page, route);
        const found = await sidewaysScrolling(page);
        if (found.length > 0) overflowing[route] = found;
      }
      expect(overflowing, `${viewport.width} px: ${JSON.stringify(overflowing)}`).toEqual({});
    }
    await context.close();
  });

  it("the provider's mailing screens fit 1280 × 800 and 390 × 844", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pl-PL', timezoneId: 'Europe/Warsaw', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logInToProvider(page, 'superadmin');
    const subject = 'Delego: nowy moduł list mailingowych';
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      const overflowing: Record<string, string[]> = {};
      const check = async (name: string) => {
        const found = await sidewaysScrolling(page);
        if (found.length > 0) overflowing[name] = found;
      };
      // The mailings carry progress bars of their own, so the screen is ready when the demo's rows are there.
      await page.goto('/admin/mailing?tab=lists');
      await page.getByText('Administratorzy wszystkich firm').first().waitFor();
      await check('lists');
      await page.goto('/admin/mailing');
      await page.getByRole('button', { name: `Pokaż wiadomość ${subject}` }).first().click();
      await page.getByRole('heading', { level: 1, name: subject }).waitFor();
      await page.getByText('Barbara Lis').first().waitFor();
      await check('mailing');
      await page.goto('/admin/mailing');
      await page.getByText(subject).first().waitFor();
      await check('mailings');
      await page.getByRole('button', { name: 'Nowa wiadomość' }).click();
      await page.getByRole('dialog', { name: 'Nowa wiadomość' }).waitFor();
      await check('editor');
      expect(overflowing, `${viewport.width} px: ${JSON.stringify(overflowing)}`).toEqual({});
    }
    await context.close();
  });

  it("a document's and a person's screens fit 1280 × 800 and 390 × 844: tables in the row's details or as cards, never scrolling sideways", { timeout: 300_000 }, async () => {
    const token = await demoToken('administrator');
    const first = async (path: string) => {
      const page = await api<{ items: { id: number }[] }>(path, { token });
      if (!page.items[0]) throw new Error(`${path}: the demo data has none`);
      return page.items[0].id;
    };
    // The demo's busiest documents: a role that people hold, and the Berlin trip (advance, transport, decisions).
    const role = await first('/settings/role/list?sort=member_count&order=desc');
    const invoice = await first('/invoice/list');
    const order = await first('/delegation-order/list?search=Berlin');
    const settlement = await first('/delegation/list?search=Berlin');
    const user = await first('/settings/users/list?search=employee');
    const screens = [
      `/settings/role/edit-users/${role}`,
      '/booking/mapping',
      '/booking/report/monthly',
      '/booking/report/custom',
      `/invoices/details/${invoice}`,
      `/delegation-order/readonly/${order}`,
      `/delegation/readonly/${settlement}`,
      ...['basic', 'cost-centre', 'delegation', 'roles-and-permissions', 'additional-data'].map((tab) => `/settings/users/edit/${user}/${tab}`),
    ];

    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pl-PL', timezoneId: 'Europe/Warsaw', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logInToDemo(page, 'administrator');
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      const overflowing: Record<string, string[]> = {};
      for (const route of screens) {
        await openList(page, route);
        const found = await sidewaysScrolling(page);
        if (found.length > 0) overflowing[route] = found;
      }
      expect(overflowing, `${viewport.width} px: ${JSON.stringify(overflowing)}`).toEqual({});
    }
    await context.close();
  });
});
