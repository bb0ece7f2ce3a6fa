import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OfferDto, OrderItemDto, ResponseOf, TravelServiceOrderDto, TravelServiceOrderRow, adminTravelServiceApi } from '@delego/contract';
import { DEFAULT_OFFER_REQUIREMENTS } from '@delego/domain';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { errorAnswer } from '../../testing/fetch-mock.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;

const ALL_TYPES = {
  travelOrderResponseFlight: true,
  travelOrderResponseFlightLowCost: true,
  travelOrderResponseCar: true,
  travelOrderResponseHotel: true,
  travelOrderResponseInsurance: true,
  travelOrderResponseOther: true,
  travelOrderResponseRail: true,
};
const consultant = buildUserProperties({ user_id: -3, company_code: 'admin', is_admin_context: true, permissions: ALL_TYPES, context_user_permissions: ALL_TYPES });
const hotelOnly = buildUserProperties({ user_id: -4, company_code: 'admin', is_admin_context: true, permissions: { travelOrderResponseHotel: true }, context_user_permissions: { travelOrderResponseHotel: true } });

const offer: OfferDto = {
  id: 31,
  price: '1290.00',
  currency: 'PLN',
  parts: [{ kind: 'leg', carrier: 'LOT', number: 'LO 379', from_text: 'Warszawa (WAW)', to_text: 'Frankfurt (FRA)', departure: '2026-06-10 07:05', arrival: '2026-06-10 09:10', seat_class: 'ekonomiczna' }],
  html: '',
  requires: DEFAULT_OFFER_REQUIREMENTS,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
};

const flight: OrderItemDto = {
  id: 5,
  guid: 'g-1',
  group_guid: null,
  sequence: 1,
  related_sequence: null,
  related_travel_service_order_item_guid: null,
  status: 'awaitingAgentResponse',
  comment: '',
  cost_centre_id: null,
  passengers: [{ id: 8, company_user_id: 10, name: 'Anna', surname: 'Kowalska', email: 'anna@firma.pl', phone: '', birth_date: null, document_number: '', offer_data: {} }],
  responses: [],
  selected_offer_id: null,
  booking: null,
  notify: true,
  late_arrival_hint: false,
  allowedActions: ['answer', 'askClient'],
  type: 'flight',
  params: {
    start_place_id: 1,
    end_place_id: 2,
    seat_class: 'economy',
    start_date: '2026-06-10',
    start_time: '07:00',
    return_date: '2026-06-12',
    return_time: null,
    is_baggage: false,
    is_insurance: false,
    preferred_seat: '',
    additionalSegments: [],
  },
};

type ItemView = ResponseOf<typeof adminTravelServiceApi.getServiceOrderItem>;
const orderOfItem = { id: 77, number: '77', company_name: 'Demo Sp. z o.o.', status: 'new' as const, user: { id: 10, fullName: 'Anna Kowalska' } };
const itemView = (overrides: Partial<ItemView> = {}): ItemView => ({ orderItem: flight, order: orderOfItem, responses: [], selected_offer: null, editable: true, ...overrides });

const row: TravelServiceOrderRow = {
  id: 77,
  version: 1,
  number: '77',
  company_name: 'Demo Sp. z o.o.',
  status: 'new',
  user: { id: 10, fullName: 'Anna Kowalska' },
  created_by: { id: 10, fullName: 'Anna Kowalska' },
  created_at: '2026-05-01T10:00:00Z',
  types: ['flight', 'hotel'],
  start_date: '2026-06-10',
  end_date: '2026-06-12',
  travellers: ['Anna Kowalska'],
  can_edit: false,
  allowedActions: ['answer'],
  unread_messages: 0,
};

const order: TravelServiceOrderDto = {
  id: 77,
  version: 1,
  number: '77',
  company_id: 1,
  company_name: 'Demo Sp. z o.o.',
  status: 'new',
  user: { id: 10, fullName: 'Anna Kowalska' },
  created_by: { id: 10, fullName: 'Anna Kowalska' },
  created_at: '2026-05-01T10:00:00Z',
  comment: '',
  delegation_order_id: null,
  delegation_order_number: null,
  external_customer_id: null,
  project_id: null,
  additional_parameters: [],
  travelServiceOrderItems: [flight, { ...flight, id: 6, sequence: 2, allowedActions: ['book'], status: 'acceptedByClient', responses: [offer], selected_offer_id: 31 }],
  can_edit: false,
  allowedActions: ['answer', 'askClient', 'book'],
  history: [{ id: 1, item_id: 6, action: 'accept', from_status: 'offerSelected', to_status: 'acceptedByClient', user_name: 'Piotr Nowak', comment: 'Akceptuję.', created_at: '2026-05-02T08:00:00Z', is_message: true, unread: false }],
  unread_messages: 0,
  message_auto_read: 1,
};

describe('consultant screens', { timeout: 40_000 }, () => {
  it('lists every company’s orders, by service type from the tabs, with the status filter', async () => {
    const { server, user } = renderApp('/admin/travel-service/all', { user: consultant, handlers: { 'GET /api/admin/travel-service-admin/list': { body: { items: [row], total: 1, total_is_exact: true } } } });
    const table = await screen.findByRole('table', { name: 'Wszystkie zamówienia podróży' }, FIRST_LOAD);
    expect(await within(table).findByText('Demo Sp. z o.o.')).toBeTruthy();
    expect(within(table).getByText('Lot, Hotel')).toBeTruthy();
    expect(within(table).getByText('10.06.2026 – 12.06.2026')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Lot tanimi liniami' }));
    expect(await screen.findByRole('table', { name: 'Zamówienia z usługą: Lot tanimi liniami' })).toBeTruthy();
    await waitFor(() => expect(server.requestsTo('GET /api/admin/travel-service-admin/list').at(-1)!.url.searchParams.get('type')).toBe('flightLowCost'));
  });

  it('shows each service of an order with its history and only the steps the server allows, and books with a required reference', async () => {
    const { server, user } = renderApp('/admin/travel-service/edit/77', {
      user: consultant,
      handlers: {
        'GET /api/admin/travel-service-admin/get-service-order': { body: { travelServiceOrder: order } },
        'POST /api/admin/travel-service-admin/item-action': { body: { status: 'OK', order_id: 77, order_status: 'partlyCompleted', item_status: 'booked', allowedActions: [] } },
      },
    });
    expect(await screen.findByRole('link', { name: 'Odpowiedz ofertą na usługę 1' }, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Odpowiedz ofertą na usługę 2' })).toBeNull();
    expect(screen.getByText(/02\.05\.2026 10:00 · Piotr Nowak · Zaakceptowane przez klienta · Akceptuję\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zarezerwuj usługę 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Zarezerwuj usługę 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rezerwacja – 2. Lot' });
    await user.click(within(dialog).getByRole('button', { name: 'Zarezerwuj' }));
    expect(descriptionOf(within(dialog).getByLabelText(/Numer rezerwacji/))).toContain('Pole wymagane');
    expect(server.requestsTo('POST /api/admin/travel-service-admin/item-action')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Numer rezerwacji/), 'ABC123');
    await user.click(within(dialog).getByRole('button', { name: 'Zarezerwuj' }));
    await waitFor(() => expect(server.requestsTo('POST /api/admin/travel-service-admin/item-action')).toHaveLength(1));
    expect(server.requestsTo('POST /api/admin/travel-service-admin/item-action')[0]!.body).toEqual({ item_id: 6, action: 'book', reference: 'ABC123' });
  });

  it('shows the offer rules at their fields and sends the responses: price required, a response without parts needs its text', async () => {
    const { server, user, router } = renderApp('/admin/travel-service/item/5', {
      user: consultant,
      handlers: {
        'GET /api/admin/travel-service-admin/get-service-order-item': { body: itemView() },
        'POST /api/admin/travel-service-admin/save-offers': { body: { status: 'OK', order_id: 77, order_status: 'partlyCompleted', item_status: 'assemblingOrder', allowedActions: ['answer'] } },
        'GET /api/admin/travel-service-admin/get-service-order': { body: { travelServiceOrder: order } },
      },
    });
    const response = await screen.findByRole('region', { name: 'Odpowiedź 1' }, FIRST_LOAD);
    expect(within(response).getByRole('group', { name: 'Odcinek 1' })).toBeTruthy();
    await user.click(within(response).getByRole('button', { name: 'Usuń odcinek 1' }));
    await user.click(screen.getByRole('button', { name: 'Zapisz odpowiedzi' }));
    expect(descriptionOf(await within(response).findByRole('textbox', { name: 'Cena' }))).toContain('Pole wymagane');
    expect(within(response).getByText('Odpowiedź bez części musi mieć treść')).toBeTruthy();
    expect(server.requestsTo('POST /api/admin/travel-service-admin/save-offers')).toHaveLength(0);

    await user.type(within(response).getByRole('textbox', { name: 'Cena' }), '1 290,5');
    await user.click(within(response).getByRole('textbox', { name: 'Treść oferty' }));
    await user.keyboard('Lot LO 379 z bagażem');
    await user.click(screen.getByRole('button', { name: 'Zapisz odpowiedzi' }));
    await waitFor(() => expect(server.requestsTo('POST /api/admin/travel-service-admin/save-offers')).toHaveLength(1));
    expect(server.requestsTo('POST /api/admin/travel-service-admin/save-offers')[0]!.body).toEqual({
      item_id: 5,
      responses: [{ price: '1290.5', currency: 'PLN', parts: [], html: 'Lot LO 379 z bagażem', requires: DEFAULT_OFFER_REQUIREMENTS }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/travel-service/edit/77'));
  });

  it('shows the server’s refusal of a response at its field', async () => {
    const { server, user } = renderApp('/admin/travel-service/item/5', {
      user: consultant,
      handlers: {
        'GET /api/admin/travel-service-admin/get-service-order-item': { body: itemView({ responses: [offer] }) },
        'POST /api/admin/travel-service-admin/save-offers': { body: { status: 'error', issues: [{ path: ['responses', 0, 'currency'], code: 'validation.currency' }], warnings: [] } },
      },
    });
    const response = await screen.findByRole('region', { name: 'Odpowiedź 1' }, FIRST_LOAD);
    expect((within(response).getByRole('textbox', { name: 'Przewoźnik' }) as HTMLInputElement).value).toBe('LOT');
    await user.click(screen.getByRole('button', { name: 'Zapisz odpowiedzi' }));
    await waitFor(() => expect(server.requestsTo('POST /api/admin/travel-service-admin/save-offers')).toHaveLength(1));
    expect(await within(response).findByText('Podaj trzyliterowy kod waluty ISO, np. EUR')).toBeTruthy();
  });

  it('shows the offers read-only once the client chose one, with the chosen one marked and no way to save', async () => {
    renderApp('/admin/travel-service/item/5', {
      user: consultant,
      handlers: {
        'GET /api/admin/travel-service-admin/get-service-order-item': { body: itemView({ orderItem: { ...flight, status: 'offerSelected', allowedActions: ['changeOffer'], selected_offer_id: 31 }, responses: [offer], selected_offer: offer, editable: false }) },
      },
    });
    expect(await screen.findByText('Oferta została już wybrana – odpowiedzi są tylko do odczytu', undefined, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Odpowiedź 1 – wybrana przez klienta' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zapisz odpowiedzi' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Cena' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Zmień wybraną ofertę' }).getAttribute('href')).toBe('/admin/travel-service/item/edit/5');
  });

  it('offers a consultant without the type’s permission neither the editor nor the reminder', async () => {
    renderApp('/admin/travel-service/item/5', {
      user: hotelOnly,
      handlers: { 'GET /api/admin/travel-service-admin/get-service-order-item': { body: itemView({ orderItem: { ...flight, allowedActions: [] }, editable: false }) } },
    });
    expect(await screen.findByText('Nie masz uprawnień do odpowiadania na zamówienia tego typu usług – oferty są tylko do odczytu.', undefined, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zapisz odpowiedzi' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Przypomnienia e-mail o tej usłudze' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Odpowiedz ofertą' })).toBeNull();
  });

  it('saves the reminder switch and goes back to the order', async () => {
    const { server, user, router } = renderApp('/admin/travel-service/item/readonly/5', {
      user: consultant,
      handlers: {
        'GET /api/admin/travel-service-admin/get-service-order-item': { body: itemView() },
        'POST /api/admin/travel-service-admin/toggle-notification-for-order-item': { body: { status: 'ok', notify: false } },
        'GET /api/admin/travel-service-admin/get-service-order': { body: { travelServiceOrder: order } },
      },
    });
    const reminder = await screen.findByRole('switch', { name: 'Przypomnienia e-mail o tej usłudze' }, FIRST_LOAD);
    expect((reminder as HTMLInputElement).checked).toBe(true);
    await user.click(reminder);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/travel-service/edit/77'));
    expect(server.requestsTo('POST /api/admin/travel-service-admin/toggle-notification-for-order-item')[0]!.body).toEqual({ id: 5 });
  });

  it('shows the server’s message when it refuses a step', async () => {
    const { user } = renderApp('/admin/travel-service/edit/77', {
      user: consultant,
      handlers: {
        'GET /api/admin/travel-service-admin/get-service-order': { body: { travelServiceOrder: order } },
        'POST /api/admin/travel-service-admin/item-action': errorAnswer(409, 'CONFLICT', { messages: ['Action not allowed in the current status of the service'], issues: [{ path: [], code: 'travelService.refused.status' }] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Poproś klienta o informacje (usługa 1)' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Pytanie/), 'Proszę o numer paszportu');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij pytanie' }));
    expect(await within(dialog).findByText('Ta akcja jest niedostępna w obecnym statusie usługi. Odśwież stronę.')).toBeTruthy();
  });
  it('adds the booking of a service bought outside the buyout: prefilled from the chosen offer, the server’s messages at their fields, back to the order', async () => {
    const bought: OrderItemDto = { ...flight, id: 6, sequence: 2, status: 'acceptedByClient', responses: [offer], selected_offer_id: 31, allowedActions: ['book', 'addBooking'] };
    const { server, user, router } = renderApp('/admin/travel-service/edit/77', {
      user: consultant,
      handlers: {
        'GET /api/admin/travel-service-admin/get-service-order': { body: { travelServiceOrder: { ...order, travelServiceOrderItems: [flight, bought] } } },
        'GET /api/admin/travel-service-admin/get-service-order-item': { body: itemView({ orderItem: bought, responses: [offer], selected_offer: offer }) },
        'POST /api/admin/travel-service-admin/add-booking': (request) =>
          server.requestsTo(request.key).length === 1
            ? errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['baggage'], code: 'validation.required' }] })
            : { body: { status: 'ok', booking_id: 41, order_id: 77 } },
      },
    });
    const addLink = await screen.findByRole('link', { name: 'Dodaj rezerwację usługi 2' }, FIRST_LOAD);
    expect(screen.queryByRole('link', { name: 'Dodaj rezerwację usługi 1' })).toBeNull();
    await user.click(addLink);
    const form = await screen.findByRole('form', { name: 'Rezerwacja usługi' });
    expect(screen.getByText(/zapisana w firmie Demo Sp\. z o\.o\./)).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Przewoźnik' })).toHaveProperty('value', 'LOT');
    expect(within(form).getByRole('textbox', { name: 'Numer lotu' })).toHaveProperty('value', 'LO 379');
    expect(within(form).getByRole('textbox', { name: /Skąd/ })).toHaveProperty('value', 'Warszawa (WAW)');
    expect(within(form).getByRole('textbox', { name: /Kwota brutto/ })).toHaveProperty('value', '1290.00');
    await user.type(within(form).getByRole('textbox', { name: 'Bagaż' }), '23 kg');
    await user.click(within(form).getByRole('button', { name: 'Zapisz rezerwację' }));
    await waitFor(() => expect(descriptionOf(within(form).getByRole('textbox', { name: 'Bagaż' }))).toContain('Pole wymagane'));
    expect(router.state.location.pathname).toBe('/admin/travel-service/add-booking/6');
    await user.click(within(form).getByRole('button', { name: 'Zapisz rezerwację' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/travel-service/edit/77'));
    const sent = server.requestsTo('POST /api/admin/travel-service-admin/add-booking');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatchObject({ item_id: 6, kind: 'flight', user_id: 10, carrier: 'LOT', flight_number: 'LO 379', start_place: 'Warszawa (WAW)', end_place: 'Frankfurt (FRA)', start_at: '2026-06-10 07:05', end_at: '2026-06-10 09:10', seat_class: 'economy', baggage: '23 kg', amount_gross: '1290.00', currency: 'PLN' });
    expect(await screen.findByText('Rezerwacja usługi 2 została zapisana.')).toBeTruthy();
  });
});
