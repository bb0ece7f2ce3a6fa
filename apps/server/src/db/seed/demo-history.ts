import { and, eq } from 'drizzle-orm';
import type { SystemSettings } from '@delego/domain';
import { delegationApi } from '@delego/contract';
import type { Database, Transaction } from '../client.ts';
import { costCentres, projects } from '../schema/index.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createMemoryStorage } from '../../integrations/storage/memory-storage.ts';
import type { CompanyRecord } from '../../modules/company/company.repo.ts';
import { createBookingsService } from '../../modules/bookings/bookings.service.ts';
import { createAttachmentsService } from '../../modules/settlements/attachments.service.ts';
import { createSettlementsService } from '../../modules/settlements/settlements.service.ts';
import { createSettlementDistances } from '../../modules/settlement-calculation/settlement-distances.ts';
import { createCompanyRatesCache } from '../../modules/settlement-calculation/company-rates-cache.ts';
import { createTripWorkflow } from '../../modules/trip-workflow/trip-workflow.service.ts';
import { demoCalendar, demoContext } from './demo-trips.ts';

/** One-day trips of the past year: where, by which train, at what fare, and what else was paid. */
const DAY_TRIPS = [
  { city: 'Kraków', fare: '169.00', other: { type_id: 'taxi', amount: '38.00' } },
  { city: 'Łódź', fare: '49.00', other: null },
  { city: 'Poznań', fare: '129.00', other: { type_id: 'parking', amount: '24.00' } },
  { city: 'Gdańsk', fare: '159.00', other: { type_id: 'taxi', amount: '52.50' } },
  { city: 'Wrocław', fare: '149.00', other: null },
  { city: 'Lublin', fare: '79.00', other: { type_id: 'taxi', amount: '31.00' } },
  { city: 'Katowice', fare: '119.00', other: null },
  { city: 'Szczecin', fare: '179.00', other: { type_id: 'parking', amount: '18.00' } },
] as const;

/** What the company's travellers booked over the year: the kind, carrier or name, class, country and fare. */
const BOOKINGS = [
  { kind: 'flight', carrier: 'LOT', seat_class: 'economy', from: 'Warszawa (WAW)', to: 'Frankfurt (FRA)', country: 'DE', gross: '1240.00' },
  { kind: 'rail', carrier: 'PKP Intercity', seat_class: 'second', from: 'Warszawa Centralna', to: 'Kraków Główny', country: null, gross: '169.00' },
  { kind: 'hotel', name: 'Hotel Mercure Kraków', country: null, gross: '420.00' },
  { kind: 'lowCost', carrier: 'Ryanair', seat_class: 'low_cost', from: 'Warszawa (WMI)', to: 'Londyn (STN)', country: 'GB', gross: '389.99' },
  { kind: 'flight', carrier: 'Lufthansa', seat_class: 'business', from: 'Warszawa (WAW)', to: 'Monachium (MUC)', country: 'DE', gross: '2860.00' },
  { kind: 'rail', carrier: 'PKP Intercity', seat_class: 'first', from: 'Warszawa Centralna', to: 'Gdańsk Główny', country: null, gross: '239.00' },
  { kind: 'hotel', name: 'Hotel Ibis Berlin Mitte', country: 'DE', gross: '780.00' },
  { kind: 'car', name: 'Panek CarSharing', country: null, gross: '310.00' },
  { kind: 'lowCost', carrier: 'Wizz Air', seat_class: 'low_cost', from: 'Katowice (KTW)', to: 'Paryż (BVA)', country: 'FR', gross: '459.00' },
  { kind: 'flight', carrier: 'LOT', seat_class: 'premium', from: 'Warszawa (WAW)', to: 'Bruksela (BRU)', country: 'BE', gross: '1890.00' },
] as const;

/**
 * A year of history for the reports and charts (issue 11 point 5): a settled one-day trip of Anna
 * Kowalska about every month of the last twelve but the recent ones, on the sales and marketing cost centres
 * and the CRM project in turn, and bookings of three travellers month by month (flights, low-cost
 * flights, trains, hotels, a car) across the cost centres. Made through the settlement workflow and
 * the bookings service like the other demo documents, before the weeks the recent demo trips use.
 */
export async function seedDemoHistory(tx: Transaction, company: CompanyRecord, seedDay: string): Promise<void> {
  const { at, day, instant } = demoCalendar(seedDay);
  const settings: SystemSettings = { ...company.settings, email_notification_mode: 'disabled' };
  const demo = { ...company, settings };
  const db = tx as unknown as Database;
  const clock = new ManualClock(instant(-52, 0, '08:00'));
  const workflow = createTripWorkflow({ db, clock, publicUrl: '', onMailQueued: () => undefined });
  const attachments = createAttachmentsService({ db, clock, storage: createMemoryStorage(), workflow });
  const settlements = createSettlementsService({ db, clock, workflow, attachments, rates: createCompanyRatesCache(), ...createSettlementDistances({ db, provider: null }) });
  const bookings = createBookingsService({ db, clock });
  const [employee, acceptor, finance, consultant] = [
    await demoContext(tx, demo, 'employee', seedDay),
    await demoContext(tx, demo, 'acceptor', seedDay),
    await demoContext(tx, demo, 'finance', seedDay),
    await demoContext(tx, demo, 'consultant', seedDay),
  ];
  const centre = async (ordinate: string) =>
    (await tx.select({ id: costCentres.id }).from(costCentres).where(and(eq(costCentres.companyId, company.id), eq(costCentres.ordinate, ordinate))))[0]!.id;
  const [sales, marketing, administration] = [await centre('MPK-100'), await centre('MPK-200'), await centre('MPK-300')];
  const [crm] = await tx.select({ id: projects.id }).from(projects).where(and(eq(projects.companyId, company.id), eq(projects.name, 'Wdrożenie CRM')));
  const when = (week: number, weekday: number, time: string) => clock.set(instant(week, weekday, time));
  const action = (ctx: typeof employee, id: number, name: 'submit' | 'accept' | 'settle') =>
    settlements.action(ctx, delegationApi.action.body!.parse({ id, action: name }));

  // Weeks -52 … -12 every fourth week, one trip a month: the recent weeks hold the demo trips of
  // demo-trips.ts, and each settlement costs the seed a calculation and three decisions.
  for (let index = 0; index < 11; index++) {
    const week = -52 + index * 4;
    const trip = DAY_TRIPS[index % DAY_TRIPS.length]!;
    const costCentreId = index % 3 === 2 ? marketing : sales;
    when(week, 3, '09:00');
    const leg = (from: string, to: string, start: string, end: string) => ({
      transport_type: 'rail',
      settlement_type_id: 'ticketScan',
      from_place_text: from,
      to_place_text: to,
      start_date: start,
      end_date: end,
      amount_in_currency: trip.fare,
      currency: 'PLN',
    });
    const answer = await settlements.saveStandard(
      employee,
      delegationApi.saveStandard.body!.parse({
        delegation: {
          user_id: employee.actor.userId,
          cost_centre_id: costCentreId,
          project_id: index % 4 === 1 ? crm!.id : null,
          task: 'Spotkanie z klientem',
          destinationText: trip.city,
          start_date: at(week, 1, '06:30'),
          end_date: at(week, 1, '20:30'),
          settlement_date: day(week, 3),
          transport: [leg('Warszawa', trip.city, at(week, 1, '06:30'), at(week, 1, '09:30')), leg(trip.city, 'Warszawa', at(week, 1, '17:30'), at(week, 1, '20:30'))],
          country: [{ country_code: 'PL', in_date: at(week, 1, '06:30'), out_date: at(week, 1, '20:30') }],
          other: trip.other
            ? [{ type_id: trip.other.type_id, payment_type_id: 'ownFunds', amount_in_currency: trip.other.amount, currency: 'PLN', bill_number: `R/${week + 100}`, bill_date: day(week, 1) }]
            : [],
        },
      }),
    );
    if (answer.status !== 'OK') throw new Error(`demo history settlement not saved: ${JSON.stringify(answer)}`);
    const id = answer.delegation.id;
    await action(employee, id, 'submit');
    when(week, 4, '10:00');
    await action(acceptor, id, 'accept');
    when(week + 1, 1, '12:00');
    await action(finance, id, 'settle');
  }

  // Bookings from a year back until a month ago, three or four a month, for three travellers.
  const travellers = [employee, acceptor, finance].map((ctx) => ctx.actor.userId);
  const centres = [sales, marketing, administration];
  for (let index = 0; index < 40; index++) {
    const week = -52 + Math.floor((index * 48) / 40);
    const template = BOOKINGS[index % BOOKINGS.length]!;
    const traveller = index % 3;
    const start = at(week, (index % 4) + 1, '07:15');
    const end = template.kind === 'hotel' ? at(week, (index % 4) + 2, '11:00') : at(week, (index % 4) + 1, '10:05');
    when(week - 1, 0, '09:00');
    await bookings.save(consultant, {
      kind: template.kind,
      status: 'ticketed',
      user_id: travellers[traveller]!,
      record_locator: null,
      ticket_number: null,
      carrier: 'carrier' in template ? template.carrier : null,
      name: 'name' in template ? template.name : null,
      flight_number: null,
      seat_class: 'seat_class' in template ? template.seat_class : null,
      baggage: null,
      is_return_route: false,
      start_place: 'from' in template ? template.from : null,
      end_place: 'to' in template ? template.to : null,
      country_code: template.country,
      start_at: start,
      end_at: end,
      hotel_class: null,
      address: null,
      rooms: null,
      persons_per_room: null,
      room_type: null,
      additional_services: null,
      cancel_until: null,
      price_per_day: null,
      car_class: null,
      comment: null,
      amount_net: null,
      vat_amount: null,
      amount_gross: template.gross,
      currency: 'PLN',
      // Billed centrally by the agency: the history waits for no invoice.
      paid_by: 'centralBilling',
      cost_centre_id: traveller === 2 ? administration : centres[index % 2]!,
      project_id: index % 5 === 0 ? crm!.id : null,
    });
  }
}
