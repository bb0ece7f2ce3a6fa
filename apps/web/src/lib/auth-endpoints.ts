/**
 * The auth endpoints with their schemas (zod), fetched on first use: the login page and the session
 * check render before zod and the contract's schemas arrive (issue 13: the login route's JavaScript).
 * A module import runs once, so every later call gets the same endpoints at once.
 */
export function loadAuthApi() {
  return import('@delego/contract/auth').then(({ authApi }) => authApi);
}
