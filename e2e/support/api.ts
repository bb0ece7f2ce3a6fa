import { baseUrl, DEMO_PASSWORD } from './browser.ts';

/** Calls the running server's API as a screen would: GET without a body, POST with one. */
export async function api<T = Record<string, unknown>>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An access token of a demo-company user, for set-up and checks the journey does not click through. */
export async function demoToken(login: string): Promise<string> {
  const answer = await api<{ access_token: string }>('/auth/login', { body: { company: 'demo', username: login, password: DEMO_PASSWORD } });
  return answer.access_token;
}

/** `YYYY-MM-DD` `days` from today (UTC days: near enough for dates weeks away, and for the days before today). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);
}
