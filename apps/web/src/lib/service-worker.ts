import { announceUpdate } from './app-update.ts';

/** Spec §9: the service worker is polled for updates every 3 seconds. */
export const UPDATE_POLL_MS = 3000;

/** The message Workbox's generated worker answers with `skipWaiting()` (vite-plugin-pwa, `registerType: 'prompt'`). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

interface Options {
  container?: ServiceWorkerContainer;
  reload?: () => void;
  pollMs?: number;
}

/**
 * Registers the build's worker (ADR 0028), asks the server for a newer one every `pollMs`, and announces a new
 * build once its worker waits. A worker installed while the page has no controller is the first install, not an
 * update, and announces nothing. Applying the update tells the waiting worker to take over and reloads this tab
 * when it has; other open tabs keep their banner until they are reloaded too. Returns the stop of the polling.
 */
export async function registerServiceWorker({ container = navigator.serviceWorker, reload = () => window.location.reload(), pollMs = UPDATE_POLL_MS }: Options = {}): Promise<() => void> {
  // `updateViaCache: 'none'`: every check reaches the server (it sends the worker with `no-cache` anyway).
  const registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  const announceIfWaiting = () => {
    const waiting = registration.waiting;
    if (!waiting || !container.controller) return;
    announceUpdate(() => {
      container.addEventListener('controllerchange', () => reload(), { once: true });
      waiting.postMessage(SKIP_WAITING_MESSAGE);
    });
  };
  announceIfWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announceIfWaiting();
    });
  });
  // A failed check (offline, server restarting) is simply tried again at the next tick.
  const timer = setInterval(() => void registration.update().catch(() => undefined), pollMs);
  return () => clearInterval(timer);
}
