import { useSyncExternalStore } from 'react';

/**
 * Spec §4 client state: whether a new version is ready (the offline flag is `online-status.ts`). The service
 * worker's registration (`service-worker.ts`, loaded after the page) announces a waiting new build here with the
 * step that switches to it; the banner only reads the flag and runs that step on click.
 */
let switchToUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function announceUpdate(switchTo: () => void): void {
  switchToUpdate = switchTo;
  for (const listener of listeners) listener();
}

/** Activates the waiting build; the page reloads once it has taken over. */
export function applyUpdate(): void {
  switchToUpdate?.();
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribe, () => switchToUpdate !== null);
}
