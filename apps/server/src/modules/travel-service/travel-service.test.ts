import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TravelServiceOrderDto } from '@delego/contract';
import { DEFAULT_OFFER_REQUIREMENTS, type OfferInput } from '@delego/domain';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog, bookings, costCentreBudgets, costCentres, exchangeRates, locations, travelServiceAcceptors, travelServiceOrderItems } from '../../db/schema/index.ts';
import { createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { insertOrder, outboxOf } from '../../../test/trips.ts';
import { ALL_RESPONSE_PERMISSIONS, flightItem, hotelItem, orderForm, providerUser, travelCompany, traveller } from '../../../test/travel-services.ts';

let t: TestApp;
let consultant: Awaited<ReturnType<typeof providerUser>>;
let hotelConsultant: Awaited<ReturnType<typeof providerUser>>;
let providerAdmin: Awaited<ReturnType<typeof providerUser>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-20T10:00:00Z' });
  consultant = await providerUser(t.app, t.db, ALL_RESPONSE_PERMISSIONS);
  hotelConsultant = await providerUser(t.app, t.db, ['travelOrderResponseHotel']);
  providerAdmin = await providerUser(t.app, t.db, ['SuperAdmin', 'manageCompanies']);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

async function orderOf(headers: Headers, id: number): Promise<TravelServiceOrderDto> {
  const response = await get(`/travel-service/get-service-order?id=${id}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().travelServiceOrder;
}

/** The order's items as the form sends them back. */
function itemsOfDto(order: TravelServiceOrderDto) {
  return order.travelServiceOrderItems.map((item) => ({
    id: item.id,
    guid: item.guid,
    group_guid: item.group_guid,
    sequence: item.sequence,
    related_travel_service_order_item_guid: item.related_travel_service_order_item_guid,
    comment: item.comment,
    cost_centre_id: item.cost_centre_id,
    passengers: item.passengers.map(({ company_user_id, name, surname, email, phone, birth_date, document_number }) => ({ company_user_id, name, surname, email, phone, birth_date, document_number })),
    type: item.type,
    params: item.params,
  }));
}

const offer = (price: string, overrides: Partial<OfferInput> = {}): OfferInput => ({
  price,
  currency: 'PLN',
  parts: [{ kind: 'leg', carrier: 'LOT', number: 'LO379', from_text: 'Warszawa', to_text: 'Frankfurt', departure: '2026-06-10 07:00', arrival: '2026-06-10 09:00', seat_class: 'economy' }],
  html: '',
  requires: DEFAULT_OFFER_REQUIREMENTS,
  ...overrides,
});

/** A company whose orderer ordered a flight and a hotel for the traveller (two services). */
async function orderedFlightAndHotel(settings = {}) {
  const c = await travelCompany(t.app, t.db, settings);
  const passenger = { ...traveller(c.people.traveller), phone: '+48 600 700 800' };
  const saved = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.traveller.id, [flightItem([passenger]), hotelItem([passenger])]));
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().status).toBe('OK');
  const id = saved.json().id as number;
  const order = await orderOf(c.headers.editor, id);
  const flight = order.travelServiceOrderItems.find((item) => item.type === 'flight')!;
  const hotel = order.travelServiceOrderItems.find((item) => item.type === 'hotel')!;
  return { ...c, id, flight, hotel };
}

/** The consultant answers both services; the order is then sent for the client's choice. */
async function answered(c: Awaited<ReturnType<typeof orderedFlightAndHotel>>) {
  for (const [itemId, responses] of [
    [c.flight.id, [offer('900.00'), offer('1200.00')]],
    [c.hotel.id, [offer('700.00', { parts: [{ kind: 'room', hotel_name: 'Hotel Main', address: 'Frankfurt', room_type: 'single', check_in: '2026-06-10', check_out: '2026-06-12', is_breakfast: true, cancel_until: null }] })]],
  ] as const) {
    const response = await post('/admin/travel-service-admin/save-offers', consultant.headers, { item_id: itemId, responses });
    expect(response.statusCode, response.body).toBe(200);
  }
  return orderOf(c.headers.editor, c.id);
}

async function chooseFirst(c: Awaited<ReturnType<typeof orderedFlightAndHotel>>, headers: Headers) {
  const order = await orderOf(c.headers.traveller, c.id);
  const choices = order.travelServiceOrderItems
    .filter((item) => item.status === 'sentToClient')
    .map((item) => ({ item_id: item.id, offer_id: item.responses[0]!.id, travellers: [] }));
  return post('/travel-service/choose-offer', headers, { id: c.id, choices, confirmed: [] });
}

describe('ordering travel services', () => {
  it('saves an order with a flight and a hotel, told to the consultants of those types by e-mail, in status new', async () => {
    const c = await orderedFlightAndHotel();
    const order = await orderOf(c.headers.editor, c.id);
    expect(order.status).toBe('new');
    expect(order.travelServiceOrderItems.map((item) => [item.type, item.status])).toEqual([
      ['flight', 'awaitingAgentResponse'],
      ['hotel', 'awaitingAgentResponse'],
    ]);
    expect(c.hotel.late_arrival_hint).toBe(true);
    expect(order.can_edit).toBe(true);
    const mails = await outboxOf(t.db, c.company.id);
    expect(mails.some((mail) => mail.recipient === consultant.email)).toBe(true);
    expect(mails.some((mail) => mail.recipient === hotelConsultant.email)).toBe(true);
    expect(mails.find((mail) => mail.recipient === consultant.email)!.subject).toContain(`Zamówienie ${c.id}`);
  });

  it('adds the insurance automatically, linked to its base item with its dates, and moves it with an edited flight', async () => {
    const c = await travelCompany(t.app, t.db, { insurance_behaviour: 2 });
    const me = traveller(c.people.orderer);
    const saved = await post('/travel-service/edit-service-order', c.headers.orderer, orderForm(c.people.orderer.id, [flightItem([me])]));
    expect(saved.json()).toMatchObject({ status: 'OK' });
    const order = await orderOf(c.headers.orderer, saved.json().id);
    const [flight, insurance] = order.travelServiceOrderItems;
    expect(insurance).toMatchObject({ type: 'insurance', related_sequence: 1, related_travel_service_order_item_guid: flight!.guid, params: { start_date: '2026-06-10', end_date: '2026-06-12', place_id: 2 } });
    const edited = itemsOfDto(order).map((item) => (item.type === 'flight' ? { ...item, params: { ...item.params, return_date: '2026-06-14' } } : item));
    const again = await post('/travel-service/edit-service-order', c.headers.orderer, orderForm(c.people.orderer.id, edited as never, { id: order.id, version: order.version }));
    expect(again.json()).toMatchObject({ status: 'OK', messages: [{ code: 'travelService.insuranceUpdated', params: { sequence: 1 } }] });
    expect((await orderOf(c.headers.orderer, order.id)).travelServiceOrderItems[1]!.params).toMatchObject({ end_date: '2026-06-14' });
  });

  it('refuses an empty order, a service without a person and a missing worker with their messages', async () => {
    const c = await travelCompany(t.app, t.db);
    const empty = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.traveller.id, []));
    expect(empty.json()).toMatchObject({ status: 'error', issues: [{ path: ['travelServiceOrderItems'], code: 'travelService.noServices' }] });
    const nobody = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.traveller.id, [flightItem([])]));
    expect(nobody.json().issues).toEqual([{ path: ['travelServiceOrderItems', 0, 'passengers'], code: 'travelService.noPassengers' }]);
    const noWorker = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(null as never, [flightItem([traveller(c.people.traveller)])], { user_id: null }));
    expect(noWorker.json().issues).toEqual([{ path: ['user_id'], code: 'travelService.chooseWorker' }]);
  });

  it('asks to confirm a person count that differs from the room type, and saves once confirmed', async () => {
    const c = await travelCompany(t.app, t.db);
    const two = [traveller(c.people.traveller), traveller(c.people.colleague)];
    const form = orderForm(c.people.traveller.id, [hotelItem(two, { room_type: 'single' })]);
    const first = await post('/travel-service/edit-service-order', c.headers.editor, form);
    expect(first.json()).toMatchObject({ status: 'confirm', confirmations: [{ code: 'travelService.roomCapacityMismatch', params: { persons: 2, capacity: 1 } }] });
    const confirmed = await post('/travel-service/edit-service-order', c.headers.editor, { ...form, confirmed: ['travelService.roomCapacityMismatch'] });
    expect(confirmed.json().status).toBe('OK');
  });

  it('warns when the linked trip order does not allow the transport, and refuses another worker’s trip order', async () => {
    const c = await travelCompany(t.app, t.db);
    const tripOrder = await insertOrder(t.db, c.company.id, c.people.traveller.id, { allowedTransport: ['rail'] });
    const saved = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.traveller.id, [flightItem([traveller(c.people.traveller)])], { delegation_order_id: tripOrder }));
    expect(saved.json()).toMatchObject({ status: 'OK', warnings: [{ code: 'travelService.transportNotAllowed', params: { transport: 'flight' } }] });
    expect((await orderOf(c.headers.editor, saved.json().id)).delegation_order_id).toBe(tripOrder);
    // The trip order lists its travel-service orders (its travel_service_order_ids[]).
    await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.traveller.id, [hotelItem([traveller(c.people.traveller)])]));
    const ofTrip = (await get(`/travel-service/list?delegation_order_id=${tripOrder}`, c.headers.traveller)).json();
    expect(ofTrip.items.map((row: { id: number }) => row.id)).toEqual([saved.json().id]);
    const wrong = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.colleague.id, [flightItem([traveller(c.people.colleague)])], { delegation_order_id: tripOrder }));
    expect(wrong.json().issues).toEqual([{ path: ['delegation_order_id'], code: 'validation.unknownReference' }]);
  });

  it('lets travelOrderSelf order only for oneself, travelOrder for anyone, and nobody without either', async () => {
    const c = await travelCompany(t.app, t.db);
    const forOther = await post('/travel-service/edit-service-order', c.headers.orderer, orderForm(c.people.traveller.id, [flightItem([traveller(c.people.traveller)])]));
    expect(forOther.statusCode).toBe(403);
    const withoutPermission = await post('/travel-service/edit-service-order', c.headers.traveller, orderForm(c.people.traveller.id, [flightItem([traveller(c.people.traveller)])]));
    expect(withoutPermission.statusCode).toBe(403);
    const self = await post('/travel-service/edit-service-order', c.headers.orderer, orderForm(c.people.orderer.id, [flightItem([traveller(c.people.orderer)])]));
    expect(self.json().status).toBe('OK');
  });

  it('shows the order to its traveller, previewer and acceptor but lets only the creator or travelOrder edit; others get 404', async () => {
    const c = await orderedFlightAndHotel();
    expect((await orderOf(c.headers.traveller, c.id)).can_edit).toBe(false);
    expect((await orderOf(c.headers.preview, c.id)).allowedActions).toEqual([]);
    await orderOf(c.headers.acceptor, c.id);
    expect((await get(`/travel-service/get-service-order?id=${c.id}`, c.headers.colleague)).statusCode).toBe(404);
    expect((await get(`/travel-service/get-service-order?id=${c.id}`, c.headers.other)).statusCode).toBe(404);
    const order = await orderOf(c.headers.editor, c.id);
    const byTraveller = await post('/travel-service/edit-service-order', c.headers.traveller, orderForm(c.people.traveller.id, [], { id: c.id, version: order.version }));
    expect(byTraveller.statusCode).toBe(403);
    const byOther = await post('/travel-service/edit-service-order', c.headers.other, orderForm(c.people.traveller.id, [], { id: c.id }));
    expect(byOther.statusCode).toBe(404);
  });

  it('lists the orders each user may see with filters, paging and the actions each row allows', async () => {
    const c = await orderedFlightAndHotel();
    const second = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.colleague.id, [hotelItem([traveller(c.people.colleague)])]));
    const mine = await get('/travel-service/list', c.headers.traveller);
    expect(mine.json()).toMatchObject({ total: 1, total_is_exact: true });
    expect(mine.json().items.map((row: { id: number }) => row.id)).toEqual([c.id]);
    const all = await get('/travel-service/list?sort=created_at&order=desc&page_size=1', c.headers.editor);
    expect(all.json()).toMatchObject({ total: 2, items: [{ id: second.json().id, can_edit: true, allowedActions: ['edit', 'cancel'] }] });
    expect((await get('/travel-service/list?type=flight', c.headers.preview)).json().items.map((row: { id: number }) => row.id)).toEqual([c.id]);
    expect((await get(`/travel-service/list?traveller_id=${c.people.colleague.id}`, c.headers.editor)).json().total).toBe(1);
    expect((await get(`/travel-service/list?number=${c.id}`, c.headers.editor)).json().items[0]).toMatchObject({ id: c.id, types: ['flight', 'hotel'], start_date: '2026-06-10', end_date: '2026-06-12' });
    expect((await get('/travel-service/list?status=booked', c.headers.editor)).json().total).toBe(0);
    expect((await get('/travel-service/list?date_from=2026-07-01', c.headers.editor)).json().total).toBe(0);
    expect((await get('/travel-service/list', c.headers.other)).json().items.map((row: { id: number }) => row.id)).not.toContain(c.id);
  });

  it('lists for a user without the company-wide view the orders they travel on only as a passenger of one service', async () => {
    const c = await orderedFlightAndHotel();
    const colleagueTravels = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.colleague.id, [hotelItem([traveller(c.people.colleague)]), hotelItem([traveller(c.people.traveller)])]));
    expect(colleagueTravels.statusCode, colleagueTravels.body).toBe(200);
    const mine = (await get('/travel-service/list?sort=created_at&order=desc', c.headers.traveller)).json();
    expect(mine).toMatchObject({ total: 2, total_is_exact: true });
    expect(mine.items.map((row: { id: number }) => row.id)).toEqual([colleagueTravels.json().id, c.id]);
    expect((await get(`/travel-service/list?traveller_id=${c.people.traveller.id}`, c.headers.editor)).json().total).toBe(2);
    expect((await get('/travel-service/list', c.headers.other)).json().total).toBe(0);
  });
});

describe('consultants', () => {
  it('see every company’s orders in the admin context, but answer only the types their permissions name', async () => {
    const c = await orderedFlightAndHotel();
    expect((await get(`/admin/travel-service-admin/list?company_id=${c.company.id}&type=flight`, consultant.headers)).json().items.map((row: { id: number }) => row.id)).toEqual([c.id]);
    const refused = await post('/admin/travel-service-admin/save-offers', hotelConsultant.headers, { item_id: c.flight.id, responses: [offer('100.00')] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().issues).toEqual([{ path: [], code: 'travelService.typeNotAnswered' }]);
    const byAdmin = await post('/admin/travel-service-admin/save-offers', providerAdmin.headers, { item_id: c.flight.id, responses: [offer('100.00')] });
    expect(byAdmin.statusCode).toBe(403);
    expect((await get(`/admin/travel-service-admin/get-service-order?id=${c.id}`, providerAdmin.headers)).statusCode).toBe(200);
    expect((await get(`/admin/travel-service-admin/list`, c.headers.editor)).statusCode).toBe(403);
    const hotel = await post('/admin/travel-service-admin/save-offers', hotelConsultant.headers, { item_id: c.hotel.id, responses: [offer('700.00', { parts: [], html: '<p>Hotel <b>Main</b></p>' })] });
    expect(hotel.json()).toMatchObject({ item_status: 'assemblingOrder', order_status: 'partlyCompleted' });
  });

  it('refuses a response without parts and body, and a body with more than simple formatting', async () => {
    const c = await orderedFlightAndHotel();
    const response = await post('/admin/travel-service-admin/save-offers', consultant.headers, { item_id: c.flight.id, responses: [offer('1.00', { parts: [] }), offer('1.00', { html: '<img src=x onerror=alert(1)>' })] });
    expect(response.json().issues).toEqual([
      { path: ['responses', 0, 'html'], code: 'travelService.offerBodyRequired' },
      { path: ['responses', 1, 'html'], code: 'travelService.offerHtmlNotAllowed' },
    ]);
  });

  it('send the answers to the client once every service is answered; the client sees the offers only then', async () => {
    const c = await orderedFlightAndHotel();
    await post('/admin/travel-service-admin/save-offers', consultant.headers, { item_id: c.flight.id, responses: [offer('900.00')] });
    expect((await orderOf(c.headers.traveller, c.id)).travelServiceOrderItems[0]!.responses).toEqual([]);
    const order = await answered(c);
    expect(order.status).toBe('sentForChoice');
    expect(order.travelServiceOrderItems.map((item) => [item.status, item.responses.length])).toEqual([
      ['sentToClient', 2],
      ['sentToClient', 1],
    ]);
    const mails = await outboxOf(t.db, c.company.id);
    expect(mails.filter((mail) => mail.textBody.includes('/travel-service/choose-offer/')).map((mail) => mail.recipient)).toEqual(expect.arrayContaining([c.people.traveller.email, c.people.editor.email]));
  });

  it('read the item with its responses and selected offer, and toggle its reminder', async () => {
    const c = await orderedFlightAndHotel();
    await answered(c);
    const item = await get(`/admin/travel-service-admin/get-service-order-item?id=${c.flight.id}`, consultant.headers);
    expect(item.json()).toMatchObject({ orderItem: { id: c.flight.id, type: 'flight' }, responses: [{ price: '900.00' }, { price: '1200.00' }], selected_offer: null, editable: true });
    const toggled = await post('/admin/travel-service-admin/toggle-notification-for-order-item', consultant.headers, { id: c.flight.id });
    expect(toggled.json()).toEqual({ status: 'ok', notify: false });
    expect((await post('/admin/travel-service-admin/toggle-notification-for-order-item', hotelConsultant.headers, { id: c.flight.id })).statusCode).toBe(403);
    expect((await get(`/admin/travel-service-admin/get-service-order-item?id=${c.flight.id}`, c.headers.editor)).statusCode).toBe(403);
  });
});

describe('choice, approval, booking and buyout', () => {
  it('needs the traveller data the offer requires before the choice', async () => {
    const c = await orderedFlightAndHotel();
    await answered(c);
    const order = await orderOf(c.headers.traveller, c.id);
    const withDocument = await post('/admin/travel-service-admin/save-offers', consultant.headers, {
      item_id: c.flight.id,
      responses: order.travelServiceOrderItems[0]!.responses.map((response) => ({ id: response.id, price: response.price, currency: response.currency, parts: response.parts, html: response.html, requires: { ...response.requires, document_number: true } })),
    });
    expect(withDocument.statusCode, withDocument.body).toBe(200);
    const missing = await chooseFirst(c, c.headers.traveller);
    expect(missing.json()).toMatchObject({ status: 'error', issues: [{ path: ['choices', 0, 'travellers', 0, 'data', 'document_number'], code: 'global.error.required' }] });
  });

  it('runs from the choice to the buyout: acceptor approves, consultant books with a reference and buys out into a booking', async () => {
    const c = await orderedFlightAndHotel();
    await answered(c);
    expect((await chooseFirst(c, c.headers.colleague)).statusCode).toBe(404);
    const chosen = await chooseFirst(c, c.headers.traveller);
    expect(chosen.json()).toMatchObject({ status: 'OK', order_status: 'chosenSentForAcceptance' });
    expect((await orderOf(c.headers.traveller, c.id)).status).toBe('chosenSentForAcceptance');
    expect((await outboxOf(t.db, c.company.id)).some((mail) => mail.recipient === c.people.acceptor.email && mail.textBody.includes('/travel-service/approval/'))).toBe(true);

    const byTraveller = await post('/travel-service/approval', c.headers.traveller, { id: c.id, decision: 'accept' });
    expect(byTraveller.statusCode).toBe(403);
    expect(byTraveller.json().issues).toEqual([{ path: [], code: 'travelService.refused.notEntitled' }]);
    const early = await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.flight.id, action: 'book', reference: 'ABC123' });
    expect(early.statusCode).toBe(409);
    expect(early.json().issues).toEqual([{ path: [], code: 'travelService.refused.status' }]);

    const approved = await post('/travel-service/approval', c.headers.acceptor, { id: c.id, decision: 'accept', comment: 'OK' });
    expect(approved.json()).toMatchObject({ order_status: 'acceptedByClient' });

    const accepted = await orderOf(c.headers.editor, c.id);
    const withoutFlight = itemsOfDto(accepted).filter((item) => item.type !== 'flight');
    const removal = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.traveller.id, withoutFlight as never, { id: c.id, version: accepted.version }));
    expect(removal.json().issues).toEqual([{ path: ['travelServiceOrderItems'], code: 'travelService.acceptedOfferCannotBeRemoved', params: { sequence: 1 } }]);

    expect((await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.flight.id, action: 'book' })).statusCode).toBe(400);
    const booked = await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.flight.id, action: 'book', reference: 'ABC123' });
    // Booked, the item waits for the client's buyout request; its consultant may still enter a booking bought outside it.
    expect(booked.json()).toMatchObject({ item_status: 'booked', allowedActions: ['addBooking'] });
    await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.hotel.id, action: 'book', reference: 'H-77' });
    expect((await orderOf(c.headers.traveller, c.id)).status).toBe('booked');

    expect((await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.flight.id, action: 'buy' })).statusCode).toBe(409);
    const request = await post('/travel-service/item-action', c.headers.traveller, { item_id: c.flight.id, action: 'requestBuyout' });
    expect(request.json()).toMatchObject({ item_status: 'buyoutRequested', order_status: 'buyoutRequested' });
    const bought = await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.flight.id, action: 'buy' });
    expect(bought.json()).toMatchObject({ item_status: 'bought' });
    const [booking] = await t.db.select().from(bookings).where(and(eq(bookings.companyId, c.company.id), eq(bookings.travelServiceItemId, c.flight.id)));
    expect(booking).toMatchObject({ source: 'travelService', kind: 'flight', userId: c.people.traveller.id, amountGross: '900.00', recordLocator: 'ABC123', carrier: 'LOT', paidBy: 'companyInvoice' });
    const view = await orderOf(c.headers.traveller, c.id);
    expect(view.travelServiceOrderItems[0]!.booking).toMatchObject({ reference: 'ABC123', booking_id: booking!.id });

    const cancellation = await post('/travel-service/item-action', c.headers.traveller, { item_id: c.hotel.id, action: 'requestCancellation' });
    expect(cancellation.json()).toMatchObject({ item_status: 'cancellationInProgress', order_status: 'cancellationRequested' });
    const cancelled = await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.hotel.id, action: 'confirmCancellation' });
    expect(cancelled.json()).toMatchObject({ item_status: 'bookingCanceled', order_status: 'bought' });

    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, c.company.id), eq(auditLog.entityType, 'travelServiceOrderItem')));
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['travelServiceOrder.chooseOffer', 'travelServiceOrder.accept', 'travelServiceOrder.book', 'travelServiceOrder.buy', 'travelServiceOrder.confirmCancellation']));
    expect(view.history.length).toBeGreaterThan(5);
  });

  it('confirms the choice automatically when the orderer is a travel-service acceptor', async () => {
    const c = await orderedFlightAndHotel();
    await t.db.insert(travelServiceAcceptors).values({ companyId: c.company.id, userId: c.people.editor.id });
    await answered(c);
    // The answer says so, for the page to tell the traveller it was approved, not sent for acceptance.
    expect((await chooseFirst(c, c.headers.traveller)).json()).toMatchObject({ status: 'OK', order_status: 'acceptedByClient' });
    expect((await orderOf(c.headers.traveller, c.id)).status).toBe('acceptedByClient');
  });

  it('rejects the chosen offers at the acceptor’s word with a reason of at least ten characters: the order is rejected', async () => {
    const c = await orderedFlightAndHotel();
    await answered(c);
    await chooseFirst(c, c.headers.traveller);
    const withoutReason = await post('/travel-service/approval', c.headers.acceptor, { id: c.id, decision: 'reject', comment: 'Za drogo' });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().issues).toEqual([{ path: ['comment'], code: 'validation.minLength10' }]);
    expect((await orderOf(c.headers.traveller, c.id)).status).toBe('chosenSentForAcceptance');
    const rejected = await post('/travel-service/approval', c.headers.acceptor, { id: c.id, decision: 'reject', comment: 'Za drogo jak na ten termin' });
    expect(rejected.json()).toMatchObject({ order_status: 'rejectedByClient' });
  });

  it('follows the offer-change rule: with acceptance needed a changed accepted offer goes back to the acceptors', async () => {
    const c = await orderedFlightAndHotel({ offer_change_rule: 2 });
    await answered(c);
    await chooseFirst(c, c.headers.traveller);
    await post('/travel-service/approval', c.headers.acceptor, { id: c.id, decision: 'accept' });
    const order = await orderOf(c.headers.traveller, c.id);
    const selected = order.travelServiceOrderItems[0]!.responses.find((response) => response.id === order.travelServiceOrderItems[0]!.selected_offer_id)!;
    const other = order.travelServiceOrderItems[0]!.responses.find((response) => response.id !== selected.id)!;
    const notTheChosen = await post('/admin/travel-service-admin/save-offers', consultant.headers, { item_id: c.flight.id, responses: [{ ...offer('1.00'), id: other.id }] });
    expect(notTheChosen.statusCode).toBe(409);
    const changed = await post('/admin/travel-service-admin/save-offers', consultant.headers, { item_id: c.flight.id, responses: [{ ...offer('950.00'), id: selected.id }] });
    expect(changed.json()).toMatchObject({ item_status: 'offerSelected', order_status: 'chosenSentForAcceptance' });
  });

  it('weighs the chosen offers against the limits: the trip order’s transport limit asks for confirmation, a hotel above its nightly limit is reported', async () => {
    const [frankfurt] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'city:de-frankfurt-main'));
    const c = await travelCompany(t.app, t.db);
    await t.db.insert(exchangeRates).values({ companyId: c.company.id, currency: 'EUR', rateDate: '2026-03-18', rate: '4.300000', source: 'manual' });
    const tripOrder = await insertOrder(t.db, c.company.id, c.people.traveller.id, { allowedTransport: ['flight'], allowedTransportCost: '800.00' });
    const passenger = { ...traveller(c.people.traveller), phone: '+48 600 700 800' };
    const saved = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.traveller.id, [flightItem([passenger]), hotelItem([passenger], { place_id: frankfurt!.id })], { delegation_order_id: tripOrder }));
    const order = await orderOf(c.headers.editor, saved.json().id);
    const [flight, hotel] = order.travelServiceOrderItems;
    await post('/admin/travel-service-admin/save-offers', consultant.headers, { item_id: flight!.id, responses: [offer('900.00')] });
    // Two nights for 1500 PLN: 174.42 EUR a night above Germany's 170 EUR limit.
    await post('/admin/travel-service-admin/save-offers', consultant.headers, { item_id: hotel!.id, responses: [offer('1500.00', { parts: [], html: '<p>Hotel</p>' })] });
    const asked = await chooseFirst({ ...c, id: order.id } as never, c.headers.traveller);
    expect(asked.json()).toMatchObject({ status: 'confirm', confirmations: [{ path: ['choices'], code: 'travelService.transportLimitExceeded', params: { total: '900.00', limit: '800.00' } }] });
    expect((await orderOf(c.headers.traveller, order.id)).status).toBe('sentForChoice');
    const current = await orderOf(c.headers.traveller, order.id);
    const choices = current.travelServiceOrderItems.map((item) => ({ item_id: item.id, offer_id: item.responses[0]!.id, travellers: [] }));
    const chosen = await post('/travel-service/choose-offer', c.headers.traveller, { id: order.id, choices, confirmed: ['travelService.transportLimitExceeded'] });
    expect(chosen.json()).toMatchObject({
      status: 'OK',
      warnings: [{ path: ['choices', 1, 'offer_id'], code: 'travelService.hotelLimitOverrun', params: { perNight: '174.42', limit: '170.00', currency: 'EUR' } }],
    });
  });

  it('weighs chosen offers on saving too: linking a trip order whose transport limit they exceed asks for confirmation at the trip order, a hotel overrun is reported at its service', async () => {
    const [frankfurt] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'city:de-frankfurt-main'));
    const c = await travelCompany(t.app, t.db);
    await t.db.insert(exchangeRates).values({ companyId: c.company.id, currency: 'EUR', rateDate: '2026-03-18', rate: '4.300000', source: 'manual' });
    const passenger = { ...traveller(c.people.traveller), phone: '+48 600 700 800' };
    const saved = await post('/travel-service/edit-service-order', c.headers.editor, orderForm(c.people.traveller.id, [flightItem([passenger]), hotelItem([passenger], { place_id: frankfurt!.id })]));
    const id = saved.json().id as number;
    const created = await orderOf(c.headers.editor, id);
    await post('/admin/travel-service-admin/save-offers', consultant.headers, { item_id: created.travelServiceOrderItems[0]!.id, responses: [offer('900.00')] });
    await post('/admin/travel-service-admin/save-offers', consultant.headers, { item_id: created.travelServiceOrderItems[1]!.id, responses: [offer('1500.00', { parts: [], html: '<p>Hotel</p>' })] });
    await chooseFirst({ ...c, id } as never, c.headers.traveller);
    const tripOrder = await insertOrder(t.db, c.company.id, c.people.traveller.id, { allowedTransport: ['flight'], allowedTransportCost: '800.00' });
    const order = await orderOf(c.headers.editor, id);
    const form = orderForm(c.people.traveller.id, itemsOfDto(order) as never, { id, version: order.version, delegation_order_id: tripOrder });
    const asked = await post('/travel-service/edit-service-order', c.headers.editor, form);
    expect(asked.json()).toMatchObject({
      status: 'confirm',
      confirmations: [{ path: ['delegation_order_id'], code: 'travelService.transportLimitExceeded', params: { total: '900.00', limit: '800.00' } }],
      warnings: [{ path: ['travelServiceOrderItems', 1], code: 'travelService.hotelLimitOverrun', params: { perNight: '174.42', limit: '170.00', currency: 'EUR' } }],
    });
    expect((await orderOf(c.headers.editor, id)).delegation_order_id).toBeNull();
    const confirmed = await post('/travel-service/edit-service-order', c.headers.editor, { ...form, confirmed: ['travelService.transportLimitExceeded'] });
    expect(confirmed.json()).toMatchObject({ status: 'OK', warnings: [{ code: 'travelService.hotelLimitOverrun' }] });
    expect((await orderOf(c.headers.editor, id)).delegation_order_id).toBe(tripOrder);
  });

  it('lets the consultant ask the client, and the client answer, before the offer', async () => {
    const c = await orderedFlightAndHotel();
    const asked = await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.flight.id, action: 'askClient', comment: 'Podaj numer paszportu' });
    expect(asked.json()).toMatchObject({ item_status: 'clarificationForOffer', order_status: 'awaitingInfoForOffer' });
    const answer = await post('/travel-service/item-action', c.headers.traveller, { item_id: c.flight.id, action: 'provideInfo', comment: 'Dodane' });
    expect(answer.json()).toMatchObject({ item_status: 'awaitingAgentResponse', order_status: 'new' });
    expect((await post('/travel-service/item-action', c.headers.other, { item_id: c.flight.id, action: 'cancel' })).statusCode).toBe(404);
  });
});

describe('messages of an order (spec §9)', () => {
  it('shows each reader the comments others wrote as unread until they mark them read, counted on the list row, for the client and the consultant alike', async () => {
    const c = await orderedFlightAndHotel();
    await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.flight.id, action: 'askClient', comment: 'Podaj numer paszportu' });
    await post('/travel-service/item-action', c.headers.traveller, { item_id: c.flight.id, action: 'provideInfo', comment: 'Numer EA1234567' });
    const seen = await orderOf(c.headers.traveller, c.id);
    const asked = seen.history.find((event) => event.comment === 'Podaj numer paszportu')!;
    const answer = seen.history.find((event) => event.comment === 'Numer EA1234567')!;
    expect([asked, answer].map((event) => [event.is_message, event.unread])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(seen.unread_messages).toBe(1);
    expect((await get(`/travel-service/list?number=${c.id}`, c.headers.traveller)).json().items[0].unread_messages).toBe(1);
    // Each reader reads for themselves: the editor still has the consultant's question and the traveller's answer unread.
    expect((await orderOf(c.headers.editor, c.id)).unread_messages).toBe(2);

    const marked = await post('/travel-service/mark-messages-read', c.headers.traveller, { order_id: c.id, event_ids: [asked.id] });
    expect(marked.json()).toEqual({ status: 'ok', unread_messages: 0 });
    expect((await orderOf(c.headers.traveller, c.id)).history.find((event) => event.id === asked.id)!.unread).toBe(false);
    expect((await get(`/travel-service/list?number=${c.id}`, c.headers.traveller)).json().items[0].unread_messages).toBe(0);
    expect((await orderOf(c.headers.editor, c.id)).unread_messages).toBe(2);
    // Marking again changes nothing.
    expect((await post('/travel-service/mark-messages-read', c.headers.traveller, { order_id: c.id, event_ids: [asked.id] })).json()).toEqual({ status: 'ok', unread_messages: 0 });

    const admin = await get(`/admin/travel-service-admin/get-service-order?id=${c.id}`, consultant.headers);
    expect(admin.json().travelServiceOrder).toMatchObject({ unread_messages: 1, message_auto_read: 1 });
    expect((await post('/admin/travel-service-admin/mark-messages-read', consultant.headers, { order_id: c.id, event_ids: [answer.id] })).json()).toEqual({ status: 'ok', unread_messages: 0 });
  });

  it('refuses to mark what is not a message to the caller, another order’s message, and any message of an order the caller does not see', async () => {
    const c = await orderedFlightAndHotel({ message_auto_read: 3 });
    await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.flight.id, action: 'askClient', comment: 'Podaj numer paszportu' });
    await post('/travel-service/item-action', c.headers.traveller, { item_id: c.flight.id, action: 'provideInfo', comment: 'Numer EA1234567' });
    const order = await orderOf(c.headers.traveller, c.id);
    expect(order.message_auto_read).toBe(3);
    const asked = order.history.find((event) => event.comment === 'Podaj numer paszportu')!;
    const own = order.history.find((event) => event.comment === 'Numer EA1234567')!;
    const step = order.history.find((event) => event.comment === '')!;
    expect((await post('/travel-service/mark-messages-read', c.headers.traveller, { order_id: c.id, event_ids: [own.id] })).statusCode).toBe(404);
    expect((await post('/travel-service/mark-messages-read', c.headers.traveller, { order_id: c.id, event_ids: [asked.id, step.id] })).statusCode).toBe(404);
    const elsewhere = await orderedFlightAndHotel();
    expect((await post('/travel-service/mark-messages-read', elsewhere.headers.editor, { order_id: elsewhere.id, event_ids: [asked.id] })).statusCode).toBe(404);
    expect((await post('/travel-service/mark-messages-read', c.headers.colleague, { order_id: c.id, event_ids: [asked.id] })).statusCode).toBe(404);
    expect((await post('/travel-service/mark-messages-read', c.headers.other, { order_id: c.id, event_ids: [asked.id] })).statusCode).toBe(404);
    expect((await post('/travel-service/mark-messages-read', consultant.headers, { order_id: c.id, event_ids: [asked.id] })).statusCode).toBe(403);
    expect((await post('/admin/travel-service-admin/mark-messages-read', c.headers.traveller, { order_id: c.id, event_ids: [asked.id] })).statusCode).toBe(403);
    expect((await orderOf(c.headers.traveller, c.id)).unread_messages).toBe(1);
  });
});

describe('the order form data', () => {
  it('offers travellers, extra fields, contractors, cost centres and the travel settings; the companies the user orders in', async () => {
    const c = await travelCompany(t.app, t.db, { insurance_behaviour: 2 });
    const data = await get('/travel-service/get-basic-data', c.headers.editor);
    expect(data.json()).toMatchObject({ additionalParameters: [], externalCustomers: [], costCentres: [], settings: { insurance_behaviour: 2 } });
    expect(data.json().availableUsers.length).toBe(6);
    expect((await get('/travel-service/get-available-users', c.headers.orderer)).json().map((user: { id: number }) => user.id)).toEqual([c.people.orderer.id]);
    expect((await get('/travel-service/get-available-companies', c.headers.orderer)).json()).toEqual([{ id: c.company.id, name: c.company.name }]);
    expect((await get('/travel-service/get-available-companies', consultant.headers)).json().map((row: { id: number }) => row.id)).toContain(c.company.id);
  });

  it('answers 403 when the company has the travel module off', async () => {
    const c = await travelCompany(t.app, t.db, { modules: { travel_service: 1 } });
    expect((await get('/travel-service/list', c.headers.editor)).statusCode).toBe(403);
  });
});

describe('the consultant adds the booking of a service bought outside the buyout', () => {
  const flightBooking = (itemId: number, userId: number) => ({
    item_id: itemId,
    kind: 'flight',
    user_id: userId,
    record_locator: 'XYZ789',
    carrier: 'LOT',
    flight_number: 'LO379',
    seat_class: 'economy',
    baggage: '23 kg',
    start_place: 'Warszawa',
    end_place: 'Frankfurt',
    start_at: '2026-06-10 07:00',
    end_at: '2026-06-10 09:00',
    amount_gross: '900.00',
    currency: 'PLN',
  });

  it("saves it in the traveller's company, linked to the item, which then shows it and no longer offers adding one", async () => {
    const c = await orderedFlightAndHotel();
    const before = await get(`/admin/travel-service-admin/get-service-order?id=${c.id}`, consultant.headers);
    expect(before.json().travelServiceOrder.travelServiceOrderItems.find((item: { id: number }) => item.id === c.flight.id).allowedActions).toContain('addBooking');

    const saved = await post('/admin/travel-service-admin/add-booking', consultant.headers, flightBooking(c.flight.id, c.people.traveller.id));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'ok', order_id: c.id });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, saved.json().booking_id));
    expect(row).toMatchObject({ companyId: c.company.id, userId: c.people.traveller.id, travelServiceItemId: c.flight.id, source: 'consultant', carrier: 'LOT', flightNumber: 'LO379', baggage: '23 kg', amountGross: '900.00' });

    const after = (await orderOf(c.headers.editor, c.id)).travelServiceOrderItems.find((item) => item.id === c.flight.id)!;
    expect(after.booking).toMatchObject({ reference: 'XYZ789', booking_id: row!.id });
    const admin = await get(`/admin/travel-service-admin/get-service-order?id=${c.id}`, consultant.headers);
    expect(admin.json().travelServiceOrder.travelServiceOrderItems.find((item: { id: number }) => item.id === c.flight.id).allowedActions).not.toContain('addBooking');
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, String(row!.id))));
    expect(audits.map((audit) => audit.action)).toEqual(['booking.create']);
  });

  it('keeps the entered booking as the only one when the item is later bought out', async () => {
    const c = await orderedFlightAndHotel();
    await answered(c);
    await chooseFirst(c, c.headers.traveller);
    await post('/travel-service/approval', c.headers.acceptor, { id: c.id, decision: 'accept', comment: 'OK' });
    await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.flight.id, action: 'book', reference: 'ABC123' });
    const added = await post('/admin/travel-service-admin/add-booking', consultant.headers, flightBooking(c.flight.id, c.people.traveller.id));
    expect(added.statusCode, added.body).toBe(200);
    await post('/travel-service/item-action', c.headers.traveller, { item_id: c.flight.id, action: 'requestBuyout' });
    const bought = await post('/admin/travel-service-admin/item-action', consultant.headers, { item_id: c.flight.id, action: 'buy' });
    expect(bought.json()).toMatchObject({ item_status: 'bought' });
    const rows = await t.db.select().from(bookings).where(eq(bookings.travelServiceItemId, c.flight.id));
    expect(rows.map((row) => [row.id, row.source])).toEqual([[added.json().booking_id, 'consultant']]);
    const view = await orderOf(c.headers.traveller, c.id);
    expect(view.travelServiceOrderItems.find((item) => item.id === c.flight.id)!.booking).toMatchObject({ reference: 'ABC123', booking_id: added.json().booking_id });
  });

  it('refuses a second booking of the item with its message', async () => {
    const c = await orderedFlightAndHotel();
    expect((await post('/admin/travel-service-admin/add-booking', consultant.headers, flightBooking(c.flight.id, c.people.traveller.id))).statusCode).toBe(200);
    const second = await post('/admin/travel-service-admin/add-booking', consultant.headers, flightBooking(c.flight.id, c.people.traveller.id));
    expect(second.statusCode).toBe(409);
    expect(second.json().issues).toEqual([{ path: [], code: 'travelService.bookingExists' }]);
    expect(await t.db.select().from(bookings).where(eq(bookings.travelServiceItemId, c.flight.id))).toHaveLength(1);
  });

  it("lets only the consultant of the item's type add it, for a user of the traveller's company, with the fields' messages", async () => {
    const c = await orderedFlightAndHotel();
    const body = flightBooking(c.flight.id, c.people.traveller.id);
    const refused = await post('/admin/travel-service-admin/add-booking', hotelConsultant.headers, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().issues).toEqual([{ path: [], code: 'travelService.typeNotAnswered' }]);
    expect((await post('/admin/travel-service-admin/add-booking', c.headers.editor, body)).statusCode).toBe(403);
    expect((await post('/admin/travel-service-admin/add-booking', c.headers.other, body)).statusCode).toBe(403);
    const elsewhere = await travelCompany(t.app, t.db);
    const stranger = await post('/admin/travel-service-admin/add-booking', consultant.headers, { ...body, user_id: elsewhere.people.traveller.id });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().issues).toEqual([expect.objectContaining({ path: ['user_id'], code: 'validation.unknownReference' })]);
    const invalid = await post('/admin/travel-service-admin/add-booking', consultant.headers, { ...body, end_place: '', end_at: '2026-06-09 07:00' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues.map((issue: { path: string[] }) => issue.path.join('.'))).toEqual(expect.arrayContaining(['end_place', 'end_at']));
    expect(await t.db.select().from(bookings).where(eq(bookings.travelServiceItemId, c.flight.id))).toHaveLength(0);
  });
});

describe('a travel-service order above its cost centre budget (ADR 0021)', () => {
  /** The flight and hotel on a cost centre whose June budget is 1,500 zł; the first offers cost 900 + 700 zł. */
  async function overBudget(rule: 'warn' | 'accept', options: { keeper?: boolean; amount?: string } = {}) {
    const c = await orderedFlightAndHotel({ budget_exceeded_rule: rule });
    const [centre] = await t.db.insert(costCentres).values({ companyId: c.company.id, ordinate: `MPK-TS-${c.company.id}` }).returning();
    await t.db.insert(costCentreBudgets).values({ companyId: c.company.id, costCentreId: centre!.id, dateFrom: '2026-06-01', dateTo: '2026-06-30', amount: options.amount ?? '1500.00' });
    await t.db.update(travelServiceOrderItems).set({ costCentreId: centre!.id }).where(eq(travelServiceOrderItems.orderId, c.id));
    const keeper = options.keeper === false ? null : await createUser(t.db, c.company, { permissions: ['reportDelegation'] });
    await answered(c);
    return { ...c, keeper: keeper && { email: keeper.email, headers: await authHeaders(t.app, c.company, keeper) } };
  }

  it('needs the budget keepers’ acceptance after the acceptor’s when the company asks for it, and warns the orderer', async () => {
    const c = await overBudget('accept');
    const chosen = await chooseFirst(c, c.headers.traveller);
    expect(chosen.json()).toMatchObject({ status: 'OK', order_status: 'chosenSentForAcceptance', warnings: [{ path: ['choices'], code: 'travelService.budgetExceeded' }] });

    const before = (await outboxOf(t.db, c.company.id)).length;
    const byAcceptor = await post('/travel-service/approval', c.headers.acceptor, { id: c.id, decision: 'accept' });
    expect(byAcceptor.statusCode, byAcceptor.body).toBe(200);
    expect(byAcceptor.json()).toMatchObject({ order_status: 'chosenSentForAcceptance', allowedActions: [] });
    const mails = (await outboxOf(t.db, c.company.id)).slice(before);
    expect(mails.map((mail) => mail.recipient)).toEqual([c.keeper!.email]);
    expect(mails[0]!.textBody).toContain('przekraczają budżet centrum kosztów');
    expect(mails[0]!.textBody).toContain(`/travel-service/approval/${c.id}`);
    // Once is enough: the acceptor cannot decide again, the traveller never.
    expect((await post('/travel-service/approval', c.headers.acceptor, { id: c.id, decision: 'accept' })).statusCode).toBe(403);
    expect((await post('/travel-service/approval', c.headers.traveller, { id: c.id, decision: 'accept' })).statusCode).toBe(403);

    expect((await orderOf(c.keeper!.headers, c.id)).allowedActions).toEqual(expect.arrayContaining(['accept', 'reject']));
    const byKeeper = await post('/travel-service/approval', c.keeper!.headers, { id: c.id, decision: 'accept' });
    expect(byKeeper.statusCode, byKeeper.body).toBe(200);
    expect(byKeeper.json()).toMatchObject({ order_status: 'acceptedByClient' });
  });

  it('only warns when the company chose so: the acceptor’s acceptance is the last', async () => {
    const c = await overBudget('warn');
    expect((await chooseFirst(c, c.headers.traveller)).json()).toMatchObject({ warnings: [{ path: ['choices'], code: 'travelService.budgetExceeded' }] });
    const approved = await post('/travel-service/approval', c.headers.acceptor, { id: c.id, decision: 'accept' });
    expect(approved.json()).toMatchObject({ order_status: 'acceptedByClient' });
  });

  it('asks nobody more for an order within its budget', async () => {
    const c = await overBudget('accept', { amount: '1600.00' });
    expect((await chooseFirst(c, c.headers.traveller)).json()).toMatchObject({ status: 'OK', warnings: [] });
    expect((await post('/travel-service/approval', c.headers.acceptor, { id: c.id, decision: 'accept' })).json()).toMatchObject({ order_status: 'acceptedByClient' });
  });

  it('refuses the acceptance of an overrun nobody could accept, and the order keeps waiting', async () => {
    const c = await overBudget('accept', { keeper: false });
    await chooseFirst(c, c.headers.traveller);
    const refused = await post('/travel-service/approval', c.headers.acceptor, { id: c.id, decision: 'accept' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: ['workflow'], code: 'workflow.noBudgetAcceptor' }]);
    expect((await orderOf(c.headers.traveller, c.id)).status).toBe('chosenSentForAcceptance');
  });
});
