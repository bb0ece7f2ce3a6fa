import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OfferDto, OrderItemDto, TravelServiceOrderDto } from '@delego/contract';
import { DEFAULT_OFFER_REQUIREMENTS } from '@delego/domain';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { buildUserProperties } from '../../../testing/fixtures.ts';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { typeIntoPicker } from '../../../testing/pickers.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;
const traveller = buildUserProperties({ permissions: { travelOrderSelf: true }, context_user_permissions: { travelOrderSelf: true } });

const lot: OfferDto = {
  id: 31,
  price: '1290.00',
  currency: 'PLN',
  parts: [{ kind: 'leg', carrier: 'LOT', number: 'LO 379', from_text: 'Warszawa (WAW)', to_text: 'Frankfurt (FRA)', departure: '2026-06-10 07:05', arrival: '2026-06-10 09:10', seat_class: 'ekonomiczna' }],
  html: '',
  requires: DEFAULT_OFFER_REQUIREMENTS,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
};
const lufthansa: OfferDto = {
  ...lot,
  id: 32,
  price: '1540.5',
  currency: 'EUR',
  parts: [{ kind: 'leg', carrier: 'Lufthansa', number: 'LH 1347', from_text: 'Warszawa (WAW)', to_text: 'Frankfurt (FRA)', departure: '2026-06-10 06:00', arrival: '2026-06-10 08:05', seat_class: '' }],
  requires: { ...DEFAULT_OFFER_REQUIREMENTS, document_number: true },
};

const flight: OrderItemDto = {
  id: 5,
  guid: 'g-1',
  group_guid: null,
  sequence: 1,
  related_sequence: null,
  related_travel_service_order_item_guid: null,
  status: 'sentToClient',
  comment: '',
  cost_centre_id: null,
  passengers: [{ id: 8, company_user_id: 10, name: 'Anna', surname: 'Kowalska', email: 'anna@firma.pl', phone: '+48 600 100 200', birth_date: null, document_number: '', offer_data: {} }],
  responses: [lot, lufthansa],
  selected_offer_id: null,
  booking: null,
  notify: true,
  late_arrival_hint: false,
  allowedActions: ['chooseOffer', 'cancel'],
  type: 'flight',
  params: {
    start_place_id: 1,
    end_place_id: 2,
    seat_class: 'economy',
    start_date: '2026-06-10',
    start_time: '07:00',
    return_date: null,
    return_time: null,
    is_baggage: false,
    is_insurance: false,
    preferred_seat: '',
    additionalSegments: [],
  },
};

const order = (items: OrderItemDto[], overrides: Partial<TravelServiceOrderDto> = {}): TravelServiceOrderDto => ({
  id: 77,
  version: 4,
  number: '77',
  company_id: 1,
  company_name: 'ACME sp. z o.o.',
  status: 'sentForChoice',
  user: { id: 10, fullName: 'Anna Kowalska' },
  created_by: { id: 10, fullName: 'Anna Kowalska' },
  created_at: '2026-05-01T10:00:00Z',
  comment: '',
  delegation_order_id: null,
  delegation_order_number: null,
  external_customer_id: null,
  project_id: null,
  additional_parameters: [],
  travelServiceOrderItems: items,
  can_edit: true,
  allowedActions: [...new Set(items.flatMap((item) => item.allowedActions))],
  history: [],
  unread_messages: 0,
  message_auto_read: 1,
  ...overrides,
});

const getOrder = (body: TravelServiceOrderDto) => ({ 'GET /api/travel-service/get-service-order': { body: { travelServiceOrder: body } } });

describe('choosing offers', { timeout: 40_000 }, () => {
  it('compares the offers side by side in the interface language, asks for a choice and the data the chosen offer requires, then sends it', async () => {
    const { server, user, router } = renderApp('/travel-service/choose-offer/77', {
      user: traveller,
      handlers: { ...getOrder(order([flight])), 'POST /api/travel-service/choose-offer': { body: { status: 'OK', id: 77, order_status: 'chosenSentForAcceptance', messages: [], warnings: [] } } },
    });
    const offers = await screen.findByRole('radiogroup', { name: 'Oferty dla usługi 1. Lot' }, FIRST_LOAD);
    expect(within(offers).getByRole('region', { name: 'Oferta 1' }).textContent).toContain('1\u00a0290,00\u00a0zł');
    expect(within(offers).getByRole('region', { name: 'Oferta 2' }).textContent).toContain('1\u00a0540,50\u00a0EUR');
    expect(within(offers).getByText(/10\.06\.2026 07:05/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Wybierz oferty i wyślij do akceptacji' }));
    expect(await screen.findByText('Wybierz jedną z ofert')).toBeTruthy();
    expect(server.requestsTo('POST /api/travel-service/choose-offer')).toHaveLength(0);

    await user.click(within(offers).getByRole('radio', { name: 'Wybieram ofertę 2' }));
    const data = screen.getByRole('group', { name: 'Dane podróżnego: Anna Kowalska' });
    expect((within(data).getByRole('textbox', { name: /E-mail/ }) as HTMLInputElement).value).toBe('anna@firma.pl');
    await user.click(screen.getByRole('button', { name: 'Wybierz oferty i wyślij do akceptacji' }));
    expect(descriptionOf(within(data).getByRole('textbox', { name: /Numer dokumentu/ }))).toContain('Pole wymagane');
    expect(server.requestsTo('POST /api/travel-service/choose-offer')).toHaveLength(0);

    await user.type(within(data).getByRole('textbox', { name: /Numer dokumentu/ }), 'EA1234567');
    await user.click(screen.getByRole('button', { name: 'Wybierz oferty i wyślij do akceptacji' }));
    await waitFor(() => expect(server.requestsTo('POST /api/travel-service/choose-offer')).toHaveLength(1));
    expect(server.requestsTo('POST /api/travel-service/choose-offer')[0]!.body).toEqual({
      id: 77,
      version: 4,
      choices: [{ item_id: 5, offer_id: 32, travellers: [{ passenger_id: 8, data: { email: 'anna@firma.pl', phone: '+48 600 100 200', document_number: 'EA1234567' } }] }],
      confirmed: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel-service'));
    expect(await screen.findByText('Wybrane oferty zostały wysłane do akceptacji')).toBeTruthy();
  });

  it('takes a traveller born long before 2000 when the chosen offer asks for the birth date', async () => {
    const needsBirthDate: OfferDto = { ...lot, requires: { ...DEFAULT_OFFER_REQUIREMENTS, birth_date: true } };
    const { server, user } = renderApp('/travel-service/choose-offer/77', {
      user: traveller,
      handlers: { ...getOrder(order([{ ...flight, responses: [needsBirthDate] }])), 'POST /api/travel-service/choose-offer': { body: { status: 'OK', id: 77, order_status: 'chosenSentForAcceptance', messages: [], warnings: [] } } },
    });
    const offers = await screen.findByRole('radiogroup', { name: 'Oferty dla usługi 1. Lot' }, FIRST_LOAD);
    await user.click(within(offers).getByRole('radio', { name: 'Wybieram ofertę 1' }));
    const data = screen.getByRole('group', { name: 'Dane podróżnego: Anna Kowalska' });
    await typeIntoPicker(user, /Data urodzenia/, '15031975', data);
    await user.click(screen.getByRole('button', { name: 'Wybierz oferty i wyślij do akceptacji' }));
    await waitFor(() => expect(server.requestsTo('POST /api/travel-service/choose-offer')).toHaveLength(1));
    expect(server.requestsTo('POST /api/travel-service/choose-offer')[0]!.body).toMatchObject({ choices: [{ travellers: [{ data: { birth_date: '1975-03-15' } }] }] });
  });

  it('reports a chosen hotel above its limit when the choice is sent', async () => {
    const { user } = renderApp('/travel-service/choose-offer/77', {
      user: traveller,
      handlers: {
        ...getOrder(order([flight])),
        'POST /api/travel-service/choose-offer': {
          body: { status: 'OK', id: 77, order_status: 'chosenSentForAcceptance', messages: [], warnings: [{ path: ['choices', 0, 'offer_id'], code: 'travelService.hotelLimitOverrun', params: { perNight: '174.42', limit: '170.00', currency: 'EUR' } }] },
        },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Wybieram ofertę 1' }, FIRST_LOAD));
    await user.click(screen.getByRole('button', { name: 'Wybierz oferty i wyślij do akceptacji' }));
    expect(await screen.findByText('Cena hotelu za dobę (174,42 EUR) przekracza limit noclegowy (170,00 EUR)')).toBeTruthy();
  });

  it('says the choice was approved automatically when the server approved it at once (the orderer is an acceptor)', async () => {
    const { user, router } = renderApp('/travel-service/choose-offer/77', {
      user: traveller,
      handlers: { ...getOrder(order([flight])), 'POST /api/travel-service/choose-offer': { body: { status: 'OK', id: 77, order_status: 'acceptedByClient', messages: [], warnings: [] } } },
    });
    await user.click(await screen.findByRole('radio', { name: 'Wybieram ofertę 1' }, FIRST_LOAD));
    await user.click(screen.getByRole('button', { name: 'Wybierz oferty i wyślij do akceptacji' }));
    expect(await screen.findByText('Wybrane oferty zostały zaakceptowane automatycznie, ponieważ sam akceptujesz zamówienia usług podróżnych')).toBeTruthy();
    expect(screen.queryByText('Wybrane oferty zostały wysłane do akceptacji')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel-service'));
  });

  it('asks to confirm an exceeded transport limit and resends with the confirmation', async () => {
    let calls = 0;
    const { server, user } = renderApp('/travel-service/choose-offer/77', {
      user: traveller,
      handlers: {
        ...getOrder(order([flight])),
        'POST /api/travel-service/choose-offer': () => {
          calls += 1;
          return calls === 1
            ? { body: { status: 'confirm', confirmations: [{ path: ['choices'], code: 'travelService.transportLimitExceeded', params: { total: '1290.00', limit: '1000.00' } }], warnings: [] } }
            : { body: { status: 'OK', id: 77, order_status: 'chosenSentForAcceptance', messages: [], warnings: [] } };
        },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Wybieram ofertę 1' }, FIRST_LOAD));
    await user.click(screen.getByRole('button', { name: 'Wybierz oferty i wyślij do akceptacji' }));
    const dialog = await screen.findByRole('dialog', { name: 'Potwierdź wybór' });
    expect(dialog.textContent).toContain('1\u00a0290,00 PLN');
    await user.click(within(dialog).getByRole('button', { name: 'Tak, wyślij' }));
    await waitFor(() => expect(server.requestsTo('POST /api/travel-service/choose-offer')).toHaveLength(2));
    expect(server.requestsTo('POST /api/travel-service/choose-offer')[1]!.body).toMatchObject({ confirmed: ['travelService.transportLimitExceeded'] });
  });

  it('offers no choice on an order that waits for none', async () => {
    renderApp('/travel-service/choose-offer/77', { user: traveller, handlers: getOrder(order([{ ...flight, status: 'offerSelected', allowedActions: [], selected_offer_id: 31 }])) });
    expect(await screen.findByText('W tym zamówieniu nie ma teraz ofert do wyboru.', undefined, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Wybierz oferty i wyślij do akceptacji' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('approval', { timeout: 40_000 }, () => {
  const waiting = order([{ ...flight, status: 'offerSelected', selected_offer_id: 32, allowedActions: ['accept', 'reject'] }], { status: 'chosenSentForAcceptance' });

  it('shows the chosen offer and refuses a rejection without a reason of ten characters', async () => {
    const { server, user, router } = renderApp('/travel-service/approval/77', {
      user: traveller,
      handlers: { ...getOrder(waiting), 'POST /api/travel-service/approval': { body: { status: 'OK', order_id: 77, order_status: 'rejectedByClient', allowedActions: [] } } },
    });
    const chosen = await screen.findByRole('region', { name: 'Wybrana oferta' }, FIRST_LOAD);
    expect(within(chosen).getByText(/Lufthansa LH 1347/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Odrzuć' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odrzucenie wybranych ofert' });
    await user.type(within(dialog).getByRole('textbox', { name: /Powód/ }), 'Za drogo');
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    expect(descriptionOf(within(dialog).getByRole('textbox', { name: /Powód/ }))).toContain('Minimum 10 znaków');
    expect(server.requestsTo('POST /api/travel-service/approval')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Powód/ }), ' jak na ten termin');
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    await waitFor(() => expect(server.requestsTo('POST /api/travel-service/approval')).toHaveLength(1));
    expect(server.requestsTo('POST /api/travel-service/approval')[0]!.body).toEqual({ id: 77, decision: 'reject', comment: 'Za drogo jak na ten termin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel-service'));
  });

  it('offers no decision to whoever the server does not let decide', async () => {
    renderApp('/travel-service/approval/77', { user: traveller, handlers: getOrder(order([{ ...flight, status: 'offerSelected', selected_offer_id: 32, allowedActions: [] }], { status: 'chosenSentForAcceptance' })) });
    expect(await screen.findByText('To zamówienie nie czeka na Twoją decyzję.', undefined, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Akceptuj' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Odrzuć' })).toBeNull();
  });
});

describe('booked and bought services', { timeout: 40_000 }, () => {
  const booked: OrderItemDto = { ...flight, status: 'booked', selected_offer_id: 31, booking: { reference: 'ABC123', booked_at: '2026-05-04T08:30:00Z', bought_at: null, booking_id: null }, allowedActions: ['requestBuyout', 'requestCancellation'] };

  it('shows the booking with its reference and requests the buyout after confirmation', async () => {
    const { server, user } = renderApp('/travel-service/booked/77', {
      user: traveller,
      handlers: { ...getOrder(order([booked], { status: 'booked' })), 'POST /api/travel-service/item-action': { body: { status: 'OK', order_id: 77, order_status: 'buyoutRequested', item_status: 'buyoutRequested', allowedActions: ['requestCancellation'] } } },
    });
    expect(await screen.findByText('ABC123', undefined, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('04.05.2026 10:30')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zleć wykup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zlecenie wykupu' });
    await user.click(within(dialog).getByRole('button', { name: 'Zleć wykup' }));
    await waitFor(() => expect(server.requestsTo('POST /api/travel-service/item-action')).toHaveLength(1));
    expect(server.requestsTo('POST /api/travel-service/item-action')[0]!.body).toEqual({ item_id: 5, action: 'requestBuyout' });
  });

  it('shows the server’s message when it refuses a cancellation request', async () => {
    const { user } = renderApp('/travel-service/booked/77', {
      user: traveller,
      handlers: {
        ...getOrder(order([booked], { status: 'booked' })),
        'POST /api/travel-service/item-action': errorAnswer(409, 'CONFLICT', { messages: ['Action not allowed in the current status of the service'], issues: [{ path: [], code: 'travelService.refused.status' }] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Poproś o anulowanie' }, FIRST_LOAD));
    await user.click(within(await screen.findByRole('dialog', { name: 'Anulowanie rezerwacji' })).getByRole('button', { name: 'Poproś o anulowanie' }));
    expect(await screen.findByText('Ta akcja jest niedostępna w obecnym statusie usługi. Odśwież stronę.')).toBeTruthy();
  });

  it('offers no request the server does not allow, and shows the bought service with the booking it became', async () => {
    const bought: OrderItemDto = { ...booked, status: 'bought', booking: { ...booked.booking!, bought_at: '2026-05-05T09:00:00Z', booking_id: 41 }, allowedActions: [] };
    renderApp('/travel-service/bought/77', { user: traveller, handlers: getOrder(order([bought], { status: 'bought' })) });
    expect(await screen.findByText('ABC123', undefined, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('05.05.2026 11:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Otwórz rezerwację' }).getAttribute('href')).toBe('/booking/flight/detail/41');
    expect(screen.queryByRole('button', { name: 'Zleć wykup' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Poproś o anulowanie' })).toBeNull();
  });
});
