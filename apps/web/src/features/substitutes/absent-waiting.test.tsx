import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AbsentWaiting, OrderFormData, Substitute } from '@delego/contract';
import { buildToken, buildUserProperties } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const FIRST_RENDER = { timeout: 15_000 };
const person = (id: number, name: string, surname: string, login: string) => ({ id, name, surname, login });
const me = buildUserProperties({ user_id: 10, context_user_id: 10, login: 'finanse', substitute_user_count: 1, can_login_as: true });
const acceptor = person(20, 'Piotr', 'Nowak', 'akceptant');

const substitution: Substitute = {
  id: 5,
  absent_user: acceptor,
  substitute_user: person(10, 'Jan', 'Kowalski', 'finanse'),
  date_from: '2026-06-01',
  date_to: '2026-06-14',
  comment: '',
  state: 'current',
};

function waitingFor(counts: Partial<AbsentWaiting['counts']>, items: AbsentWaiting['items'] = []): AbsentWaiting {
  return { absent_user: acceptor, counts: { orders: 0, settlements: 0, advances: 0, travel_services: 0, ...counts }, items };
}

const order77: AbsentWaiting['items'][number] = {
  kind: 'order',
  id: 77,
  number: 'PW/7/2026',
  destination: 'Berlin (DE)',
  start_date: '2026-06-10T08:00',
  end_date: '2026-06-12T16:00',
  employee_name: 'Anna Pracownik',
};

const formData: OrderFormData = {
  tasks: [],
  cost_centres: [],
  projects: [],
  contractors: [],
  settings: { numbering_assignment: 'autoOnly', multiple_advances: false, advance_flow: 'basic', trip_order_requirement: 'optional' },
};
const home = {
  'GET /api/delegation-order/form-data': { body: formData },
  'GET /api/delegation-order/available-users': { body: [] },
  'GET /api/delegation-order/list': { body: { items: [], total: 0, total_is_exact: true } },
  'GET /api/delegation/list': { body: { items: [], total: 0, total_is_exact: true } },
};

// Whole-app journeys: slow when the suite runs in parallel.
describe('what waits for the colleagues one substitutes', { timeout: 30_000 }, () => {
  it('shows on /substitutes, beside the absent colleague, what waits for their decision', async () => {
    renderApp('/substitutes', {
      user: me,
      handlers: {
        'GET /api/user-substitute/list': { body: { my_substitutes: [], substituting: [substitution] } },
        'GET /api/user-substitute/waiting': { body: { items: [waitingFor({ orders: 2, settlements: 1 }, [order77])] } },
      },
    });
    const table = await screen.findByRole('table', { name: 'Kogo zastępuję' }, FIRST_RENDER);
    const row = within(table).getByRole('row', { name: /Piotr Nowak \(akceptant\)/ });
    expect(await within(row).findByText('Czeka na decyzję: 2 polecenia wyjazdu, 1 rozliczenie')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Zaloguj jako Piotr Nowak (akceptant)' })).toBeTruthy();
  });

  it('shows on /login-as what waits for each colleague, in Polish plural forms', async () => {
    renderApp('/login-as', {
      user: me,
      handlers: {
        'GET /api/user-substitute/list': { body: { my_substitutes: [], substituting: [substitution] } },
        'GET /api/user-substitute/waiting': { body: { items: [waitingFor({ orders: 5, advances: 1, travel_services: 3 })] } },
      },
    });
    const list = await screen.findByRole('list', { name: 'Logowanie na konto innego użytkownika' }, FIRST_RENDER);
    expect(await within(list).findByText('Czeka na decyzję: 5 poleceń wyjazdu, 1 zaliczka, 3 usługi podróżne do akceptacji')).toBeTruthy();
  });

  it('lists on the home screen what waits for the absent acceptor; choosing a document logs in as them and opens its decision', async () => {
    const actingAs = buildUserProperties({ ...me, context_user_id: 20, context_user_login: 'akceptant', context_user_permissions: { delegationAcceptSubstantive: true } });
    const { user, server, router } = renderApp('/', {
      user: me,
      handlers: {
        ...home,
        'GET /api/user-substitute/waiting': { body: { items: [waitingFor({ orders: 4 }, [order77])] } },
        'POST /api/user-substitute/login-as': { body: { access_token: buildToken(), user_properties: actingAs } },
      },
    });
    const section = await screen.findByRole('region', { name: 'Czeka na osoby, które zastępujesz' }, FIRST_RENDER);
    expect(within(section).getByText('Czeka na decyzję: 4 polecenia wyjazdu')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Zaloguj jako Piotr Nowak (akceptant)' })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Otwórz po zalogowaniu jako Piotr Nowak (akceptant): Polecenie wyjazdu PW/7/2026 · Anna Pracownik' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/delegation-order/decision/77'));
    expect(server.requestsTo('POST /api/user-substitute/login-as')[0]?.body).toEqual({ absent_user_id: 20 });
  });

  it('does not ask what waits for others of someone who substitutes nobody', async () => {
    const { server } = renderApp('/', { user: buildUserProperties({ can_login_as: false, substitute_user_count: 0 }), handlers: home });
    expect(await screen.findByRole('radio', { name: 'Dla innego pracownika' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Czeka na osoby, które zastępujesz' })).toBeNull();
    expect(server.requestsTo('GET /api/user-substitute/waiting')).toHaveLength(0);
  });
});
