import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, logInToDemo, fillDate } from './support/browser.ts';
import { api, demoToken } from './support/api.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());


/**
 * The texts of a row's header and data cells, with the no-break spaces of amounts as plain spaces;
 * empty while the row is not there yet (for `expect.poll`).
 */
async function cellTexts(row: Locator): Promise<string[]> {
  const texts = [
    ...(await row.getByRole('rowheader').allInnerTexts()),
    ...(await row.getByRole('cell').allInnerTexts()),
  ];
  return texts.map((text) => text.replace(/\u00a0/g, ' ').trim());
}

/**
 * Puts the demo data back when the journey stopped before its own clean-up: deletes the
 * company-wide German override this journey adds, if it is still there.
 */
async function deleteLeftoverOverride(): Promise<void> {
  const token = await demoToken('administrator');
  const { items } = await api<{
    items: { id: number; country_code: string; group_id: number | null; valid_from: string }[];
  }>('/settings/delegation-rate/custom/list?page_size=200', { token });
  for (const rate of items.filter(
    (item) => item.country_code === 'DE' && item.group_id === null && item.valid_from === '2026-01-01',
  )) {
    await api('/settings/delegation-rate/custom/delete', { token, body: { id: rate.id } });
  }
}

/** The calculation and the lists answer from the server, after the form's debounce: give them time on a busy machine. */
const SERVER_ANSWER = { timeout: 15_000 };

/** The per-diem row of the first country part on the summary step, once the server has calculated it. */
function dietRow(page: Page): Locator {
  return page.getByRole('region', { name: 'Kraj 1: Niemcy' }).getByRole('row', { name: /^Dieta \(/ });
}

describe('company per-diem rates', () => {
  it("a company override of Germany's per diem is what employees see and what the engine calculates", async () => {
    const { context: adminContext, page: admin } = await newPage(browser);
    const { context: employeeContext, page: employee } = await newPage(browser);
    try {
      // 1. The administrator adds a company-wide rate for Germany.
      await logInToDemo(admin, 'administrator');
      await admin.goto('/settings/delegation-rate/custom');
      await admin.getByRole('heading', { name: 'Stawki własne firmy' }).waitFor();
      await admin.getByRole('button', { name: 'Nowa stawka' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Nowa stawka firmowa' });
      await dialog.getByRole('combobox', { name: 'Kraj' }).fill('Niemcy');
      await admin.getByRole('option', { name: 'Niemcy (DE)' }).click();
      await fillDate(dialog, /Obowiązuje od/, '2026-01-01');
      // The dialog names the statutory rate the override replaces.
      await dialog.getByText(/Stawka ustawowa w tym dniu: dieta 49,00 EUR/).waitFor();
      await dialog.getByLabel('Dieta za dobę').fill('60,00');
      await dialog.getByLabel('Waluta').fill('EUR');
      await dialog.getByLabel('Limit za nocleg').fill('200,00');
      await dialog.getByRole('button', { name: 'Zapisz' }).click();
      await admin.getByText('Zapisano stawkę.').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const overrideRow = admin
        .getByRole('table', { name: 'Stawki własne firmy' })
        .getByRole('row', { name: /Niemcy \(DE\)/ });
      await expect
        .poll(() => cellTexts(overrideRow), SERVER_ANSWER)
        .toEqual(['Niemcy (DE)', '', '60,00 EUR', '200,00 EUR', 'cała firma', 'od 2026-01-01', '']);

      // 2. The employee sees it among the rates in force for them, marked as the company's.
      await logInToDemo(employee, 'employee');
      await employee.goto('/delegation-info/delegation-rate');
      const rates = employee.getByRole('table', { name: 'Stawki diet i limity noclegów' });
      await fillDate(employee, 'Dzień', '2026-03-10');
      // The day is in the address (the list's filter) before the search is added to it.
      await employee.waitForURL(/date=2026-03-10/);
      await employee.getByLabel('Szukaj').fill('Niemcy');
      await expect
        .poll(() => cellTexts(rates.getByRole('row', { name: /Niemcy/ })), SERVER_ANSWER)
        .toEqual(['Niemcy (DE)', '', '60,00', 'EUR', '200,00', 'od 2026-01-01', 'Firmowa']);

      // 3. A one-day stay in Germany is settled at the company's rate.
      await employee.goto('/delegation/new');
      await employee.getByRole('heading', { name: 'Dane ogólne' }).waitFor();
      await fillDate(employee, 'Rozpoczęcie podróży', '2026-03-10 06:00');
      await fillDate(employee, 'Zakończenie podróży', '2026-03-10 20:00');
      await employee.getByLabel('Miejsce docelowe').fill('Berlin');
      await employee.getByLabel('Cel podróży (zadanie służbowe)').fill('Spotkanie z klientem');
      await employee.getByRole('button', { name: 'Dalej' }).click();

      await employee.getByRole('heading', { name: 'Trasa', level: 2 }).waitFor();
      const segments: [string, string, string, string][] = [
        ['Warszawa', 'Berlin', '2026-03-10 06:00', '2026-03-10 11:00'],
        ['Berlin', 'Warszawa', '2026-03-10 15:00', '2026-03-10 20:00'],
      ];
      for (const [index, [from, to, departure, arrival]] of segments.entries()) {
        const segment = employee.getByRole('region', { name: `Odcinek ${index + 1}` });
        await segment.getByLabel('Środek transportu').selectOption({ label: 'Pociąg' });
        await segment.getByLabel('Sposób rozliczenia').selectOption({ label: 'Zapewniony przez firmę' });
        await segment.getByLabel('Skąd').fill(from);
        await segment.getByLabel('Dokąd').fill(to);
        await fillDate(segment, 'Wyjazd', departure);
        await fillDate(segment, 'Przyjazd', arrival);
      }
      await employee.getByRole('button', { name: 'Dalej' }).click();

      await employee.getByRole('heading', { name: 'Noclegi i diety', level: 2 }).waitFor();
      const part = employee.getByRole('region', { name: /^Kraj 1/ });
      await part.getByRole('combobox', { name: 'Kraj' }).fill('Niemcy');
      await employee.getByRole('option', { name: 'Niemcy', exact: true }).click();
      await fillDate(part, 'Początek pobytu', '2026-03-10 06:00');
      await fillDate(part, 'Koniec pobytu', '2026-03-10 20:00');
      await employee
        .getByRole('region', { name: 'Kraj 1: Niemcy' })
        .getByText(/^Dieta: 60,00\sEUR$/)
        .waitFor();
      await employee.getByRole('button', { name: 'Dalej' }).click();

      await employee.getByRole('heading', { name: 'Podsumowanie i załączniki', level: 2 }).waitFor();
      // 14 hours abroad earn a full per diem: the company's 60 EUR, not the statutory 49 EUR. The test
      // server loads no NBP table, so only the amounts in EUR are certain.
      await expect
        .poll(async () => (await cellTexts(dietRow(employee))).slice(0, 2), SERVER_ANSWER)
        .toEqual(['Dieta (60,00 EUR za dobę)', '60,00 EUR']);
      await dietRow(employee)
        .getByRole('button', { name: /^Pokaż wyjaśnienie: Dieta/ })
        .click();
      await employee
        .getByText(
          /Stawka diety: 60,00\sEUR za dobę, limit noclegu: 200,00\sEUR \(stawka firmy, obowiązuje od 01\.01\.2026\)/,
        )
        .waitFor();

      // 4. The administrator deletes the override…
      await admin.reload();
      await overrideRow.getByRole('button', { name: 'Usuń stawkę Niemcy' }).click();
      const confirmation = admin.getByRole('dialog', { name: 'Usunąć stawkę?' });
      await confirmation.getByRole('button', { name: 'Usuń' }).click();
      await admin.getByText('Usunięto stawkę.').waitFor();
      await overrideRow.waitFor({ state: 'detached' });

      // …and the same settlement, recalculated after any change, falls back to the statutory rate.
      await employee.getByRole('tab', { name: /^Dane ogólne/ }).click();
      await employee.getByLabel('Miejsce docelowe').fill('Berlin, Poczdam');
      await employee.getByRole('tab', { name: /^Podsumowanie i załączniki/ }).click();
      await expect.poll(async () => (await cellTexts(dietRow(employee)))[1], SERVER_ANSWER).toBe('49,00 EUR');
      await dietRow(employee)
        .getByRole('button', { name: /^Pokaż wyjaśnienie: Dieta/ })
        .click();
      await employee.getByText(/Stawka diety: 49,00\sEUR za dobę.*\(stawka z rozporządzenia/).waitFor();
    } finally {
      // The settlement draft lives in the employee's tab only and goes with the context.
      await employeeContext.close();
      await adminContext.close();
      await deleteLeftoverOverride();
    }
  }, 120_000);
});
