/**
 * The JavaScript a browser downloads before the login form appears: Debian's Chromium opens `/login`
 * on the running built server and every script it fetches until the form shows is counted, by the
 * size of the brotli and gzip copies the build made (what the server sends) and of the plain file.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export interface WebFigure {
  scripts: number;
  plainBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** The largest scripts, for the note of what the route pays for. */
  largest: { file: string; gzipBytes: number }[];
}

const sizeOf = (file: string): number => (existsSync(file) ? statSync(file).size : 0);

export async function measureLoginRouteJavaScript(baseUrl: string, webDist: string): Promise<WebFigure> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Zaloguj' }).waitFor();
    const files = [...scripts].map((pathname) => {
      const file = path.join(webDist, pathname);
      return { file: path.basename(file), plainBytes: sizeOf(file), gzipBytes: sizeOf(`${file}.gz`), brotliBytes: sizeOf(`${file}.br`) };
    });
    const sum = (key: 'plainBytes' | 'gzipBytes' | 'brotliBytes') => files.reduce((total, file) => total + file[key], 0);
    return {
      scripts: files.length,
      plainBytes: sum('plainBytes'),
      gzipBytes: sum('gzipBytes'),
      brotliBytes: sum('brotliBytes'),
      largest: files
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .slice(0, 6)
        .map(({ file, gzipBytes }) => ({ file, gzipBytes })),
    };
  } finally {
    await browser.close();
  }
}

/** The page's globals the recalculation measure uses, typed without the DOM library (this programme is Node's). */
interface InPage {
  lastKeyAt: number;
  shownAt: number | null;
  listening?: boolean;
  document: {
    addEventListener(type: 'keydown', listener: () => void, options: { capture: boolean }): void;
    querySelector(selector: string): { textContent: string | null } | null;
  };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void; disconnect(): void };
}

export interface RecalculationFigure {
  /** Milliseconds from the last keystroke of a new amount to the settlement form's total showing it, one per round. */
  samples: number[];
  medianMs: number;
  maxMs: number;
}

/**
 * The settlement form's recalculation as a person sees it (issue 13: within 250 ms of the last change, debounce
 * included): the demo employee opens a new settlement, gives it dates, a destination and a train ticket, then types
 * a new ticket amount, a key every 60 ms, several times; each round counts from the last key's `keydown` to the
 * moment the form's status ('Stan wyliczenia') shows the total with that amount, both read in the page's clock.
 */
export async function measureRecalculation(baseUrl: string, rounds = 10): Promise<RecalculationFigure> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ locale: 'pl-PL', timezoneId: 'Europe/Warsaw', baseURL: baseUrl });
    await page.goto('/login');
    await page.getByLabel('Firma').fill('demo');
    await page.getByLabel('Login').fill('employee');
    await page.getByLabel('Hasło', { exact: true }).fill('Delego2026!');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Wyloguj' }).waitFor();

    await page.goto('/delegation/new');
    await page.getByLabel('Miejsce docelowe').waitFor();
    const typeDate = async (label: string, digits: string) => {
      await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
      await page.keyboard.type(digits);
    };
    // 2 March 08:00 to 4 March 18:00 in Kraków: 135,00 zł of per diem before any ticket.
    await typeDate('Rozpoczęcie podróży', '020320260800');
    await typeDate('Zakończenie podróży', '040320261800');
    await page.getByLabel('Miejsce docelowe').fill('Kraków');
    await page.getByRole('tab', { name: /Trasa/ }).click();
    const segment = page.getByRole('region', { name: 'Odcinek 1' });
    await segment.getByRole('combobox').nth(0).selectOption({ label: 'Pociąg' });
    await segment.getByRole('combobox').nth(1).selectOption({ label: 'Bilet' });
    const amount = segment.getByLabel('Kwota');

    const samples: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const ticket = 110 + round * 7;
      const expected = `Razem: ${135 + ticket},00`;
      await amount.fill('');
      await page.evaluate((text) => {
        const state = globalThis as unknown as InPage;
        state.shownAt = null;
        if (!state.listening) state.document.addEventListener('keydown', () => (state.lastKeyAt = performance.now()), { capture: true });
        state.listening = true;
        const status = state.document.querySelector('[role="status"][aria-label="Stan wyliczenia"]');
        if (!status) throw new Error('the settlement form has no calculation status');
        const observer = new state.MutationObserver(() => {
          if (!(status.textContent ?? '').replace(/\s/g, ' ').includes(text)) return;
          state.shownAt = performance.now();
          observer.disconnect();
        });
        observer.observe(status, { childList: true, subtree: true, characterData: true });
      }, expected);
      await amount.pressSequentially(String(ticket), { delay: 60 });
      await page.waitForFunction(() => (globalThis as unknown as InPage).shownAt !== null, undefined, { timeout: 15_000 });
      samples.push(await page.evaluate(() => {
        const state = globalThis as unknown as InPage;
        return (state.shownAt ?? 0) - state.lastKeyAt;
      }));
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return { samples, medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0, maxMs: sorted.at(-1) ?? 0 };
  } finally {
    await browser.close();
  }
}
