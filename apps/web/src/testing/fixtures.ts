import type { UserProperties } from '@delego/contract';

export function buildUserProperties(overrides: Partial<UserProperties> = {}): UserProperties {
  return {
    user_id: 10,
    login: 'jan.kowalski',
    name: 'Jan',
    surname: 'Kowalski',
    email: 'jan.kowalski@example.com',
    language: 'pl-PL',
    company_id: 1,
    company_code: 'acme',
    company_name: 'ACME sp. z o.o.',
    context_user_id: 10,
    context_user_login: 'jan.kowalski',
    permissions: {},
    context_user_permissions: {},
    system_settings: {
      session_time: 30,
      modules: { delegation: 2, travel_service: 2, accounting_export: 1, all_bookings: 2, flight_bookings: 2 },
      is_wnt: 1,
      login_password_save: 2,
    },
    substitute_user_count: 0,
    can_login_as: false,
    is_admin_context: false,
    in_company_context: false,
    is_external_user: false,
    external_return_url: null,
    ...overrides,
  };
}

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT with the given lifetime; the web only reads its `exp` claim. */
export function buildToken(expiresInSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: '10', sid: 'test', exp })}.signature`;
}
