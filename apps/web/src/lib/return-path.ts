/** Paths that must never become the after-login target (they would loop or log out again). */
const NON_RETURNABLE = /^\/(login|login-admin|logout)(\/|$)/;
const LOGIN_ADDRESS_PREFIX = '/login/';

/** The login address that brings the user back to `path` afterwards (spec §2 `/login/{address}`). */
export function loginPathFor(path: string): string {
  if (path === '/' || NON_RETURNABLE.test(path)) return '/login';
  return `${LOGIN_ADDRESS_PREFIX}${encodeURIComponent(path)}`;
}

/**
 * The in-app path to open after logging in at `loginPathname` (`/login/{address}`).
 * The address is read from the raw pathname and decoded exactly once, because the router's
 * params keep an encoded slash encoded. Only same-app absolute paths are accepted, so a
 * crafted link cannot send the user to another site.
 */
export function returnPathAfterLogin(loginPathname: string): string {
  if (!loginPathname.startsWith(LOGIN_ADDRESS_PREFIX)) return '/';
  let path: string;
  try {
    path = decodeURIComponent(loginPathname.slice(LOGIN_ADDRESS_PREFIX.length));
  } catch {
    return '/';
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || NON_RETURNABLE.test(path)) return '/';
  return path;
}
