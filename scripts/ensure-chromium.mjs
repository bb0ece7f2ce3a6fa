// Installs what the browser and document tests need from Debian's packages when it is missing:
// Chromium (driven by playwright-core) and poppler-utils (pdftotext reads generated PDFs back).
// Runs after `npm install`; never downloads a browser build of its own.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const needed = [
  { binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', packages: ['chromium', 'fonts-dejavu-core'] },
  { binary: '/usr/bin/pdftotext', packages: ['poppler-utils'] },
];
const missing = needed.filter(({ binary }) => !existsSync(binary)).flatMap(({ packages }) => packages);
if (missing.length === 0 || process.env.DELEGO_SKIP_SYSTEM_PACKAGES === '1') process.exit(0);
if (process.getuid?.() !== 0) {
  console.warn(`[delego] missing system packages for the tests; install them with: apt-get update && apt-get install -y ${missing.join(' ')}`);
  process.exit(0);
}
try {
  console.log(`[delego] installing ${missing.join(', ')} from Debian packages for the tests…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
} catch {
  console.warn('[delego] could not install the system packages; the browser and PDF tests will fail until they are installed');
}
