import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n.ts';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

// `public/browser-check.js` found the browser lacking and shows the non-compatibility alert instead (spec §8).
const isBrowserSupported = !document.documentElement.hasAttribute('data-unsupported-browser');

if (isBrowserSupported) {
  // The interface language's messages arrive in parallel with the rest of the app; a failed fetch still renders (keys show).
  void i18nReady
    .catch(() => undefined)
    .then(() => {
      createRoot(root).render(
        <StrictMode>
          <App router={createAppRouter()} />
        </StrictMode>,
      );
    });
}

// The installable app's worker (ADR 0028) only in a build, and only after the page has loaded: its code is
// no part of what the first screen waits for. Vite's dev server has no worker to register.
if (isBrowserSupported && import.meta.env.PROD && 'serviceWorker' in navigator) {
  // A browser that refuses workers (private windows of some browsers) simply runs the app without one.
  const register = () =>
    import('./lib/service-worker.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch(() => undefined);
  window.addEventListener('load', () => void register(), { once: true });
}
