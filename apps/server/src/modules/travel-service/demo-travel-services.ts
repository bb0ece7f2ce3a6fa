import { adminTravelServiceApi, travelServiceApi } from '@delego/contract';
import { DEFAULT_OFFER_REQUIREMENTS, emptyParams, type OfferInput, type OfferPart, type OrderItemInput, type TravelItemType, type TravellerData } from '@delego/domain';
import type { Database, Transaction } from '../../db/client.ts';
import { demoCalendar, demoContext } from '../../db/seed/demo-trips.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { createBookingsService } from '../bookings/bookings.service.ts';
import { createCompanyRatesCache } from '../settlement-calculation/company-rates-cache.ts';
import { companyRepo, type CompanyRecord } from '../company/company.repo.ts';
import { locationRepo } from '../location/location.repo.ts';
import { systemSettingsRepo } from '../system-settings/system-settings.repo.ts';
import { createTravelServiceService } from './travel-service.service.ts';

type ItemSpec = { [T in TravelItemType]: { type: T; params: Partial<Extract<OrderItemInput, { type: T }>['params']>; comment?: string } }[TravelItemType];

/**
 * The demo company's travel-service orders, made through the travel-service service like the demo
 * trips (issue 9 point 10): Anna Kowalska (`employee`) orders, the provider's consultant
 * (`admin`/`consultant`) answers, books and buys out, and `acceptor` decides, so the orders stand
 * in every order status of spec §4 — new, partly answered, sent for choice, chosen and sent for
 * acceptance, accepted, waiting for client information (for the offer and for the booking),
 * booked, buyout requested (one of them after the stay, four weeks back), bought, cancellation
 * requested and rejected. The flight and hotel
 * for the Frankfurt trade fair are linked to Anna's accepted Frankfurt trip order and wait for
 * the consultant to book them.
 */
export async function seedDemoTravelServices(tx: Transaction, demoCompany: CompanyRecord, provider: CompanyRecord, frankfurtTripOrderId: number, seedDay: string): Promise<void> {
  const { day, instant } = demoCalendar(seedDay);
  // The settings as the earlier demo seeds left them (the bookings seed switched a module on).
  const company = (await companyRepo.findById(tx, demoCompany.id))!;
  const db = tx as unknown as Database;
  const clock = new ManualClock(instant(-1, 0, '09:00'));
  // The services e-mail per the company's stored setting: the seeded steps lie in the past and
  // nobody should be e-mailed about them, so notifications are off while seeding and restored after.
  await systemSettingsRepo.save(tx, company.id, { ...company.settings, email_notification_mode: 'disabled' });
  const service = createTravelServiceService({ db, clock, publicUrl: '', bookings: createBookingsService({ db, clock }), rates: createCompanyRatesCache(), onMailQueued: () => undefined });

  const anna = await demoContext(tx, company, 'employee', seedDay);
  const acceptor = await demoContext(tx, company, 'acceptor', seedDay);
  const providerConsultant = await demoContext(tx, provider, 'consultant', seedDay);
  const consultant: AuthenticatedContext = { ...providerConsultant, actor: { ...providerConsultant.actor, isAdminContext: true } };

  const places = new Map((await locationRepo.listAll(tx)).map((row) => [row.code, row.id]));
  const place = (code: string) => {
    const id = places.get(code);
    if (id === undefined) throw new Error(`demo travel services: no location ${code}`);
    return id;
  };
  const me = anna.actor.userId;
  const passenger = { company_user_id: me, name: anna.actor.name, surname: anna.actor.surname, email: anna.actor.email, phone: '', birth_date: null, document_number: '' };
  /** What Anna gives when choosing an offer that requires her data. */
  const annaData: TravellerData = { email: anna.actor.email, phone: '+48 601 234 567', document_number: 'EA1234567', document_expiry: '2031-05-31', birth_date: '1988-04-12', nationality: 'polska' };

  let orderCount = 0;
  async function order(items: ItemSpec[], options: { delegationOrderId?: number; comment?: string } = {}) {
    orderCount += 1;
    const body = travelServiceApi.editServiceOrder.body!.parse({
      user_id: me,
      delegation_order_id: options.delegationOrderId ?? null,
      external_customer_id: null,
      project_id: null,
      comment: options.comment ?? '',
      additional_parameters: [],
      confirmed: [],
      travelServiceOrderItems: items.map((item, index) => ({
        guid: `demo-${orderCount}-${index + 1}`,
        group_guid: null,
        sequence: index + 1,
        related_travel_service_order_item_guid: null,
        comment: item.comment ?? '',
        cost_centre_id: null,
        passengers: [passenger],
        type: item.type,
        params: { ...emptyParams(item.type), ...item.params },
      })),
    });
    const answer = await service.editServiceOrder(anna, body);
    if (answer.status !== 'OK') throw new Error(`demo travel-service order not saved: ${JSON.stringify(answer)}`);
    const saved = await service.getServiceOrder(anna, answer.id, false);
    return { id: answer.id, items: saved.travelServiceOrder.travelServiceOrderItems.map((item) => item.id) };
  }
  const offer = (price: string, parts: OfferPart[], extra: Partial<OfferInput> = {}): OfferInput => ({ price, currency: 'PLN', parts, html: '', requires: DEFAULT_OFFER_REQUIREMENTS, ...extra });
  async function answer(itemId: number, responses: OfferInput[]) {
    await service.saveOffers(consultant, adminTravelServiceApi.saveOffers.body!.parse({ item_id: itemId, responses }));
  }
  async function choose(orderId: number, itemIds: number[], pick = 0) {
    const loaded = (await service.getServiceOrder(anna, orderId, false)).travelServiceOrder;
    const choices = itemIds.map((itemId) => {
      const item = loaded.travelServiceOrderItems.find((row) => row.id === itemId)!;
      return { item_id: itemId, offer_id: item.responses[Math.min(pick, item.responses.length - 1)]!.id, travellers: item.passengers.map((row) => ({ passenger_id: row.id, data: annaData })) };
    });
    const result = await service.chooseOffers(anna, travelServiceApi.chooseOffers.body!.parse({ id: orderId, choices, confirmed: [] }));
    if (result.status !== 'OK') throw new Error(`demo offer choice refused: ${JSON.stringify(result)}`);
  }
  const decide = (orderId: number, decision: 'accept' | 'reject', comment: string) => service.decide(acceptor, { id: orderId, decision, comment });
  const act = (itemId: number, action: 'askClient' | 'book' | 'buy' | 'confirmCancellation', extra: { reference?: string; comment?: string } = {}) =>
    service.consultantItemAction(consultant, { item_id: itemId, action, ...extra });
  const ask = (itemId: number, action: 'provideInfo' | 'requestBuyout' | 'requestCancellation' | 'cancel', comment?: string) => service.clientItemAction(anna, { item_id: itemId, action, comment });
  const when = (week: number, weekday: number, time: string) => clock.set(instant(week, weekday, time));

  const leg = (carrier: string, number: string, from: string, to: string, departure: string, arrival: string, seatClass = 'ekonomiczna'): OfferPart => ({ kind: 'leg', carrier, number, from_text: from, to_text: to, departure, arrival, seat_class: seatClass });
  const room = (hotel: string, address: string, checkIn: string, checkOut: string, breakfast: boolean): OfferPart => ({ kind: 'room', hotel_name: hotel, address, room_type: 'single', check_in: checkIn, check_out: checkOut, is_breakfast: breakfast, cancel_until: checkIn });
  const rail = (from: string, to: string, date: string, time: string, returnDate: string | null): ItemSpec => ({
    type: 'rail',
    params: { start_place_id: place(`station:${from}`), end_place_id: place(`station:${to}`), start_date: date, start_time: time, return_date: returnDate, return_time: returnDate ? '17:00' : null, seat_class: 'second' },
  });
  const hotel = (city: string, from: string, to: string, breakfast = true): ItemSpec => ({ type: 'hotel', params: { place_id: place(city), start_date: from, start_time: '16:00', end_date: to, is_breakfast: breakfast } });

  // 1. New: a train to the Poznań training, not answered yet.
  when(-1, 4, '16:40');
  await order([rail('warszawa-centralna', 'poznan-glowny', day(3, 1), '06:15', day(3, 1))], { comment: 'Szkolenie z technik sprzedaży – powrót tego samego dnia' });

  // 2. Partly answered: the Gdańsk hotel is offered, the flight still waits for the consultant.
  when(-1, 0, '10:00');
  const gdansk = await order([
    { type: 'flight', params: { start_place_id: place('airport:WAW'), end_place_id: place('airport:GDN'), start_date: day(4, 1), start_time: '07:00', return_date: day(4, 2) } },
    hotel('city:pl-gdansk', day(4, 1), day(4, 2)),
  ]);
  when(-1, 0, '14:00');
  await answer(gdansk.items[1]!, [offer('420.00', [room('Hotel Gdańsk Boutique', 'ul. Szafarnia 9, Gdańsk', day(4, 1), day(4, 2), true)])]);

  // 3. Sent for choice: two trains to Wrocław to compare.
  when(-1, 1, '09:00');
  const wroclaw = await order([rail('warszawa-centralna', 'wroclaw-glowny', day(1, 2), '06:30', day(1, 3))]);
  when(-1, 1, '12:00');
  await answer(wroclaw.items[0]!, [
    offer('289.00', [leg('PKP Intercity', 'EIP 6104', 'Warszawa Centralna', 'Wrocław Główny', `${day(1, 2)} 06:35`, `${day(1, 2)} 10:12`, 'druga'), leg('PKP Intercity', 'EIP 6113', 'Wrocław Główny', 'Warszawa Centralna', `${day(1, 3)} 17:05`, `${day(1, 3)} 20:44`, 'druga')]),
    offer('219.00', [leg('PKP Intercity', 'IC 6120', 'Warszawa Centralna', 'Wrocław Główny', `${day(1, 2)} 05:50`, `${day(1, 2)} 10:40`, 'druga'), leg('PKP Intercity', 'IC 6125', 'Wrocław Główny', 'Warszawa Centralna', `${day(1, 3)} 16:20`, `${day(1, 3)} 21:10`, 'druga')]),
  ]);

  // 4. Chosen and sent for acceptance: a rental car in Wrocław, waiting for the acceptor.
  when(-1, 1, '09:30');
  const car = await order([{ type: 'car', params: { start_place_id: place('city:pl-wroclaw'), end_place_id: place('city:pl-wroclaw'), start_date: day(1, 2), start_time: '10:30', end_date: day(1, 3), end_time: '16:30', car_class: 'c' } }]);
  when(-1, 1, '13:00');
  await answer(car.items[0]!, [
    offer('312.00', [{ kind: 'car', company: 'Panek CarSharing', car_class: 'C – Toyota Corolla', pick_up: `${day(1, 2)} 10:30`, drop_off: `${day(1, 3)} 16:30`, from_text: 'Wrocław Główny', to_text: 'Wrocław Główny' }]),
    offer('355.00', [{ kind: 'car', company: 'Express Rent a Car', car_class: 'C – Škoda Scala', pick_up: `${day(1, 2)} 10:30`, drop_off: `${day(1, 3)} 16:30`, from_text: 'Wrocław Główny', to_text: 'Wrocław Główny' }]),
  ]);
  when(-1, 1, '15:00');
  await choose(car.id, car.items);

  // 5. Accepted: the Frankfurt trade-fair flight and hotel of the accepted trip order, waiting to be booked.
  when(-1, 2, '09:00');
  const frankfurt = await order(
    [
      { type: 'flight', params: { start_place_id: place('airport:WAW'), end_place_id: place('airport:FRA'), start_date: day(2, 1), start_time: '06:00', return_date: day(2, 4), return_time: '18:00', is_baggage: true } },
      hotel('place:frankfurt-messe', day(2, 1), day(2, 4)),
    ],
    { delegationOrderId: frankfurtTripOrderId, comment: 'Targi Automechanika – stoisko firmy' },
  );
  when(-1, 2, '13:00');
  await answer(frankfurt.items[0]!, [
    offer('1290.00', [leg('LOT', 'LO 379', 'Warszawa (WAW)', 'Frankfurt (FRA)', `${day(2, 1)} 07:05`, `${day(2, 1)} 09:10`), leg('LOT', 'LO 380', 'Frankfurt (FRA)', 'Warszawa (WAW)', `${day(2, 4)} 19:05`, `${day(2, 4)} 21:00`)], { requires: { ...DEFAULT_OFFER_REQUIREMENTS, document_number: true, birth_date: true } }),
    offer('1540.00', [leg('Lufthansa', 'LH 1347', 'Warszawa (WAW)', 'Frankfurt (FRA)', `${day(2, 1)} 06:00`, `${day(2, 1)} 08:05`), leg('Lufthansa', 'LH 1350', 'Frankfurt (FRA)', 'Warszawa (WAW)', `${day(2, 4)} 20:35`, `${day(2, 4)} 22:30`)], { requires: { ...DEFAULT_OFFER_REQUIREMENTS, document_number: true, birth_date: true } }),
  ]);
  await answer(frankfurt.items[1]!, [offer('2460.00', [room('Maritim Hotel Frankfurt', 'Theodor-Heuss-Allee 3, Frankfurt am Main', day(2, 1), day(2, 4), true)])]);
  when(-1, 2, '16:00');
  await choose(frankfurt.id, frankfurt.items);
  when(-1, 3, '08:30');
  await decide(frankfurt.id, 'accept', 'Akceptuję – zgodnie z poleceniem wyjazdu.');

  // 6. Booked: a Kraków hotel with its reservation number.
  const bookedHotel = await acceptedOrder(hotel('city:pl-krakow', day(2, 2), day(2, 3)), [offer('389.00', [room('Hotel Wawel', 'ul. Poselska 22, Kraków', day(2, 2), day(2, 3), true)])]);
  when(-1, 3, '12:00');
  await act(bookedHotel.items[0]!, 'book', { reference: 'HW-60214' });

  // 7. Bought: a return train to Gdańsk, booked and bought out at Anna's request.
  const boughtTrain = await acceptedOrder(rail('warszawa-centralna', 'gdansk-glowny', day(4, 1), '07:00', day(4, 2)), [
    offer('318.00', [leg('PKP Intercity', 'EIP 5300', 'Warszawa Centralna', 'Gdańsk Główny', `${day(4, 1)} 07:05`, `${day(4, 1)} 09:54`, 'druga'), leg('PKP Intercity', 'EIP 5319', 'Gdańsk Główny', 'Warszawa Centralna', `${day(4, 2)} 17:10`, `${day(4, 2)} 20:02`, 'druga')]),
  ]);
  when(-1, 3, '12:10');
  await act(boughtTrain.items[0]!, 'book', { reference: 'IC-77120431' });
  when(-1, 3, '13:00');
  await ask(boughtTrain.items[0]!, 'requestBuyout');
  when(-1, 3, '14:00');
  await act(boughtTrain.items[0]!, 'buy');

  // 8. Buyout requested: a booked Poznań hotel Anna asked to buy out.
  const buyoutHotel = await acceptedOrder(hotel('city:pl-poznan', day(3, 0), day(3, 1), false), [offer('305.00', [room('Hotel Puro Poznań', 'ul. Stawna 15, Poznań', day(3, 0), day(3, 1), false)])]);
  when(-1, 3, '12:20');
  await act(buyoutHotel.items[0]!, 'book', { reference: 'PURO-4471' });
  when(-1, 3, '15:00');
  await ask(buyoutHotel.items[0]!, 'requestBuyout');

  // 8b. Buyout requested after the stay: the Lublin hotel of a trip four weeks back, ordered and booked
  // before it; Anna asked to buy it out once back. Bought out, it becomes a booking of days already
  // past, which her settlement of that trip takes in and which waits for its invoice.
  when(-5, 0, '10:00');
  const pastHotel = await order([hotel('city:pl-lublin', day(-4, 1), day(-4, 2))], { comment: 'Audyt w oddziale lubelskim' });
  when(-5, 0, '13:00');
  await answer(pastHotel.items[0]!, [offer('340.00', [room('Hotel Lublinianka', 'Krakowskie Przedmieście 56, Lublin', day(-4, 1), day(-4, 2), true)])]);
  when(-5, 0, '15:00');
  await choose(pastHotel.id, pastHotel.items);
  when(-5, 1, '09:00');
  await decide(pastHotel.id, 'accept', 'Akceptuję.');
  when(-5, 1, '11:00');
  await act(pastHotel.items[0]!, 'book', { reference: 'LUB-30817' });
  when(-4, 3, '09:00');
  await ask(pastHotel.items[0]!, 'requestBuyout');

  // 9. Cancellation requested: a booked Łódź hotel Anna no longer needs.
  const cancelledHotel = await acceptedOrder(hotel('city:pl-lodz', day(2, 3), day(2, 4)), [offer('279.00', [room('Hotel Andel’s Łódź', 'ul. Ogrodowa 17, Łódź', day(2, 3), day(2, 4), true)])]);
  when(-1, 3, '12:30');
  await act(cancelledHotel.items[0]!, 'book', { reference: 'AND-99102' });
  when(-1, 4, '09:00');
  await ask(cancelledHotel.items[0]!, 'requestCancellation', 'Spotkanie w Łodzi zostało przeniesione na inny termin.');

  // 10. Waiting for client information for the booking: an accepted low-cost flight whose passport number the consultant needs.
  const lowCost = await acceptedOrder(
    { type: 'flightLowCost', params: { start_place_id: place('airport:WMI'), end_place_id: place('airport:STN'), start_date: day(5, 1), start_time: '06:00', return_date: day(5, 3) } },
    [offer('486.00', [leg('Ryanair', 'FR 2641', 'Warszawa-Modlin (WMI)', 'Londyn-Stansted (STN)', `${day(5, 1)} 06:25`, `${day(5, 1)} 08:00`), leg('Ryanair', 'FR 2642', 'Londyn-Stansted (STN)', 'Warszawa-Modlin (WMI)', `${day(5, 3)} 20:30`, `${day(5, 3)} 23:55`)])],
  );
  when(-1, 4, '10:00');
  await act(lowCost.items[0]!, 'askClient', { comment: 'Przewoźnik wymaga numeru paszportu – proszę go podać w komentarzu.' });

  // 11. Waiting for client information for the offer: travel insurance whose country the consultant asks about.
  when(-1, 4, '10:30');
  const insurance = await order([{ type: 'insurance', params: { place_id: null, start_date: day(5, 1), end_date: day(5, 3) } }]);
  when(-1, 4, '11:00');
  await act(insurance.items[0]!, 'askClient', { comment: 'Do którego kraju ma obowiązywać ubezpieczenie?' });

  // 12. Rejected: an expensive Warsaw hotel the acceptor turned down.
  when(-1, 2, '10:00');
  const rejected = await order([hotel('city:pl-warszawa', day(1, 0), day(1, 1), true)], { comment: 'Nocleg przed wczesnym spotkaniem w centrali' });
  when(-1, 2, '11:00');
  await answer(rejected.items[0]!, [offer('890.00', [room('Hotel Bristol', 'Krakowskie Przedmieście 42/44, Warszawa', day(1, 0), day(1, 1), true)])]);
  when(-1, 2, '12:00');
  await choose(rejected.id, rejected.items);
  when(-1, 2, '15:00');
  await decide(rejected.id, 'reject', 'Cena przekracza limit noclegowy – proszę wybrać tańszy hotel.');

  await systemSettingsRepo.save(tx, company.id, company.settings);

  /** An order of one service answered with `offers`, the first chosen and accepted. */
  async function acceptedOrder(item: ItemSpec, offers: OfferInput[]) {
    when(-1, 2, '10:30');
    const placed = await order([item]);
    when(-1, 2, '11:30');
    await answer(placed.items[0]!, offers);
    when(-1, 2, '12:30');
    await choose(placed.id, placed.items);
    when(-1, 2, '14:30');
    await decide(placed.id, 'accept', 'Akceptuję.');
    return placed;
  }
}

