import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DelegationDocument, DelegationListItem } from '@delego/contract';
import { calculateSettlement, createRateBook, parseDelegationForm, type DelegationFormInput, type Issue } from '@delego/domain';
import { errorAnswer, type MockRequest } from '../../testing/fetch-mock.ts';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { pastePickerText, pickerField, pickerText, typeIntoPicker } from '../../testing/pickers.ts';
import { i18n } from '../../lib/i18n.ts';

const user = buildUserProperties();
const CALCULATE = 'POST /api/delegation/form-field-changed';
const SAVE = 'POST /api/delegation/save-standard';
const LIST = 'GET /api/delegation/list';
const EDIT = 'POST /api/delegation/delegation-edit';
const ACTION = 'POST /api/delegation/action';

const formOptions = {
  cost_centres: [{ id: 4, ordinate: 'MPK-100', name: 'Sprzedaż', enabled_for_new: true }],
  projects: [],
  tasks: [],
  settings: { attachment_max_mb: 3, pdf_attachment_only: false, trip_order_requirement: 'optional' },
};

const domesticForm: DelegationFormInput = {
  start_date: '2026-03-10 07:00',
  end_date: '2026-03-10 20:00',
  destinationText: 'Kraków',
  task: 'Spotkanie z klientem',
  cost_centre_id: 4,
  transport: [
    { transport_type: 'rail', settlement_type_id: 'ticketScan', from_place_text: 'Warszawa', to_place_text: 'Kraków', start_date: '2026-03-10 07:00', end_date: '2026-03-10 10:00', amount_in_currency: '120.00', currency: 'PLN' },
    { transport_type: 'rail', settlement_type_id: 'ticketScan', from_place_text: 'Kraków', to_place_text: 'Warszawa', start_date: '2026-03-10 17:00', end_date: '2026-03-10 20:00', amount_in_currency: '130.00', currency: 'PLN' },
  ],
  country: [{ country_code: 'PL', in_date: '2026-03-10 07:00', out_date: '2026-03-10 20:00' }],
  other: [],
  advances: [],
};

function settlementDocument(overrides: Partial<DelegationDocument> = {}): DelegationDocument {
  return {
    id: 31,
    user_id: 12,
    employee_name: 'Anna Kowalska',
    created_by_id: 12,
    status: 'created',
    stage: null,
    number: null,
    version: 3,
    delegation_order_id: null,
    delegation_order_number: null,
    form: { ...domesticForm, id: 31, user_id: 12 },
    calculated: null,
    total_pln: '295.00',
    balance_pln: '295.00',
    waiting_for_budget: false,
    budget_approvers: [],
    allowedActions: ['edit', 'submit', 'cancel', 'delete'],
    attachments: [],
    decisions: [],
    sent_at: null,
    accepted_at: null,
    settled_at: null,
    created_at: '2026-04-20T10:00:00Z',
    updated_at: '2026-04-20T10:00:00Z',
    ...overrides,
  };
}

function listItem(overrides: Partial<DelegationListItem> = {}): DelegationListItem {
  return {
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
    ...overrides,
  };
}

const common = {
  [CALCULATE]: { body: { validation: [], calculated: null } },
  'GET /api/delegation/form-options': { body: formOptions },
  'GET /api/delegation/available-users': { body: { items: [{ id: 10, fullName: 'Jan Kowalski' }] } },
  [LIST]: { body: { items: [], total: 0, total_is_exact: true } },
};

/** The accepted order PW/8/2026 as `delegation-order-import` gives it. */
const importedOrder = {
  id: 8,
  number: 'PW/8/2026',
  user_id: 12,
  employee_name: 'Anna Kowalska',
  start_date: '2026-03-10 06:00',
  end_date: '2026-03-12 20:00',
  cost_centre_id: 4,
  project_id: null,
  task_id: null,
  task: 'Targi ITB',
  external_customer_id: null,
  destinations: [{ place_text: 'Berlin', country_code: 'DE' }],
  destination_text: null,
  start_place_text: 'Poznań',
  end_place_text: null,
  allowed_transport: ['car'],
  advances: [{ id: 5, amount_in_currency: '150.00', currency: 'EUR', payment_type: 'transfer', payment_date: '2026-03-02', status: 'paid', comment: '' }],
  bought_services: [],
};

beforeEach(() => window.sessionStorage.clear());

describe('saving a settlement', () => {
  it("shows 'Błąd walidacji danych' with the server's issues at their fields, keeps the draft, and after a successful save clears it and shows the list", async () => {
    let saves = 0;
    const { server } = renderApp('/delegation/new', {
      user,
      handlers: {
        ...common,
        [SAVE]: () => {
          saves += 1;
          return saves === 1
            ? { body: { status: 'validationError', code: 'VALIDATION_FAILED', message: 'Form not validated, check and correct errors before saving', issues: [{ path: ['start_date'], code: 'delegation.otherDelegationAtThatTime', params: { number: 'RD/3/2026' } }] } }
            : { body: { status: 'OK', delegation: settlementDocument() } };
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Miejsce docelowe'), { target: { value: 'Kraków' } });
    await waitFor(() => expect(window.sessionStorage.getItem(`delego.settlementDraft.${user.context_user_id}.new`)).toContain('Kraków'));

    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Błąd walidacji danych' });
    expect(dialog.textContent).toContain('Sprawdź formularz i popraw błędy przed zapisaniem');
    const saved = server.requestsTo(SAVE)[0]!.body as { delegation: Record<string, unknown> };
    expect(saved.delegation).toMatchObject({ destinationText: 'Kraków', id: null, user_id: null, file: [] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const start = pickerField('Rozpoczęcie podróży');
    await waitFor(() => expect(descriptionOf(start)).toContain('Pracownik ma w tym czasie inną delegację (RD/3/2026).'));
    // Nothing typed is lost.
    expect(window.sessionStorage.getItem(`delego.settlementDraft.${user.context_user_id}.new`)).toContain('Kraków');

    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rozliczenia delegacji' })).toBeTruthy();
    expect(await screen.findByText('Rozliczenie zapisano')).toBeTruthy();
    expect(window.sessionStorage.getItem(`delego.settlementDraft.${user.context_user_id}.new`)).toBeNull();
    // The list itself was read (the menu's 'what waits for me' reads only the settlements to decide).
    expect(server.requestsTo(LIST).filter((request) => request.url.searchParams.get('scope') !== 'toDecide').length).toBeGreaterThan(0);
  });

  it("asks to confirm transport above the order's limit, says the amounts, and resends with the confirmation", async () => {
    const confirmation = { path: ['transport'], code: 'delegation.transportLimitExceeded', params: { total: '1250.00', limit: '1000.00' } };
    const { server } = renderApp('/delegation/new', {
      user,
      handlers: {
        ...common,
        [SAVE]: (request) =>
          (request.body as { confirmed?: string[] }).confirmed
            ? { body: { status: 'OK', delegation: settlementDocument() } }
            : { body: { status: 'confirm', confirmations: [confirmation] } },
      },
    });
    fireEvent.change(await screen.findByLabelText('Miejsce docelowe'), { target: { value: 'Kraków' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Przekroczono limit' });
    expect(dialog.textContent).toContain('Przekroczono limit: koszty transportu (1\u00a0250,00 PLN) przekraczają limit kosztów transportu z polecenia wyjazdu (1\u00a0000,00 PLN).');
    expect(dialog.textContent).toContain('Czy mimo to zapisać rozliczenie?');
    expect(server.requestsTo(SAVE)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zapisz mimo to' }));
    expect(await screen.findByText('Rozliczenie zapisano')).toBeTruthy();
    expect(server.requestsTo(SAVE)).toHaveLength(2);
    expect(server.requestsTo(SAVE)[1]!.body).toMatchObject({ confirmed: ['delegation.transportLimitExceeded'], delegation: { destinationText: 'Kraków' } });
  });

  it('keeps the form when the user does not confirm the exceeded limit', async () => {
    const { server } = renderApp('/delegation/new', {
      user,
      handlers: { ...common, [SAVE]: { body: { status: 'confirm', confirmations: [{ path: ['transport'], code: 'delegation.transportLimitExceeded', params: { total: '1250.00', limit: '1000.00' } }] } } },
    });
    fireEvent.change(await screen.findByLabelText('Miejsce docelowe'), { target: { value: 'Kraków' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Przekroczono limit' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(SAVE)).toHaveLength(1);
    expect(screen.getByLabelText('Miejsce docelowe')).toHaveProperty('value', 'Kraków');
  });

  it("shows 'Wystąpił błąd' with the code for an unknown error", async () => {
    renderApp('/delegation/new', {
      user,
      handlers: { ...common, [SAVE]: { body: { status: 'unknownError', code: 'INTERNAL', message: 'Internal server error', request_id: 'req-7' } } },
    });
    fireEvent.change(await screen.findByLabelText('Miejsce docelowe'), { target: { value: 'Kraków' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wystąpił błąd' });
    expect(dialog.textContent).toContain('Kod błędu: INTERNAL');
    expect(dialog.textContent).toContain('req-7');
  });

  it('loads a saved settlement for editing and saves it with its id and the version loaded', async () => {
    const { server } = renderApp('/delegation/edit/31', {
      user,
      handlers: { ...common, [EDIT]: { body: { delegation: settlementDocument(), selected_transport_types: [] } }, [SAVE]: { body: { status: 'OK', delegation: settlementDocument() } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edycja rozliczenia delegacji' })).toBeTruthy();
    expect((screen.getByLabelText('Pracownik') as HTMLInputElement).value).toBe('Anna Kowalska');
    expect((screen.getByLabelText('Miejsce docelowe') as HTMLInputElement).value).toBe('Kraków');
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo(SAVE)).toHaveLength(1));
    expect(server.requestsTo(SAVE)[0]!.body).toMatchObject({ version: 3, delegation: { id: 31, user_id: 12, cost_centre_id: 4, destinationText: 'Kraków' } });
  });

  it("shows an advance's attached file by name in its labelled file control and saves the advance with it", async () => {
    const advance = { amount_in_currency: '200.00', currency: 'PLN', payment_type: 'transfer' as const, payment_date: '2026-03-01', status: 'paid' as const, files: [77] };
    const document = settlementDocument({
      form: { ...domesticForm, id: 31, user_id: 12, advances: [advance] },
      attachments: [{ id: 77, section: 'advance', item_key: 'advance.0', file_name: 'potwierdzenie przelewu.pdf', content_type: 'application/pdf', size_bytes: 52_000, created_at: '2026-04-20T10:00:00Z' }],
    });
    const { server } = renderApp('/delegation/edit/31', {
      user,
      handlers: { ...common, [EDIT]: { body: { delegation: document, selected_transport_types: [] } }, [SAVE]: { body: { status: 'OK', delegation: document } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edycja rozliczenia delegacji' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Podsumowanie/ }));
    const files = await screen.findByRole('group', { name: 'Pliki zaliczki 1' });
    expect(within(files).getByRole('button', { name: 'potwierdzenie przelewu.pdf' })).toBeTruthy();
    expect(within(files).getByRole('button', { name: 'Dołącz plik do zaliczki 1' })).toBeTruthy();
    expect(within(files).getByRole('button', { name: 'Usuń plik potwierdzenie przelewu.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo(SAVE)).toHaveLength(1));
    expect(server.requestsTo(SAVE)[0]!.body).toMatchObject({ delegation: { advances: [{ amount_in_currency: '200.00', files: [77] }] } });
  });

  it('shows the reason of the latest return at the top of the edit screen', async () => {
    const returned = settlementDocument({
      status: 'rejectedForCorrect',
      stage: 'financial',
      allowedActions: ['edit', 'submit', 'cancel'],
      decisions: [
        { action: 'submit', from_status: 'created', to_status: 'submitted', stage: 'substantive', user_name: 'Anna Kowalska', context_user_name: null, channel: 'app', comment: '', created_at: '2026-04-20T10:00:00Z' },
        { action: 'returnForCorrection', from_status: 'accepted', to_status: 'rejectedForCorrect', stage: 'financial', user_name: 'Katarzyna Wiśniewska', context_user_name: null, channel: 'app', comment: 'Brak skanów biletów kolejowych', created_at: '2026-04-21T10:00:00Z' },
      ],
    });
    renderApp('/delegation/edit/31', { user, handlers: { ...common, [EDIT]: { body: { delegation: returned, selected_transport_types: [] } } } });
    const reason = await screen.findByRole('alert', { name: 'Powód zwrotu do poprawy' });
    expect(reason.textContent).toContain('Zwrócono do poprawy – Katarzyna Wiśniewska');
    expect(reason.textContent).toContain('Brak skanów biletów kolejowych');
  });

  it('keeps the attached bookings, the booked segment’s ticket and the booked stay on saving, so an edit does not detach them', { timeout: 60_000 }, async () => {
    const booked: DelegationFormInput = {
      ...domesticForm,
      id: 31,
      user_id: 12,
      booking: [{ booking_id: 7, label: 'PKP Intercity · Warszawa → Kraków' }, { booking_id: 8, label: 'Hotel Saski' }],
      transport: [{ ...domesticForm.transport![0]!, settlement_type_id: 'booking', booking_id: 7, booking_ticket: 'EIC 1234' }, domesticForm.transport![1]!],
      country: [
        {
          ...domesticForm.country![0]!,
          accommodation: [{ settlement_type_id: 'importReservation', booking_id: 8, booking_text: 'Hotel Saski, 1 noc', start_date: '2026-03-10', end_date: '2026-03-10', amount_in_currency: '0', currency: 'PLN' }],
        },
      ],
    };
    const { server } = renderApp('/delegation/edit/31', {
      user,
      handlers: { ...common, [EDIT]: { body: { delegation: settlementDocument({ form: booked }), selected_transport_types: [] } }, [SAVE]: { body: { status: 'OK', delegation: settlementDocument() } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edycja rozliczenia delegacji' }, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo(SAVE)).toHaveLength(1));
    const saved = (server.requestsTo(SAVE)[0]!.body as { delegation: DelegationFormInput }).delegation;
    expect(saved.booking).toEqual(booked.booking);
    expect(saved.transport![0]).toMatchObject({ settlement_type_id: 'booking', booking_id: 7, booking_ticket: 'EIC 1234' });
    expect(saved.country![0]!.accommodation![0]).toMatchObject({ settlement_type_id: 'importReservation', booking_id: 8, booking_text: 'Hotel Saski, 1 noc' });
  });

  it('settles a segment with one of the employee’s bookings of the trip’s days, attaching it, and refuses a booking another settlement holds', { timeout: 60_000 }, async () => {
    const attachable = (id: number, overrides: Record<string, unknown> = {}) => ({
      id, kind: 'rail', status: 'ticketed', title: 'PKP Intercity', route: 'Warszawa → Kraków', start_at: '2026-03-10 07:00', end_at: '2026-03-10 10:00',
      carrier: 'PKP Intercity', name: null, start_place: 'Warszawa', end_place: 'Kraków', country_code: 'PL', record_locator: null, ticket_number: null,
      is_return_route: false, amount_gross: '120.00', currency: 'PLN', invoice_missing: false, delegation_id: null, delegation_number: null, ...overrides,
    });
    const { server } = renderApp('/delegation/edit/31', {
      user,
      handlers: {
        ...common,
        [EDIT]: { body: { delegation: settlementDocument(), selected_transport_types: [] } },
        [SAVE]: { body: { status: 'OK', delegation: settlementDocument() } },
        'GET /api/booking/for-settlement': {
          body: { items: [attachable(7), attachable(9, { title: 'PKP TLK', delegation_id: 40, delegation_number: 'RD/2/2026' }), attachable(8, { kind: 'hotel', title: 'Hotel Saski', route: null })] },
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edycja rozliczenia delegacji' }, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(await screen.findByRole('tab', { name: /Trasa/ }));
    const firstSegment = await screen.findByRole('region', { name: 'Odcinek 1' });
    fireEvent.change(within(firstSegment).getByLabelText('Sposób rozliczenia'), { target: { value: 'booking' } });
    const picker = (await within(firstSegment).findByLabelText('Rezerwacja')) as HTMLSelectElement;
    await waitFor(() => expect(picker.options.length).toBe(3));
    // Rail bookings only (the hotel is not offered for a train), the one another settlement holds disabled.
    expect([...picker.options].map((option) => [option.textContent, option.disabled])).toEqual([
      ['Wybierz…', false],
      ['PKP Intercity · Warszawa → Kraków · 10.03.2026 07:00', false],
      ['PKP TLK · Warszawa → Kraków · 10.03.2026 07:00 – dołączona do rozliczenia RD/2/2026', true],
    ]);
    expect(server.requestsTo('GET /api/booking/for-settlement')[0]!.url.search).toBe('?user_id=12&date_from=2026-03-10&date_to=2026-03-10&delegation_id=31');
    fireEvent.change(picker, { target: { value: '7' } });
    fireEvent.change(within(firstSegment).getByLabelText('Numer biletu'), { target: { value: 'EIC 1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo(SAVE)).toHaveLength(1));
    const saved = (server.requestsTo(SAVE)[0]!.body as { delegation: DelegationFormInput }).delegation;
    expect(saved.transport![0]).toMatchObject({ settlement_type_id: 'booking', booking_id: 7, booking_ticket: 'EIC 1234' });
    expect(saved.booking).toEqual([{ booking_id: 7, label: 'PKP Intercity · Warszawa → Kraków' }]);
  });

  it('attaches a booking that settles no line (a rented car) from the summary, offers one another settlement holds disabled, and detaches it again', { timeout: 60_000 }, async () => {
    const attachable = (id: number, overrides: Record<string, unknown> = {}) => ({
      id, kind: 'car', status: 'ticketed', title: 'Avis', route: 'Kraków', start_at: '2026-03-10 09:00', end_at: '2026-03-10 18:00',
      carrier: null, name: null, start_place: 'Kraków', end_place: null, country_code: 'PL', record_locator: null, ticket_number: null,
      is_return_route: false, amount_gross: '240.00', currency: 'PLN', invoice_missing: true, delegation_id: null, delegation_number: null, ...overrides,
    });
    const { server } = renderApp('/delegation/edit/31', {
      user,
      handlers: {
        ...common,
        [EDIT]: { body: { delegation: settlementDocument(), selected_transport_types: [] } },
        [SAVE]: { body: { status: 'OK', delegation: settlementDocument() } },
        'GET /api/booking/for-settlement': {
          body: { items: [attachable(21), attachable(22, { title: 'Parking Kraków', route: null, delegation_id: 40, delegation_number: null })] },
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edycja rozliczenia delegacji' }, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(await screen.findByRole('tab', { name: /Podsumowanie/ }));
    const section = await screen.findByRole('region', { name: 'Inne rezerwacje podróży' });
    expect(within(section).getByText('Brak innych dołączonych rezerwacji.')).toBeTruthy();
    const picker = (await within(section).findByLabelText('Dołącz rezerwację')) as HTMLSelectElement;
    await waitFor(() => expect(picker.options.length).toBe(3));
    expect([...picker.options].map((option) => [option.textContent, option.disabled])).toEqual([
      ['Wybierz…', false],
      ['Avis · Kraków · 10.03.2026 09:00', false],
      ['Parking Kraków · 10.03.2026 09:00 – dołączona do innego rozliczenia', true],
    ]);
    fireEvent.change(picker, { target: { value: '21' } });
    const attached = within(section).getByRole('list', { name: 'Inne dołączone rezerwacje' });
    expect(within(attached).getByText('Avis · Kraków')).toBeTruthy();
    // Once attached, it is no longer offered; detached, it is offered again.
    await waitFor(() => expect(picker.options.length).toBe(2));
    fireEvent.click(within(section).getByRole('button', { name: 'Odłącz rezerwację: Avis · Kraków' }));
    expect(within(section).getByText('Brak innych dołączonych rezerwacji.')).toBeTruthy();
    await waitFor(() => expect(picker.options.length).toBe(3));
    fireEvent.change(picker, { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo(SAVE)).toHaveLength(1));
    expect((server.requestsTo(SAVE)[0]!.body as { delegation: DelegationFormInput }).delegation.booking).toEqual([{ booking_id: 21, label: 'Avis · Kraków' }]);
  });

  it('chooses the settlement’s Optima category from the imported ones and keeps it on saving', { timeout: 60_000 }, async () => {
    const exportUser = buildUserProperties({ system_settings: { ...user.system_settings, modules: { ...user.system_settings.modules, accounting_export: 2 } } });
    const { server } = renderApp('/delegation/edit/31', {
      user: exportUser,
      handlers: {
        ...common,
        'GET /api/optima/categories': {
          body: {
            items: [
              { id: 1, code: 'DELEG', general_code: null, type: null, description: 'Podróże służbowe', is_active: true },
              { id: 2, code: 'HOTEL', general_code: null, type: null, description: 'Noclegi', is_active: true },
            ],
          },
        },
        [EDIT]: { body: { delegation: settlementDocument({ form: { ...domesticForm, id: 31, user_id: 12, optima_category_code: 'HOTEL' } }), selected_transport_types: [] } },
        [SAVE]: { body: { status: 'OK', delegation: settlementDocument() } },
      },
    });
    const category = await screen.findByRole('combobox', { name: 'Kategoria w Optimie' }, { timeout: 15_000 });
    await waitFor(() => expect(category.textContent).toBe('HOTEL – Noclegi'));
    fireEvent.mouseDown(category);
    fireEvent.click(await screen.findByRole('option', { name: 'DELEG – Podróże służbowe' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo(SAVE)).toHaveLength(1));
    expect(server.requestsTo(SAVE)[0]!.body).toMatchObject({ delegation: { id: 31, optima_category_code: 'DELEG' } });
  });

  it('sends a settlement the user can no longer edit to its view', async () => {
    renderApp('/delegation/edit/31', {
      user,
      handlers: { ...common, [EDIT]: { body: { delegation: settlementDocument({ status: 'submitted', stage: 'substantive', allowedActions: ['withdraw'] }), selected_transport_types: [] } } },
    });
    expect(await screen.findByText('Tego rozliczenia nie można już edytować – otwórz podgląd.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Otwórz podgląd' }).getAttribute('href')).toBe('/delegation/readonly/31');
  });

  it('starts from an accepted order with what it knows, calculates it at once and offers only its transport', async () => {
    const { server } = renderApp('/delegation/new-from-order/8', {
      user,
      handlers: {
        ...common,
        'POST /api/delegation/delegation-order-import': { body: { delegationOrder: importedOrder } },
        [SAVE]: { body: { status: 'OK', delegation: settlementDocument({ delegation_order_id: 8, delegation_order_number: 'PW/8/2026' }) } },
      },
    });
    expect(await screen.findByText('Rozliczenie polecenia wyjazdu nr PW/8/2026.')).toBeTruthy();
    await waitFor(() => expect(server.requestsTo(CALCULATE)).toHaveLength(1));
    expect((screen.getByLabelText('Pracownik') as HTMLInputElement).value).toBe('Anna Kowalska');
    expect((screen.getByLabelText('Miejsce docelowe') as HTMLInputElement).value).toBe('Berlin');
    expect((screen.getByLabelText('Cel podróży (zadanie służbowe)') as HTMLInputElement).value).toBe('Targi ITB');
    fireEvent.click(screen.getByRole('tab', { name: /Trasa/ }));
    const select = within(await screen.findByRole('region', { name: 'Odcinek 1' })).getByRole('combobox', { name: 'Środek transportu' });
    const options = within(select).getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('Samochód');
    expect(options).not.toContain('Samolot');

    // The order's advance is shown as the order has it, and stays on the settlement.
    fireEvent.click(screen.getByRole('tab', { name: /Podsumowanie/ }));
    const advances = await screen.findByRole('region', { name: 'Zaliczki' });
    expect(advances.textContent?.replace(/\u00a0/g, ' ')).toContain('150,00 EUR · Przelew · wypłacona 02.03.2026 · Wypłacona');
    expect(within(advances).queryByLabelText('Kwota')).toBeNull();
    expect(within(advances).getByRole('button', { name: 'Usuń zaliczkę 1' }).hasAttribute('disabled')).toBe(true);

    // Saved: the list shows, and the order (settled now) is not read again.
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo(SAVE)).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rozliczenia delegacji' })).toBeTruthy();
    expect(server.requestsTo('POST /api/delegation/delegation-order-import')).toHaveLength(1);
  });

  it("says the order's rules while the user types: the order's issue at once, the date difference at the return as it is typed", async () => {
    const orderDate = '2026-03-12 20:00';
    renderApp('/delegation/new-from-order/8', {
      user,
      handlers: {
        ...common,
        'POST /api/delegation/delegation-order-import': { body: { delegationOrder: importedOrder } },
        [CALCULATE]: (request: MockRequest) => {
          const delegation = (request.body as { delegation: { end_date: string | null } }).delegation;
          const validation: Issue[] = [{ path: ['delegation_order_id'], code: 'delegation.orderAlreadySettled' }];
          if (delegation.end_date !== orderDate) validation.push({ path: ['end_date'], code: 'delegation.dateDifferenceVsOrder', params: { option: 'h1', hours: 1, order_date: orderDate } });
          return { body: { validation, calculated: null } };
        },
      },
    });
    // The order was chosen before the form: what the server says of it shows without a touch.
    expect(await screen.findByText('Rozliczenie polecenia wyjazdu nr PW/8/2026. To polecenie wyjazdu ma już rozliczenie – jedno polecenie można rozliczyć tylko raz.')).toBeTruthy();
    const end = pickerField('Zakończenie podróży');
    expect(end.getAttribute('aria-invalid')).toBe('false');
    pastePickerText('Zakończenie podróży', '12.03.2026 23:00');
    await waitFor(() => expect(descriptionOf(end)).toBe('Data różni się od daty w poleceniu wyjazdu (12.03.2026 20:00) bardziej, niż pozwala firma.'));
    expect(end.getAttribute('aria-invalid')).toBe('true');
  });

  it('starts from an order with the flight and hotel bought for it, the flight as booked journeys and the hotel with its breakfasts', { timeout: 60_000 }, async () => {
    const { server } = renderApp('/delegation/new-from-order/8', {
      user,
      handlers: {
        ...common,
        'GET /api/booking/for-settlement': { body: { items: [] } },
        'POST /api/delegation/delegation-order-import': {
          body: {
            delegationOrder: {
              id: 8, number: 'PW/8/2026', user_id: 12, employee_name: 'Anna Kowalska', start_date: '2026-03-10 05:00', end_date: '2026-03-12 22:00',
              cost_centre_id: 4, project_id: null, task_id: null, task: 'Targi Musikmesse', external_customer_id: null,
              destinations: [{ place_text: 'Frankfurt', country_code: 'DE' }], destination_text: null, start_place_text: 'Warszawa', end_place_text: 'Warszawa',
              allowed_transport: ['flight'], advances: [],
              bought_services: [
                {
                  booking_id: 41, kind: 'flight', label: 'LOT · Warszawa → Frankfurt', reference: 'K7XQ2P',
                  legs: [
                    { from_text: 'Warszawa (WAW)', to_text: 'Frankfurt (FRA)', departure: '2026-03-10 07:10', arrival: '2026-03-10 09:20' },
                    { from_text: 'Frankfurt (FRA)', to_text: 'Warszawa (WAW)', departure: '2026-03-12 18:05', arrival: '2026-03-12 20:10' },
                  ],
                  stay: null,
                },
                { booking_id: 42, kind: 'hotel', label: 'Hotel Frankfurter Hof', reference: 'H-1', legs: [], stay: { hotel_name: 'Hotel Frankfurter Hof', check_in: '2026-03-10', check_out: '2026-03-12', breakfast_included: true, country_code: 'DE' } },
              ],
            },
          },
        },
        [SAVE]: { body: { status: 'OK', delegation: settlementDocument({ delegation_order_id: 8, delegation_order_number: 'PW/8/2026' }) } },
      },
    });
    expect(await screen.findByText('Rozliczenie polecenia wyjazdu nr PW/8/2026.', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Trasa/ }));
    const outbound = await screen.findByRole('region', { name: 'Odcinek 1' });
    expect((within(outbound).getByLabelText('Rezerwacja') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('LOT · Warszawa → Frankfurt');
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo(SAVE)).toHaveLength(1));
    const saved = (server.requestsTo(SAVE)[0]!.body as { delegation: DelegationFormInput }).delegation;
    expect(saved.transport!.map((segment) => [segment.settlement_type_id, segment.booking_id, segment.start_date])).toEqual([
      ['booking', 41, '2026-03-10 07:10'],
      ['booking', 41, '2026-03-12 18:05'],
    ]);
    const germany = saved.country![1]!;
    expect([germany.in_date, germany.out_date]).toEqual(['2026-03-10 07:10', '2026-03-12 20:10']);
    expect(germany.accommodation![0]).toMatchObject({ settlement_type_id: 'importReservation', booking_id: 42, booking_text: 'Hotel Frankfurter Hof' });
    expect(germany.meals_per_doba!.map((meals) => meals.breakfast)).toEqual([false, true, true]);
    expect(saved.booking).toEqual([
      { booking_id: 41, label: 'LOT · Warszawa → Frankfurt' },
      { booking_id: 42, label: 'Hotel Frankfurter Hof' },
    ]);
  });

  it('says when the order cannot be settled', async () => {
    renderApp('/delegation/new-from-order/9', {
      user,
      handlers: { ...common, 'POST /api/delegation/delegation-order-import': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['id'], code: 'delegation.orderAlreadySettled' }] }) },
    });
    expect(await screen.findByText('To polecenie wyjazdu ma już rozliczenie – jedno polecenie można rozliczyć tylko raz.')).toBeTruthy();
  });
});

describe('the decision screen', () => {
  const decisionDocument = settlementDocument({ status: 'submitted', stage: 'substantive', number: 'RD/7/2026', version: 4, allowedActions: ['accept', 'reject', 'returnForCorrection'] });

  it('offers the decisions the server allows and accepts with a comment after confirmation', async () => {
    const { server } = renderApp('/delegation/decision/31', {
      user,
      handlers: { ...common, [EDIT]: { body: { delegation: decisionDocument, selected_transport_types: [] } }, [ACTION]: { body: { status: 'OK', delegation: listItem({ status: 'accepted', stage: 'financial', allowedActions: [] }), messages: [] } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Decyzja w sprawie rozliczenia delegacji' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rozlicz (akceptacja finansowa)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Odrzuć' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Akceptuj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zaakceptować rozliczenie?' });
    fireEvent.change(within(dialog).getByLabelText('Komentarz'), { target: { value: 'Zgodnie z planem' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Akceptuj' }));
    await waitFor(() => expect(server.requestsTo(ACTION)).toHaveLength(1));
    expect(server.requestsTo(ACTION)[0]!.body).toEqual({ id: 31, action: 'accept', version: 4, comment: 'Zgodnie z planem' });
    expect(await screen.findByText('Rozliczenie zaakceptowano')).toBeTruthy();
  });

  it('tells the acceptor which bills were claimed twice by their position and number, naming an unnumbered settlement by its trip’s dates, and which bookings still wait for their invoice', async () => {
    renderApp('/delegation/decision/31', {
      user,
      handlers: {
        ...common,
        [EDIT]: { body: { delegation: decisionDocument, selected_transport_types: [] } },
        'GET /api/delegation/cost-check': {
          body: {
            bookings: [{ id: 7, kind: 'hotel', title: 'Hotel Saski', start_at: '2026-03-10 15:00', amount_gross: '420.00', currency: 'PLN', invoice_missing: true, invoice_ids: [] }],
            invoices: [],
            duplicates: [
              { place: 'other.0', reason: 'sameNumber', bill_number: 'T/77', other_delegation_id: 40, other_delegation_number: null, other_trip_start: '2026-03-09 06:30', other_trip_end: '2026-03-11 21:00', other_place: 'other.1', other_bill_number: 'T/77' },
              { place: 'other.1', reason: 'sameAmountDateSeller', bill_number: null, other_delegation_id: 31, other_delegation_number: 'RD/5/2026', other_trip_start: '2026-03-10 06:00', other_trip_end: '2026-03-10 20:00', other_place: 'other.2', other_bill_number: null },
              { place: 'invoice.12', reason: 'sameNumber', bill_number: 'FV/9', other_delegation_id: 41, other_delegation_number: 'RD/2/2026', other_trip_start: '2026-03-01 06:00', other_trip_end: '2026-03-02 20:00', other_place: 'invoice.12', other_bill_number: 'FV/9' },
            ],
          },
        },
      },
    });
    const duplicates = (await screen.findByText('Rachunki wykazane dwukrotnie')).closest('[role="alert"]') as HTMLElement;
    expect(within(duplicates).getByText('Inny koszt nr 1 (rachunek T/77): ten sam sprzedawca i numer rachunku co inny koszt nr 2 (rachunek T/77) w rozliczeniu podróży 09.03.2026 06:30 – 11.03.2026 21:00.')).toBeTruthy();
    expect(within(duplicates).getByText('Inny koszt nr 2: ta sama kwota, data i sprzedawca co inny koszt nr 3 w tym rozliczeniu.')).toBeTruthy();
    expect(within(duplicates).getByText('Faktura FV/9: ten sam sprzedawca i numer rachunku co faktura FV/9 w rozliczeniu RD/2/2026.')).toBeTruthy();
    expect(duplicates.textContent).not.toMatch(/other\.|invoice\.|#\d/);
    expect(screen.getByText(/dopóki nie wpłyną faktury do rezerwacji: Hotel Saski \(10\.03\.2026 15:00\)/)).toBeTruthy();
  });

  it('shows the mileage the engine computed for a private car, beside the tickets as entered', async () => {
    const form: DelegationFormInput = {
      ...domesticForm,
      transport: [
        { ...domesticForm.transport![0]!, transport_type: 'car', settlement_type_id: 'lumpSum', amount_in_currency: '', distance: '100', vehicle: { type: 'car', engine_capacity: 1598, is_private: true } },
        domesticForm.transport![1]!,
      ],
    };
    const { calculated } = calculateSettlement(parseDelegationForm(form).delegation!, {
      rateBook: createRateBook({}),
      policy: { domestic_parts_of_foreign_trip: 'summed', exchange_rate_date_rule: 'lastTableBeforeSettlement', hotel_limit_excess: 'acceptorConsent' },
      settlementDate: '2026-03-16',
    });
    renderApp('/delegation/decision/31', { user, handlers: { ...common, [EDIT]: { body: { delegation: { ...decisionDocument, form: { ...form, id: 31, user_id: 12 }, calculated }, selected_transport_types: [] } } } });
    // The segments as entered come first; the calculation's table of the same name follows.
    const [segments] = await screen.findAllByRole('table', { name: 'Przejazdy' });
    const [, car, rail] = within(segments!).getAllByRole('row');
    // 100 km × 1,15 zł (a car over 900 cm³).
    expect(car!.textContent?.replace(/\u00a0/g, ' ')).toContain('115,00 zł');
    expect(rail!.textContent?.replace(/\u00a0/g, ' ')).toContain('130,00 zł');
  });

  it('says where the maps distance of a segment came from, as the form does, in Polish and in English', async () => {
    const form: DelegationFormInput = {
      ...domesticForm,
      transport: [
        { ...domesticForm.transport![0]!, transport_type: 'car', settlement_type_id: 'lumpSum', amount_in_currency: '', distance: '310', google_maps_api_distance: '302.4', google_maps_api_distance_source: 'estimate' },
        { ...domesticForm.transport![1]!, google_maps_api_distance: '293.4', google_maps_api_distance_source: 'google' },
      ],
    };
    renderApp('/delegation/decision/32', { user, handlers: { ...common, [EDIT]: { body: { delegation: { ...decisionDocument, id: 32, form: { ...form, id: 32, user_id: 12 } }, selected_transport_types: [] } } } });
    const [segments] = await screen.findAllByRole('table', { name: 'Przejazdy' });
    const [, car, rail] = within(segments!).getAllByRole('row');
    expect(within(car!).getByText('Szacunek w linii prostej × 1,2 (bez usługi map): 302,4 km')).toBeTruthy();
    expect(within(rail!).getByText('Według Google Maps: 293,4 km')).toBeTruthy();
    await act(async () => {
      await i18n.changeLanguage('en-US');
    });
    expect(within(rail!).getByText('According to Google Maps: 293.4 km')).toBeTruthy();
  });

  it('returns for correction only with a reason of at least 10 characters, then goes back to the list with a notification', async () => {
    const { server } = renderApp('/delegation/decision/31', {
      user,
      handlers: { ...common, [EDIT]: { body: { delegation: decisionDocument, selected_transport_types: [] } }, [ACTION]: { body: { status: 'OK', delegation: listItem({ status: 'rejectedForCorrect', allowedActions: [] }), messages: [] } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Zwróć do poprawy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zwrócić do poprawy?' });
    const confirm = within(dialog).getByRole('button', { name: 'Zwróć do poprawy' });
    fireEvent.click(confirm);
    const reason = within(dialog).getByLabelText(/Powód/);
    expect(descriptionOf(reason)).toContain('Pole wymagane');
    fireEvent.change(reason, { target: { value: ' Za mało ' } });
    fireEvent.click(confirm);
    expect(descriptionOf(reason)).toContain('Minimum 10 znaków');
    expect(server.requestsTo(ACTION)).toHaveLength(0);
    fireEvent.change(reason, { target: { value: 'Brak skanów biletów' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(server.requestsTo(ACTION)).toHaveLength(1));
    expect(server.requestsTo(ACTION)[0]!.body).toEqual({ id: 31, action: 'returnForCorrection', version: 4, comment: 'Brak skanów biletów' });
    expect(await screen.findByText('Rozliczenie zwrócono do poprawy')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rozliczenia delegacji' })).toBeTruthy();
  });

  it('lets the financial acceptor settle', async () => {
    const financial = settlementDocument({ status: 'accepted', stage: 'financial', number: 'RD/7/2026', allowedActions: ['settle', 'reject', 'returnForCorrection'] });
    renderApp('/delegation/decision/31', { user, handlers: { ...common, [EDIT]: { body: { delegation: financial, selected_transport_types: [] } } } });
    expect(await screen.findByRole('button', { name: 'Rozlicz (akceptacja finansowa)' })).toBeTruthy();
    expect(screen.getByText('Jako akceptant finansowy zatwierdzasz rozliczenie przyciskiem „Rozlicz”.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Akceptuj' })).toBeNull();
  });

  it('says a settlement above its budget waits for the budget acceptance and by whom', async () => {
    const aboveBudget = settlementDocument({ ...decisionDocument, waiting_for_budget: true, budget_approvers: ['Ewa Budżetowa', 'Jan Skarbnik'] });
    renderApp('/delegation/decision/31', { user, handlers: { ...common, [EDIT]: { body: { delegation: aboveBudget, selected_transport_types: [] } } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Decyzja w sprawie rozliczenia delegacji' })).toBeTruthy();
    expect(screen.getByText('Czeka na akceptację budżetu')).toBeTruthy();
    expect(screen.queryByText('Wysłane do akceptacji')).toBeNull();
    expect(screen.getByText('Akceptacja budżetu (przekroczony budżet MPK)')).toBeTruthy();
    expect(screen.getByText('Ewa Budżetowa, Jan Skarbnik')).toBeTruthy();
  });

  it('says the same in English', async () => {
    await i18n.changeLanguage('en-US');
    const aboveBudget = settlementDocument({ ...decisionDocument, waiting_for_budget: true, budget_approvers: ['Ewa Budżetowa'] });
    renderApp('/delegation/decision/31', { user: buildUserProperties({ language: 'en-US' }), handlers: { ...common, [EDIT]: { body: { delegation: aboveBudget, selected_transport_types: [] } } } });
    expect(await screen.findByText('Waiting for budget acceptance')).toBeTruthy();
    expect(screen.getByText('Budget acceptance (cost centre budget exceeded)')).toBeTruthy();
  });

  it('says when nothing waits for the user', async () => {
    renderApp('/delegation/decision/31', { user, handlers: { ...common, [EDIT]: { body: { delegation: settlementDocument({ allowedActions: [] }), selected_transport_types: [] } } } });
    expect(await screen.findByText('To rozliczenie nie czeka teraz na Twoją decyzję.')).toBeTruthy();
  });
});

describe('choosing the order to settle', () => {
  afterEach(() => vi.unstubAllGlobals());
  const order = { id: 44, number: 'PW/3/2026', user_id: 12, employee_name: 'Anna Kowalska', start_date: '2026-03-10 07:00', end_date: '2026-03-10 20:00', destination_text: 'Kraków', accepted_at: null };
  const handlers = { ...common, 'GET /api/delegation/available-orders': { body: { items: [order] } } };

  it('on a phone shows each accepted order as a card with its trip and the button that settles it', async () => {
    // A 390 px screen, as MUI's media queries ask it.
    vi.stubGlobal('matchMedia', (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const matches = (!max || 390 <= Number(max[1])) && (!min || 390 >= Number(min[1]));
      return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
    });
    const { router } = renderApp('/delegation/start-choose-order', { user, handlers });
    const list = await screen.findByRole('list', { name: 'Zaakceptowane polecenia wyjazdu bez rozliczenia' }, { timeout: 5_000 });
    expect(screen.queryByRole('table')).toBeNull();
    const card = await within(list).findByRole('listitem', { name: 'PW/3/2026' });
    expect(within(card).getAllByRole('definition').map((value) => value.textContent)).toEqual(['PW/3/2026', 'Anna Kowalska', '10.03.2026 07:00 – 20:00', 'Kraków', '']);
    fireEvent.click(within(card).getByRole('button', { name: 'Rozlicz polecenie PW/3/2026' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/delegation/new-from-order/44'));
  });

  it('on a wider screen lists them in a table', async () => {
    renderApp('/delegation/start-choose-order', { user, handlers });
    const table = await screen.findByRole('table', { name: 'Zaakceptowane polecenia wyjazdu bez rozliczenia' }, { timeout: 5_000 });
    expect(await within(table).findByRole('button', { name: 'Rozlicz polecenie PW/3/2026' })).toBeTruthy();
  });
});

describe('the settlement list', () => {
  it('lists settlements with their row actions, quick-accepts after confirmation and reports downloads without files', async () => {
    const { server } = renderApp('/delegation', {
      user,
      handlers: {
        ...common,
        [LIST]: (request: MockRequest) => ({ body: { items: [listItem({ attachment_count: request.url.searchParams.get('status') === 'settled' ? 2 : 0 })], total: 1, total_is_exact: true } }),
        [ACTION]: { body: { status: 'OK', delegation: listItem({ status: 'accepted', stage: 'financial', allowedActions: [] }), messages: [] } },
        'GET /api/delegation/attachment/download-all': errorAnswer(404, 'NOT_FOUND', { messages: ['No attached files'], params: { reason: 'noFiles' } }),
        'GET /api/delegation/pdf': errorAnswer(500, 'INTERNAL'),
      },
    });
    const table = await screen.findByRole('table', { name: 'Rozliczenia delegacji' });
    expect(await within(table).findByText('RD/7/2026')).toBeTruthy();
    expect(within(table).getByText('Wysłane do akceptacji')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Szybka akceptacja: RD/7/2026' }));
    const confirm = await screen.findByRole('dialog', { name: 'Zaakceptować rozliczenie?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Akceptuj' }));
    await waitFor(() => expect(server.requestsTo(ACTION)).toHaveLength(1));
    expect(server.requestsTo(ACTION)[0]!.body).toEqual({ id: 31, action: 'accept', version: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: 'Więcej akcji dla rozliczenia RD/7/2026' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Pobierz wszystkie dokumenty' }));
    const noFiles = await screen.findByRole('dialog', { name: 'Pobieranie plików' });
    expect(noFiles.textContent).toContain('Brak załączonych plików.');
    fireEvent.click(within(noFiles).getByRole('button', { name: 'Zamknij' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: 'Więcej akcji dla rozliczenia RD/7/2026' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Pobierz PDF' }));
    expect((await screen.findByRole('dialog', { name: 'Pobieranie plików' })).textContent).toContain('Nie udało się pobrać pliku. Kod błędu: 500');
  });

  it('filters by status through the address', async () => {
    const { server } = renderApp('/delegation?status=settled', { user, handlers: common });
    await waitFor(() => expect(server.requestsTo(LIST).length).toBeGreaterThan(0));
    expect(server.requestsTo(LIST).at(-1)!.url.searchParams.get('status')).toBe('settled');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Rozliczone');
    fireEvent.click(screen.getByRole('button', { name: 'Wyczyść filtry' }));
    await waitFor(() => expect(server.requestsTo(LIST).at(-1)!.url.searchParams.get('status')).toBeNull());
    // Unfiltered, the filter names its "all" choice instead of showing an empty box.
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Każdy status');
  });

  it('filters by dates typed one after the other, each day kept in the address', async () => {
    const { server, user: typist } = renderApp('/delegation', { user, handlers: common });
    await waitFor(() => expect(server.requestsTo(LIST).length).toBeGreaterThan(0));
    await typeIntoPicker(typist, 'Podróż od', '01032026');
    await typeIntoPicker(typist, 'Podróż do', '31032026');
    await waitFor(() => expect(server.requestsTo(LIST).at(-1)!.url.searchParams.get('date_to')).toBe('2026-03-31'));
    expect(server.requestsTo(LIST).at(-1)!.url.searchParams.get('date_from')).toBe('2026-03-01');
    expect(pickerText('Podróż od')).toBe('01.03.2026');
    expect(pickerText('Podróż do')).toBe('31.03.2026');
  });

  it("names a settlement without a number by its employee and trip dates in the row's buttons, in the language's format", async () => {
    const draft = listItem({ number: null, status: 'created', allowedActions: ['edit'], start_date: '2026-03-10 07:00', end_date: '2026-03-12 20:00' });
    renderApp('/delegation', { user, handlers: { ...common, [LIST]: { body: { items: [draft], total: 1, total_is_exact: true } } } });
    const table = await screen.findByRole('table', { name: 'Rozliczenia delegacji' });
    expect(await within(table).findByRole('button', { name: 'Więcej akcji dla rozliczenia Anna Kowalska, 10.03.2026 07:00 – 12.03.2026 20:00' }, { timeout: 5_000 })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Edytuj: Anna Kowalska, 10.03.2026 07:00 – 12.03.2026 20:00' })).toBeTruthy();
  });
});
