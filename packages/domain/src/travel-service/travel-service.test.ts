import { describe, expect, it } from 'vitest';
import {
  ITEM_ACTIONS,
  ITEM_STATUSES,
  ITEM_TRANSITIONS,
  allowedItemActions,
  decideItem,
  deriveOrderStatus,
  readyToSendToClient,
  type ItemActor,
  type ItemStatus,
} from './item-status.ts';
import { applyInsuranceBehaviour, checkTravelServiceOrder, newOrderItem, proposedCompanions, splitOrder, type OrderItemInput, type TravelServiceOrderForm } from './order-form.ts';
import { DEFAULT_OFFER_REQUIREMENTS, hotelLimitOverrun, isSafeOfferHtml, nightsOfStay, offerIssues, orderLimitIssues, removalRefusal, transportLimitExceeded, travellerDataIssues } from './offers.ts';
import { toSimpleOfferHtml } from './offer-html.ts';
import { isMessageFor, marksMessageRead } from './messages.ts';
import { itemTypeOfAdminSegment, needsLateArrivalHint, serviceSpanOf } from './service-types.ts';

const nobody: ItemActor = { isClient: false, canEdit: false, isAcceptor: false, isConsultantForType: false };
const client: ItemActor = { ...nobody, isClient: true, canEdit: true };
const traveller: ItemActor = { ...nobody, isClient: true };
const acceptor: ItemActor = { ...nobody, isAcceptor: true };
const consultant: ItemActor = { ...nobody, isConsultantForType: true };

let guidCounter = 0;
const guid = () => `00000000-0000-4000-8000-${String(++guidCounter).padStart(12, '0')}`;
const person = { company_user_id: 5, name: 'Anna', surname: 'Nowak', email: 'anna@example.com', phone: '', birth_date: null, document_number: '' };

function flight(overrides: Partial<Extract<OrderItemInput, { type: 'flight' }>['params']> = {}): Extract<OrderItemInput, { type: 'flight' }> {
  const item = newOrderItem('flight', guid(), 1, [person]) as Extract<OrderItemInput, { type: 'flight' }>;
  return { ...item, params: { ...item.params, start_place_id: 1, end_place_id: 2, start_date: '2027-03-10', return_date: '2027-03-12', ...overrides } };
}

function hotel(overrides: Partial<Extract<OrderItemInput, { type: 'hotel' }>['params']> = {}, passengers = [person]): Extract<OrderItemInput, { type: 'hotel' }> {
  const item = newOrderItem('hotel', guid(), 2, passengers) as Extract<OrderItemInput, { type: 'hotel' }>;
  return { ...item, params: { ...item.params, place_id: 2, start_date: '2027-03-10', end_date: '2027-03-12', ...overrides } };
}

function form(items: OrderItemInput[], overrides: Partial<TravelServiceOrderForm> = {}): TravelServiceOrderForm {
  return { user_id: 5, delegation_order_id: null, external_customer_id: null, project_id: null, comment: '', additional_parameters: [], travelServiceOrderItems: items, confirmed: [], ...overrides };
}

const context = { parameters: [], tripOrder: null, today: '2027-01-01' };
const codes = (issues: { path: (string | number)[]; code: string }[]) => issues.map((issue) => `${issue.path.join('.')}:${issue.code}`);

describe('the item transition table', () => {
  it('moves an item from order to purchase along the table, each step by its own role', () => {
    const steps: [ItemStatus, Parameters<typeof decideItem>[1], ItemActor, ItemStatus][] = [
      ['awaitingAgentResponse', 'answer', consultant, 'assemblingOrder'],
      ['sentToClient', 'chooseOffer', traveller, 'offerSelected'],
      ['offerSelected', 'accept', acceptor, 'acceptedByClient'],
      ['acceptedByClient', 'book', consultant, 'booked'],
      ['booked', 'requestBuyout', client, 'buyoutRequested'],
      ['buyoutRequested', 'buy', consultant, 'bought'],
      ['booked', 'requestCancellation', traveller, 'cancellationInProgress'],
      ['cancellationInProgress', 'confirmCancellation', consultant, 'bookingCanceled'],
      ['offerSelected', 'reject', acceptor, 'canceledByClient'],
      ['awaitingAgentResponse', 'askClient', consultant, 'clarificationForOffer'],
      ['clarificationForOffer', 'provideInfo', traveller, 'awaitingAgentResponse'],
      ['acceptedByClient', 'askClient', consultant, 'clarificationForBooking'],
      ['clarificationForBooking', 'provideInfo', client, 'acceptedByClient'],
      ['sentToClient', 'edit', client, 'awaitingAgentResponse'],
    ];
    for (const [from, action, actor, to] of steps) expect(decideItem(from, action, actor)).toEqual({ allowed: true, to });
  });

  it('refuses an action from a status the table does not list, before asking who acts', () => {
    expect(decideItem('awaitingAgentResponse', 'book', consultant)).toEqual({ allowed: false, refusal: 'travelService.refused.status' });
    expect(decideItem('bought', 'cancel', client)).toEqual({ allowed: false, refusal: 'travelService.refused.status' });
    expect(decideItem('booked', 'buy', consultant)).toEqual({ allowed: false, refusal: 'travelService.refused.status' });
    expect(decideItem('acceptedByClient', 'edit', client)).toEqual({ allowed: false, refusal: 'travelService.refused.status' });
  });

  it('refuses an allowed step to anyone without its role: a consultant cannot choose, a traveller cannot approve or edit, a client cannot book', () => {
    expect(decideItem('sentToClient', 'chooseOffer', consultant)).toEqual({ allowed: false, refusal: 'travelService.refused.notEntitled' });
    expect(decideItem('offerSelected', 'accept', traveller)).toEqual({ allowed: false, refusal: 'travelService.refused.notEntitled' });
    expect(decideItem('awaitingAgentResponse', 'edit', traveller)).toEqual({ allowed: false, refusal: 'travelService.refused.notEntitled' });
    expect(decideItem('acceptedByClient', 'book', client)).toEqual({ allowed: false, refusal: 'travelService.refused.notEntitled' });
    expect(decideItem('awaitingAgentResponse', 'answer', nobody)).toEqual({ allowed: false, refusal: 'travelService.refused.notEntitled' });
  });

  it('lists for every status exactly the actions decideItem accepts', () => {
    const everyone: ItemActor = { isClient: true, canEdit: true, isAcceptor: true, isConsultantForType: true };
    for (const status of ITEM_STATUSES) {
      const expected = ITEM_ACTIONS.filter((action) => (action === 'changeOffer' ? ITEM_TRANSITIONS.changeOffer.from[status] : ITEM_TRANSITIONS[action].from[status]) !== undefined);
      expect(allowedItemActions(status, everyone)).toEqual(expected);
    }
    expect(allowedItemActions('bought', everyone)).toEqual([]);
    expect(allowedItemActions('offerSelected', acceptor)).toEqual(['accept', 'reject']);
  });

  it('follows the offer-change rule: inform only keeps an accepted item accepted, acceptance needed sends it back to the acceptors', () => {
    expect(decideItem('acceptedByClient', 'changeOffer', consultant, { offerChangeRule: 1 })).toEqual({ allowed: true, to: 'acceptedByClient' });
    expect(decideItem('acceptedByClient', 'changeOffer', consultant, { offerChangeRule: 2 })).toEqual({ allowed: true, to: 'offerSelected' });
    expect(decideItem('booked', 'changeOffer', consultant, { offerChangeRule: 2 }).allowed).toBe(false);
  });
});

describe('the order status', () => {
  it('follows the least advanced active item, with clarifications and cancellations first', () => {
    expect(deriveOrderStatus(['awaitingAgentResponse', 'awaitingAgentResponse'])).toBe('new');
    expect(deriveOrderStatus(['awaitingAgentResponse', 'assemblingOrder'])).toBe('partlyCompleted');
    expect(deriveOrderStatus(['sentToClient', 'offerSelected'])).toBe('sentForChoice');
    expect(deriveOrderStatus(['offerSelected', 'acceptedByClient'])).toBe('chosenSentForAcceptance');
    expect(deriveOrderStatus(['acceptedByClient', 'canceledByClient'])).toBe('acceptedByClient');
    expect(deriveOrderStatus(['booked', 'bought'])).toBe('booked');
    expect(deriveOrderStatus(['buyoutRequested', 'booked'])).toBe('buyoutRequested');
    expect(deriveOrderStatus(['bought', 'bookingCanceled'])).toBe('bought');
    expect(deriveOrderStatus(['booked', 'cancellationInProgress'])).toBe('cancellationRequested');
    expect(deriveOrderStatus(['sentToClient', 'clarificationForOffer'])).toBe('awaitingInfoForOffer');
    expect(deriveOrderStatus(['booked', 'clarificationForBooking'])).toBe('awaitingInfoForBooking');
    expect(deriveOrderStatus(['canceledByClient'])).toBe('rejectedByClient');
  });

  it('sends the assembled answers to the client only when no item awaits the consultants', () => {
    expect(readyToSendToClient(['assemblingOrder', 'awaitingAgentResponse'])).toBe(false);
    expect(readyToSendToClient(['assemblingOrder', 'clarificationForOffer'])).toBe(false);
    expect(readyToSendToClient(['assemblingOrder', 'canceledByClient', 'sentToClient'])).toBe(true);
    expect(readyToSendToClient(['sentToClient'])).toBe(false);
  });
});

describe('the order rules (spec §5)', () => {
  it('refuses an empty order and a service without a person, and asks to choose a worker', () => {
    expect(codes(checkTravelServiceOrder(form([], { user_id: null }), context).issues)).toEqual(['user_id:travelService.chooseWorker', 'travelServiceOrderItems:travelService.noServices']);
    expect(codes(checkTravelServiceOrder(form([{ ...flight(), passengers: [] }]), context).issues)).toEqual(['travelServiceOrderItems.0.passengers:travelService.noPassengers']);
  });

  it("requires each type's parameters, an external person's name, a return after departure and a start not in the past", () => {
    const external = { ...person, company_user_id: null, name: '', surname: ' ' };
    const issues = checkTravelServiceOrder(form([{ ...flight({ end_place_id: null, start_date: '2026-12-31', return_date: '2026-12-30' }), passengers: [external] }]), context).issues;
    expect(codes(issues)).toEqual([
      'travelServiceOrderItems.0.passengers.0.name:global.error.required',
      'travelServiceOrderItems.0.passengers.0.surname:global.error.required',
      'travelServiceOrderItems.0.params.end_place_id:global.error.required',
      'travelServiceOrderItems.0.params.start_date:validation.dateInPast',
      'travelServiceOrderItems.0.params.return_date:validation.dateRange',
    ]);
    expect(codes(checkTravelServiceOrder(form([hotel({ end_date: '2027-03-10' })]), context).issues)).toEqual(['travelServiceOrderItems.0.params.end_date:travelService.checkOutAfterCheckIn']);
  });

  it('requires the required extra fields of the company', () => {
    const parameters = [{ id: 7, type: 'text' as const, options: [], is_required: true }];
    expect(codes(checkTravelServiceOrder(form([flight()]), { ...context, parameters }).issues)).toEqual(['additional_parameters.7:global.error.required']);
    expect(checkTravelServiceOrder(form([flight()], { additional_parameters: [{ id: 7, value: 'MPK 12' }] }), { ...context, parameters }).issues).toEqual([]);
  });

  it('asks to confirm a person count that differs from the room type, and lets the confirmed save pass', () => {
    const twoInSingle = hotel({ room_type: 'single' }, [person, { ...person, company_user_id: 6 }]);
    const check = checkTravelServiceOrder(form([twoInSingle]), context);
    expect(check.issues).toEqual([]);
    expect(check.confirmations).toEqual([{ path: ['travelServiceOrderItems', 0, 'passengers'], code: 'travelService.roomCapacityMismatch', params: { persons: 2, capacity: 1 } }]);
    expect(checkTravelServiceOrder(form([twoInSingle], { confirmed: ['travelService.roomCapacityMismatch'] }), context).confirmations).toEqual([]);
    expect(checkTravelServiceOrder(form([hotel({ room_type: 'larger' }, [person, person, person])]), context).confirmations).toEqual([]);
  });

  it('warns when the linked trip order does not allow the transport', () => {
    const check = checkTravelServiceOrder(form([flight(), hotel()]), { ...context, tripOrder: { allowed_transport: ['rail'] } });
    expect(check.warnings).toEqual([{ path: ['travelServiceOrderItems', 0, 'type'], code: 'travelService.transportNotAllowed', params: { transport: 'flight' } }]);
    expect(check.issues).toEqual([]);
  });

  it('refuses to remove a service whose offer is accepted', () => {
    expect(removalRefusal('acceptedByClient')).toBe('travelService.acceptedOfferCannotBeRemoved');
    expect(removalRefusal('booked')).toBe('travelService.acceptedOfferCannotBeRemoved');
    expect(removalRefusal('sentToClient')).toBeNull();
  });

  it('asks to confirm chosen transport above the trip order limit and reports a hotel above its nightly limit', () => {
    expect(transportLimitExceeded('1000.00', ['600.00', '400.01'])).toEqual({ total: '1000.01', limit: '1000.00' });
    expect(transportLimitExceeded('1000.00', ['600.00', '400.00'])).toBeNull();
    expect(transportLimitExceeded(null, ['5000'])).toBeNull();
    expect(hotelLimitOverrun('1200.00', 2, '500.00')).toEqual({ perNight: '600.00', limit: '500.00' });
    expect(hotelLimitOverrun('1000.00', 2, '500.00')).toBeNull();
  });

  it('weighs an order’s chosen offers: transport together against the trip order’s limit until confirmed, each hotel per night against its limit', () => {
    const flight = { path: ['travelServiceOrderItems', 0], isTransport: true, price_pln: '900.00', hotel: null };
    const rail = { path: ['travelServiceOrderItems', 1], isTransport: true, price_pln: '200.00', hotel: null };
    const hotel = { path: ['travelServiceOrderItems', 2], isTransport: false, price_pln: '2000.00', hotel: { price: '450.00', nights: 2, limit_per_night: '200.00', currency: 'EUR' } };
    const cheapHotel = { ...hotel, path: ['travelServiceOrderItems', 3], hotel: { ...hotel.hotel, price: '400.00' } };
    expect(orderLimitIssues('1000.00', [flight, rail, hotel, cheapHotel], [], ['delegation_order_id'])).toEqual({
      confirmations: [{ path: ['delegation_order_id'], code: 'travelService.transportLimitExceeded', params: { total: '1100.00', limit: '1000.00' } }],
      warnings: [{ path: ['travelServiceOrderItems', 2], code: 'travelService.hotelLimitOverrun', params: { perNight: '225.00', limit: '200.00', currency: 'EUR' } }],
    });
    // Confirmed, the transport asks no more; the hotel is still reported (it only informs).
    expect(orderLimitIssues('1000.00', [flight, rail, hotel], ['travelService.transportLimitExceeded'], ['choices']).confirmations).toEqual([]);
    // A hotel's price is not transport; an offer without a known PLN price or converted price is not weighed.
    expect(orderLimitIssues('1000.00', [flight, hotel, { ...rail, price_pln: null }, { ...hotel, hotel: { ...hotel.hotel, price: null } }], [], ['choices'])).toEqual({
      confirmations: [],
      warnings: [expect.objectContaining({ path: ['travelServiceOrderItems', 2] })],
    });
    expect(orderLimitIssues(null, [flight, rail], [], ['choices']).confirmations).toEqual([]);
    // Nights across the change to summer time still count whole days.
    expect([nightsOfStay('2026-03-28', '2026-03-30'), nightsOfStay('2026-06-10', null), nightsOfStay('2026-06-12', '2026-06-10')]).toEqual([2, 0, 0]);
  });
});

describe('insurance (spec §4, §9)', () => {
  it('adds automatically an insurance linked to the base item, with its dates and place', () => {
    const base = flight();
    const { items } = applyInsuranceBehaviour([base], 2, guid);
    expect(items).toHaveLength(2);
    expect(items[0]!.params).toMatchObject({ is_insurance: true });
    expect(items[1]).toMatchObject({ type: 'insurance', related_travel_service_order_item_guid: base.guid, sequence: 2, passengers: [person], params: { place_id: 2, start_date: '2027-03-10', end_date: '2027-03-12' } });
  });

  it('moves the insurance with an edited base item and says so', () => {
    const base = flight({ is_insurance: true });
    const first = applyInsuranceBehaviour([base], 1, guid).items;
    const edited = { ...first[0]!, params: { ...(first[0] as typeof base).params, return_date: '2027-03-15' } } as OrderItemInput;
    const { items, messages } = applyInsuranceBehaviour([edited, first[1]!], 1, guid);
    expect(items[1]!.params).toMatchObject({ start_date: '2027-03-10', end_date: '2027-03-15' });
    expect(items[1]!.guid).toBe(first[1]!.guid);
    expect(messages).toEqual([{ path: ['travelServiceOrderItems', 0], code: 'travelService.insuranceUpdated', params: { sequence: 1 } }]);
  });

  it('drops a linked insurance whose base no longer asks for it, and adds none when the company offers none', () => {
    const base = flight({ is_insurance: true });
    const withInsurance = applyInsuranceBehaviour([base], 1, guid).items;
    const unticked = { ...withInsurance[0]!, params: { ...(withInsurance[0] as typeof base).params, is_insurance: false } } as OrderItemInput;
    expect(applyInsuranceBehaviour([unticked, withInsurance[1]!], 1, guid).items).toHaveLength(1);
    const none = applyInsuranceBehaviour([base], 3, guid).items;
    expect(none).toHaveLength(1);
    expect(none[0]!.params).toMatchObject({ is_insurance: false });
  });
});

describe('split orders (spec §4)', () => {
  it('makes each service its own order, the linked insurance staying with its base unless insurance is separated', () => {
    const base = flight({ is_insurance: true });
    const items = [...applyInsuranceBehaviour([base], 1, guid).items, { ...hotel(), sequence: 3 }];
    const together = splitOrder(form(items, { id: 9, version: 2 }), 0);
    expect(together.map((order) => order.travelServiceOrderItems.map((item) => `${item.sequence}:${item.type}`))).toEqual([['1:flight', '2:insurance'], ['1:hotel']]);
    expect(together[0]).not.toHaveProperty('id');
    const separated = splitOrder(form(items), 1);
    expect(separated.map((order) => order.travelServiceOrderItems.map((item) => item.type))).toEqual([['flight'], ['insurance'], ['hotel']]);
  });
});

describe('offers', () => {
  const offer = { price: '100.00', currency: 'PLN', parts: [], html: '', requires: DEFAULT_OFFER_REQUIREMENTS };

  it('needs a body when it has no parts, and allows only bare simple formatting in it', () => {
    expect(codes(offerIssues(offer))).toEqual(['html:travelService.offerBodyRequired']);
    expect(offerIssues({ ...offer, html: '<p>Lot <b>LO 379</b><br/>bagaż 23 kg</p>' })).toEqual([]);
    expect(isSafeOfferHtml('<img src=x onerror=alert(1)>')).toBe(false);
    expect(isSafeOfferHtml('<p onclick="x">a</p>')).toBe(false);
    expect(isSafeOfferHtml('<script>alert(1)</script>')).toBe(false);
    expect(isSafeOfferHtml('a < b')).toBe(false);
  });

  it('reduces rich text from the shared editor to a safe simple body: headings and quotes become paragraphs, links their text', () => {
    const body = toSimpleOfferHtml('<h2>Hotel</h2><blockquote>Blisko targów</blockquote><p>Zobacz <a href="https://hotel.example">stronę</a> <b>teraz</b></p><div>Śniadanie &amp; parking</div><script>alert(1)</script>');
    expect(body).toBe('<p>Hotel</p><p>Blisko targów</p><p>Zobacz stronę <strong>teraz</strong></p><p>Śniadanie &amp; parking</p>');
    expect(isSafeOfferHtml(body)).toBe(true);
    expect(offerIssues({ ...offer, html: body })).toEqual([]);
  });

  it('requires the traveller data the offer asks for, the phone and e-mail by default', () => {
    expect(codes(travellerDataIssues(DEFAULT_OFFER_REQUIREMENTS, { email: 'x@y.pl' }, ['travellers', 0]))).toEqual(['travellers.0.phone:global.error.required']);
    expect(codes(travellerDataIssues({ ...DEFAULT_OFFER_REQUIREMENTS, phone: false, document_number: true }, { email: 'bad' }, ['t']))).toEqual(['t.document_number:global.error.required', 't.email:validation.email']);
  });
});

describe('the services around an item', () => {
  it('proposes a hotel and a car for the dates and the destination of a flight or train', () => {
    const [proposedHotel, car] = proposedCompanions(flight(), guid);
    expect(proposedHotel).toMatchObject({ type: 'hotel', passengers: [person], params: { place_id: 2, start_date: '2027-03-10', end_date: '2027-03-12' } });
    expect(car).toMatchObject({ type: 'car', params: { start_place_id: 2, start_date: '2027-03-10', end_date: '2027-03-12' } });
    expect(proposedCompanions(hotel(), guid)).toEqual([]);
  });

  it('ends a one-way flight on its departure day, and maps the admin type segments', () => {
    expect(serviceSpanOf('flight', flight({ return_date: null }).params)).toEqual({ start_date: '2027-03-10', end_date: '2027-03-10', place_id: 2 });
    expect(itemTypeOfAdminSegment('special')).toBe('other');
    expect(itemTypeOfAdminSegment('low-cost')).toBe('flightLowCost');
    expect(itemTypeOfAdminSegment('bus')).toBeNull();
  });

  it('hints at a late arrival at the hotel after 18:00', () => {
    expect(needsLateArrivalHint({ start_time: '18:30' })).toBe(true);
    expect(needsLateArrivalHint({ start_time: '18:00' })).toBe(false);
    expect(needsLateArrivalHint({ start_time: null })).toBe(false);
  });
});

describe('messages of an order (spec §9 auto-read)', () => {
  it('are the comments others wrote on its steps', () => {
    expect(isMessageFor({ user_id: -5, comment: 'Podaj numer paszportu' }, 10)).toBe(true);
    expect(isMessageFor({ user_id: 10, comment: 'Dodane' }, 10)).toBe(false);
    expect(isMessageFor({ user_id: -5, comment: '  ' }, 10)).toBe(false);
  });

  it('are marked read by the button always, by the pointer only with "on mouse over", by opening the page only with "on page load"', () => {
    expect([1, 2, 3].map((setting) => marksMessageRead(setting as 1 | 2 | 3, 'button'))).toEqual([true, true, true]);
    expect([1, 2, 3].map((setting) => marksMessageRead(setting as 1 | 2 | 3, 'hover'))).toEqual([false, true, false]);
    expect([1, 2, 3].map((setting) => marksMessageRead(setting as 1 | 2 | 3, 'load'))).toEqual([false, false, true]);
  });
});
