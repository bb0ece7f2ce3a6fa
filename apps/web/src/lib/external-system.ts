import { isReturnUrl } from '@delego/domain';

/**
 * The external-system user flag of spec §1/§2: set in this browser when a user signed in from the
 * company's main system, holding where to send them back. While it is set, a user who is not logged
 * in is sent to the main system instead of the login form; `/external-login/clear` removes it.
 */
export const EXTERNAL_SYSTEM_STORAGE_KEY = 'delego.externalSystem';

export function rememberExternalSystem(returnUrl: string): void {
  if (isReturnUrl(returnUrl)) window.localStorage.setItem(EXTERNAL_SYSTEM_STORAGE_KEY, returnUrl);
}

/** The main system's address this browser's external user returns to, or null when the flag is not set. */
export function externalReturnUrl(): string | null {
  const stored = window.localStorage.getItem(EXTERNAL_SYSTEM_STORAGE_KEY);
  return stored !== null && isReturnUrl(stored) ? stored : null;
}

export function clearExternalSystem(): void {
  window.localStorage.removeItem(EXTERNAL_SYSTEM_STORAGE_KEY);
}

/** Leaves the app for the main system; an object so tests can watch the departure (jsdom does not navigate). */
export const externalNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
