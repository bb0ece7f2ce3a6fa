/**
 * The access token lives in localStorage (spec §4, §9) so every tab shares one session:
 * a refresh in one tab serves all of them, and removing it logs every tab out.
 */
export const TOKEN_STORAGE_KEY = 'delego.accessToken';

export function readToken(): string | null {
  return window.localStorage.getItem(TOKEN_STORAGE_KEY);
}

export function writeToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function removeToken(): void {
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
}

/** When the JWT expires, in epoch milliseconds, or null when it cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims) || typeof claims.exp !== 'number') return null;
    return claims.exp * 1000;
  } catch {
    return null;
  }
}

/** The stored token if it has not expired; an expired or unreadable one is removed (spec §9). */
export function readValidToken(now = Date.now()): string | null {
  const token = readToken();
  if (token === null) return null;
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null || expiresAt <= now) {
    removeToken();
    return null;
  }
  return token;
}
