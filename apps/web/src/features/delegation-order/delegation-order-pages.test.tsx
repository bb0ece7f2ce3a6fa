import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DelegationOrderDto, OrderFormData } from '@delego/contract';
import { errorAnswer, type MockRequest } from '../../testing/fetch-mock.ts';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { pickerField, typeIntoPicker } from '../../testing/pickers.ts';

const employee = buildUserProperties();
const acceptor = buildUserProperties({ user_id: 20, context_user_id: 20, permissions: { delegationAcceptSubstantive: true }, context_user_permissions: { delegationAcceptSubstantive: true } });

const formData: OrderFormData = {
  tasks: [{ id: 3, name_pl: 'Spotkanie z klientem', name_en: 'Client meeting', comment_required: false }],
  cost_centres: [],
  projects: [],
  contractors: [],
  settings: { numbering_assignment: 'autoOnly', multiple_advances: false, advance_flow: 'basic', trip_order_requirement: 'optional' },
};

const baseHandlers = {
  'GET /api/delegation-order/form-data': { body: formData },
  'GET /api/delegation-order/available-users': { body: [{ id: 10, fullName: 'Jan Kowalski' }] },
};

function order(overrides: Partial<DelegationOrderDto> = {}): DelegationOrderDto {
  return {
    id: 7,
    version: 2,
    user_id: 10,
    cost_centre_id: null,
    task_id: 3,
    task: null,
    add_description: 'Prezentacja wdrożenia u klienta',
    destinations: [{ place_text: 'Berlin', country_code: 'DE' }],
    destinationText: null,
    start_place_text: 'Warszawa',
    end_place_text: 'Warszawa',
    start_date: '2026-05-04 08:00',
    end_date: '2026-05-06 18:00',
    allowed_transport: ['flight'],
    allowed_transport_cost: '1200.00',
    settlement_deadline: null,
    project_id: null,
    external_customer_id: null,
    custom_number: null,
    advances: [{ id: 1, amount_in_currency: '300.00', currency: 'EUR', payment_type: 'transfer', payment_date: '2026-04-30', comment: '', status: 'unknown', files: [] }],
    status: 'submitted',
    stage: 'substantive',
    number: null,
    is_number_permanent: false,
    employee: { id: 10, fullName: 'Jan Kowalski' },
    created_by: { id: 10, fullName: 'Jan Kowalski' },
    task_name: 'Spotkanie z klientem',
    estimate: {
      country_code: 'DE',
      lines: [
        { kind: 'perDiem', amount: '122.50', currency: 'EUR', amount_pln: '520.63', rate: '49.00' },
        { kind: 'lodging', amount: '340.00', currency: 'EUR', amount_pln: '1445.00', nights: 2, limit: '170.00' },
      ],
      total_pln: '1965.63',
      issues: [],
    },
    estimated_total_cost: '1965.63',
    sent_at: '2026-04-20T10:00:00.000Z',
    accepted_at: null,
    created_at: '2026-04-20T09:00:00.000Z',
    has_settlement: false,
    allowedActions: ['accept', 'reject', 'returnForCorrection', 'cancel'],
    decisions: [
      { id: 1, action: 'submit', from_status: 'created', to_status: 'submitted', stage: 'substantive', user_name: 'Jan Kowalski', context_user_name: null, channel: 'app', comment: '', created_at: '2026-04-20T10:00:00.000Z' },
    ],
    current_approvers: [{ id: 20, fullName: 'Piotr Nowak' }],
    waiting_for_budget: false,
    ...overrides,
  };
}

describe('trip order form', () => {
  it('shows the validation messages of spec §5 at their fields and sends nothing', async () => {
    const { user, server } = renderApp('/delegation-order/new', { user: employee, handlers: baseHandlers });
    await screen.findByRole('heading', { name: 'Nowe polecenie wyjazdu' });
    await user.click(screen.getByRole('combobox', { name: /Cel podróży/ }));
    await user.click(await screen.findByRole('option', { name: 'Inny cel' }));
    await user.type(screen.getByLabelText(/Opis celu/), 'Krótki');
    await user.type(screen.getByLabelText('Szczegółowy opis celu'), 'mało');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByText('Formularz nie został zwalidowany')).toBeTruthy();
    await waitFor(() => expect(descriptionOf(screen.getByLabelText(/Opis celu/))).toBe('Minimum 10 znaków'));
    expect(descriptionOf(screen.getByLabelText('Szczegółowy opis celu'))).toBe('Minimum 10 znaków');
    expect(descriptionOf(pickerField(/Wyjazd \(data i godzina\)/))).toBe('Pole wymagane');
    expect(descriptionOf(pickerField(/Powrót \(data i godzina\)/))).toBe('Pole wymagane');
    expect(descriptionOf(screen.getByLabelText(/Miejscowość 1/))).toBe('Pole wymagane');
    expect(descriptionOf(screen.getByLabelText(/Miejsce wyjazdu/))).toBe('Kosztorys wymaga miejsca wyjazdu i powrotu');
    expect(server.requestsTo('POST /api/delegation-order/save-standard')).toHaveLength(0);
  });

  it('asks to choose the worker, checks the dates and the advance payment date', async () => {
    const { user } = renderApp('/delegation-order/new', {
      user: employee,
      handlers: { ...baseHandlers, 'GET /api/delegation-order/available-users': { body: [{ id: 30, fullName: 'Ewa Zielińska' }] } },
    });
    await screen.findByRole('heading', { name: 'Nowe polecenie wyjazdu' });
    const start = pickerField(/Wyjazd \(data i godzina\)/);
    const end = pickerField(/Powrót \(data i godzina\)/);
    await typeIntoPicker(user, /Wyjazd \(data i godzina\)/, '060520261800');
    await typeIntoPicker(user, /Powrót \(data i godzina\)/, '040520260800');
    await user.click(screen.getByRole('button', { name: 'Dodaj zaliczkę' }));
    const advance = screen.getByRole('group', { name: 'Zaliczka 1' });
    await user.type(within(advance).getByLabelText(/Kwota/), '0');
    await typeIntoPicker(user, 'Data wypłaty', '10052026', advance);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    await waitFor(() => expect(descriptionOf(screen.getByRole('combobox', { name: /Pracownik/ }))).toBe('Wybierz pracownika'));
    expect(descriptionOf(start)).toBe('Data wyjazdu musi być wcześniejsza niż data powrotu');
    expect(descriptionOf(end)).toBe('Data powrotu musi być późniejsza niż data wyjazdu');
    expect(descriptionOf(within(advance).getByLabelText(/Kwota/))).toBe('Kwota zaliczki musi być większa od zera');
    expect(descriptionOf(pickerField('Data wypłaty', advance))).toBe('Data wypłaty zaliczki nie może być późniejsza niż data zakończenia delegacji');
    // One advance per trip in this company.
    expect(screen.getByRole('button', { name: 'Dodaj zaliczkę' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the issues of a save answered with status error', async () => {
    const { user, server } = renderApp('/delegation-order/new', {
      user: employee,
      handlers: {
        ...baseHandlers,
        'POST /api/delegation-order/save-standard': {
          body: { status: 'error', code: 'VALIDATION_FAILED', message: 'Form not validated', issues: [{ path: ['task_id'], code: 'validation.unknownReference' }] },
        },
      },
    });
    await screen.findByRole('heading', { name: 'Nowe polecenie wyjazdu' });
    await user.click(screen.getByRole('combobox', { name: /Cel podróży/ }));
    await user.click(await screen.findByRole('option', { name: 'Spotkanie z klientem' }));
    await typeIntoPicker(user, /Wyjazd \(data i godzina\)/, '040520260800');
    await typeIntoPicker(user, /Powrót \(data i godzina\)/, '060520261800');
    await user.type(screen.getByLabelText(/Miejscowość 1/), 'Kraków');
    await user.type(screen.getByLabelText(/Miejsce wyjazdu/), 'Warszawa');
    await user.type(screen.getByLabelText(/Miejsce powrotu/), 'Warszawa');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByText('Formularz nie został zwalidowany')).toBeTruthy();
    await waitFor(() => expect(descriptionOf(screen.getByRole('combobox', { name: /Cel podróży/ }))).toBe('Wybrana pozycja nie istnieje lub została usunięta'));
    expect(server.requestsTo('POST /api/delegation-order/save-standard')[0]?.body).toMatchObject({
      user_id: 10,
      task_id: 3,
      start_date: '2026-05-04 08:00',
      end_date: '2026-05-06 18:00',
      destinations: [{ place_text: 'Kraków', country_code: 'PL' }],
      custom_number: null,
    });
  });

  it("shows the estimate's issues at their fields, where the save would say them, while the order is edited", async () => {
    const { user, server } = renderApp('/delegation-order/new', {
      user: employee,
      handlers: {
        ...baseHandlers,
        'POST /api/delegation-order/estimate': { body: { estimate: null, validation: [{ path: ['task_id'], code: 'validation.unknownReference' }] } },
      },
    });
    await screen.findByRole('heading', { name: 'Nowe polecenie wyjazdu' });
    await user.click(screen.getByRole('combobox', { name: /Cel podróży/ }));
    await user.click(await screen.findByRole('option', { name: 'Spotkanie z klientem' }));

    // No button: the estimate follows the change once typing pauses.
    await waitFor(() => expect(descriptionOf(screen.getByRole('combobox', { name: /Cel podróży/ }))).toBe('Wybrana pozycja nie istnieje lub została usunięta'));
    expect(server.requestsTo('POST /api/delegation-order/estimate').at(-1)?.body).toMatchObject({ user_id: 10, task_id: 3 });
    expect(server.requestsTo('POST /api/delegation-order/save-standard')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Przelicz kosztorys' })).toBeNull();
  });

  it('recalculates the estimate by itself as the form changes, shows the newest total, and clears an issue the newest answer no longer has', async () => {
    const estimateOf = (total: string) => ({ country_code: 'PL', total_pln: total, issues: [], lines: [{ kind: 'perDiem', currency: 'PLN', amount: total, amount_pln: total, rate: '30.00' }] });
    const { user, server } = renderApp('/delegation-order/new', {
      user: employee,
      handlers: {
        ...baseHandlers,
        'POST /api/delegation-order/estimate': (request: MockRequest) => {
          const body = request.body as { destinations: { place_text: string }[] };
          const place = body.destinations[0]?.place_text ?? '';
          return place === 'Kraków'
            ? { body: { estimate: estimateOf('90.00'), validation: [] } }
            : { body: { estimate: estimateOf('45.00'), validation: [{ path: ['task_id'], code: 'validation.unknownReference' }] } };
        },
      },
    });
    await screen.findByRole('heading', { name: 'Nowe polecenie wyjazdu' });
    const purpose = screen.getByRole('combobox', { name: /Cel podróży/ });
    await user.click(purpose);
    await user.click(await screen.findByRole('option', { name: 'Spotkanie z klientem' }));
    const place = screen.getByLabelText(/Miejscowość 1/);
    await user.type(place, 'K');
    await waitFor(() => expect(descriptionOf(purpose)).toBe('Wybrana pozycja nie istnieje lub została usunięta'));
    // Another field's change: the newest answer no longer has the purpose's issue, so it goes.
    await user.type(place, 'raków');
    await waitFor(() => expect(descriptionOf(purpose)).toBeFalsy());
    const estimate = screen.getByRole('heading', { name: 'Kosztorys' }).parentElement!.parentElement!;
    await waitFor(() => expect(estimate.textContent).toContain('90,00'));
    expect(estimate.textContent).not.toContain('45,00');
    expect(server.requestsTo('POST /api/delegation-order/estimate').length).toBeGreaterThan(0);
  });
});

describe('trip order returned for correction', () => {
  const returned = order({
    status: 'rejectedForCorrect',
    allowedActions: ['edit', 'submit', 'cancel', 'delete'],
    decisions: [
      { id: 1, action: 'submit', from_status: 'created', to_status: 'submitted', stage: 'substantive', user_name: 'Jan Kowalski', context_user_name: null, channel: 'app', comment: '', created_at: '2026-04-20T10:00:00.000Z' },
      { id: 2, action: 'returnForCorrection', from_status: 'submitted', to_status: 'rejectedForCorrect', stage: 'substantive', user_name: 'Piotr Nowak', context_user_name: null, channel: 'app', comment: 'Popraw datę powrotu', created_at: '2026-04-21T10:00:00.000Z' },
    ],
  });

  it('shows the reason at the top of the edit screen and sends again only after confirmation', async () => {
    const { user, server, router } = renderApp('/delegation-order/edit/7', {
      user: employee,
      handlers: {
        ...baseHandlers,
        'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: returned } },
        'POST /api/delegation-order/save-standard': { body: { status: 'OK', delegationOrder: { ...returned, version: 3 } } },
        'POST /api/delegation-order/action': { body: { status: 'OK', result: { id: 7, status: 'submitted', stage: 'substantive', number: null, version: 4, allowedActions: ['withdraw'] } } },
      },
    });
    const reason = await screen.findByRole('alert', { name: 'Powód zwrotu do poprawy' });
    expect(reason.textContent).toContain('Zwrócono do poprawy – Piotr Nowak');
    expect(reason.textContent).toContain('Popraw datę powrotu');
    await user.click(screen.getByRole('button', { name: 'Zapisz i wyślij do akceptacji' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wysłać do akceptacji?' });
    expect(server.requestsTo('POST /api/delegation-order/save-standard')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz i wyślij do akceptacji' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/delegation-order/readonly/7'));
    expect(server.requestsTo('POST /api/delegation-order/action')[0]?.body).toEqual({ id: 7, action: 'submit', version: 3 });
  });
});

describe('trip order decision screen', () => {
  it('says an order above its budget waits for the budget acceptance, naming the budget keepers as its current acceptors', async () => {
    const aboveBudget = order({ waiting_for_budget: true, current_approvers: [{ id: 21, fullName: 'Ewa Budżetowa' }] });
    renderApp('/delegation-order/decision/7', { user: acceptor, handlers: { 'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: aboveBudget } } } });
    await screen.findByRole('heading', { name: 'Decyzja w sprawie polecenia wyjazdu' });
    expect(screen.getByText('Czeka na akceptację budżetu')).toBeTruthy();
    expect(screen.queryByText('Wysłane do akceptacji')).toBeNull();
    expect(screen.getByText('Ewa Budżetowa')).toBeTruthy();
  });

  it('shows the order read-only with exactly the decisions the server allows', async () => {
    renderApp('/delegation-order/decision/7', { user: acceptor, handlers: { 'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: order() } } } });
    await screen.findByRole('heading', { name: 'Decyzja w sprawie polecenia wyjazdu' });
    for (const name of ['Akceptuj', 'Zwróć do poprawy', 'Odrzuć', 'Anuluj polecenie']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cofnij decyzję' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Wyślij do akceptacji' })).toBeNull();
    expect(screen.getByText('Berlin (DE)')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Kosztorys' })).getByText('Noclegi')).toBeTruthy();
  });

  it("shows the acceptor each advance's files, to open and not to change", async () => {
    const advance = order().advances[0]!;
    const estimate = { id: 5, section: 'advance' as const, item_key: null, file_name: 'kosztorys.pdf', content_type: 'application/pdf', size_bytes: 52_000, created_at: '2026-04-20T10:00:00Z' };
    const withFiles = order({ advances: [{ ...advance, files: [estimate] }] });
    renderApp('/delegation-order/decision/7', { user: acceptor, handlers: { 'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: withFiles } } } });
    const advances = await screen.findByRole('table', { name: 'Zaliczki' });
    const files = within(advances).getByRole('group', { name: 'Pliki zaliczki' });
    expect(within(files).getByRole('button', { name: 'kosztorys.pdf' })).toBeTruthy();
    expect(within(advances).queryByRole('button', { name: /Usuń plik/ })).toBeNull();
  });

  it('names the substitute who decided and in whose name', async () => {
    const accepted = order({
      status: 'accepted',
      allowedActions: [],
      decisions: [
        { id: 1, action: 'submit', from_status: 'created', to_status: 'submitted', stage: 'substantive', user_name: 'Jan Kowalski', context_user_name: null, channel: 'app', comment: '', created_at: '2026-04-20T10:00:00.000Z' },
        { id: 2, action: 'accept', from_status: 'submitted', to_status: 'accepted', stage: 'substantive', user_name: 'Katarzyna Wiśniewska', context_user_name: 'Piotr Nowak', channel: 'app', comment: '', created_at: '2026-04-21T10:00:00.000Z' },
      ],
    });
    renderApp('/delegation-order/readonly/7', { user: acceptor, handlers: { 'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: accepted } } } });
    const history = await screen.findByRole('table', { name: 'Historia decyzji' });
    const row = within(history).getByRole('row', { name: /Katarzyna Wiśniewska/ });
    expect(within(row).getByText('w zastępstwie: Piotr Nowak')).toBeTruthy();
    expect(within(within(history).getByRole('row', { name: /Jan Kowalski/ })).queryByText(/w zastępstwie/)).toBeNull();
  });

  it('accepts after confirmation, with the comment and the version seen', async () => {
    const { user, server, router } = renderApp('/delegation-order/decision/7', {
      user: acceptor,
      handlers: {
        'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: order() } },
        'POST /api/delegation-order/action': { body: { status: 'OK', result: { id: 7, status: 'accepted', stage: null, number: 'PW/1/2026', version: 3, allowedActions: [] } } },
        'GET /api/delegation-order/list': { body: { items: [], total: 0, total_is_exact: true } },
        'GET /api/delegation-order/available-users': { body: [] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Akceptuj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zaakceptować polecenie wyjazdu?' });
    await user.type(within(dialog).getByLabelText('Komentarz'), 'Zgoda');
    expect(server.requestsTo('POST /api/delegation-order/action')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Akceptuj' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/delegation-order'));
    expect(server.requestsTo('POST /api/delegation-order/action')[0]?.body).toEqual({ id: 7, action: 'accept', version: 2, comment: 'Zgoda' });
  });

  it('returns for correction only with a reason of at least 10 characters', async () => {
    const { user, server, router } = renderApp('/delegation-order/decision/7', {
      user: acceptor,
      handlers: {
        'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: order() } },
        'POST /api/delegation-order/action': { body: { status: 'OK', result: { id: 7, status: 'rejectedForCorrect', stage: 'substantive', number: null, version: 3, allowedActions: [] } } },
        'GET /api/delegation-order/list': { body: { items: [], total: 0, total_is_exact: true } },
        'GET /api/delegation-order/available-users': { body: [] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Zwróć do poprawy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zwrócić do poprawy?' });
    const confirm = within(dialog).getByRole('button', { name: 'Zwróć do poprawy' });
    await user.click(confirm);
    const reason = within(dialog).getByLabelText(/Powód/);
    expect(descriptionOf(reason)).toBe('Pole wymagane');
    await user.type(reason, 'Daty');
    expect(descriptionOf(reason)).toBe('Minimum 10 znaków');
    await user.click(confirm);
    expect(server.requestsTo('POST /api/delegation-order/action')).toHaveLength(0);
    await user.type(reason, ' powrotu do poprawy');
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/delegation-order'));
    expect(server.requestsTo('POST /api/delegation-order/action')[0]?.body).toEqual({ id: 7, action: 'returnForCorrection', version: 2, comment: 'Daty powrotu do poprawy' });
    expect(await screen.findByText('Polecenie zwrócono do poprawy')).toBeTruthy();
  });

  it("downloads the order's PDF, and says so when the download fails", async () => {
    const { user, server } = renderApp('/delegation-order/decision/7', {
      user: acceptor,
      handlers: {
        'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: order() } },
        'GET /api/delegation-order/pdf': errorAnswer(500, 'INTERNAL'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pobierz PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pobieranie plików' });
    expect(dialog.textContent).toContain('Nie udało się pobrać pliku. Kod błędu: 500');
    expect(server.requestsTo('GET /api/delegation-order/pdf')[0]?.url.searchParams.get('id')).toBe('7');
  });

  it('says so when the order does not wait for the user', async () => {
    renderApp('/delegation-order/decision/7', {
      user: acceptor,
      handlers: { 'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: order({ status: 'accepted', stage: null, allowedActions: [] }) } } },
    });
    expect(await screen.findByText('To polecenie nie czeka teraz na Twoją decyzję.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Akceptuj' })).toBeNull();
  });
});

describe("what waits for me on '/'", () => {
  it('shows an acceptor the counts and the first items, each opening its decision screen, and badges the menu with the same counts', async () => {
    const waitingSettlement = {
      id: 31,
      number: 'RD/7/2026',
      status: 'submitted',
      stage: 'substantive',
      user_id: 12,
      employee_name: 'Anna Kowalska',
      start_date: '2026-03-10 07:00',
      end_date: '2026-03-10 20:00',
      destination_text: 'Kraków',
      delegation_order_id: null,
      delegation_order_number: null,
      total_pln: '295.00',
      balance_pln: '295.00',
      attachment_count: 0,
      version: 4,
      updated_at: '2026-04-20T10:00:00Z',
      waiting_for_budget: false,
      allowedActions: ['accept', 'reject', 'returnForCorrection'],
    };
    const { user, router, server } = renderApp('/', {
      user: acceptor,
      handlers: {
        ...baseHandlers,
        'GET /api/delegation-order/list': { body: { items: [{ ...order(), destination: 'Berlin (DE)', waiting_for_me: true }], total: 4, total_is_exact: true } },
        'GET /api/delegation/list': { body: { items: [waitingSettlement], total: 1, total_is_exact: true } },
      },
    });
    const panel = await screen.findByRole('region', { name: 'Czeka na Twoją decyzję' });
    const orders = await within(panel).findByRole('region', { name: 'Polecenia wyjazdu: 4' });
    expect(within(orders).getByRole('link', { name: 'Pokaż wszystkie' }).getAttribute('href')).toBe('/delegation-order?waiting_for_me=true');
    const settlements = within(panel).getByRole('region', { name: 'Rozliczenia delegacji: 1' });
    expect(server.requestsTo('GET /api/delegation/list')[0]?.url.searchParams.get('scope')).toBe('toDecide');
    const menu = screen.getByRole('navigation', { name: /menu/i });
    expect(within(menu).getByRole('link', { name: /Polecenia wyjazdu/ }).textContent).toContain('4');
    // The worker choice of the spec stays beside it.
    expect(screen.getByRole('radio', { name: 'Dla innego pracownika' })).toBeTruthy();
    await user.click(within(settlements).getByRole('link', { name: /RD\/7\/2026 · Anna Kowalska/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/delegation/decision/31'));
  });
});

describe('new trip', () => {
  it("shows 'choose worker' when another worker is wanted but none chosen, then offers the delegation process", async () => {
    const { user, router } = renderApp('/new-trip', {
      user: acceptor,
      handlers: { ...baseHandlers, 'GET /api/delegation-order/available-users': { body: [{ id: 20, fullName: 'Piotr Nowak' }, { id: 30, fullName: 'Ewa Zielińska' }] } },
    });
    await user.click(await screen.findByRole('radio', { name: 'Dla innego pracownika' }));
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(descriptionOf(screen.getByRole('combobox', { name: /Pracownik/ }))).toBe('Wybierz pracownika');
    await user.click(screen.getByRole('combobox', { name: /Pracownik/ }));
    await user.click(await screen.findByRole('option', { name: 'Ewa Zielińska' }));
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(await screen.findByText('Podróż dla: Ewa Zielińska')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Delegacja/ }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/delegation-order/new?worker=30'));
  });
});

describe('new trip for another worker', () => {
  it("says the server's 'No users assigned' where the worker would be chosen, and goes no further", async () => {
    const { user, server, router } = renderApp('/new-trip', {
      user: acceptor,
      handlers: {
        ...baseHandlers,
        'GET /api/delegation-order/available-users': (request: MockRequest) =>
          request.url.searchParams.get('others') === 'true'
            ? errorAnswer(403, 'FORBIDDEN', { messages: ['No users assigned'] })
            : { body: [{ id: 20, fullName: 'Piotr Nowak' }] },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Dla innego pracownika' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nie przypisano Ci żadnych pracowników, dla których możesz tworzyć dokumenty.');
    expect(server.requestsTo('GET /api/delegation-order/available-users').at(-1)?.url.searchParams.get('others')).toBe('true');
    expect(screen.queryByRole('combobox', { name: /Pracownik/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(router.state.location.search).toBe('');
    // Said at the place, not also as a notification or the generic permission dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('trip order form: the cost centre budget before sending', () => {
  const draft = order({ status: 'created', stage: null, cost_centre_id: 5, allowedActions: ['edit', 'submit'], decisions: [], current_approvers: [] });
  const stateAnswer = (rule: 'warn' | 'accept') => ({
    body: {
      exceeded_rule: rule,
      items: [
        {
          budget: { id: 1, cost_centre_id: 5, cost_centre_ordinate: 'MPK-100', cost_centre_name: 'Sprzedaż', project_id: null, project_name: null, date_from: '2026-05-01', date_to: '2026-05-31', amount: '2000.00' },
          figures: { amount: '2000.00', spent: '500.00', committed: '0.00', left: '1500.00', used_percent: '25.0', state: 'ok', unconverted_currencies: [] },
          with_document: { amount: '2000.00', spent: '500.00', committed: '1965.63', left: '-465.63', used_percent: '123.3', state: 'over', unconverted_currencies: [] },
        },
      ],
    },
  });
  const handlers = (rule: 'warn' | 'accept') => ({
    ...baseHandlers,
    'GET /api/delegation-order/form-data': { body: { ...formData, cost_centres: [{ id: 5, ordinate: 'MPK-100', name: 'Sprzedaż' }] } },
    'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: draft } },
    'GET /api/booking/report/budget/state': stateAnswer(rule),
  });

  it("asks for the chosen cost centre's budget on the trip's first day with the estimate, and says the order exceeds it", async () => {
    const { server } = renderApp('/delegation-order/edit/7', { user: employee, handlers: handlers('warn') });
    expect(await screen.findByText('Ten dokument przekracza budżet centrum kosztów.', undefined, { timeout: 15_000 })).toBeDefined();
    expect(screen.getByText('Budżet MPK-100 (01.05.2026 – 31.05.2026)')).toBeDefined();
    expect(screen.getByText(/^Z tym dokumentem: wykorzystano 123,3 %, pozostało -465,63/)).toBeDefined();
    const query = server.requestsTo('GET /api/booking/report/budget/state').at(-1)!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ cost_centre_id: '5', date: '2026-05-04', amount: '1965.63' });
  });

  it('says an extra acceptance follows when the company asks for one', async () => {
    renderApp('/delegation-order/edit/7', { user: employee, handlers: handlers('accept') });
    expect(await screen.findByText('Ten dokument przekracza budżet centrum kosztów i wymaga dodatkowej akceptacji.', undefined, { timeout: 15_000 })).toBeDefined();
  });
});
