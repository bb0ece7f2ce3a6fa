// Installs Debian's Chromium for the end-to-end tests when it is missing.
// Runs after `npm install`; never downloads a browser build of its own.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium) || process.env.DELEGO_SKIP_CHROMIUM === '1') process.exit(0);
if (process.getuid?.() !== 0) {
  console.warn(`[delego] ${chromium} is missing; install it with: apt-get update && apt-get install -y chromium`);
  process.exit(0);
}
try {
  console.log('[delego] installing Chromium from Debian packages for the end-to-end tests…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core poppler-utils', { stdio: 'inherit' });
} catch {
  console.warn('[delego] could not install Chromium; end-to-end tests will fail until it is installed');
}
