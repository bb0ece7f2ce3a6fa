import { addDaysToLocalDate, toLocalDate } from '@delego/domain';
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

/**
 * `YYYY-MM-DD` `days` from today, on the Warsaw calendar as the app and its demo seed count days: between 23:00
 * and midnight UTC (22:00 in summer) Warsaw's today is UTC's tomorrow, and a report up to UTC's today left out
 * what the seed settled on Warsaw's.
 */
export function dayFromToday(days: number): string {
  return addDaysToLocalDate(toLocalDate(new Date()), days);
}

/** What differs between the journeys' trip orders; the rest is what the order form sends for a plain trip. */
export interface TripOrderFields {
  task: string;
  destination: { place_text: string; country_code: string };
  /** `YYYY-MM-DD HH:mm`, Warsaw time. */
  start: string;
  end: string;
  transport: string[];
}

/** Set-up: Anna's (the demo employee's) trip order saved and sent to her superior; answers its id and version, and her token. */
export async function sentTripOrder(fields: TripOrderFields): Promise<{ id: number; version: number; employee: string }> {
  const login = await api<{ access_token: string; user_properties: { user_id: number } }>('/auth/login', {
    body: { company: 'demo', username: 'employee', password: DEMO_PASSWORD },
  });
  const employee = login.access_token;
  const saved = await api<{ status: string; delegationOrder: { id: number; version: number } }>('/delegation-order/save-standard', {
    token: employee,
    body: {
      user_id: login.user_properties.user_id,
      cost_centre_id: null,
      task_id: 'other',
      task: fields.task,
      add_description: null,
      destinations: [fields.destination],
      destinationText: null,
      start_place_text: 'Warszawa',
      end_place_text: 'Warszawa',
      start_date: fields.start,
      end_date: fields.end,
      allowed_transport: fields.transport,
      allowed_transport_cost: null,
      settlement_deadline: null,
      project_id: null,
      external_customer_id: null,
      custom_number: null,
      advances: [],
    },
  });
  if (saved.status !== 'OK') throw new Error(`the trip order was not saved: ${JSON.stringify(saved)}`);
  const { id, version } = saved.delegationOrder;
  const sent = await api<{ result: { version: number } }>('/delegation-order/action', { token: employee, body: { id, action: 'submit', version } });
  return { id, version: sent.result.version, employee };
}
