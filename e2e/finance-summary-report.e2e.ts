import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { fillDate, launchBrowser, logInToDemo, newPage } from './support/browser.ts';
import { api, dayFromToday, demoToken } from './support/api.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** An amount in grosz: the sheet holds amounts as numbers with two places, the API as decimal text. */
const grosz = (value: unknown): number => Math.round(Number(value) * 100);

/** The demo's settled settlements as the API gives them: number and the engine's total of the last calculation. */
async function settledTotals(): Promise<Map<string, number>> {
  const token = await demoToken('finance');
  const list = await api<{ items: { id: number; number: string | null }[] }>('/delegation/list?status=settled&page_size=100', { token });
  const totals = new Map<string, number>();
  for (const item of list.items) {
    const { delegation } = await api<{ delegation: { number: string | null; calculated: { total_pln: string } | null } }>('/delegation/delegation-edit', { token, body: { id: item.id } });
    if (!delegation.number || !delegation.calculated) throw new Error(`settled settlement ${item.id} has no number or no calculation`);
    totals.set(delegation.number, grosz(delegation.calculated.total_pln));
  }
  return totals;
}

/** The sheet's rows by the header's labels, the totals row apart. */
function rowsOf(sheet: ExcelJS.Worksheet): { rows: Record<string, unknown>[]; totals: Record<string, unknown> } {
  // exceljs gives a row's values from index 1, with holes for empty cells.
  const header = Array.from(sheet.getRow(1).values as unknown[], (value) => String(value ?? ''));
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const values = Array.from(row.values as unknown[]);
    rows.push(Object.fromEntries(header.map((label, column) => [label, values[column] ?? null])));
  });
  const totals = rows.pop();
  if (!totals) throw new Error('the report has no totals row');
  return { rows, totals };
}

describe('the finance summary report', () => {
  it('the finance user generates the settlement summary of the past two years as XLSX, downloads it, and the file holds every settled demo trip at its engine total, with totals that add up to the grosz', { timeout: 90_000 }, async () => {
    const expected = await settledTotals();
    expect(expected.size).toBeGreaterThan(5);

    const { context, page } = await newPage(browser);
    await logInToDemo(page, 'finance');
    await page.goto('/report/new');
    await page.getByRole('heading', { name: 'Nowy raport' }).waitFor();
    await page.getByRole('combobox', { name: 'Typ raportu' }).click();
    await page.getByRole('option', { name: 'Zestawienie rozliczeń', exact: true }).click();
    await page.getByRole('combobox', { name: 'Format pliku' }).click();
    await page.getByRole('option', { name: 'XLSX', exact: true }).click();
    await page.getByRole('combobox', { name: 'Rodzaj daty' }).click();
    await page.getByRole('option', { name: 'Data rozliczenia', exact: true }).click();
    const [from, to] = [dayFromToday(-730), dayFromToday(0)];
    await fillDate(page, 'Od', from);
    await fillDate(page, 'Do', to);
    await page.getByRole('button', { name: 'Generuj' }).click();

    await page.waitForURL(/\/report$/);
    const fileName = `summaryReport_${from}_${to}.xlsx`;
    const downloadButton = page.getByRole('button', { name: `Pobierz ${fileName}` }).first();
    await downloadButton.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    await context.close();

    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Zestawienie rozliczeń');
    const { rows, totals } = rowsOf(sheet);
    const reported = new Map(rows.map((row) => [String(row['Numer']), grosz(row['Razem PLN'])]));
    for (const [number, total] of expected) expect({ number, total: reported.get(number) }).toEqual({ number, total });
    // Statuses read in the requester's language, not as codes.
    expect(rows.every((row) => row['Status'] === 'Rozliczone')).toBe(true);
    expect(reported.size).toBe(expected.size);
    expect(totals['Numer']).toBe('Razem');
    const sumOfSettlements = [...expected.values()].reduce((sum, total) => sum + total, 0);
    expect(grosz(totals['Razem PLN'])).toBe(sumOfSettlements);
  });
});
