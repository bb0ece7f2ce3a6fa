import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, loadLanguage } from '../lib/i18n.ts';
import { dropSessionData } from '../lib/session-data.ts';

// Whole screens render slowly on a loaded 2-core machine: give findBy/waitFor time before failing. A deep link's
// first render also waits for the route table and the screen, each a lazy module compiled on first use (ADR 0040).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; MUI's useMediaQuery needs one.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// Tests switch languages at will: both are loaded once, as the browser would fetch them on a switch. The route
// table's module is loaded up front, as it was when the router imported it: the router still fetches it on its first
// navigation beyond login (app/router.tsx), but a test's wait no longer includes transforming it.
beforeAll(async () => {
  await Promise.all([loadLanguage('pl-PL'), loadLanguage('en-US'), import('../app/route-table.ts')]);
});

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('pl-PL');
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The app's one query client
// (lib/query-client.ts) outlives a test: its cache is emptied as a logout would.
afterEach(() => {
  cleanup();
  dropSessionData();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
