#!/usr/bin/env node
// Draws the installable app's PNG icons from apps/web/public/icon.svg with the Chromium the e2e
// journeys use, so the icons are remade from the one drawing instead of edited by hand.
// Run after changing the SVG: node scripts/make-web-icons.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/public');
const svg = readFileSync(join(publicDir, 'icon.svg'), 'utf8');
const sizes = { 'icon-192.png': 192, 'icon-512.png': 512, 'apple-touch-icon.png': 180 };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const [name, size] of Object.entries(sizes)) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: join(publicDir, name), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
