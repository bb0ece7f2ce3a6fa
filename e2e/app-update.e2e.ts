import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { repoRoot, startBuiltServer, type RunningServer } from './support/server.ts';

/**
 * The installable app (ADR 0028) on a server of its own, whose web folder is a copy of the build the journey may
 * replace — the run's shared server keeps serving the build the other journeys test.
 */
let webDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'delego-web-'));
  cpSync(path.join(repoRoot, 'apps/web/dist'), webDir, { recursive: true });
  server = await startBuiltServer({ WEB_DIST: webDir, DEMO_SEED: 'false' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(webDir, { recursive: true, force: true });
});

/** Writes a file of the served build with the brotli and gzip copies the server prefers, as the build does. */
function writeServed(name: string, text: string): void {
  const file = path.join(webDir, name);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

/**
 * Deploys "a new build": a page that differs (a marker the journey looks for) and the worker listing it with a new
 * revision, as the next `vite build` would leave them.
 */
function deployNextBuild(): void {
  const page = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  writeServed('index.html', page.replace('</head>', '<meta name="delego-build" content="next"></head>'));
  const worker = readFileSync(path.join(webDir, 'sw.js'), 'utf8');
  const next = worker.replace(/(\{url:"index\.html",revision:")[0-9a-f]+"/, '$1next-build"');
  expect(next).not.toBe(worker);
  writeFileSync(path.join(webDir, 'sw.js'), next);
}

/** Opens the login screen and waits until the build's worker controls the page (the first visit installs it). */
async function openControlledLogin(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.getByRole('button', { name: 'Zaloguj' }).waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${server.baseUrl}/sw.js`);
}

const nextBuildMarker = (page: Page) => page.locator('meta[name="delego-build"]');

describe('the installable app', () => {
  it('stores no API answer: only the build’s files are in the worker’s caches', async () => {
    const context = await browser.newContext({ locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
    const page = await context.newPage();
    await openControlledLogin(page);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
    await context.close();
  });

  it('opens offline from the installed shell, with the offline banner', async () => {
    const context = await browser.newContext({ locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
    const page = await context.newPage();
    await openControlledLogin(page);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Brak połączenia z internetem.' }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows the new-version banner after a new build is served, and its click reloads into that build', async () => {
    const context = await browser.newContext({ locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
    const page = await context.newPage();
    await openControlledLogin(page);
    const banner = page.getByRole('alert').filter({ hasText: 'Dostępna jest nowa wersja aplikacji.' });
    expect(await banner.count()).toBe(0);
    expect(await nextBuildMarker(page).count()).toBe(0);

    deployNextBuild();
    // The page asks for a new worker every 3 s (spec §9); the new one installs the new build and waits.
    await banner.waitFor({ timeout: 30_000 });
    await banner.getByRole('button', { name: 'Wczytaj nową wersję' }).click();

    await nextBuildMarker(page).waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByRole('button', { name: 'Zaloguj' }).waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});
