import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Substitute } from '@delego/contract';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { buildToken, buildUserProperties } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const FIRST_RENDER = { timeout: 5000 };
const person = (id: number, name: string, surname: string, login: string) => ({ id, name, surname, login });
const me = buildUserProperties({ user_id: 10, login: 'finanse', substitute_user_count: 1, can_login_as: true });
const acceptor = person(20, 'Piotr', 'Nowak', 'akceptant');

function substitution(overrides: Partial<Substitute> = {}): Substitute {
  return { id: 5, absent_user: acceptor, substitute_user: person(10, 'Jan', 'Kowalski', 'finanse'), date_from: '2026-06-01', date_to: '2026-06-14', comment: 'Urlop', state: 'current', ...overrides };
}

// Whole-app journeys: slow when the suite runs in parallel.
describe('login-as', { timeout: 20_000 }, () => {
  it('logs in as the absent colleague from /login-as, shows who one acts as, and goes back to the own account', async () => {
    const actingAs = buildUserProperties({ ...me, context_user_id: 20, context_user_login: 'akceptant', context_user_permissions: { delegationAcceptSubstantive: true } });
    const { user, server, router } = renderApp('/login-as', {
      user: me,
      handlers: {
        'GET /api/user-substitute/list': { body: { my_substitutes: [], substituting: [substitution(), substitution({ id: 6, absent_user: person(21, 'Ewa', 'Lis', 'ewa.lis'), state: 'upcoming' })] } },
        'POST /api/user-substitute/login-as': { body: { access_token: buildToken(), user_properties: actingAs } },
        'POST /api/user-substitute/login-back': { body: { access_token: buildToken(), user_properties: me } },
      },
    });
    const list = await screen.findByRole('list', { name: 'Logowanie na konto innego użytkownika' }, FIRST_RENDER);
    // Only today's substitution is offered.
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Zastępstwo: 01.06.2026 – 14.06.2026 · Urlop')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Zaloguj jako Piotr Nowak (akceptant)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.requestsTo('POST /api/user-substitute/login-as')[0]?.body).toEqual({ absent_user_id: 20 });
    expect(await screen.findByTitle('Zalogowano jako inny użytkownik')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Powrót na własne konto' }));
    await waitFor(() => expect(server.requestsTo('POST /api/user-substitute/login-back')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTitle('Zalogowano jako inny użytkownik')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it('says when the substitution applies when the server refuses the switch', async () => {
    const { user } = renderApp('/substitutes', {
      user: me,
      handlers: {
        'GET /api/user-substitute/list': { body: { my_substitutes: [], substituting: [substitution()] } },
        'POST /api/user-substitute/login-as': errorAnswer(403, 'CONTEXT_SWITCH_FAILED', { messages: ['Context switch failed'], params: { date_from: '2026-06-20', date_to: '2026-06-30' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Zaloguj jako Piotr Nowak (akceptant)' }, FIRST_RENDER));
    expect(await screen.findByText('Nie udało się przełączyć kontekstu: zastępstwo obowiązuje od 20.06.2026 do 30.06.2026.')).toBeTruthy();
  });
});

describe('/substitutes', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone lists one’s substitutes as cards, each with its period, state and actions', async () => {
    // A 390 px screen, as MUI's media queries ask it.
    vi.stubGlobal('matchMedia', (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const matches = (!max || 390 <= Number(max[1])) && (!min || 390 >= Number(min[1]));
      return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
    });
    renderApp('/substitutes', {
      user: me,
      handlers: { 'GET /api/user-substitute/list': { body: { my_substitutes: [substitution({ absent_user: person(10, 'Jan', 'Kowalski', 'finanse'), substitute_user: acceptor })], substituting: [] } } },
    });
    const list = await screen.findByRole('list', { name: 'Moi zastępcy' }, FIRST_RENDER);
    expect(screen.queryByRole('table', { name: 'Moi zastępcy' })).toBeNull();
    const card = within(list).getByRole('listitem', { name: 'Piotr Nowak (akceptant)' });
    expect(within(card).getAllByRole('term').map((term) => term.textContent)).toEqual(['Zastępca', 'Od dnia', 'Do dnia', 'Stan', 'Komentarz']);
    expect(within(card).getAllByRole('definition').map((value) => value.textContent)).toEqual(['Piotr Nowak (akceptant)', '01.06.2026', '14.06.2026', 'Obowiązuje', 'Urlop']);
    expect(within(card).getByRole('button', { name: 'Edytuj zastępstwo: Piotr Nowak (akceptant)' })).toBeTruthy();
  });

  it('names a colleague as one’s substitute and sends open ends as null', async () => {
    const saved = substitution({ id: 7, absent_user: person(10, 'Jan', 'Kowalski', 'finanse'), substitute_user: acceptor });
    const { user, server } = renderApp('/substitutes', {
      user: me,
      handlers: {
        'GET /api/user-substitute/list': { body: { my_substitutes: [], substituting: [] } },
        'GET /api/user-substitute/colleagues': { body: { items: [{ ...acceptor, email: 'a@example.com', is_active: true }] } },
        'POST /api/user-substitute/save': { body: { status: 'ok', substitute: saved } },
      },
    });
    expect(await screen.findByText('Nie masz wskazanych zastępców.', undefined, FIRST_RENDER)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dodaj zastępcę' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nowe zastępstwo' });
    await user.click(within(dialog).getByLabelText('Zastępca'));
    await user.click(await screen.findByRole('option', { name: 'Piotr Nowak (akceptant)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Komentarz' }), 'Urlop');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/user-substitute/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/user-substitute/save')[0]?.body).toEqual({ substitute_user_id: 20, date_from: null, date_to: null, comment: 'Urlop' });
    expect(await screen.findByText('Zastępstwo zapisane')).toBeTruthy();
  });

  it('shows the server’s refusal at the substitute field', async () => {
    const { user } = renderApp('/substitutes', {
      user: me,
      handlers: {
        'GET /api/user-substitute/list': { body: { my_substitutes: [], substituting: [] } },
        'GET /api/user-substitute/colleagues': { body: { items: [{ ...acceptor, email: 'a@example.com', is_active: false }] } },
        'POST /api/user-substitute/save': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['substitute_user_id'], code: 'substitute.userInactive' }] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Dodaj zastępcę' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Nowe zastępstwo' });
    await user.click(within(dialog).getByLabelText('Zastępca'));
    await user.click(await screen.findByRole('option', { name: 'Piotr Nowak (akceptant)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await within(dialog).findByText('Ta osoba jest nieaktywna')).toBeTruthy();
  });
});
