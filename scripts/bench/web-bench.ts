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
