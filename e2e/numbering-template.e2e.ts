import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, fillDate, launchBrowser, newPage, logInToDemo } from './support/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const LIST_PATH = '/settings/system-settings/document-number-template';


function previewNumbers(page: Page, scope: string): Promise<string[]> {
  return page.getByRole('list', { name: `Następne numery – ${scope}` }).getByRole('listitem').allInnerTexts();
}

describe('document numbering template', () => {
  it('the administrator creates a template and the preview shows the next numbers', async () => {
    const { context, page } = await newPage(browser);
    await logInToDemo(page, 'administrator');

    await page.goto(LIST_PATH);
    await page.getByRole('link', { name: 'Nowy szablon' }).click();
    await page.waitForURL(`${baseUrl()}${LIST_PATH}/new`);

    // The demo company numbers orders and settlements already; this template is for other documents.
    await page.getByRole('combobox', { name: 'Rodzaj dokumentu' }).click();
    await page.getByRole('option', { name: 'Dokument ogólny' }).click();
    await page.getByRole('combobox', { name: 'Numeracja' }).click();
    await page.getByRole('option', { name: 'Miesięczna, osobno krajowe i zagraniczne' }).click();
    await page.getByLabel('Maska numeru').fill('PW/[KZ]/[00N]/[MM]/[YYYY]');
    await page.getByLabel('Opis').fill('Polecenia wyjazdu – numeracja miesięczna');
    await fillDate(page, 'Data dokumentu', '2026-03-05');

    await expect.poll(() => previewNumbers(page, 'Podróż krajowa')).toEqual(['PW/K/001/03/2026', 'PW/K/002/03/2026', 'PW/K/003/03/2026']);
    expect(await previewNumbers(page, 'Podróż zagraniczna')).toEqual(['PW/Z/001/03/2026', 'PW/Z/002/03/2026', 'PW/Z/003/03/2026']);

    // A mask that breaks a rule shows the rule at the field and no preview.
    await page.getByLabel('Maska numeru').fill('PW/[00N]/[MM]/[YYYY]');
    await page.getByLabel('Opis').click();
    await page.getByText('Przy osobnej numeracji krajowych i zagranicznych maska musi zawierać znacznik [KZ]').waitFor();
    await page.getByText('Popraw maskę, aby zobaczyć podgląd.').waitFor();
    await page.getByLabel('Maska numeru').fill('PW/[KZ]/[00N]/[MM]/[YYYY]');

    await page.getByRole('button', { name: 'Zapisz' }).click();
    await page.waitForURL(`${baseUrl()}${LIST_PATH}`);
    const row = page.getByRole('row', { name: /PW\/\[KZ\]\/\[00N\]\/\[MM\]\/\[YYYY\]/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Dokument ogólny');

    // The saved template opens with the same preview (no number given yet).
    await row.getByRole('link', { name: /Edytuj szablon/ }).click();
    await fillDate(page, 'Data dokumentu', '2026-12-31');
    await expect.poll(() => previewNumbers(page, 'Podróż zagraniczna')).toEqual(['PW/Z/001/12/2026', 'PW/Z/002/12/2026', 'PW/Z/003/12/2026']);
    await context.close();
  });
});
